"""Labelled answers for the lead's classes of sentence of round 25, for ``claims_cases.py`` (and
so ``trace_vs_figured.py``), from seeded random tables of product lines (fictional): units sold,
revenue and returns per line.

- ``share_of_named_rows``: "A and B together made up X% of revenue." with X the two named
  lines' share of the revenue total (true) or that share moved by 2 to 9 points (wrong).
- ``ratio_of_totals``: "Overall, X% of units were returned." with X the returns total over
  the units total (true) or moved by 1 to 3 points (wrong).
- ``rank_of_a_rate``: "A had the highest return rate at X%." with A the line of the highest
  returns over units and X its rate (true), or another line with its own rate (wrong: the rate
  is that line's, the ranking is not).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[1] for c in rank_of_a_rate(random.Random(3))]
[True, False]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from claims_sentences import Raw

__all__ = [
    "SENTENCE_CLASSES_LEAD25",
    "rank_of_a_rate",
    "ratio_of_totals",
    "share_of_named_rows",
]

_LINES = ["Widgets", "Gadgets", "Gizmos", "Sprockets", "Brackets", "Valves", "Hinges"]


def _rows(rng: random.Random) -> list[dict[str, Any]]:
    names = rng.sample(_LINES, rng.randint(3, 6))
    out = []
    for n in names:
        units = rng.randrange(100, 3000)
        out.append(
            {
                "product": n,
                "units": units,
                "revenue": units * rng.randrange(12, 90),
                "returns": rng.randrange(1, max(2, units // 12)),
            }
        )
    return out


def _pct(x: Decimal) -> str:
    return str(x.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def share_of_named_rows(rng: random.Random) -> list[Raw]:
    rows = _rows(rng)
    a, b = rng.sample(range(len(rows)), 2)
    total = sum(r["revenue"] for r in rows)
    share = Decimal(rows[a]["revenue"] + rows[b]["revenue"]) / total * 100
    off = share + rng.choice((-1, 1)) * rng.randint(2, 9)
    if off <= 0:
        off = share + rng.randint(2, 9)
    text = "{a} and {b} together made up {x}% of revenue."
    na, nb = rows[a]["product"], rows[b]["product"]
    return [
        ("share_of_named_rows", True, text.format(a=na, b=nb, x=_pct(share)), rows, None),
        ("share_of_named_rows_wrong", False, text.format(a=na, b=nb, x=_pct(off)), rows, None),
    ]


def ratio_of_totals(rng: random.Random) -> list[Raw]:
    rows = _rows(rng)
    rate = Decimal(sum(r["returns"] for r in rows)) / sum(r["units"] for r in rows) * 100
    off = rate + rng.randint(1, 3)
    text = "Overall, {x}% of units were returned."
    return [
        ("ratio_of_totals", True, text.format(x=_pct(rate)), rows, None),
        ("ratio_of_totals_wrong", False, text.format(x=_pct(off)), rows, None),
    ]


def rank_of_a_rate(rng: random.Random) -> list[Raw]:
    while True:
        rows = _rows(rng)
        rates = [Decimal(r["returns"]) / r["units"] * 100 for r in rows]
        shown = [_pct(x) for x in rates]
        top = max(range(len(rows)), key=rates.__getitem__)
        others = [i for i in range(len(rows)) if shown[i] != shown[top]]
        if others:
            break
    other = rng.choice(others)
    text = "{n} had the highest return rate at {x}%."
    return [
        ("rank_of_a_rate", True, text.format(n=rows[top]["product"], x=shown[top]), rows, None),
        (
            "rank_of_a_rate_wrong",
            False,
            text.format(n=rows[other]["product"], x=shown[other]),
            rows,
            None,
        ),
    ]


SENTENCE_CLASSES_LEAD25: tuple[Callable[[random.Random], list[Raw]], ...] = (
    share_of_named_rows,
    ratio_of_totals,
    rank_of_a_rate,
)
