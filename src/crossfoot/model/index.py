"""Sorted value index: find every source value within a window by bisection.

Values are kept sorted by their (signed) value; a look-up for ``[lo, hi]`` costs O(log n + k).
Derivation rules solve for the partner operand and call :meth:`ValueIndex.between`, so a scope of
n values costs O(n log n) per claim instead of O(n^2).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from decimal import Decimal
from itertools import compress
from operator import attrgetter

from crossfoot.model.types import SourceValue

__all__ = ["ValueIndex"]

_VALUE = attrgetter("value")


class ValueIndex:
    """An immutable sorted index over source values.

    >>> from decimal import Decimal
    >>> idx = ValueIndex([SourceValue(Decimal(5), "R1"), SourceValue(Decimal(2), "R1")])
    >>> [str(v.value) for v in idx.between(Decimal(1), Decimal(3))]
    ['2']
    """

    __slots__ = ("_keys", "_values")

    def __init__(self, values: Iterable[SourceValue]) -> None:
        ordered = sorted(values, key=_VALUE)  # (attrgetter: no Python call per value)
        self._values: tuple[SourceValue, ...] = tuple(ordered)
        self._keys: tuple[Decimal, ...] = tuple(map(_VALUE, ordered))

    def where(self, keep: Callable[[SourceValue], bool]) -> ValueIndex:
        """The values ``keep`` accepts, as an index: the same as ``ValueIndex(v for v in
        self.values if keep(v))`` (a sorted sequence filtered stays sorted, equal values in
        the same order), without sorting again.

        >>> from decimal import Decimal
        >>> idx = ValueIndex([SourceValue(Decimal(v), "R1") for v in (3, 1, 2)])
        >>> [str(v.value) for v in idx.where(lambda v: v.value != 2)]
        ['1', '3']
        """
        made = ValueIndex.__new__(ValueIndex)
        kept = [keep(v) for v in self._values]
        made._values = tuple(compress(self._values, kept))
        made._keys = tuple(compress(self._keys, kept))
        return made

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._values)

    @property
    def values(self) -> tuple[SourceValue, ...]:
        return self._values

    @property
    def keys(self) -> tuple[Decimal, ...]:
        """The values' values, ascending (for a bisection that needs no value objects)."""
        return self._keys

    def between(self, lo: Decimal, hi: Decimal, limit: int | None = None) -> list[SourceValue]:
        """Every value ``v`` with ``lo <= v.value <= hi``, in ascending order; with ``limit``, at
        most that many, those nearest the middle of the window.

        >>> from decimal import Decimal
        >>> idx = ValueIndex([SourceValue(Decimal(v), "R1") for v in (1, 2, 2, 2, 3, 9)])
        >>> [str(v.value) for v in idx.between(Decimal(1), Decimal(3), limit=2)]
        ['2', '2']
        """
        if lo > hi:
            lo, hi = hi, lo
        keys = self._keys
        i = bisect_left(keys, lo)
        j = bisect_right(keys, hi)
        if limit is not None and j - i > limit:
            # A source repeating one value thousands of times must not make every look-up
            # copy them all: keep the ones nearest the middle (the claim's value).
            middle = (lo + hi) / 2
            mid = (bisect_left(keys, middle, i, j) + bisect_right(keys, middle, i, j)) // 2
            i = max(i, min(mid - limit // 2, j - limit))
            j = i + limit
        return list(self._values[i:j])

    def near(self, target: Decimal, tolerance: Decimal) -> list[SourceValue]:
        """Every value within ``target ± tolerance``."""
        return self.between(target - tolerance, target + tolerance)

    def any_between(self, lo: Decimal, hi: Decimal) -> bool:
        if lo > hi:
            lo, hi = hi, lo
        i = bisect_left(self._keys, lo)
        return i < len(self._keys) and self._keys[i] <= hi
