"""trace's result-row path for sums, means, comparisons and unreached figures
(front/trace_derived.py, front/trace_reach.py) gives the engine's report, or hands over.

The property: on random 2x3..12x5 result sets, answers in the shape of
``benchmarks/trace_vs_figured.timing_answer`` and its neighbours (cells, a column's total and
mean, "A was 12.3% below B", figures no row holds, near misses, a cell plus a little, another
column's total, the wrong direction, other wording), ``trace`` with the path on and off gives
equal ``to_dict()``. ``answer`` is also run at a larger count by
``benchmarks/trace_fast_check.py --derived``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.front import trace_fast
from test_trace_fast import both, table

# Words of the sentences the answers add (plain ones, and some a rule reads).
NOUNS = "events visits signups spend tickets calls sessions users clicks minutes regions".split()
TOGETHER = ["Together"] * 6 + ["Combined", "In total", "Overall", "All told"]


def _figure(rng: random.Random, v: float) -> str:
    """``v`` as an answer writes it: grouped whole, or with a scale letter, or coarse."""
    r = rng.random()
    if r < 0.75 or v < 1000:
        return f"{round(v):,}"
    if r < 0.9:
        return f"${v / 1e6:.2f}M" if v >= 1e6 else f"{v / 1e3:.1f}k"
    return f"{round(v, -2):,.0f}"


def _near(rng: random.Random, v: float, slips: float) -> float:
    """``v``, or (at the rate ``slips``) a near miss of it."""
    if rng.random() >= slips:
        return v
    r = rng.random()
    if r < 0.35:
        return v + rng.choice((-1, 1, 17, -17, 100))
    if r < 0.7:
        return v * rng.choice((1.001, 0.999, 1.01, 0.99, 1.0004))
    return v * rng.choice((2, 0.5, 100, 0.01))


def _pct(rng: random.Random, a: int, b: int, slips: float) -> str:
    """The percent change from ``b`` to ``a`` as an answer writes it, or a slip of it."""
    change = abs(a / b - 1) * 100 if b else 0.0
    if rng.random() < slips:
        r = rng.random()
        if r < 0.4:
            change = abs(b / a - 1) * 100 if a else 0.0  # (the other base)
        elif r < 0.8:
            change += rng.choice((0.1, -0.1, 0.05, 1.0))
        else:
            change = a / b * 100 if b else 0.0  # (a share)
    places = rng.choice((1, 1, 1, 0, 2))
    return f"{abs(change):.{places}f}%"


def sentence(
    rng: random.Random, rows: list[dict[str, Any]], kind: str, a: int, b: int, slips: float
) -> str:
    """One sentence of ``kind`` about rows ``a`` and ``b`` (the answer's two rows), with
    slips (near misses, other wordings, other columns) at the rate ``slips``."""
    key, *cols = list(rows[0])
    n = len(rows)

    def slip() -> bool:
        return rng.random() < slips

    col = rng.choice(cols) if slip() else cols[0]
    if kind == "cells":
        c2 = rng.choice(cols) if slip() else col
        second = _near(rng, rows[b][c2], slips)
        shown = _figure(rng, second) if slip() else f"{round(second):,}"
        return f"{rows[a][key]} had {rows[a][col]:,} in {col} and {rows[b][key]} had {shown}."
    if kind == "total":
        s = sum(r[col] for r in rows)
        other = rng.choice(cols)
        named = rng.choice((col, "", other)) if slip() else col
        total = _near(rng, sum(r[other] for r in rows) if slip() else s, slips)
        mean = _near(rng, rows[a][col] if slip() else s / n, slips)
        head = rng.choice(TOGETHER) if slip() else "Together"
        figure = _figure(rng, total) if slip() else f"{round(total):,}"
        if rng.random() < 0.7:
            return f"{head} {named} reached {figure}, a mean of {round(mean):,}."
        return f"{head} {named} reached {figure}."
    if kind == "compare":
        x, y = rows[a][col], rows[b][col]
        side = "above" if x >= y else "below"
        if slip():
            side = {"above": "below", "below": "above"}[side]
        link = rng.choice(("is", "stood", "sat")) if slip() else "was"
        return f"{rows[a][key]} {link} {_pct(rng, x, y, slips)} {side} {rows[b][key]}."
    # figures no row holds, and near misses of cells and derivations
    pool = [rng.randint(100, 999_999)] * 4
    if slip():
        pool += [
            rows[a][col] + rng.choice((17, 1, -1, 0)),
            rows[a][col] + rows[b][col],
            sum(r[col] for r in rows),
            rows[a][col] * rng.choice((1.5, 2, 3)),
        ]
    v1, v2 = rng.choice(pool), rng.choice(pool)
    share = rows[a][col] / rows[b][col] * 100 if rows[b][col] else 50.0
    pct = f"{rng.uniform(1, 99):.1f}%"
    if slip():
        pct = rng.choice((f"{share:.1f}%", f"{share:.0f}%"))
    noun = rng.choice(NOUNS)
    return (
        f"We also saw {_figure(rng, v1)} {noun}, a {pct} rate and ${rng.uniform(0.5, 9):.2f}M "
        f"of spend, and {round(v2):,} {rng.choice(cols)}."
    )


def answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    """The timing answer's shape: two rows' cells, then some of totals, a comparison of the
    two rows and figures no row holds (in another order now and then); slips at a rate drawn
    per answer (none to many)."""
    a, b = rng.sample(range(len(rows)), 2)
    slips = rng.choice((0.0, 0.03, 0.1, 0.3))
    kinds = ["cells"] if rng.random() < 0.9 else []
    rest = ["total", "compare", "other"]
    kinds += rng.sample(rest, rng.randint(1, 3)) if rng.random() < 0.3 else rest
    text = " ".join(sentence(rng, rows, k, a, b, slips) for k in kinds)
    said = re.findall(r"\$?\d[\d,]*(?:\.\d+)?[%kM]?", text)
    if said and rng.random() < 0.25:  # a figure stated again (steps: a restatement)
        again = rng.choice(said)
        if again.endswith("%") and rng.random() < 0.5:  # (as a fraction)
            again = f"{float(again[:-1].replace(',', '')) / 100:.3f}"
        text += f" We also saw {again} {rng.choice(NOUNS)}."
    return text


def timing_like(rng: random.Random, large: float = 0.25) -> list[dict[str, Any]]:
    """A result set like trace_vs_figured's: "item N" keys or names, 1..4 measures (at the rate
    ``large``, 13..250 rows and 1..9 measures)."""
    rows = table(rng, large)
    if rng.random() < 0.5:
        key = next(iter(rows[0]))
        for i, r in enumerate(rows):
            r[key] = f"item {i + 1}"
    return rows


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_path_equals_engine(seed: int) -> None:
    rng = random.Random(seed)
    rows = timing_like(rng)
    for _ in range(4):
        text = answer(rng, rows)
        fast, slow, _ = both(text, rows)
        assert fast == slow, text


def test_path_decides_the_timing_answer() -> None:
    rows = [
        {"name": "item 1", "revenue": 31017, "orders": 92714},
        {"name": "item 2", "revenue": 151626, "orders": 588574},
    ]
    text = (
        "item 1 had 31,017 in revenue and item 2 had 151,626. Together revenue reached "
        "182,643, a mean of 91,322. item 1 was 79.5% below item 2. We also saw 123,457 events, "
        "a 78.5% rate and $4.21M of spend, and 92,731 orders."
    )
    fast, slow, decided = both(text, rows)
    assert decided and fast == slow
    assert fast["counts"] == {"supported_exact": 2, "derived": 3, "unsupported": 4}
    # a near miss of the total: nothing reaches it
    near = "item 1 had 31,017 in revenue. Together revenue reached 182,645."
    fast, slow, decided = both(near, rows)
    assert decided and fast == slow and fast["counts"]["unsupported"] == 1
    for handed in (
        "item 1 had 31,017 in revenue. item 1 was 79.5% above item 2.",  # (the wrong direction)
        "Together revenue reached about 182,643.",
        "We also saw 31,017 events.",  # (a cell: direct's turn)
        "We also saw 182,643 events and 45,100 orders.",  # (a total, in no sentence of totals)
    ):
        assert trace_fast.quick_trace(handed, rows) is None, handed
