"""Every cell of a large result set, made column by column (speed only).

A rank ("the highest"), an exclusive bar ("only East exceeded $4M") or a count with a bar of
its own put every cell of every row in an answer's sources (``sources.whole_table``): 180,000
cells at 20,000x10, each made by :meth:`RowTable.cell` with its own key, its kind and its
row's year read again, ~0.5 s a trace (docs/speed.md, round 42, trace58). Here what a column
shares (its name, kind, unit, year, whether its cells are operands, its period) and what a row
shares (its label's name in the evidence, its year) are read once, and each cell is made as
:meth:`RowTable.cell` makes it, the same object when that made it before (``_made``), in the
order of the picks it stands for: row by row, columns left to right.

Only for a table whose every column holding cells holds a cell in every row (the common case:
no NULL, no unreadable text); :func:`whole_cells` returns None otherwise and the caller picks
cell by cell as before.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from decimal import Decimal
from itertools import chain
from typing import Any

from crossfoot.language.period_columns import column_period
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows_cells import _ZERO
from crossfoot.sources.rows_kept import MAX_CELLS
from crossfoot.sources.rows_names import _year_of
from crossfoot.sources.rows_table import _SET, RowTable, _table_cell

__all__ = ["Whole", "every_cell", "whole_cells"]

_PERIOD = _SET["period"]


@dataclass(frozen=True, slots=True)
class Whole:
    """A table's every cell, made, in place of its picks (``AnswerOperands.sources_for``)."""

    values: tuple[SourceValue, ...]


def every_cell(table: RowTable, operands: Container[int]) -> Whole | None:
    """:func:`whole_cells` of a table of more than ``rows_kept.MAX_CELLS`` cells (a smaller one
    is picked cell by cell: its kept source sets are keyed by the picks), else None."""
    if table.rows * len(table.columns) <= MAX_CELLS:
        return None
    made = whole_cells(table, operands)
    return Whole(made) if made is not None else None


def whole_cells(table: RowTable, operands: Container[int]) -> tuple[SourceValue, ...] | None:
    """``tuple(table.cell(i, j, i in operands) for (i, j) in every cell, row-major)``, or None
    when a column holding cells lacks one in some row (then the caller's picks apply).

    >>> from crossfoot.sources.rows import read_tables
    >>> t = read_tables([{"r": "EU", "x": 1, "y": 2}, {"r": "US", "x": 3, "y": 4}])[0][0]
    >>> cells = whole_cells(t, {1})
    >>> [(v.label, v.operand) for v in cells]
    [('x[EU]', False), ('y[EU]', False), ('x[US]', True), ('y[US]', True)]
    >>> cells[2] is t.cell(1, 1, True)
    True
    """
    n = table.rows
    full = [j for j, col in enumerate(table.cells) if col]
    if any(len(table.cells[j]) != n for j in full):
        return None
    labels = table.labels
    # per row: its name in the evidence, its year (when its column names none), its period
    named = [label if label is not None else f"row {i + 1}" for i, label in enumerate(labels)]
    years = [_year_of(label) or table._row_year.get(i) for i, label in enumerate(labels)]
    periods = table._periods
    columns = [_column(table, j, operands, named, years, periods) for j in full]
    if len(columns) == 1:
        return tuple(columns[0])
    return tuple(chain.from_iterable(zip(*columns, strict=True)))


def _column(
    table: RowTable,
    j: int,
    operands: Container[int],
    named: list[str],
    years: list[int | None],
    periods: Any,
) -> list[SourceValue]:
    """Column ``j``'s cells, row by row, as :meth:`RowTable.cell` makes them."""
    made = table._made
    name, spoken = table.name, table._spoken
    column = table.columns[j]
    col_year = table._col_year[j]
    eligible = table._eligible[j]
    currency = table._unit[j][1]
    own_period = column_period(column)
    ints = table._ints[j]
    cells = table.cells[j]
    int_kind = table._int_kind[j]
    out: list[SourceValue] = []
    append = out.append
    for i in range(table.rows):
        operand = i in operands
        key = (i, j, operand)
        v = made.get(key)
        if v is None:
            if ints is not None:
                value, precision, kind = Decimal(ints[i]), _ZERO, int_kind
            else:
                c = cells[i]
                value, precision = c.value, c.precision
                kind = table.kind(j, value)
            v = _table_cell(
                value,
                name,
                kind,
                f"{column}[{named[i]}]",
                spoken[i],
                column,
                col_year or years[i],
                i,
                j,
                operand and kind != "year" and eligible,
                precision,
                currency,
            )
            p = periods[i] if periods is not None else None
            if (p := p or own_period) is not None:
                _PERIOD(v, p)
            v = made.setdefault(key, v)
        append(v)
    return out
