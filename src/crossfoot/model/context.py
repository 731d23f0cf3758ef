"""What a rule sees and what it returns: :class:`ClaimContext`, :class:`Scope`, :class:`Verdict`.

These types sit below the rules and the language helpers, so both can use them without importing
each other: a rule is a function ``rule(ctx: ClaimContext) -> Verdict | None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, Source, SourceValue, Status

__all__ = ["ClaimContext", "Rule", "Scope", "Verdict"]


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
    # calculations once, not once per claim: crossfoot.arithmetic.calculations_of). Key by module
    # name.
    shared: dict[str, object] = field(default_factory=dict)

    @property
    def sentence_mentions(self) -> tuple[Mention, ...]:
        s = self.sentence
        return tuple(m for m in self.mentions if s.start <= m.start < s.end)


Rule = Callable[[ClaimContext], "Verdict | None"]
