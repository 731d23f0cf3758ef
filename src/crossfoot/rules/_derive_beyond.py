"""A line's share of a whole that lines of the other sign reduce: above 100 %.

A share is at most 100 % (:mod:`crossfoot.rules.derive`) because a part is no larger than its
whole, unless lines of the other sign take away from the whole: a tax provision whose deferred
lines are a benefit, revenue net of a segment's loss, lease assets less a negative liability. Then
"federal current was 163.2% of the total tax provision" is the line over the total, as written.
The share above 100 % is read only where the words ask for a share of something ("percentage
of", "proportion", "% of") and the question asks no change ("the percentage of increase"), of a
part and its whole in one line of one table (one column of one period, or one row of a
transposed table), and the line holds a value of the other sign than the whole. A whole that
no other line takes from stays at most 100 %. One line's two periods, the base named right
after the share words ("2019 as a percentage of 2018", "107.8% of its 2017 level"), are read
above 100 % too (``rules._derive_periods_share``; the question may word that base alone).
"""

from __future__ import annotations

from crossfoot.language.asked import read_question
from crossfoot.language.comparators import of_comparator
from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._derive_periods_share import base_asked, periods_share

__all__ = ["beyond_asked", "share_beyond"]

# Operations of a question that asks no share (language.asked.read_question).
_NO_SHARE = frozenset({"change", "percent_change", "average", "sum"})
# The words of a share asked or stated (substring gates on the lower-cased focus text).
_SHARE_WORDS = ("percentage of", "percent of", "proportion", "% of", "share of", "portion of")


def beyond_asked(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence, or the question before it, words a share of a whole (or
    the question a share of a named period: ``base_asked``)."""
    if ctx.mention.kind != "percent":
        return False
    ask = ctx.shared.get("ask.text")
    if isinstance(ask, str) and read_question(ask).op in _NO_SHARE:
        return False
    text = focus_text(ctx).lower()
    return any(w in text for w in _SHARE_WORDS) or base_asked(ctx)


def share_beyond(ctx: ClaimContext, whole: SourceValue, part: SourceValue) -> bool:
    """Whether ``part`` over ``whole`` may be a share above 100 %: both cells of one line of one
    table and one period, asked as a share, and a value of that line has the other sign; or one
    line's two periods, the words naming the whole's as the base (``periods_share``).

    >>> from decimal import Decimal
    >>> def cell(v, r, c=1, year=2019):
    ...     return SourceValue(Decimal(v), "S1", table=0, row_index=r, col_index=c, year=year)
    >>> line = (cell(1095, 1), cell(-765, 2), cell(1067, 3), cell(890, 4))
    >>> _line_has_other_sign(line, line[3], (0, "S1", 0, 1))
    True
    >>> _line_has_other_sign(line[2:], line[3], (0, "S1", 0, 1))
    False
    """
    if not beyond_asked(ctx):
        return False
    if periods_share(ctx, whole, part):  # one line's two periods ("107.8% of its 2017 level")
        return True
    if any(
        of_comparator(ctx.sentence.text, x) for x in (whole.row, whole.column, whole.field) if x
    ):
        return True  # "110% of its target": a measure over what it is measured against
    if whole.table is None or whole.source_id != part.source_id:
        return False
    if whole.table != part.table or whole.year != part.year:
        return False
    line: tuple[object, ...]
    if whole.col_index == part.col_index and whole.row_index != part.row_index:
        line = (0, whole.source_id, whole.table, whole.col_index)
    elif whole.row_index == part.row_index and whole.col_index != part.col_index:
        line = (1, whole.source_id, whole.table, whole.row_index)
    else:
        return False
    memo: dict[tuple[object, ...], bool]
    memo = ctx.shared.setdefault("derive_beyond.line", {})  # type: ignore[assignment]
    key = (*line, whole.view, whole.value > 0)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _line_has_other_sign(ctx.scope.index.values, whole, line)
    return found


def _line_has_other_sign(
    values: tuple[SourceValue, ...], whole: SourceValue, line: tuple[object, ...]
) -> bool:
    """Whether an amount of ``whole``'s line (``line``: axis, source, table, column or row
    index) has the other sign than ``whole``."""
    axis, source, table, at = line
    for v in values:
        if v.source_id != source or v.table != table or v.view != whole.view:
            continue
        if (v.col_index if axis == 0 else v.row_index) != at:
            continue
        if v.value * whole.value < 0 and operand_class(v) == "amount":
            return True
    return False
