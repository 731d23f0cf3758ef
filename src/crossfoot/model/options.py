"""The options of a check: :class:`Options`, and :func:`make_options` to build and validate them
from keyword arguments.

Unknown option names raise ``TypeError`` naming the option and the valid ones, as Python does
for an unknown keyword argument; a value of the wrong type raises ``TypeError`` naming what was
expected.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

__all__ = ["OPTION_NAMES", "Options", "make_options"]


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of :func:`crossfoot.check`; unknown names raise ``TypeError`` (``_options``)."""

    require_citations: bool = False
    allow_rounding: bool = True
    allow_derived: bool = True
    check_table_rows: bool = True
    # Above this many operand values in one scope, the scope is not searched whole (coincidences
    # become likely): only the table rows the answer names are, and operands the answer states.
    max_derivation_operands: int = 30
    # Largest k for sums/means of k operands.
    max_sum_operands: int = 4
    # Kinds of derivation allowed (None: all). Names: see Evidence.kind.
    derivations: frozenset[str] | None = None
    # Flat tolerance mode (trace presets). None: precision-aware matching (the default).
    rel_tolerance: Decimal | None = None
    abs_tolerance: Decimal | None = None
    # Sources are query result rows (trace): enables column sums and means, shares of a column
    # total, row sums and row counts (rules.rowsums). Off for documents, where such totals are
    # mostly coincidences.
    result_rows: bool = False
    # With result_rows: at most this many rows a sentence names feed pairwise row derivations.
    max_rows: int | None = None


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Options))

_BOOLS = {"require_citations", "allow_rounding", "allow_derived", "check_table_rows"}
_INTS = {"max_derivation_operands", "max_sum_operands"}
_DECIMALS = {"rel_tolerance", "abs_tolerance"}


def make_options(base: Options | None = None, /, **kwargs: Any) -> Options:
    """Options from keyword arguments, on top of ``base``.

    >>> make_options(require_citations=True).require_citations
    True
    >>> make_options(colour=1)
    Traceback (most recent call last):
    ...
    TypeError: unknown option 'colour'; valid options: require_citations, ...
    """
    values: dict[str, Any] = {}
    for name, value in kwargs.items():
        if name not in OPTION_NAMES:
            raise TypeError(f"unknown option {name!r}; valid options: {', '.join(OPTION_NAMES)}")
        values[name] = _coerce(name, value)
    return dataclasses.replace(base or Options(), **values)


def _coerce(name: str, value: Any) -> Any:
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} must be True or False, got {value!r}")
        return value
    if name in _INTS:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TypeError(f"option {name!r} must be a non-negative integer, got {value!r}")
        return value
    if name in _DECIMALS:
        if value is None:
            return None
        if isinstance(value, bool):
            raise TypeError(f"option {name!r} must be a number, got {value!r}")
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            raise TypeError(f"option {name!r} must be a number, got {value!r}") from None
        if not number.is_finite() or number < 0:
            raise TypeError(f"option {name!r} must be a finite number >= 0, got {value!r}")
        return number
    if name == "derivations":
        if value is None or value == "all":
            return None
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        try:
            kinds = frozenset(str(v) for v in value)
        except TypeError:
            raise TypeError(
                f"option 'derivations' must be 'all' or a set of kind names, got {value!r}"
            ) from None
        return kinds
    return value
