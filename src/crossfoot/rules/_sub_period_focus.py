"""The values of a group in the quarters or halves a claim names with no year.

"Headcount grew by 30 from Q1 to Q4" over a table of rows "Q1 2024" ... "Q4 2024": the claim
names no year, so :func:`crossfoot.rules._year_focus.year_focus` has none to narrow the search
to, and a coarse figure ("30") is searched only where the answer names something. The quarters
it names are that something: the values whose period (:func:`crossfoot.language.years.period`)
ends in a month one of them ends in. "Q1"/"1Q", "H2"/"2H", "the fourth quarter", "the first half".
"""

from __future__ import annotations

import re

from crossfoot.language.period_columns import ORDINAL_PART, ORDINALS
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex

__all__ = ["named_sub_periods", "sub_period_focus"]

_QUARTER = re.compile(r"(?i)\b(?:q([1-4])|([1-4])q|h([12])|([12])h|" + ORDINAL_PART + ")")


def named_sub_periods(text: str) -> set[int]:
    """The months the quarters and halves of ``text`` end in.

    >>> sorted(named_sub_periods("from Q1 to the fourth quarter, and H1"))
    [3, 6, 12]
    """
    ends: set[int] = set()
    for m in _QUARTER.finditer(text):
        if m[1] or m[2]:
            ends.add(int(m[1] or m[2]) * 3)
        elif m[3] or m[4]:
            ends.add(int(m[3] or m[4]) * 6)
        elif m[6].lower().startswith("quarter"):
            ends.add(ORDINALS[m[5].lower()] * 3)
        elif ORDINALS[m[5].lower()] <= 2:
            ends.add(ORDINALS[m[5].lower()] * 6)
    return ends


def sub_period_focus(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The values of ``group`` of the quarters or halves the claim's focus names (two at
    least: a change runs between two), or None."""
    text = focus_text(ctx)
    ends = named_sub_periods(text)
    if len(ends) < 2:
        return None
    picked = [v for v in group.values if (p := period(v)) is not None and p[1] in ends]
    if len({period(v) for v in picked}) < 2:
        return None
    return ValueIndex(picked) if len(picked) < len(group) else group
