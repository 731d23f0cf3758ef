"""The result sets ``trace`` read, kept for the next call on equal rows (speed only).

An analytics assistant often traces several answers against one query result: a retry, a
second model's answer, the next turn over the same rows. Reading a small result set (the cells'
kinds, the row labels, the int columns' bounds) and what the rules build once per table (the
row derivations' values, the reach of :mod:`crossfoot.rules._reach`) is then a fixed cost paid
again for the same table. This module keeps the last :data:`KEPT` reads, keyed by the rows'
*content*, never by the list's identity: a list changed in place is read afresh.

The key is exact. Only a list of plain ``dict`` rows with the same ``str`` keys in the same
order, whose cells are all ``str``, ``int``, ``float``, ``bool`` or ``None`` (types compared
exactly: ``True``, ``1`` and ``1.0`` are equal in Python and read differently here), and at most
:data:`MAX_CELLS` cells, is kept; a float zero must be ``0.0`` (``-0.0 == 0.0``). Anything else
(other shapes, Decimals, dates, subclasses) is read every time. The options the reading depends
on (``parse_strings``, ``max_source_numbers``, ``key``, the locale) are part of the key.

``tests/test_speed_paths_speed14.py`` proves a kept read gives the report a fresh one gives.

>>> kept_read([{"r": "EU", "x": 1}], None, (True, 10, None, None), lambda: "read") == "read"
True
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from itertools import chain
from typing import Any, TypeVar

__all__ = ["KEEP", "KEPT", "MAX_CELLS", "forget", "kept_read", "rows_key"]

#: Whether reads are kept at all (the tests turn it off to compare with a fresh read).
KEEP = [True]
#: How many reads are kept (the oldest out first).
KEPT = 16
#: Larger result sets are read every time: the key costs a pass over the cells, and a large
#: result set is rarely traced twice.
MAX_CELLS = 1_000

_PLAIN = frozenset({str, int, float, bool, type(None)})
_STR = frozenset({str})
_DICT = frozenset({dict})
_R = TypeVar("_R")
_READS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()


def rows_key(rows: Any) -> tuple[Any, ...] | None:
    """A key equal for two row lists exactly when they read alike, or None (not kept).

    >>> one = rows_key([{"a": 1}])
    >>> one == rows_key([{"a": 1}]), one == rows_key([{"a": True}]), one == rows_key([{"a": 1.0}])
    (True, False, False)
    >>> rows_key([{"a": -0.0}]) is None, rows_key([{"a": object()}]) is None
    (True, True)
    """
    if type(rows) is not list or not rows or type(rows[0]) is not dict:
        return None
    names = tuple(rows[0])
    if not names or len(names) * len(rows) > MAX_CELLS or not _STR >= set(map(type, names)):
        return None
    # (every pass in C: a miss, the common case, must cost little beside the read it keeps)
    if not _DICT >= set(map(type, rows)) or not all(map(names.__eq__, map(tuple, rows))):
        return None  # a row that is no plain dict, or with other keys or in another order
    values = tuple(map(tuple, map(dict.values, rows)))
    types = tuple(map(type, chain.from_iterable(values)))
    kinds = set(types)
    if not _PLAIN >= kinds:
        return None
    if float in kinds:  # a zero, then the one that is -0.0 (a call per cell: after the test in C)
        flat = tuple(chain.from_iterable(values))
        if 0.0 in flat and any(map(_negative_zero, flat)):
            return None
    return (names, values, types)


def _negative_zero(v: object) -> bool:
    return type(v) is float and v == 0 and math.copysign(1.0, v) < 0


def kept_read(rows: Any, results: Any, how: tuple[Any, ...], read: Callable[[], _R]) -> _R:
    """``read()``, or what it gave for rows of the same content read the same way (``how``:
    the options the reading depends on); ``results`` (several result sets) is read every time.
    """
    if results is not None or not KEEP[0]:
        return read()
    key = rows_key(rows)
    if key is None:
        return read()
    try:
        full = (how, key)
        hit = _READS.get(full)
    except TypeError:  # (an option holding something unhashable)
        return read()
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    made = read()
    _READS[full] = made
    while len(_READS) > KEPT:
        try:
            _READS.popitem(last=False)
        except KeyError:  # (another thread emptied it meanwhile)
            break
    return made


def forget() -> None:
    """Drop every kept read."""
    _READS.clear()
