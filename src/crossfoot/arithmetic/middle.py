"""The middle of a list of numbers, one definition for every reader of a median (a column's
median, ``rules.column_median`` and ``rules.rowsums``; the reach of a result set's figures,
``rules._rowsums_reach``, over floats).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TypeVar

__all__ = ["median_of"]

_N = TypeVar("_N", Decimal, float)


def median_of(values: Iterable[_N]) -> _N:
    """The middle value, or the mean of the two middle values of an even count (Decimals in,
    a Decimal out; floats in, a float out).

    >>> median_of([Decimal(3), Decimal(1), Decimal(2), Decimal(10)])
    Decimal('2.5')
    >>> median_of([3.0, 1.0, 2.0])
    2.0
    """
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
