"""A large result set's int columns: each one's least and greatest, and its sum right after
them when the answer states a figure beyond the column's cells (speed only).

A trace over 20,000 rows reads each int column's least and greatest when it looks up the
answer's windows (``RowTable._whole_numbers``), and its sum when a rule reads the column's
total (``rules._rowsums_tables``), long after, when the column's 20,000 cells (each its own
object, scattered in memory) are out of the processor's caches again. Read right after the
greatest, the sum finds the cells the two passes brought in: ~1.4 against ~2.1 ms for nine
columns of 20,000, idle. It is read then only when some window lies beyond every cell of the
column (a figure larger than any of them, such as a total): an answer stating only cells does
not read the totals, and pays nothing. The values are those the lazy readings give
(``RowTable._int_bounds``, ``sum`` of the ints).

>>> from crossfoot.sources.rows_cells import _IntCells
>>> cells = [_IntCells(tuple(range(5_000))), _IntCells(tuple(range(-3, 4_997)))]
>>> bounds = {}
>>> int_columns([c.ints for c in cells], cells, bounds, [(12_000_000.0, 12_600_000.0)])
[0, 1]
>>> bounds, cells[0].total, cells[1].total
({0: (0, 4999), 1: (-3, 4996)}, 12497500, 12482500)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crossfoot.sources.rows_cells import _EXACT, _IntCells

__all__ = ["MIN_CELLS", "STATS", "int_bounds", "int_columns"]

#: Whether a sum is read with the bounds at all (the tests switch it off to compare).
STATS = [True]
#: Columns of fewer cells have their sums read when asked.
MIN_CELLS = 4_096


def int_bounds(ints: tuple[int, ...] | None) -> tuple[int, int] | None:
    """The least and greatest of a column's ints (None: no ints, or beyond what a float holds
    exactly): ``RowTable._int_bounds`` and :func:`int_columns` read them alike.

    >>> int_bounds((3, -1, 7)), int_bounds(()), int_bounds((2**60,))
    ((-1, 7), None, None)
    """
    if not ints:
        return None
    low, high = min(ints), max(ints)
    return (low, high) if -_EXACT <= low and high <= _EXACT else None


def int_columns(
    ints: Sequence[tuple[int, ...] | None],
    cells: Sequence[Mapping[int, object]],
    bounds: dict[int, tuple[int, int] | None],
    windows: Sequence[tuple[float, float]],
) -> list[int]:
    """The columns whose ints have bounds (``RowTable._int_bounds``: least and greatest, None
    beyond what a float holds exactly), each found into ``bounds`` unless there already; and
    for a long column with a window beyond its every cell, its sum kept on it
    (``_IntCells.total``) right after them."""
    out: list[int] = []
    for j, col in enumerate(ints):
        if j not in bounds:
            found = bounds[j] = int_bounds(col)
            cell = cells[j]
            if found and STATS[0] and type(cell) is _IntCells and len(cell.ints) >= MIN_CELLS:
                most = max(found[1], -found[0])
                if any(lo > most or hi < -most for lo, hi in windows):
                    cell.total = sum(cell.ints)
        if bounds[j] is not None:
            out.append(j)
    return out
