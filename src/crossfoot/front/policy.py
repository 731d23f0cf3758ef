"""Matching policy for :func:`crossfoot.trace`: how strictly a figure must match the rows.

A :class:`Policy` is a frozen value. The module offers three ready ones:

- :data:`DEFAULT` matches at the precision a figure is written ("$5M" covers 4.5M-5.5M, "$4.88M"
  covers 4.875M-4.885M), checks small counts and only skips numbers that are clearly not claims.
- :data:`STRICT` is the default without the benefit of the doubt: no approximate-word widening,
  years are checked too, and ``max_rows`` is lower so fewer pairwise candidates exist.
- :data:`LENIENT` is a flat 5 % tolerance that lets unmatched percentages through, for drafts.

Options are validated when the policy is built, so a typo fails at the call site:

>>> DEFAULT.with_overrides(rel_tolerance=0.01).rel_tolerance
Decimal('0.01')
>>> DEFAULT.with_overrides(tolerance=0.01)
Traceback (most recent call last):
...
TypeError: unknown trace option 'tolerance' (did you mean 'rel_tolerance'?); valid options: ...
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from decimal import Decimal, InvalidOperation
from typing import Literal

__all__ = [
    "AGGREGATE_KINDS",
    "DEFAULT",
    "DERIVATION_KINDS",
    "LENIENT",
    "PAIRWISE_KINDS",
    "STRICT",
    "Policy",
]

#: Kinds computed from whole columns or rows of a result set (rules.rowsums).
AGGREGATE_KINDS: frozenset[str] = frozenset(
    {"cell", "column_sum", "column_mean", "share", "row_sum", "row_count"}
)
#: Kinds computed from two or more cells (the engine's derivation rules, and adjacent sums).
PAIRWISE_KINDS: frozenset[str] = frozenset(
    {
        "sum",
        "difference",
        "ratio",
        "percent",
        "percent_change",
        "pp_change",
        "bps_change",
        "average",
        "cagr",
    }
)
#: Every derivation kind name a policy may allow. These are the names evidence carries.
DERIVATION_KINDS: frozenset[str] = AGGREGATE_KINDS | PAIRWISE_KINDS


def _decimal(name: str, value: object, *, allow_none: bool) -> Decimal | None:
    if value is None:
        if allow_none:
            return None
        raise ValueError(f"trace option {name!r} must be a number, got None")
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise ValueError(f"trace option {name!r} must be a number, got {type(value).__name__}")
    try:
        # str() first so 0.015 becomes Decimal("0.015"), not its binary expansion.
        result = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(f"trace option {name!r} must be a number, got {value!r}") from None
    if not result.is_finite() or result < 0:
        raise ValueError(f"trace option {name!r} must be a finite number >= 0, got {value!r}")
    return result


def _kinds(value: object) -> frozenset[str]:
    """Normalise ``derivations``: "all", "default", "a,b", or an iterable of kind names."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("all", "default"):
            return DERIVATION_KINDS
        if word in ("none", "cell", ""):
            return frozenset({"cell"})
        value = [part.strip() for part in word.split(",") if part.strip()]
    if not isinstance(value, Iterable):
        raise ValueError(
            f"trace option 'derivations' must be 'all' or a set of kind names, got {value!r}"
        )
    names = frozenset(str(v) for v in value)
    unknown = sorted(names - DERIVATION_KINDS)
    if unknown:
        raise ValueError(
            f"unknown derivation kind {unknown[0]!r} in 'derivations'; "
            f"valid kinds: {', '.join(sorted(DERIVATION_KINDS))}, or 'all'"
        )
    # A direct cell match is the base of every check; a policy without it would flag everything.
    return names | {"cell"}


@dataclass(frozen=True, slots=True)
class Policy:
    """How :func:`crossfoot.trace` matches figures to result rows.

    ``rel_tolerance``/``abs_tolerance``: ``None`` (the default) means *precision-aware*: a figure
    matches a value when the value rounds to the figure at the precision it is written. A number
    switches to a flat tolerance: ``|figure - value| <= max(rel_tolerance * |figure|,
    abs_tolerance)``.
    ``ignore_below``: plain figures (no currency, no percent) whose size is at or below this are not
    checked; 0 (the default) checks every figure that reads as a claim. ``ignore_years``: skip
    four-digit years used as dates ("in 2024"). ``unmatched_percent``: ``"flag"`` or ``"pass"``
    (a percentage that matches nothing is let through). ``max_rows``: the pairwise and adjacent-cell
    derivations use the first ``max_rows`` rows of each result set; cells, column sums and means use
    every row. ``derivations``: kind names allowed (see :data:`DERIVATION_KINDS`) or ``"all"``.
    ``parse_strings``: read numeric strings in cells ("$1,200", "12%"). ``approximate``: let
    "about"/"roughly" widen a figure's precision by one digit.

    >>> Policy(rel_tolerance=0.02).rel_tolerance
    Decimal('0.02')
    """

    rel_tolerance: Decimal | None = None
    abs_tolerance: Decimal | None = None
    ignore_below: Decimal = Decimal(0)
    ignore_years: bool = True
    unmatched_percent: Literal["flag", "pass"] = "flag"
    max_rows: int = 12
    derivations: frozenset[str] = DERIVATION_KINDS
    parse_strings: bool = True
    approximate: bool = True

    def __post_init__(self) -> None:
        # Normalise loosely typed input (floats, "all", lists) into the declared types once.
        set_ = object.__setattr__
        set_(self, "rel_tolerance", _decimal("rel_tolerance", self.rel_tolerance, allow_none=True))
        set_(self, "abs_tolerance", _decimal("abs_tolerance", self.abs_tolerance, allow_none=True))
        set_(
            self, "ignore_below", _decimal("ignore_below", self.ignore_below or 0, allow_none=False)
        )
        set_(self, "derivations", _kinds(self.derivations))
        if self.unmatched_percent not in ("flag", "pass"):
            raise ValueError(
                "trace option 'unmatched_percent' must be 'flag' or 'pass', "
                f"got {self.unmatched_percent!r}"
            )
        if isinstance(self.max_rows, bool) or not isinstance(self.max_rows, int):
            raise ValueError(f"trace option 'max_rows' must be an int, got {self.max_rows!r}")
        if self.max_rows < 0:
            raise ValueError(f"trace option 'max_rows' must be >= 0, got {self.max_rows}")
        for name in ("ignore_years", "parse_strings", "approximate"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    f"trace option {name!r} must be True or False, got {getattr(self, name)!r}"
                )

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names :meth:`with_overrides` accepts, in declaration order."""
        return tuple(f.name for f in fields(cls))

    @property
    def flat(self) -> bool:
        """True when a flat tolerance replaces precision-aware matching."""
        return self.rel_tolerance is not None or self.abs_tolerance is not None

    def with_overrides(self, **overrides: object) -> Policy:
        """A copy with some options changed; an unknown name raises ``TypeError``.

        >>> STRICT.with_overrides(max_rows=5).max_rows
        5
        """
        valid = self.option_names()
        for name in overrides:
            if name not in valid:
                close = difflib.get_close_matches(name, valid, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise TypeError(
                    f"unknown trace option {name!r}{hint}; valid options: {', '.join(valid)}"
                )
        if not overrides:
            return self
        return replace(self, **overrides)  # type: ignore[arg-type]

    def allows(self, kind: str) -> bool:
        """Whether evidence of this derivation kind may ground a figure."""
        return kind in self.derivations


#: Precision-aware matching, every derivation, small counts checked.
DEFAULT = Policy()
#: No approximate widening, years and small numbers checked, pairwise search over 8 rows.
STRICT = Policy(ignore_years=False, approximate=False, max_rows=8)
#: A flat 5 % tolerance; percentages that match nothing pass.
LENIENT = Policy(rel_tolerance=Decimal("0.05"), unmatched_percent="pass", max_rows=20)
