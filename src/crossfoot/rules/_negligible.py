"""A sum or difference that only restates one of its operands.

A table's dash read as zero restates the other operand exactly (``_derive_kinds.is_nil``). So does,
as far as the figure's digits can show, an operand no larger than one unit of the figure's last
written digit and a small part of the other: "$63.0 million" for 62.9 + 0.1, "$1,399" for
1,400 - 1. The result is the larger operand moved by at most one unit, so such a derivation
supports any figure within a unit of that operand, the operand itself with its last digit wrong
included: a table's small lines ("Foreign 0.1", a useful life of 1 year) beside its large ones
would pass a misread last digit of any large one. Such a pair is not offered
(:func:`crossfoot.rules.derive._pair_ok`); the figure still passes when it is the larger operand
itself (a direct match) or when another derivation meets it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._derive_kinds import is_nil

__all__ = ["negligible_operand", "restates"]

_SMALL_PART = Decimal("0.01")  # the smaller operand, at most this share of the larger one
_TWO = Decimal(2)


class _Scaled(Protocol):
    @property
    def factor(self) -> Decimal: ...


def restates(m: Mention, spec: _Scaled, x: SourceValue, y: SourceValue) -> bool:
    """Whether the sum or difference of ``x`` and ``y`` (times ``spec.factor``) only restates
    one of them: a nil operand, or a negligible one (:func:`negligible_operand`)."""
    return is_nil(x) or is_nil(y) or negligible_operand(m, x, y, spec.factor)


def negligible_operand(m: Mention, x: SourceValue, y: SourceValue, factor: Decimal) -> bool:
    """Whether the sum or difference of ``x`` and ``y`` (times ``factor``: 100 for fractions
    stated in percent) moves the larger operand by no more than one unit of ``m``'s last digit,
    the smaller operand being under a hundredth of the larger.

    >>> m = Mention("$63.0 million", 0, 13, Decimal(63_000_000), "money", Decimal(50_000))
    >>> big, small = SourceValue(Decimal(62_900_000), "S1"), SourceValue(Decimal(100_000), "S1")
    >>> negligible_operand(m, big, small, Decimal(1))
    True
    >>> negligible_operand(m, big, SourceValue(Decimal(3_100_000), "S1"), Decimal(1))
    False
    """
    a, b = abs(x.value), abs(y.value)
    small, large = (a, b) if a <= b else (b, a)
    if small == 0 or m.precision <= 0:
        return False
    return small * factor <= _TWO * m.precision and small <= large * _SMALL_PART
