"""The year of a row of a long table given as text: ``region | year | revenue`` holds North's
2023 and 2024 revenue in two rows, their year in a column of its own.

Result sets read the same shape (``sources.rows_years``); a table pasted as markdown, HTML,
CSV or aligned text now reads it too, so the verdict does not depend on the format: "North had
3.8 in 2024" over North's 2023 row is a wrong year in both. The year cell itself is a period,
not an amount (kind "year"), as a result set's year column is. A column of dates ("2023-12-31",
"Dec 2023", "FY2024") gives the rows their year when the table is long by it, as it does for a
result set (:func:`crossfoot.sources.rows_years.date_years`).
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.sources.cells import CellNumber, year_in
from crossfoot.sources.rows_months import month_column, month_of, names_periods, row_months
from crossfoot.sources.rows_names import names_a_year
from crossfoot.sources.rows_years import date_years

__all__ = ["date_rows", "long_readings", "month_rows", "period_key", "row_year"]


def date_rows(grid: Sequence[Sequence[str]], first: int, key: int = 0) -> dict[int, int]:
    """The year of each body row (by grid index, from ``first``) from a column of dates, when the
    table is long by it (rows of one label in several years, no label twice in one); {} else.

    >>> grid = [["Region", "Date", "Revenue"], ["North", "2023-12-31", "3.8"],
    ...         ["North", "2024-12-31", "4.2"], ["South", "2024-12-31", "2.5"]]
    >>> date_rows(grid, 1)
    {1: 2023, 2: 2024, 3: 2024}
    """
    return _dated(*_body(grid, first, key), first, key)


def _dated(
    columns: list[list[str | None]], labels: list[str | None], first: int, key: int
) -> dict[int, int]:
    return {first + i: y for i, y in date_years(columns, key, labels).items()} if labels else {}


def month_rows(
    grid: Sequence[Sequence[str]], first: int, key: int = 0
) -> dict[int, tuple[int | None, int]]:
    """The month (or quarter) of each body row (by grid index) from a column of months, when the
    table is a series by them (:func:`crossfoot.sources.rows_months.row_months`); {} else.

    >>> grid = [["Region", "Month", "Revenue"], ["North", "Jan 2024", "3.9"],
    ...         ["North", "Feb 2024", "4.2"], ["South", "Jan 2024", "2.5"]]
    >>> month_rows(grid, 1)
    {1: (2024, 1), 2: (2024, 2), 3: (2024, 1)}
    """
    return _months(*_body(grid, first, key), first, key)


def _months(
    columns: list[list[str | None]], labels: list[str | None], first: int, key: int
) -> dict[int, tuple[int | None, int]]:
    col = month_column(columns, key) if labels else None
    if col is None and labels and names_periods(columns[0]):
        col, labels = columns[0], [None] * len(labels)  # one series, labelled by its periods
    return {first + i: p for i, p in row_months(col, labels).items()} if col is not None else {}


def period_key(
    grid: Sequence[Sequence[str]], parsed: Sequence[Sequence[object]], first: int
) -> int | None:
    """The column that labels the rows of a table long by period and entity: its first column
    names a period on every body row, some period twice ("2024-01 | North", "2024-01 |
    South"), and a later column holds text on every row (no cell of it ``parsed`` as a number),
    none a period. None for any other table, whose first
    column labels its rows. ``month | region | sales`` is the order a ``GROUP BY month, region``
    export writes; a result set reads it so too (``sources.rows_key``).

    >>> grid = [["Month", "Region", "Sales"], ["2024-01", "North", "3.9"],
    ...         ["2024-01", "South", "1.2"], ["2024-02", "North", "4.2"]]
    >>> parsed = [[None, None, 3.9] for _ in grid]
    >>> period_key(grid, parsed, 1), period_key(grid[:2] + grid[3:], parsed, 1)
    (1, None)
    """
    return _key(_body(grid, first)[0], parsed, first)


def _key(
    columns: list[list[str | None]], parsed: Sequence[Sequence[object]], first: int
) -> int | None:
    if not columns or any(c is None or month_of(c) is None for c in columns[0]):
        return None
    if len(set(columns[0])) == len(columns[0]):
        return None  # no period twice: the first column names each row
    for j in range(1, len(columns)):
        words = all(c is not None and month_of(c) is None for c in columns[j])
        if words and all(row[j] is None for row in parsed[first:]):
            return j
    return None


def long_readings(
    grid: Sequence[Sequence[str]], parsed: Sequence[Sequence[object]], first: int
) -> tuple[int | None, dict[int, int], dict[int, tuple[int | None, int]]]:
    """:func:`period_key`, and :func:`date_rows` and :func:`month_rows` by that key (the first
    column without one), the body's columns read once for the three when the key is the first.

    >>> grid = [["Region", "Date", "Revenue"], ["North", "2023-12-31", "3.8"],
    ...         ["North", "2024-12-31", "4.2"], ["South", "2024-12-31", "2.5"]]
    >>> long_readings(grid, [[None, None, 3.8] for _ in grid], 1)
    (None, {1: 2023, 2: 2024, 3: 2024}, {})
    """
    body = _body(grid, first)
    key = _key(body[0], parsed, first)
    if key:
        return key, date_rows(grid, first, key), month_rows(grid, first, key)
    return key, _dated(*body, first, 0), _months(*body, first, 0)


def _body(
    grid: Sequence[Sequence[str]], first: int, key: int = 0
) -> tuple[list[list[str | None]], list[str | None]]:
    """The body's columns (blank cells None) and its key column's labels (the first column's
    but for :func:`period_key`); none for fewer than two body rows."""
    body = grid[first:]
    if len(body) < 2:
        return [], []
    width = min(len(row) for row in body)
    columns = [[c.strip() or None for c in (row[j] for row in body)] for j in range(width)]
    return columns, [row[key].strip() or None if key < len(row) else None for row in body]


def row_year(
    row_label: str,
    labels: Sequence[str],
    numbers: Sequence[tuple[int, CellNumber]],
    dated: int | None = None,
) -> tuple[int | None, int]:
    """The row's year (from its label, else from its cell under a heading that names a year,
    as a result set's year column is named: ``rows_names.names_a_year``, else ``dated``, the
    year of its cell in a column of dates: :func:`date_rows`) and the column of that cell (-1
    when the label or a date gave it, or nothing did).

    >>> from decimal import Decimal
    >>> y = CellNumber(Decimal(2023), Decimal(0), "number", year_like=True)
    >>> row_year("North", ["Region", "Year"], [(1, y)]), row_year("North", ["Units"], [(0, y)])
    ((2023, 1), (None, -1))
    >>> row_year("FY2019", ["Region", "Year"], [(1, y)])
    (2019, -1)
    """
    own = year_in(row_label)
    if own is not None:
        return own, -1
    for j, cell in numbers:
        if cell.year_like and j < len(labels) and labels[j] and names_a_year(labels[j]):
            return int(cell.value), j
    return dated, -1
