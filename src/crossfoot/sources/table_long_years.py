"""The year of a row of a long table given as text: ``region | year | revenue`` holds North's
2023 and 2024 revenue in two rows, their year in a column of its own.

Result sets read the same shape (``sources.rows_years``); a table pasted as markdown, HTML,
CSV or aligned text now reads it too, so the verdict does not depend on the format: "North had
3.8 in 2024" over North's 2023 row is a wrong year in both. The year cell itself is a period,
not an amount (kind "year"), as a result set's year column is.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.sources.cells import CellNumber, year_in
from crossfoot.sources.rows_names import names_a_year

__all__ = ["row_year"]


def row_year(
    row_label: str, labels: Sequence[str], numbers: Sequence[tuple[int, CellNumber]]
) -> tuple[int | None, int]:
    """The row's year (from its label, else from its cell under a heading that names a year,
    as a result set's year column is named: ``rows_names.names_a_year``) and the
    column of that cell (-1 when the label gave it, or nothing did).

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
    return None, -1
