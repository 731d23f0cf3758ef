"""The one month a sentence names, and operands that fit it: rows of a result set by month.

"The return rate in North was 3.6% in February" over rows of January and February: the rate is
of February's row, not January's (3.1%). Years narrow a derivation's operands
(rules._derive_shared.focus_ok); a month named alone narrows those whose row has a month
(``SourceValue.period``, set for a result set with a column of months): the named month, and for
a change ("rose 4.6% in February") the month before it too, where it starts.

>>> one_month("The rate was 3.6% in February."), one_month("from January to February")
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from crossfoot.model.types import SourceValue
from crossfoot.rules.row_months import named_month

if TYPE_CHECKING:
    from crossfoot.rules._rowsums_tables import _Table

__all__ = ["in_named_month", "months_fit", "one_month"]


def one_month(text: str) -> int | None:
    """The month (1-12) ``text`` names when it names one period and that period is a month."""
    if not _may_name_month(text):
        return None
    named = named_month(text)
    months = {code for _, code in named if code <= 12}
    return next(iter(months)) if len(named) == 1 and len(months) == 1 else None


_MONTH_STEMS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _may_name_month(text: str) -> bool:
    low = text.lower()
    return any(stem in low for stem in _MONTH_STEMS)


def months_fit(month: int, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether every operand with a month of its row is of ``month`` (or, for a change, of the
    month before it).

    >>> from decimal import Decimal
    >>> feb = SourceValue(Decimal(41), "R1", period=(2024, 2))
    >>> jan = SourceValue(Decimal(37), "R1", period=(2024, 1))
    >>> cases = [(feb, feb, False), (jan, feb, False), (jan, feb, True)]
    >>> [months_fit(2, (a, b), change) for a, b, change in cases]
    [True, False, True]
    """
    allowed = (month, 12 if month == 1 else month - 1) if change else (month,)
    for v in operands:
        p = v.period
        if p is not None and p[1] <= 12 and p[1] not in allowed:
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
