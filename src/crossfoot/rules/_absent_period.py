"""A year or period the table lacks: "North sold 4,637 in 2024" over 2022 and 2023 columns,
"Alpha sold 150 in Q4" over Q1 to Q3.

The row check (``language.rowtables.judge``, ``rules.row_months``) compares the period a
sentence names with the period of the cell its figure meets, and says nothing when the table has
no column (or row) of that period at all: the figure then passed as the cell of another period.
It is ``wrong_row`` too, naming the period the sentence says and the ones the table has, when:

- the figure's clause (or else its sentence) names one year, or one quarter, month or half;
- every matching cell is a table cell of a year (or of a period of that kind), the table has two
  or more of them, and none is the one named; a column dated to the day ("December 31, 2018")
  is left alone (a balance dated so also opens the next year);
- no source in scope writes the period named (a passage may give the 2024 figure the table
  lacks, or say the table's year is a fiscal 2024), and the sentence does not look ahead
  ("expected", "forecast", "projected", "will", ...) nor date the figure ("as of January 2024").

>>> from crossfoot import check
>>> t = '[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,900", "3,540"]]'
>>> check("North sold 4,637 in 2024.", [t]).claims[0].status
'wrong_row'
>>> check("North sold 4,637 in 2023.", [t]).claims[0].status
'supported_exact'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.direction import clause_bounds
from crossfoot.language.period_columns import HALF, MONTH_NUMBERS, QUARTER, period_name
from crossfoot.language.rowtables import describe_cell, label_tables
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["absent_period", "absent_year"]

# Words that put the figure in a period the sources need not hold: a forecast, a plan, a date.
_AHEAD = re.compile(
    r"(?i)\b(?:expect\w*|forecast\w*|projected|projection\w*|estimat\w*|anticipat\w*|"
    r"planned|plans?|target\w*|budget\w*|guidance|outlook|will|would|could|should|may|might|"
    r"predict\w*|fiscal|FY|as\s+of)\b"
)
_MONTH_WORD = "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True))  # ("sept" before "sep")
# A month (and day) right before the year: "January 2024", "Dec. 31, 2024".
_DATED = re.compile(rf"(?i)\b(?:{_MONTH_WORD})\.?\s+(?:\d{{1,2}},?\s+)?(?:19|20)\d\d\b")
_MONTH = re.compile(rf"(?i)\b(?:{_MONTH_WORD})\b")
_MIN_PERIODS = 2  # a table of one year may be dated by it: a sentence's other year is no error


def absent_year(ctx: ClaimContext, values: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the sentence names a year no matching cell's table has (module
    docstring); None otherwise."""
    if not values or any(v.table is None or v.year is None for v in values):
        return None
    if any(_month_column(v.column or "") for v in values):
        return None  # "December 31, 2018": a balance dated so also opens 2019
    s, m, text = ctx.sentence, ctx.mention, ctx.text
    lo, hi = clause_bounds(text, s.start, s.end, m.start, m.end)
    years = set(years_in_text(text[lo:hi])) or set(years_in_text(text[s.start : s.end]))
    if len(years) != 1:
        return None
    (year,) = years
    have: set[int] = set()
    for v in values:
        source = ctx.scope.source(v.source_id)
        table = label_tables(source).get(v.table or 0) if source is not None else None
        if table is None:
            return None
        have |= table.years
    if year in have or len(have) < _MIN_PERIODS or _AHEAD.search(text, s.start, s.end):
        return None
    if _DATED.search(text, s.start, s.end):
        return None
    if _written(ctx, str(year)):
        return None
    shown = ", ".join(str(y) for y in sorted(have))
    why = (
        f"value is in {describe_cell(values[0])}, but the sentence says {year}, "
        f"a year the table does not have (its years: {shown})"
    )
    return Verdict("wrong_row", Evidence("rows", "wrong_row", why, tuple(values[:1])), why)


@lru_cache(maxsize=4096)  # (a table's column labels repeat across claims and answers)
def _month_column(column: str) -> bool:
    return _MONTH.search(column) is not None


def absent_period(
    ctx: ClaimContext,
    read: Sequence[tuple[SourceValue, tuple[int | None, int], list[tuple[int | None, int]]]],
    said: tuple[tuple[int | None, int], ...],
) -> Verdict | None:
    """``wrong_row`` when the quarter, month or half the sentence names is of the kind of the
    matching cells' periods but none of their lines has it (``rules.row_months`` reads
    ``read``: each cell, its period, the periods of its line; ``said``: the period named)."""
    if len(said) != 1 or not read:
        return None
    year, code = said[0]
    kind = _kind(code)
    have = {got for _, own, others in read for got in (own, *others)}
    if len({p[1] for p in have}) < _MIN_PERIODS or any(_kind(p[1]) != kind for p in have):
        return None
    if year is not None and any(p[0] not in (None, year) for p in have):
        return None  # "Q4 2023" over 2024's quarters: another year, read by the year check
    s = ctx.sentence
    if _AHEAD.search(ctx.text, s.start, s.end) and kind != 0:
        return None
    name = period_name(code)
    if _written(ctx, name):
        return None
    sv, own, _ = read[0]
    shown = ", ".join(period_name(c) for c in sorted({p[1] for p in have}))
    why = (
        f"value is in the {period_name(own[1])} line ({sv.label}), but the sentence says "
        f"{name}, a period the table does not have (its periods: {shown})"
    )
    return Verdict("wrong_row", Evidence("rows", "wrong_row", why, (sv,)), why)


def _kind(code: int) -> int:
    """0 for a month, 1 for a quarter, 2 for a half, 3 for a day."""
    return 0 if code <= QUARTER else 1 if code <= HALF else 2 if code < HALF + 100 else 3


def _written(ctx: ClaimContext, name: str) -> bool:
    """Whether a source in scope writes ``name`` (a year, "Q4"): it may hold that period's
    figure, or call its own period so. Case-blind ("q4", "MARCH", "fy2024"), as a word of its
    own, except "May", which lower case is a verb."""
    if name.isdigit():
        return any(name in src.text for src in ctx.scope.sources)
    word = re.compile(rf"\b{name}\b" if name == "May" else rf"(?i)\b{name}\b")
    return any(name.upper() in src.text or word.search(src.text) for src in ctx.scope.sources)
