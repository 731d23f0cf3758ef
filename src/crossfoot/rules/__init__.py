"""Verification rules, run in order for every claim.

A rule is a function ``rule(ctx: ClaimContext) -> Verdict | None``. The engine calls the rules of
:data:`RULES` in order and keeps the first verdict returned; ``None`` means "this rule has nothing
to say, try the next". A rule that proves a number returns a passing verdict (``supported_exact``,
``supported_rounded``, ``derived``); a rule that proves it *wrong* (``contradicted``,
``arithmetic_error``, ``wrong_row``) returns that. ``unsupported``, ``wrong_record``, ``uncited``
and ``unknown_citation`` are decided by the engine itself, after the rules.

Each rule family lives in its own module and registers nothing at import: the order is this tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from .._index import ValueIndex

if TYPE_CHECKING:
    from .._arith import Calculation
from .._types import Claim, Evidence, Mention, Sentence, Source, SourceValue, Status

__all__ = ["RULES", "ClaimContext", "Options", "Rule", "Scope", "Verdict"]


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


@dataclass(frozen=True, slots=True)
class Verdict:
    status: Status
    evidence: Evidence | None = None
    message: str = ""


@dataclass(slots=True)
class Scope:
    """The sources a claim may be checked against, with their indexes.

    ``index`` covers every value in scope. ``groups`` are the operand pools a derivation may draw
    from together: for a cited sentence one group of all its cited records, for an uncited sentence
    one group per record (or per table), so unrelated records never combine by chance.
    """

    sources: tuple[Source, ...]
    cited: bool
    index: ValueIndex
    groups: tuple[ValueIndex, ...]

    def values(self) -> tuple[SourceValue, ...]:
        return self.index.values


@dataclass(slots=True)
class ClaimContext:
    """Everything a rule may look at for one claim."""

    mention: Mention
    sentence: Sentence
    text: str  # the whole answer
    mentions: tuple[Mention, ...]  # every mention of the answer, in order
    position: int  # index of ``mention`` in ``mentions``
    scope: Scope
    options: Options
    # Claims of the answer already passed (earlier mentions), for restatements and step-by-step
    # arithmetic. Rules look back at most two sentences (see rules.steps).
    grounded: Sequence[Claim] = ()  # the engine's running list: read it, never keep it
    # Scratch space a rule may leave for later rules, for this claim only.
    notes: dict[str, object] = field(default_factory=dict)
    # One dict shared by every claim of the same answer: per-answer caches (parse the answer's
    # calculations once, not once per claim). Key by module name.
    shared: dict[str, object] = field(default_factory=dict)

    def calculations(self) -> list[Calculation]:
        """The calculations the answer writes out, parsed once per answer (not once per claim)."""
        cached = self.shared.get("calculations")
        if cached is None:
            from .._arith import find_calculations

            cached = find_calculations(self.text, self.mentions)
            self.shared["calculations"] = cached
        return cached  # type: ignore[return-value]

    @property
    def sentence_mentions(self) -> tuple[Mention, ...]:
        s = self.sentence
        return tuple(m for m in self.mentions if s.start <= m.start < s.end)


Rule = Callable[[ClaimContext], "Verdict | None"]


def _load_rules() -> tuple[Rule, ...]:
    # Imported here, not at the top: the rule modules import this package's types.
    from .arithmetic import written_calculation
    from .derive import two_operand
    from .direct import direct_match
    from .multi import multi_operand
    from .rowsums import row_derivations
    from .steps import step_arithmetic

    return (
        written_calculation,  # "a - b = c" the answer writes out must add up
        direct_match,  # exact / rounded / unit header / fraction<->percent, then the row check
        row_derivations,  # result rows: column sums and means, shares, row sums (trace only)
        step_arithmetic,  # restatements and arithmetic over already grounded numbers
        two_operand,  # change, % change, pp, bps, difference, sum, share, ratio, mean
        multi_operand,  # sums and means of 3..k values, CAGR
    )


RULES: tuple[Rule, ...] = ()


def rules() -> tuple[Rule, ...]:
    """The ordered rule tuple (loaded once)."""
    global RULES
    if not RULES:
        RULES = _load_rules()
    return RULES
