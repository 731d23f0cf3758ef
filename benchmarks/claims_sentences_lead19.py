"""Labelled answers for the lead's class of sentence of round 19, for ``claims_cases.py`` (and so
``trace_vs_figured.py``): one true and one wrong category, from seeded random tables (fictional).

- ``month_of_a_row``: a monthly result set (``region, month, revenue``, the month written as
  "2024-03", "2024-03-31", "Mar 2024" or "March 2024") and "Iberia's revenue was $X in March
  2024." with X Iberia's March cell (true) or its cell of another month (wrong: the row of the
  month the sentence names holds another figure; rules.row_months). Before round 19 both passed.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in month_of_a_row(random.Random(3))]
[('month_of_a_row', True), ('month_of_a_row_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD19", "month_of_a_row"]

_NAMES = "January February March April May June July August September October November December"
_ENDS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _month(m: int, style: int) -> str:
    name = _NAMES.split()[m - 1]
    return (f"2024-{m:02d}", f"2024-{m:02d}-{_ENDS[m - 1]}", f"{name[:3]} 2024", f"{name} 2024")[
        style
    ]


def month_of_a_row(rng: random.Random) -> list[Raw]:
    """Two or three regions over three to six months; a figure in its month (true) or another
    month's figure of the same region (wrong)."""
    names = rng.sample(REGIONS, rng.randint(2, 3))
    months = rng.randint(3, 6)
    style = rng.randrange(4)
    levels = [v * 1_000 for v in rng.sample(range(100, 999), len(names) * months)]
    rows: list[dict[str, Any]] = [
        {"region": n, "month": _month(m + 1, style), "revenue": levels[k * months + m]}
        for k, n in enumerate(names)
        for m in range(months)
    ]
    k = rng.randrange(len(names))
    said, other = rng.sample(range(months), 2)
    word = _NAMES.split()[said]
    text = "{n}'s revenue was ${v:,} in {w} 2024."
    return [
        ("month_of_a_row", True, text.format(n=names[k], v=levels[k * months + said], w=word),
         rows, None),
        ("month_of_a_row_wrong", False,
         text.format(n=names[k], v=levels[k * months + other], w=word), rows, None),
    ]  # fmt: skip


SENTENCE_CLASSES_LEAD19: tuple[Callable[[random.Random], list[Raw]], ...] = (month_of_a_row,)
