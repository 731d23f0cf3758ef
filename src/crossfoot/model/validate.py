"""One validator for every option of every front door.

``check``, ``Checker``, ``trace`` (its :class:`~crossfoot.Policy` and ``key``) and the CLI read
their options with these functions, so the same mistake gets the same answer everywhere: an
:class:`~crossfoot.model.errors.OptionError` (a ``CrossfootError``, ``TypeError`` and
``ValueError``) that names the option, what it must be, and what it got.

>>> as_number("rel_tolerance", "0.02")
Decimal('0.02')
>>> as_number("rel_tolerance", -1)
Traceback (most recent call last):
...
crossfoot.model.errors.OptionError: option 'rel_tolerance' must be a finite number >= 0, got -1
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable
from decimal import Decimal, InvalidOperation

from crossfoot.model.errors import OptionError

__all__ = [
    "ENGINE_KINDS",
    "as_bool",
    "as_choice",
    "as_count",
    "as_key",
    "as_kinds",
    "as_number",
    "unknown_option",
]

#: Derivation kinds the engine's rules produce (``Evidence.kind``): what ``check(derivations=)``
#: may name. ``trace`` has its own vocabulary (``crossfoot.front.policy.DERIVATION_KINDS``).
ENGINE_KINDS: frozenset[str] = frozenset(
    {
        "sum",
        "difference",
        "ratio",
        "share",
        "percent_change",
        "pp_change",
        "bps_change",
        "average",
        "median",
        "cagr",
        "column_sum",
        "column_mean",
        "column_share",
        "row_sum",
        "row_count",
        "cell",  # direct matching: always on, accepted so trace's names can be passed as they are
    }
)

# Words that mean "every kind" in ``derivations``.
_ALL = ("all", "default")


def unknown_option(name: object, valid: Iterable[str], *, what: str = "option") -> OptionError:
    """The error for an option name that is not one, with the closest valid name.

    >>> print(unknown_option("tolerance", ["rel_tolerance", "ignore_below"]))
    unknown option 'tolerance' (did you mean 'rel_tolerance'?); valid options: rel_tolerance, ...
    """
    names = list(valid)
    close = difflib.get_close_matches(str(name), names, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return OptionError(f"unknown {what} {name!r}{hint}; valid options: {', '.join(names)}")


def as_bool(name: str, value: object) -> bool:
    """``value`` when it is True or False."""
    if not isinstance(value, bool):
        raise OptionError(f"option {name!r} must be True or False, got {value!r}")
    return value


def as_count(name: str, value: object) -> int:
    """``value`` when it is an int >= 0 (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(f"option {name!r} must be an int >= 0, got {value!r}")
    return value


def as_number(name: str, value: object) -> Decimal:
    """``value`` as a finite ``Decimal`` >= 0; ints, floats, Decimals and numeric strings."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise OptionError(f"option {name!r} must be a number, got {value!r}")
    try:
        # str() first so 0.015 becomes Decimal("0.015"), not its binary expansion.
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise OptionError(f"option {name!r} must be a number, got {value!r}") from None
    if not number.is_finite() or number < 0:
        raise OptionError(f"option {name!r} must be a finite number >= 0, got {value!r}")
    return number


def as_choice(name: str, value: object, choices: Collection[str]) -> str:
    """``value`` when it is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        listed = " or ".join(repr(c) for c in choices)
        raise OptionError(f"option {name!r} must be {listed}, got {value!r}")
    return value


def as_kinds(name: str, value: object, valid: Collection[str]) -> frozenset[str] | None:
    """Derivation kinds: ``"all"``/``"default"``/``None`` (every kind: ``None``), a
    comma-separated string, or an iterable of names, each one of ``valid``.

    >>> sorted(as_kinds("derivations", "sum, ratio", ENGINE_KINDS) or ())
    ['ratio', 'sum']
    """
    if value is None:
        return None
    if isinstance(value, str):
        if value.strip().lower() in _ALL:
            return None
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, Iterable) or isinstance(value, (bytes, dict)):
        raise OptionError(f"option {name!r} must be 'all' or a set of kind names, got {value!r}")
    names = list(value)
    if not all(isinstance(n, str) for n in names):
        raise OptionError(f"option {name!r} must be 'all' or a set of kind names, got {value!r}")
    unknown = sorted(set(names) - set(valid))
    if unknown:
        raise OptionError(
            f"unknown derivation kind {unknown[0]!r} in {name!r}; "
            f"valid kinds: {', '.join(sorted(valid))}, or 'all'"
        )
    return frozenset(names)


def as_key(value: object) -> str | tuple[str, ...] | None:
    """``trace``'s ``key``: a column name, a list of them, or None (the first text column)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise OptionError(f"option 'key' must be a column name (str) or a list of them, got {value!r}")
