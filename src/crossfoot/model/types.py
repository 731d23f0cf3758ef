"""Value types shared by every stage of the engine.

Everything here is a frozen, slotted dataclass: the pipeline passes values from stage to stage and
never mutates them, so a rule can keep a reference without copying.

Stages and what they produce::

    text    --extract-->   Mention      (a number as written in the answer)
    sources --load------>  Source       (one record/string/table set) holding SourceValue
    engine  --verify---->  Claim        (a Mention with a status and Evidence)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Context, Decimal, localcontext
from functools import wraps
from typing import Literal, ParamSpec, TypeVar, get_args

from crossfoot.model._fastinit import fast_init

__all__ = [
    "EXACT",
    "FAILING_STATUSES",
    "PASSING_STATUSES",
    "STATUSES",
    "Claim",
    "Evidence",
    "Kind",
    "Mention",
    "Sentence",
    "Source",
    "SourceValue",
    "Status",
    "exact",
    "format_decimal",
    "kind_family",
]

#: The decimal context checks run in (``decimal.localcontext(EXACT)``): enough digits for a figure
#: of 64 digits, its half-unit precision and a sum of two. The default context keeps 28 digits,
#: so "v - 0.5" of a 40-digit v rounded back to v and a written figure missed its own source.
EXACT = Context(prec=80)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def exact(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``func`` in the :data:`EXACT` decimal context (the front doors' entry points)."""

    @wraps(func)
    def in_exact_context(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with localcontext(EXACT):
            return func(*args, **kwargs)

    return in_exact_context


#: What a number is. ``pp`` is percentage points, ``bps`` basis points.
Kind = Literal["money", "number", "percent", "pp", "bps", "year", "ratio"]

Status = Literal[
    "supported_exact",
    "supported_rounded",
    "derived",
    "contradicted",
    "wrong_record",
    "wrong_row",
    "off_question",
    "arithmetic_error",
    "unit_unstated",
    "unsupported",
    "uncited",
    "unknown_citation",
]

# One list of statuses, in the order reports present them: the Literal above.
STATUSES: tuple[str, ...] = get_args(Status)
PASSING_STATUSES: frozenset[str] = frozenset({"supported_exact", "supported_rounded", "derived"})
FAILING_STATUSES: frozenset[str] = frozenset(STATUSES) - PASSING_STATUSES


@fast_init
@dataclass(frozen=True, slots=True)
class Mention:
    """One number as written in a text.

    ``value`` is signed and scaled ("$3.2bn" -> 3200000000); ``precision`` is the half unit of the
    last written digit after scaling ("$3.2bn" -> 50000000), so any true value within
    ``value ± precision`` rounds to what was written. For a range ("40 to 50 million") ``value`` is
    the low end and ``high`` the high end.
    """

    text: str  # the characters of the number as written, with currency/scale/percent sign
    start: int  # span in the text it came from
    end: int
    value: Decimal  # signed, scaled
    kind: Kind
    precision: Decimal  # half unit of the last written digit, after scaling
    currency: str | None = None  # "$", "€", "£", "¥", "₹" or an ISO code such as "USD"
    scale: Decimal = Decimal(1)  # 1, 1e3, 1e6, 1e9, 1e12, 1e5 (lakh), 1e7 (crore)
    scale_word: str | None = None  # the scale as written: "bn", "million", "k", ...
    written: Decimal = Decimal(0)  # the unscaled digits as written, unsigned: 3.2 for "$3.2bn"
    negative: bool = False  # leading minus, U+2212, or accounting parentheses "(1,234)"
    high: Decimal | None = None  # upper end of a range
    approximate: bool = False  # preceded by "about", "approximately", "~", "nearly", ...
    claim: bool = True  # False for numbers that are not claims (formula constants, list markers)
    unit: str | None = None  # a unit of measure written with it: "kg", "km", "°C", "lb"
    unreadable: bool = False  # more than 64 digits: not read, reported as a failing claim


@fast_init
@dataclass(frozen=True, slots=True)
class SourceValue:
    """One number a source offers, with where it came from.

    A table cell under a unit header yields two values: the cell as written and the scaled one
    (``unit_header`` set, ``view="true"``).
    """

    value: Decimal
    source_id: str
    kind: Kind = "number"
    label: str = ""  # human label for evidence: field name, or "row / column"
    field: str | None = None  # record field name, for record fields
    row: str | None = None  # table row label
    column: str | None = None  # table column label
    year: int | None = None  # year from the column header, row label or field name
    table: int | None = None  # index of the table within its source (0-based)
    row_index: int | None = None
    col_index: int | None = None
    span: tuple[int, int] | None = None  # char span in the source text, for prose values
    unit_header: str | None = None  # "(in millions)" when this value was scaled by a header
    # Which unit view the value belongs to. A cell "7,170" under "(in millions)" yields a "written"
    # value 7170 and a "true" value 7,170,000,000; everything else is "both". Derivations combine
    # values of one view only, so a scaled operand is never divided by an unscaled one.
    view: Literal["both", "true", "written"] = "both"
    # False for aliases that may match directly but never feed a derivation: "2.2" standing for
    # "$2.2 billion" written in a calculation with its unit dropped.
    operand: bool = True
    precision: Decimal = Decimal(0)  # 0 for exact fields; half unit for prose numbers
    currency: str | None = None
    # The month or quarter of a text table's row in a series by month (sources.rows_months:
    # (year or None, 1-12 or QUARTER + 1-4)); a result set's rows keep theirs with the table.
    period: tuple[int | None, int] | None = None

    def describe(self) -> str:
        """A short label for evidence strings, e.g. ``[R1] revenue_2024 = 3,214,000,000``."""
        name = self.label or self.field or "value"
        return f"[{self.source_id}] {name} = {format_decimal(self.value)}"


@fast_init
@dataclass(frozen=True, slots=True)
class Source:
    """One source: a plain string (``S1``...), or a record ``{"id", "text", "fields"}``."""

    id: str
    text: str = ""
    values: tuple[SourceValue, ...] = ()
    aliases: frozenset[str] = frozenset()  # other citation tokens that name it: "1", "S1"
    unit_header: str | None = None
    truncated: bool = False  # True when the text was cut at the indexing limit


@fast_init
@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of the answer with its resolved citations."""

    index: int
    start: int
    end: int
    text: str
    cited: tuple[str, ...] = ()  # ids of known sources the sentence cites
    unknown: tuple[str, ...] = ()  # citation tokens that name no source


@fast_init
@dataclass(frozen=True, slots=True)
class Evidence:
    """Why a claim got its status. ``rule`` names the rule family, ``kind`` the derivation kind
    (cell, exact, rounded, percent_change, difference, sum, share, ratio, ...).
    """

    rule: str
    kind: str
    # Human readable, e.g. "% change revenue_2023 (2,870,000,000) -> revenue_2024 (...)".
    formula: str
    operands: tuple[SourceValue, ...] = ()
    result: Decimal | None = None  # the value the formula produces
    note: str = ""  # e.g. "order unknown: magnitude only"


@fast_init
@dataclass(frozen=True, slots=True)
class Claim:
    """A number of the answer with its verdict."""

    mention: Mention
    sentence: Sentence
    status: Status
    evidence: Evidence | None = None
    message: str = ""  # why it failed, in words, when there is no evidence

    @property
    def text(self) -> str:
        return self.mention.text

    @property
    def value(self) -> Decimal:
        return self.mention.value

    @property
    def span(self) -> tuple[int, int]:
        return (self.mention.start, self.mention.end)

    @property
    def passed(self) -> bool:
        return self.status in PASSING_STATUSES

    def describe(self) -> str:
        """``[status] text - evidence`` as one line (the reason, for a failing claim)."""
        if self.evidence is not None and (self.passed or not self.message):
            detail = self.evidence.formula
        else:
            detail = self.message
        return f"[{self.status}] {self.mention.text} - {detail}"


def kind_family(kind: str) -> str:
    """What a kind compares with: amounts (money and plain numbers) with each other, every other
    kind with its own.

    >>> kind_family("money"), kind_family("number"), kind_family("percent")
    ('amount', 'amount', 'percent')
    """
    return "amount" if kind in ("money", "number") else kind


def format_decimal(value: Decimal) -> str:
    """Format with thousands separators and no exponent: ``3214000000`` -> ``3,214,000,000``."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    if value == value.to_integral_value():
        return f"{sign}{int(value):,}"
    text = format(value.normalize(), "f")
    whole, _, frac = text.partition(".")
    return f"{sign}{int(whole):,}.{frac}"
