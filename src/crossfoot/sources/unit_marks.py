"""A table's unit written as a bare scale mark ("m", "M", "mn", "bn", "k") where a unit stands.

:func:`crossfoot.sources.cells.unit_in_cell` leaves a lone letter unread (a cell "M" may be a
label, a footnote, a grade), and :func:`crossfoot.sources.cells.bare_scale` reads it only beside
a cell naming a unit ("M | $M"). Two places make a bare mark a unit all the same, whatever the
table's format:

* a header row whose every value cell is the same scale mark, two columns or more
  ("| | 2019 | 2018" over "| | m | m"): the row says the unit of each column, as "$m | $m" does;
* the label column's header cell of a row of column labels with a year among them ("m | 2019 |
  2018"), where filings print "£m" or "(in millions)".

>>> repeated_scale(["", "m", "m"]).scale, repeated_scale(["", "M", "$M"]) is None
(Decimal('1000000'), True)
>>> corner_scale(["m", "2019", "2018"]).scale, corner_scale(["m", "Sales", "Costs"]) is None
(Decimal('1000000'), True)
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.sources.cells import Unit, bare_scale, unit_in_cell, year_in

__all__ = ["corner_scale", "repeated_scale", "unit_mark_row", "unit_rows"]


def repeated_scale(row: Sequence[str]) -> Unit | None:
    """The unit of a header row whose value cells (every column after the first that is not
    blank) are one bare scale mark, the same in each, two or more of them."""
    cells = [c.strip() for c in row[1:] if c and c.strip()]
    if len(cells) < 2 or len({c.lower() for c in cells}) != 1:
        return None
    return bare_scale(cells[0])


def corner_scale(row: Sequence[str]) -> Unit | None:
    """The unit of a bare scale mark in the label column of a header row of column labels,
    a year among them ("m | 2019 | Actual | Constant | 2018")."""
    if not row or not row[0].strip():
        return None
    rest = [c for c in row[1:] if c and c.strip()]
    if len(rest) < 2 or all(year_in(c) is None for c in rest) or any(len(c) > 60 for c in rest):
        return None
    return bare_scale(row[0])


def unit_mark_row(row: Sequence[str]) -> bool:
    """Whether a header row writes the table's unit as bare scale marks (either place above),
    so that :func:`crossfoot.sources.cells.bare_scale` reads them as units."""
    return repeated_scale(row) is not None or corner_scale(row) is not None


def unit_rows(rows: Sequence[Sequence[str]]) -> list[bool]:
    """For each header row, whether a bare scale mark in it is a unit: the row names a unit in
    a value cell ("M | $M": shares in millions beside dollars in millions) or writes the unit
    as bare marks (:func:`unit_mark_row`).

    >>> unit_rows([["", "2019", "2018"], ["", "M", "$M"], ["", "m", "m"], ["", "M", "Sales"]])
    [False, True, True, False]
    """
    return [any(c and unit_in_cell(c) for c in row[1:]) or unit_mark_row(row) for row in rows]
