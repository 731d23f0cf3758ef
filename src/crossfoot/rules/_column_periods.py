"""The periods of a cell's line when its period is its column's: a table by quarter or by month.

``Product | Q1 | Q2 | Q3 | Q4`` gives each cell its column's quarter
(:func:`crossfoot.language.period_columns.column_period`), as a table by year gives a cell its
column's year. A cell of such a column sits in a line (its row) of several periods, as a row of
a monthly series sits in a column of several: "Alpha sold 150 in Q2" over Alpha's Q3 cell is the
wrong quarter when Alpha's row has a Q2 cell (:mod:`crossfoot.rules.row_months`).
"""

from __future__ import annotations

from crossfoot.language.period_columns import by_column, column_period
from crossfoot.model.types import Source, SourceValue
from crossfoot.sources.rows import row_table

__all__ = ["by_column", "line_periods"]

_Named = tuple[int | None, int]


def line_periods(source: Source, sv: SourceValue) -> list[_Named] | None:
    """The periods of the cells of ``sv``'s row (``sv``'s own among them) when its period is
    its column's; None when it is not (a row's period: the caller reads the column).

    A result set's row is read whole from its table (the source may hold only the cells near
    the answer's figures); a text table's from the source's values.
    """
    if not by_column(sv):
        return None
    table = row_table(source)
    if table is not None and sv.row_index is not None:
        i = sv.row_index
        return [
            p
            for j, name in enumerate(table.columns)
            if (p := column_period(name)) is not None and i in table.cells[j]
        ]
    return [
        v.period
        for v in source.values
        if v.period is not None
        and v.table == sv.table
        and v.row_index == sv.row_index
        and by_column(v)
    ]
