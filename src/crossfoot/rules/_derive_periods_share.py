"""A line's figure of one period as a percentage of the same line's figure of another period:
above 100 % when the line grew.

A share is at most 100 % (:mod:`crossfoot.rules.derive`): a part is no larger than its whole.
"Net revenues in 2018 were 107.8% of their 2017 level" and "what percentage of the 2017 value
does the 2018 value represent? 107.79" are no part of a whole but one line's two periods, the
later over the earlier: a percentage above 100 whenever the line grew (below 100 it is read as
a share already). Read only where the words name both periods, the base one right after the
share words ("percentage of the 2017 value", "% of their 2017 level", "as a percentage of
2017's"), and the other elsewhere, and the two figures are one line of one table (one row, two
period columns; or one column of a table set out with a row per period). A line's two years
asked as a share of a total ("what percentage of total revenue was product revenue in 2020?"),
or a base year the words do not name right after the share words, stay at most 100 %.
"""

from __future__ import annotations

import re

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["base_asked", "periods_share"]

# The share words and the year right after them (a few words between: "of the 2017 value", "% of
# their 2017 level", "of fiscal 2017's"); the base is that year.
_BASE = re.compile(
    r"(?:percent(?:age)?|%|proportion|portion)\s+of\s+(?:[a-z&'.,-]+\s+){0,4}?"
    r"(?:fy\s*|fiscal\s+)?((?:19|20)\d\d)(?!\d)"
)
_YEAR = re.compile(r"(?<![\d.])((?:19|20)\d\d)(?![\d])")


def base_asked(ctx: ClaimContext) -> bool:
    """Whether the question (passed apart from the answer: "The answer is 107.79.") words a
    share of a named period ("what percentage of the 2017 value ...")."""
    ask = ctx.shared.get("ask.text")
    return isinstance(ask, str) and _BASE.search(ask.lower()) is not None


def _words(ctx: ClaimContext) -> str:
    """The claim's focus text, and the question when the focus holds no share of a period."""
    text = focus_text(ctx).lower()
    if _BASE.search(text) is None and base_asked(ctx):
        text = f"{text} {str(ctx.shared['ask.text']).lower()}"
    return text


def periods_share(ctx: ClaimContext, whole: SourceValue, part: SourceValue) -> bool:
    """Whether ``part`` over ``whole`` is one line's period over another named as its base
    (module docstring); the caller has checked that the words ask a share.

    >>> from decimal import Decimal
    >>> from crossfoot.rules._derive_periods_share import _named_base, _one_line
    >>> def cell(v, c, year, r=1):
    ...     return SourceValue(Decimal(v), "S1", table=0, row_index=r, col_index=c, year=year)
    >>> _one_line(cell(6212, 2, 2017), cell(6696, 1, 2018))
    True
    >>> _one_line(cell(6212, 2, 2017), cell(6696, 1, 2018, r=2))
    False
    >>> _named_base("net revenues in 2018 were 107.79% of their 2017 level.")
    (2017, frozenset({2017, 2018}))
    """
    if not _one_line(whole, part):
        return False
    base, years = _named_base(_words(ctx))
    return base == whole.year and part.year in years and part.year != base


def _one_line(whole: SourceValue, part: SourceValue) -> bool:
    """Two cells of one line of one table, of two periods."""
    if whole.table is None or whole.source_id != part.source_id or whole.table != part.table:
        return False
    if whole.year is None or part.year is None or whole.year == part.year:
        return False
    same_row = whole.row_index == part.row_index and whole.col_index != part.col_index
    same_col = whole.col_index == part.col_index and whole.row_index != part.row_index
    return same_row or same_col


def _named_base(text: str) -> tuple[int | None, frozenset[int]]:
    """The year right after the text's share words, and every year the text names."""
    m = _BASE.search(text)
    if m is None:
        return None, frozenset()
    return int(m.group(1)), frozenset(int(y) for y in _YEAR.findall(text))
