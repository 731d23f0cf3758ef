"""A figure said of a year, matched to a table's undated line beside the year's own line.

"The operating leases in 2021 is $577" over a table whose years are row labels (2020, 2021,
2022, *Thereafter*, *Total*): 577 is the *Thereafter* cell of the Operating Leases column. The
year check of :func:`crossfoot.language.rowtables.judge` compares a cell's year with the
sentence's, and a cell of *Thereafter* or *Total* has none, so the figure passed. When the
periods are the rows, a year the sentence states names the row of that year as firmly as a
year column names its column: the value must be that row's cell of its column.

Read only so: the table's periods are row labels (the year's row is a row of the year alone),
that row has a cell in the value's column, the value's row is no year's row, and the sentence
names no word of the value's own row but its column's ("thereafter", "total", "after 2021", "beyond", "through":
a later span or a sum of the years up to one). In a table whose years are columns only a *Total*
column is read so (beside the row's cell of the year): another undated column there is often the
change between two years' columns, which a sentence rightly says "in 2019".

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> def cell(v, row, col, year=None):
...     return SourceValue(Decimal(v), "S1", row=row, column=col, year=year, table=0)
>>> cells = [cell(135, "2021", "Operating Leases", 2021), cell(577, "Thereafter", "Operating Leases")]
>>> rows = {"2021": frozenset({"2021"}), "Thereafter": frozenset({"thereafter"})}
>>> undated_row(rows, cells, [cells[1]], 2021, {"operating", "leases", "2021"})
'value is in the Thereafter row (Thereafter / Operating Leases), but the sentence says 2021'
>>> undated_row(rows, cells, [cells[1]], 2021, {"operating", "leases", "after", "2021"}) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import SourceValue

__all__ = ["undated_row"]

# Words that say the figure is of a span after, up to or over the year, not of the year alone.
_SPAN_WORDS = frozenset(
    {
        "after",
        "beyond",
        "thereafter",
        "later",
        "through",
        "until",
        "till",
        "cumulative",
        "total",
        "remaining",
        "beginning",
        "starting",
        "since",
        "before",
        "prior",
    }
)


def _year_line(rows: Mapping[str, frozenset[str]], sv: SourceValue) -> bool:
    """Whether ``sv``'s row label is its year alone ("2021" in a table of years down)."""
    toks = rows.get(sv.row or "", frozenset())
    return sv.year is not None and str(sv.year) in toks and all(t.isdigit() for t in toks)


def undated_row(
    rows: Mapping[str, frozenset[str]],
    table_cells: Iterable[SourceValue],
    cells: Sequence[SourceValue],
    year: int,
    words: set[str],
) -> str | None:
    """Why no cell of ``cells`` is the ``year`` cell the sentence states, when each is an undated
    cell beside its line's cell of that year (see the module docstring); None when one may be."""
    undated = [c for c in cells if c.year is None]
    if not undated or any(c.year == year for c in cells) or words & _SPAN_WORDS:
        return None
    table_cells = tuple(table_cells)
    down = {sv.column for sv in table_cells if sv.year == year and _year_line(rows, sv)}
    across = {sv.row for sv in table_cells if sv.year == year and not _year_line(rows, sv)}
    reason = ""
    for c in undated:
        if not c.column or not c.row:
            return None
        if c.column in down:  # years down: the value's row must be the year's
            own = rows.get(c.row, frozenset())
            if not own or any(t.isdigit() for t in own) or (own - set(tokens(c.column))) & words:
                return None  # the sentence names the value's row, or the row spans years
            where = "row"
        elif c.row in across and "total" in tokens(c.column):
            where = "column"  # years across: a Total column beside the row's year cell
        else:
            return None
        reason = reason or (
            f"value is in the {c.row if where == 'row' else c.column} {where} "
            f"({c.row} / {c.column}), but the sentence says {year}"
        )
    return reason or None
