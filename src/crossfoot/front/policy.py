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
crossfoot.model.errors.OptionError: unknown trace option 'tolerance' (did you mean ...
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import Literal

from crossfoot.model.errors import OptionError
from crossfoot.model.options import MAX_CLAIMS, MAX_SOURCE_NUMBERS
from crossfoot.model.validate import (
    as_bool,
    as_choice,
    as_count,
    as_kinds,
    as_number,
    unknown_option,
)

__all__ = [
    "AGGREGATE_KINDS",
    "DEFAULT",
    "DERIVATION_KINDS",
    "LENIENT",
    "PAIRWISE_KINDS",
    "STRICT",
    "Policy",
    "policy_of",
]

#: Kinds computed from whole columns or rows of a result set (rules.rowsums).
AGGREGATE_KINDS: frozenset[str] = frozenset(
    {"cell", "column_sum", "column_mean", "median", "share", "row_sum", "row_count"}
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


def _kinds(value: object) -> frozenset[str]:
    """``derivations`` by :func:`~crossfoot.model.validate.as_kinds`, in trace's vocabulary;
    "none" (or "cell") keeps direct cell matches only."""
    if isinstance(value, str) and value.strip().lower() in ("none", "cell", ""):
        return frozenset({"cell"})
    names = as_kinds("derivations", value, DERIVATION_KINDS)
    # A direct cell match is the base of every check; a policy without it would flag everything.
    return DERIVATION_KINDS if names is None else names | {"cell"}


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
    "about"/"roughly" widen a figure's precision by one digit. ``max_claims``: figures checked per
    answer; an answer with more fails, with an issue naming how many were not checked.
    ``max_source_numbers``: numbers read from the prose sources among ``results`` (plain strings),
    all together; past it the rest is not read, with a warning (None: no bound).
    ``answer_decimals``: with ``question=``, a final figure the answer computes must be written
    with at least this many decimals, or be the computed value at them (check's option of the
    same name, docs/claims.md; None, the default: rounding is free).

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
    max_claims: int = MAX_CLAIMS
    max_source_numbers: int | None = MAX_SOURCE_NUMBERS
    answer_decimals: int | None = None

    def __post_init__(self) -> None:
        # Normalise loosely typed input (floats, "all", lists) into the declared types once, with
        # the validators check() uses (crossfoot.model.validate).
        set_ = object.__setattr__
        for name in ("rel_tolerance", "abs_tolerance"):
            value = getattr(self, name)
            set_(self, name, None if value is None else as_number(name, value))
        set_(self, "ignore_below", as_number("ignore_below", self.ignore_below or 0))
        set_(self, "derivations", _kinds(self.derivations))
        as_choice("unmatched_percent", self.unmatched_percent, ("flag", "pass"))
        as_count("max_rows", self.max_rows)
        as_count("max_claims", self.max_claims)
        if self.max_source_numbers is not None:
            as_count("max_source_numbers", self.max_source_numbers)
        if self.answer_decimals is not None:
            as_count("answer_decimals", self.answer_decimals)
        for name in ("ignore_years", "parse_strings", "approximate"):
            as_bool(name, getattr(self, name))

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names :meth:`with_overrides` accepts, in declaration order."""
        return tuple(f.name for f in fields(cls))

    @property
    def flat(self) -> bool:
        """True when a flat tolerance replaces precision-aware matching."""
        return self.rel_tolerance is not None or self.abs_tolerance is not None

    def with_overrides(self, **overrides: object) -> Policy:
        """A copy with some options changed; an unknown name raises ``OptionError`` (a
        ``TypeError``).

        >>> STRICT.with_overrides(max_rows=5).max_rows
        5
        """
        valid = self.option_names()
        for name in overrides:
            if name not in valid:
                raise unknown_option(name, valid, what="trace option")
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

_PRESETS = {"DEFAULT": DEFAULT, "STRICT": STRICT, "LENIENT": LENIENT}


def policy_of(value: object) -> Policy:
    """``trace``'s ``policy`` option: a :class:`Policy`, a preset's name in any case, or None
    (:data:`DEFAULT`).

    >>> policy_of("strict") is STRICT
    True
    """
    if value is None:
        return DEFAULT
    if isinstance(value, Policy):
        return value
    if isinstance(value, str) and value.strip().upper() in _PRESETS:
        return _PRESETS[value.strip().upper()]
    raise OptionError(
        "option 'policy' must be a Policy or the name of a preset: STRICT, LENIENT or DEFAULT; "
        f"got {value!r}"
    )
