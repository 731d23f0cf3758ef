"""A large result set's columns of plain cells, kept out of the collector's passes (speed only).

A 20,000-row result set read by column is ten tuples of 20,000 cells. A new tuple is tracked by
the garbage collector, and its first young collection after the read visits every item three
times (2.8 ms a trace, about 7 % of it: the items are scattered in memory) only to find what the
cells' types say already: a tuple of ints, floats, strings, booleans and ``None`` refers to no
container, so it can be part of no reference cycle, and the collector untracks it
(CPython's ``_PyTuple_MaybeUntrack``). :func:`untrack_columns` untracks such a column when it is
made, with CPython's ``PyObject_GC_UnTrack`` (what the collector would do, done before it
looks): nothing else changes, the tuple is freed by its reference count as before, and no other
object's tracking nor the collector's state is touched. Elsewhere than in CPython, or without
``ctypes``, nothing is done. The types are the cells' own, found by the readers (never declared
by the caller); were they wrong, nothing would be freed early (the collector counts an untracked
holder's references as outside ones): a cycle through the column would outlive it, no more
(``tests/test_read37b.py``).

>>> cols = [tuple(range(5_000)), tuple(range(5_000))]
>>> untrack_columns(cols, [{int}, {int}]) in (0, 2)
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

__all__ = ["MIN_CELLS", "UNTRACK", "untrack_columns"]

#: Whether large columns are untracked at all (the tests switch it off to compare).
UNTRACK = [True]
#: Result sets of fewer cells are left to the collector (a young pass over a few thousand
#: items costs microseconds; ``ctypes`` is imported on first use only).
MIN_CELLS = 8_192

# Cell types whose objects the collector never tracks: a tuple of only these holds no cycle.
# (Exact types, as the readers give them: a subclass may carry a __dict__.)
_ATOMIC = frozenset({int, float, str, bool, type(None)})
_UNTRACK: list[Callable[[object], None] | None] = []


def _untracker() -> Callable[[object], None] | None:
    """CPython's ``PyObject_GC_UnTrack`` through ``ctypes`` (found once), or None."""
    if not _UNTRACK:
        found: Callable[[object], None] | None = None
        if sys.implementation.name == "cpython":
            try:
                import ctypes

                api = ctypes.pythonapi.PyObject_GC_UnTrack
                api.argtypes = [ctypes.py_object]
                api.restype = None
                found = api
            except (ImportError, AttributeError, OSError):
                found = None
        _UNTRACK.append(found)
    return _UNTRACK[0]


def untrack_columns(data: Sequence[object], types: Sequence[set[type]]) -> int:
    """Untrack each exact ``tuple`` of ``data`` whose cells' types (``types``, one set per
    column) are all atomic, when the columns hold :data:`MIN_CELLS` cells or more; how many
    were untracked."""
    if not UNTRACK[0] or not data or sum(map(len, data)) < MIN_CELLS:  # type: ignore[arg-type]
        return 0
    untrack = _untracker()
    if untrack is None:
        return 0
    done = 0
    for col, kinds in zip(data, types, strict=True):
        if type(col) is tuple and kinds <= _ATOMIC:
            untrack(col)
            done += 1
    return done
