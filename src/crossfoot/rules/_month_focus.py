"""The one month (or quarter) a sentence names, and operands that fit it: rows of a result set
by month or by quarter.

"The return rate in North was 3.6% in February" over rows of January and February: the rate is
of February's row, not January's (3.1%). Years narrow a derivation's operands
(rules._derive_shared.focus_ok); a month named alone narrows those whose row has a month
(``SourceValue.period``, set for a result set with a column of months): the named month, and for
a change ("rose 4.6% in February") the month before it too, where it starts. A quarter ("in Q2")
narrows the same way, to rows of that quarter (``QUARTER + q``) and, for a change, the one before.

>>> one_month("The rate was 3.6% in February."), one_month("from January to February")
(2, None)
>>> one_month("Average order value in Q2 was $166.67."), one_month("from Q1 to Q2")
(102, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from crossfoot.model.types import SourceValue
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import DAY, QUARTER

if TYPE_CHECKING:
    from crossfoot.rules._rowsums_tables import _Table

__all__ = ["in_named_month", "months_fit", "one_month"]


def one_month(text: str) -> int | None:
    """The month (1-12) or quarter (``QUARTER + q``) ``text`` names when it names one period
    and that period is a month or a quarter."""
    if not _may_name_month(text):
        return None
    named = named_month(text)
    months = {code for _, code in named if code < DAY}
    return next(iter(months)) if len(named) == 1 and len(months) == 1 else None


_MONTH_STEMS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# ("the second quarter", which named_month reads as Q2, passes neither gate)
_QUARTER_STEMS = ("q1", "q2", "q3", "q4")


def _may_name_month(text: str) -> bool:
    low = text.lower()
    return any(stem in low for stem in _MONTH_STEMS) or any(q in low for q in _QUARTER_STEMS)


def _before(code: int) -> int:
    """The month or quarter before ``code`` (December before January, Q4 before Q1)."""
    if code > QUARTER:
        return QUARTER + 4 if code == QUARTER + 1 else code - 1
    return 12 if code == 1 else code - 1


def months_fit(month: int, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether every operand with a month (or quarter) of its row is of ``month`` (or, for a
    change, of the one before it).

    >>> from decimal import Decimal
    >>> feb = SourceValue(Decimal(41), "R1", period=(2024, 2))
    >>> jan = SourceValue(Decimal(37), "R1", period=(2024, 1))
    >>> cases = [(feb, feb, False), (jan, feb, False), (jan, feb, True)]
    >>> [months_fit(2, (a, b), change) for a, b, change in cases]
    [True, False, True]
    """
    allowed = (month, _before(month)) if change else (month,)
    quarter = month > QUARTER
    for v in operands:
        p = v.period
        if p is None or p[1] >= DAY or (p[1] > QUARTER) != quarter:
            continue  # a day, or a month where a quarter is named: not this reading's
        if p[1] not in allowed:
            return False
    return True


def in_named_month(table: _Table, sentence: str, named: list[int]) -> list[int]:
    """The rows of ``named`` (rows a sentence names by label) in the one month it names, when
    some are: "North's revenue per order was $122.64 in February" is North's February row."""
    if len(named) < 2:
        return named
    month = one_month(sentence)
    if month is None:
        return named
    rows = set(table.period_index().get(("month", month), ()))
    kept = [i for i in named if i in rows]
    return kept or named
