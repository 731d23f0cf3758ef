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

The other way round, a quotient of one line's two periods that puts on top the period the words
name as the base is no reading of them (:func:`swapped_base`, asked by
``rules._derive_multiple.multiple_runs_right``): "what percentage of the 2017 value does the 2018
value represent? 92.77" (2017 over 2018) is unsupported, as the same sentence written out was.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_prose_line import prose_line
from crossfoot.rules._derive_shared import claim_interval

__all__ = ["base_asked", "periods_share", "swapped_base"]

# The share words and the year right after them, a determiner or two between ("of the 2017
# value", "% of their 2017 level", "of fiscal 2017's"); the base is that year. A line's name
# between ("proportion of expense in 2019 to 2018") or a year followed by "to" ("of 2019 to
# 2018": a ratio's order) names no base.
_BASE = re.compile(
    r"(?:percent(?:age)?|%|\bportion)\s+of\s+(?:(?:the|their|its|our|that|fiscal|fy)\s+){0,2}"
    r"((?:19|20)\d\d)(?!\d)(?!\s+(?:to|vs\.?|versus|and)\b)"
)
_HUNDRED = Decimal(100)
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
    if not _one_line(whole, part) and not prose_line(ctx, whole, part):
        return False
    base, years = _named_base(_words(ctx))
    return base == whole.year and part.year in years and part.year != base


def swapped_base(ctx: ClaimContext, base: SourceValue, top: SourceValue) -> bool:
    """Whether ``top`` over ``base`` (one line's two periods, their quotient landing on the
    claim) puts on top the period the words name as the base: "what percentage of the 2017
    value does the 2018 value represent? 92.77" is 2018 over 2017, never 2017 over 2018."""
    if not (_one_line(base, top) or prose_line(ctx, base, top)) or base.value == 0:
        return False
    lo, hi = claim_interval(ctx)
    q = abs(top.value) / abs(base.value)
    if not (lo <= q <= hi or lo <= q * _HUNDRED <= hi):
        return False  # (another formula of the pair: a sum, a mean)
    named, years = _named_base(_words(ctx))
    return named == top.year and base.year in years


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
