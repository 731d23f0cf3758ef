"""A bar's cells read by column, kept per source set (speed only; ``rules.counts``).

A count with a bar ("3 of the 20,000 items had revenue above 990,000", "only item 3 exceeded
900,000") reads its pool (the cells of the bar's kind) and, of it, the cells of the column or
row the sentence names: per claim, a pass over every cell of the sources, and a
``Named.names`` call per cell. Over a result set read whole (180,000 cells at 20,000x10) that
was ~0.12 s a call, four calls a trace (docs/speed.md, round 42, trace58). Here the pool is
made once per values sequence and bar shape (kept by the sequence's identity), its cells are
grouped once per axis by what ``Named.names`` reads of a cell (its source, table and column or
row label), ``names`` is asked once per group, and the named cells are taken in the pool's
order (``itertools.compress``): the same list as the per-cell filter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import Any

from crossfoot.model.memo import by_identity
from crossfoot.model.types import SourceValue

__all__ = ["groups", "kept_pool", "named_cells", "named_sources"]

# values sequence -> {bar shape: pool}; a sequence (pool or values) -> {axis: groups}
_POOLS: dict[int, tuple[Any, dict[object, list[SourceValue]]]] = {}
_GROUPS: dict[int, tuple[Any, dict[str, tuple[list[int], list[SourceValue]]]]] = {}
_KEPT = 8


def kept_pool(
    values: Iterable[SourceValue], shape: object, make: Callable[[], list[SourceValue]]
) -> list[SourceValue]:
    """``make()``, kept per ``values`` sequence (by identity) and ``shape`` (what the pool's
    filter reads of the bar and the question); values that are no tuple are not kept.
    The list is shared: callers that change it copy it first."""
    if not isinstance(values, tuple):  # (the sources' values: a tuple, never changed)
        return make()
    kept = by_identity(_POOLS, values, _KEPT, lambda _: {})
    pool = kept.get(shape)
    if pool is None:
        pool = kept[shape] = make()
    return pool


def groups(cells: Sequence[SourceValue], axis: str) -> tuple[list[int], list[SourceValue]]:
    """Each cell's group (by source, table and column label, or row label for ``axis`` "row"),
    and one cell of each group, kept per sequence (by identity: a tuple, or a pool of
    :func:`kept_pool`, which no one changes)."""
    kept = by_identity(_GROUPS, cells, _KEPT, lambda _: {})
    found = kept.get(axis)
    if found is None:
        found = kept[axis] = _grouped(cells, axis == "row")
    return found


def _grouped(cells: Sequence[SourceValue], rows: bool) -> tuple[list[int], list[SourceValue]]:
    # (a plain loop: the keys made and kept at once, or a dict of every key, cost 2-4x as much
    # over 180,000 cells; measured)
    index: dict[tuple[object, ...], int] = {}
    ids: list[int] = []
    reps: list[SourceValue] = []
    for v in cells:
        key = (v.source_id, v.table, v.row if rows else v.column)
        g = index.get(key)
        if g is None:
            g = index[key] = len(reps)
            reps.append(v)
        ids.append(g)
    return ids, reps


def named_cells(
    cells: Sequence[SourceValue], names: Callable[[SourceValue, str], bool], axis: str
) -> list[SourceValue]:
    """``[v for v in cells if names(v, axis)]``, for a ``names`` that reads of a cell only its
    source, table and ``axis`` label (``rules._named.Named.names``): asked once per group."""
    ids, reps = groups(cells, axis)
    ok = [names(v, axis) for v in reps]
    if not any(ok):
        return []
    return list(compress(cells, map(ok.__getitem__, ids)))


def named_sources(
    values: Sequence[SourceValue], names: Callable[[SourceValue, str], bool]
) -> set[str]:
    """``{v.source_id for v in values if names(v, "column") or names(v, "row")}``, asked once
    per group (see :func:`named_cells`)."""
    out: set[str] = set()
    for axis in ("column", "row"):
        out.update(v.source_id for v in groups(values, axis)[1] if names(v, axis))
    return out
