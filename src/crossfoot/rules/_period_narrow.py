"""A sentence that names one period of a table by period speaks of that period's rows, not the
whole column (gaps37).

"Revenue in Q1 2024 was $244,130" over rows by month from January to April is no sum of the four
months: the quarter names three of them (their sum is :mod:`crossfoot.rules._rowsums_groups`'
group total). A column's total, mean or median is read only when the sentence names no period,
or one whose rows are every row of the table ("in 2024" over the months of 2024).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crossfoot.language.years import years_in_text
from crossfoot.rules._month_focus import months_in
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import DAY, QUARTER

if TYPE_CHECKING:
    from crossfoot.rules._rowsums_tables import _Period, _Table

__all__ = ["names_part_of_periods"]


def names_part_of_periods(table: _Table, sentence: str) -> bool:
    """Whether ``sentence`` names one period (a month, quarter, half or year) whose rows are
    some, not all, of the rows of ``table``'s column of periods (none: False).

    A period the table holds no row of, or several periods, say nothing here: the whole
    column's figure keeps its reading.
    """
    periods = table.row_periods()
    if periods is None:
        return False
    dated = [i for i, p in enumerate(periods) if p is not None]
    if len(dated) < 2:
        return False
    rows = _rows_of_period(table, periods, sentence)
    return bool(rows) and len(rows) < len(dated)


def _rows_of_period(table: _Table, periods: list[_Period | None], sentence: str) -> list[int]:
    by = table.period_index()
    named = named_month(sentence)
    if named:
        year, month = named[-1]
        if year is None:
            found = list(by.get(("month", month), []))
        else:
            found = by.get(("period", (year, month)), []) + by.get(("period", (None, month)), [])
        if not found and QUARTER < month < DAY:  # a quarter or half over rows by month
            inside = set(months_in(month))
            found = [
                i
                for i, p in enumerate(periods)
                if p is not None and p[1] in inside and (year is None or p[0] in (year, None))
            ]
        return sorted(set(found))
    years = set(years_in_text(sentence))
    if len(years) != 1:
        return []
    (year,) = years
    return list(by.get(("year", year), []))
