"""What a rule sees and what it returns: :class:`ClaimContext`, :class:`Scope`, :class:`Verdict`.

These types sit below the rules and the language helpers, so both can use them without importing
each other: a rule is a function ``rule(ctx: ClaimContext) -> Verdict | None``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from crossfoot.model._fastinit import fast_init
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, Source, SourceValue, Status

__all__ = [
    "ClaimContext",
    "Rule",
    "Scope",
    "Verdict",
    "index_of",
    "mention_range",
    "mentions_between",
    "mentions_ending_in",
]


@fast_init
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

    def source(self, source_id: str) -> Source | None:
        """The source in scope with id ``source_id``, or None."""
        for s in self.sources:  # (a few sources: a scan, on the wrong-row reading's path)
            if s.id == source_id:
                return s
        return None


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
        return mentions_between(self, s.start, s.end)


#: Characters of its sentence a claim's rules read at least on either side of it. A longer
#: sentence (a table flattened into one line, a run of hundreds of figures) is cut into blocks of
#: this size, and a claim sees its own block and the one on each side: each claim costs what is
#: near it, so a long sentence costs linear time, not quadratic, and the claims of one block
#: share one window (the rules' per-sentence memos serve all of them). Ordinary sentences are far
#: shorter (the longest in the benchmark answers is 640 characters): they are passed whole.
WINDOW = 400
# How far a window edge moves out to the nearest space, so no word or number is cut.
_SNAP = 40


def claim_window(text: str, sentence: Sentence, mention: Mention) -> Sentence:
    """The sentence a claim's rules see: the whole sentence, or, in a long one, the block of
    :data:`WINDOW` characters that holds the claim with the block before and after it (same
    index and citations).

    >>> from decimal import Decimal
    >>> s = Sentence(0, 0, 5000, "x" * 5000)
    >>> w = claim_window(s.text, s, Mention("5", 2500, 2501, Decimal(5), "number", Decimal(1)))
    >>> (w.start, w.end)
    (2000, 3200)
    """
    if sentence.end - sentence.start <= 3 * WINDOW:
        return sentence
    block = (mention.start - sentence.start) // WINDOW
    lo = max(sentence.start, sentence.start + (block - 1) * WINDOW)
    hi = min(sentence.end, sentence.start + (block + 2) * WINDOW)
    if lo > sentence.start:
        space = text.rfind(" ", max(sentence.start, lo - _SNAP), lo)
        lo = space + 1 if space >= 0 else lo
    if hi < sentence.end:
        space = text.find(" ", hi, min(sentence.end, hi + _SNAP))
        hi = space if space >= 0 else hi
    if hi < mention.end:  # (a mention longer than a block)
        hi = min(sentence.end, mention.end)
    return replace(sentence, start=lo, end=hi, text=text[lo:hi])


def _starts(ctx: ClaimContext) -> list[int]:
    """The start of every mention of the answer, made once per answer (kept in ``shared``)."""
    cached = ctx.shared.get("context.starts")
    if isinstance(cached, tuple) and cached[0] is ctx.mentions:
        starts: list[int] = cached[1]
        return starts
    starts = [m.start for m in ctx.mentions]
    ctx.shared["context.starts"] = (ctx.mentions, starts)
    return starts


def mention_range(ctx: ClaimContext, lo: int, hi: int) -> range:
    """The indexes in ``ctx.mentions`` of the mentions that start in ``[lo, hi)``, found by
    bisection: a claim's look at its sentence or the one before costs what is there, not what
    the whole answer holds."""
    starts = _starts(ctx)
    return range(bisect_left(starts, lo), bisect_left(starts, hi))


def mentions_between(ctx: ClaimContext, lo: int, hi: int) -> tuple[Mention, ...]:
    """The mentions that start in ``[lo, hi)`` (see :func:`mention_range`)."""
    r = mention_range(ctx, lo, hi)
    return ctx.mentions[r.start : r.stop]


def mentions_ending_in(ctx: ClaimContext, lo: int, hi: int) -> list[Mention]:
    """The mentions ``x`` with ``lo <= x.end <= hi``, in order: those that start at most the
    answer's longest mention before ``lo`` and by ``hi`` (an end is never before its start), so
    a claim's look back costs what is near it, not the whole answer.

    >>> from decimal import Decimal
    >>> ms = tuple(Mention(str(k), k, k + 1, Decimal(k), "number", Decimal(1)) for k in range(9))
    >>> ctx = ClaimContext(ms[0], Sentence(0, 0, 9, "x" * 9), "x" * 9, ms, 0, None, Options())
    >>> [x.start for x in mentions_ending_in(ctx, 3, 5)]
    [2, 3, 4]
    """
    cached = ctx.shared.get("context.longest")
    if isinstance(cached, tuple) and cached[0] is ctx.mentions:
        longest: int = cached[1]
    else:
        longest = max((x.end - x.start for x in ctx.mentions), default=0)
        ctx.shared["context.longest"] = (ctx.mentions, longest)
    r = mention_range(ctx, lo - longest, hi + 1)
    return [x for x in ctx.mentions[r.start : r.stop] if lo <= x.end <= hi]


def index_of(ctx: ClaimContext, m: Mention) -> int:
    """The index of ``m`` in ``ctx.mentions`` (of the mention at the same span); 0 if none."""
    starts = _starts(ctx)
    i = bisect_left(starts, m.start)
    while i < len(starts) and starts[i] == m.start:
        if ctx.mentions[i].end == m.end:
            return i
        i += 1
    return 0


Rule = Callable[[ClaimContext], "Verdict | None"]
