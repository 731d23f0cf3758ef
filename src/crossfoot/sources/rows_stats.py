"""A large result set's int columns: the least, greatest and sum of each, found together when
the table is made (speed only).

A trace over 20,000 rows reads each int column's least and greatest when it looks up the
answer's windows (``RowTable.near_many``), and its sum when a rule reads the column's total
(``rules._rowsums_tables``), each pass long after the read, when the column's 20,000 cells (each
its own object, scattered in memory) are out of the processor's caches again. Found here one
after the other, the second and third passes find the cells the first brought in: 9 columns of
20,000 took ~2.2 ms less a trace (``trace_vs_figured``'s timing answer, figured traced between
calls). The values are those the lazy readings give (``RowTable._int_bounds``, ``sum`` of the
ints); a table of fewer cells keeps the lazy readings (:data:`MIN_CELLS`).

>>> from crossfoot.sources.rows_cells import _IntCells
>>> cells = [{}, _IntCells(tuple(range(5_000))), _IntCells(tuple(range(-3, 4_997)))]
>>> int_stats(cells, 5_000), cells[1].total, cells[2].total
({1: (0, 4999), 2: (-3, 4996)}, 12497500, 12482500)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crossfoot.sources.rows_cells import _EXACT, _IntCells

__all__ = ["MIN_CELLS", "STATS", "int_stats"]

#: Whether the int columns' readings are made together at all (the tests switch it off).
STATS = [True]
#: Tables of fewer cells read them lazily, when asked (as ``sources.rows_untrack``'s bound).
MIN_CELLS = 8_192


def int_stats(
    cells: Sequence[Mapping[int, object]], rows: int
) -> dict[int, tuple[int, int] | None]:
    """Each non-empty int column's ``(least, greatest)`` (None beyond what a float holds
    exactly, as ``RowTable._int_bounds`` reads it), by column; and its sum, kept on the
    column (``_IntCells.total``). Nothing for a table of under :data:`MIN_CELLS` cells."""
    out: dict[int, tuple[int, int] | None] = {}
    if not STATS[0] or rows * len(cells) < MIN_CELLS:
        return out
    for j, col in enumerate(cells):
        if type(col) is _IntCells and col.ints:
            ints = col.ints
            low, high = min(ints), max(ints)
            out[j] = (low, high) if -_EXACT <= low and high <= _EXACT else None
            col.total = sum(ints)
    return out
