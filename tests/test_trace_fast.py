"""trace's result-row path (front/trace_fast.py) gives the engine's report, or hands over.

The property: on random 2x3..12x5 result sets and answers built from their cells (right figures,
figures of another row or column, near misses, unformatted figures; with and without comparison,
aggregate, bound and movement words; labels that are names, "item N" keys, or words the engine
reads otherwise), ``trace`` with the path on and off gives equal ``to_dict()``. ``answers`` is
also run at a larger count by ``benchmarks/trace_fast_check.py``.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.front import trace_fast
from crossfoot.front.trace import trace

MEASURES = [
    "revenue", "orders", "visits", "returns", "stores", "units", "sessions", "refunds", "sales",
    "cost", "price",
]  # fmt: skip
NAMES = """Alder Amber Cedar Falcon Harbor Juniper Maple Onyx Raven Summit North South East West
    Europe Asia Iberia Nordics Benelux Andes""".split()
# Names the engine reads as something else (a total, a period, a movement, a column).
NOISY = "Total Other May March Growth Rise Top Net Plus Revenue Orders Store More Q3".split()
VERBS = [
    "had", "has", "was", "recorded", "reported", "posted", "logged", "with", "made", "sold",
    "earned", "generated", "booked", "saw", "stood at", "brought in", "had a", "saw the", "were",
    "are", "have", "is", "of", "with its", "and their", "runs", "operates", "placed",
]  # fmt: skip
# Words that make a sentence something else than a cell: the engine's turn.
OTHER = [
    "more than", "less than", "about", "nearly", "over", "up", "down", "a total of", "on average",
    "rose to", "fell to", "at least", "in total", "combined", "roughly", "only", "each",
    "the same as", "versus", "compared with", "twice", "about the same", "per",
]  # fmt: skip


# Second words of the labels of large result sets (two-word names: none inside another).
SECONDS = """Bay Creek Field Ridge Point Vale Park Lake Hill Grove Port Mill Ford Wood Rock Dale
    Glen Cove Peak Marsh""".split()


def table(rng: random.Random, large: float = 0.25) -> list[dict[str, Any]]:
    """A result set of 2..12 rows and 2..5 columns (a text key and int measures); at the rate
    ``large``, of 13..250 rows and 2..10 columns (as the path reads them up to
    ``trace_rowset.MAX_CELLS`` cells: beyond, some are read by the engine only)."""
    n, cols = rng.randint(2, 12), rng.randint(2, 5)
    style = rng.random()
    big = rng.random() < large
    if big:
        n, cols = rng.randint(13, 250), rng.randint(2, 10)
    labels: list[str] = []
    while len(labels) < n:
        if style < 0.3:
            label = f"item {len(labels) + 1}"
        elif big:  # (two words: 400 names, or 680 with the noisy ones)
            label = f"{rng.choice(NAMES if style < 0.9 else NAMES + NOISY)} {rng.choice(SECONDS)}"
        elif style < 0.8:
            names = NAMES if rng.random() < 0.9 else NOISY
            label = " ".join(rng.sample(names, rng.choice((1, 1, 2))))
        else:
            label = rng.choice(NAMES + NOISY) + rng.choice(("", " 2", "s", " Group"))
        if label not in labels:
            labels.append(label)
    names = rng.sample(MEASURES, cols - 1)
    pool = [rng.randint(1, 999) for _ in range(3)]

    def value() -> int:
        r = rng.random()
        if r < 0.1:
            return rng.choice(pool)  # (equal cells)
        if r < 0.2:
            return rng.randint(1990, 2030)  # (year-like)
        return int(10 ** rng.uniform(0, 6.5))

    key = rng.choice(("name", "region", "store", "item"))
    return [{key: labels[i], **{c: value() for c in names}} for i in range(n)]


def _figure(rng: random.Random, v: int) -> str:
    r = rng.random()
    if r < 0.3 and v >= 1000:  # ("$4.82M", "61.2k": within the rounding or not)
        scale, letter = (1_000_000, "M") if v >= 1_000_000 and rng.random() < 0.7 else (1000, "k")
        places = rng.choice((0, 1, 1, 2, 2, 3))
        shown = round(v / scale + rng.choice((0, 0, 0, 0.5, 1)) * 10**-places, places)
        return rng.choice(("$", "")) + f"{shown:.{places}f}{letter}"
    r = rng.random()
    if r < 0.1:
        return str(v)
    if r < 0.4:
        return f"${v:,}" if r < 0.35 else f"$ {v:,}"
    if r < 0.45:
        return f"{v:,}.0"
    return f"{v:,}"


def clause(rng: random.Random, rows: list[dict[str, Any]], named: bool, clean: bool) -> str:
    """A clause stating a figure of a row; ``clean``: mostly a right cell, plainly worded."""
    key, *cols = list(rows[0])
    row = rng.choice(rows)
    col = rng.choice(cols)
    r = rng.random() * (0.7 if clean else 1)
    if r < 0.6:
        v = row[col]
    elif r < 0.75:
        v = rng.choice(rows)[col]  # (another row's cell, perhaps)
    elif r < 0.85:
        v = row[rng.choice(cols)]  # (another column's cell, perhaps)
    else:
        v = row[col] + rng.choice((-1, 1, 10, 100))
    fig = f"{v:,}" if clean and rng.random() < 0.8 else _figure(rng, v)
    if rng.random() < (0.03 if clean else 0.25):
        fig = f"{rng.choice(OTHER)} {fig}"
    said_col = rng.choice(cols) if rng.random() < 0.15 else col
    tail = f" {said_col}" if named and rng.random() < 0.5 else ""
    if tail and rng.random() < 0.3:
        tail = f" in {said_col}"
    who = row[key] if rng.random() < 0.9 else rng.choice(rows)[key]
    if rng.random() < 0.1:
        who = f"{who}'s {said_col}"
        return f"{who} {rng.choice(('was', 'is'))} {fig}"
    if rng.random() < 0.05:
        return f"{fig}{tail} for {who}"
    the = "The " if rng.random() < 0.1 else ""
    return f"{the}{who} {rng.choice(VERBS)} {fig}{tail}"


def answer(rng: random.Random, rows: list[dict[str, Any]], clean: bool | None = None) -> str:
    """One to three sentences of one to three clauses; ``clean``: every clause plainly worded
    (drawn when None)."""
    sentences = []
    clean = rng.random() < 0.6 if clean is None else clean
    for _ in range(rng.choice((1, 1, 2, 3))):
        parts = [clause(rng, rows, True, clean) for _ in range(rng.choice((1, 1, 2, 3)))]
        text = " and ".join(parts) if rng.random() < 0.8 else ", ".join(parts)
        if rng.random() < 0.1:
            text += f" than {rng.choice(rows)[next(iter(rows[0]))]}"
        sentences.append(text[0].upper() + text[1:] if rng.random() < 0.3 else text)
    return ". ".join(sentences) + rng.choice((".", ".", "", "!"))


def both(text: str, rows: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """The report with the path and the engine's, and whether the path decided."""
    decided = trace_fast.quick_trace(text, rows) is not None
    fast = trace(text, rows).to_dict()
    trace_fast.ON[0] = False
    try:
        slow = trace(text, rows).to_dict()
    finally:
        trace_fast.ON[0] = True
    return fast, slow, decided


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_path_equals_engine(seed: int) -> None:
    rng = random.Random(seed)
    rows = table(rng)
    for clean in (None, None, True, True, True):
        text = answer(rng, rows, clean)
        fast, slow, _ = both(text, rows)
        assert fast == slow, text


def test_path_decides_cells() -> None:
    rows = [
        {"region": "North America", "orders": 4820, "stores": 52},
        {"region": "Europe", "orders": 3150, "stores": 61},
    ]
    for text in (
        "North America had 4,820 orders and Europe had 3,150.",
        "Europe's stores were 61. North America recorded 52 stores.",
    ):
        fast, slow, decided = both(text, rows)
        assert decided and fast == slow and fast["counts"] == {"supported_exact": 2}
    # a column's total is decided too (front/trace_derived.py), as the engine words it
    fast, slow, decided = both("Together they had 7,970 orders.", rows)
    assert decided and fast == slow and fast["counts"] == {"derived": 1}
    for text in (
        "North America had 3,150 orders.",  # another row's cell: the engine words it
        "North America had 4,820 orders, more than Europe.",
        "North America had about 4,820 orders.",
    ):
        assert trace_fast.quick_trace(text, rows) is None, text
