"""A figure derived from values of two different sources of an uncited sentence.

An uncited sentence searches each source on its own, so unrelated sources never combine by
chance (docs/derivations.md). A report's table and its running text are often two sources,
though, and a derivation may take one operand from each: "foodservice sales were $437 million" in
the text over the table's packaging sales of 2,245 (in millions) is the "0.1947" of the answer.
Two readings search all the sentence's sources as one pool:

* a share or a ratio stated to about four significant digits or finer (a half unit of at most
  0.05 % of it, as for two prose figures far apart), under the same chance budget (the pool's
  size against the figure's precision);
* any figure derivable at its precision as a difference, sum, average, percent change or share
  of two amounts whose operands are bound to each other and to the question: every prose
  operand is named by the sentence or the question (rules._prose_subject.prose_named), and the
  prose figure's own sentence names the table cell's row ("Other associated costs excludes
  $1.9 million of ..." beside the row *Other associated costs*), or the two prose figures'
  sentences share a content word ("we granted 547,000 PSUs" / "we granted 464,888 PSUs").
  Percents of running text ("10% of customers") never pair across sources, and a sum or
  difference whose smaller operand is under 1 % of the larger proves nothing.

Coarser ratios, and any pair that is not bound so, stay within one source.

>>> from crossfoot import check
>>> table = '[["($ in millions)", "2025"], ["Marketing expense", "74.2"]]'
>>> note = "Marketing expense excludes launch costs of $6.3 million in 2025."
>>> q = "What would marketing expense in 2025 be if the launch costs were included?"
>>> check(q + " The answer is 80.5 million.", [table, note], question=q).passed
True
>>> check(q + " The answer is 81.5 million.", [table, note], question=q).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import label_tokens, root, tokens
from crossfoot.language.years import known_order
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_cells, per_answer
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._derive_shared import derivable
from crossfoot.rules._prose_subject import context_tokens, prose_named
from crossfoot.rules.derive import two_operand

__all__ = ["across_sources"]

_FINE = Decimal("0.0005")  # half unit over the figure: about four significant digits
# A quotient of two things the text and the table state apart ("$437 million of the 2,245").
# A change or a difference is of one quantity over time, which one source states: across
# sources such pairs met injected wrong figures by chance (1,180 - 1 = 1,179) on the tuning half.
_KINDS = frozenset({"share", "ratio"})
_NOTE = "operands from two sources: the figure is stated finely enough to search them together"


def _pooled(ctx: ClaimContext) -> Scope:
    """The claim's scope with its per-source groups as one pool (made once per scope)."""
    return per_answer(ctx, "cross_source.pooled", ctx.scope, _pool)


# The pool of a scope's groups, across answers: check() reuses the sources (and so the groups)
# of the same passages for every question on them, and the derivation search keeps its readings
# of a group by the group's identity (derive._profile). Keyed by the groups' identities, which
# the entry holds; the oldest entry goes first.
_POOLS: dict[tuple[int, ...], tuple[object, ValueIndex]] = {}


def _pool(scope: Scope) -> Scope:
    pooled = by_cells(_POOLS, scope.groups, 16, _one_pool)
    return replace(scope, groups=(pooled,))


def _one_pool(groups: tuple[ValueIndex, ...]) -> ValueIndex:
    return ValueIndex([v for g in groups for v in g.values])


def across_sources(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine figure of an uncited sentence derived from values of two of its sources.

    Only a derivation whose operands stand in two sources is kept: pairs within one source were
    searched already.
    """
    m = ctx.mention
    scope = ctx.scope
    if scope is None or scope.cited or len(scope.groups) < 2 or not m.claim:
        return None
    if m.value == 0 or m.high is not None:
        return None
    if m.precision > abs(m.value) * _FINE:
        return _named_across(ctx)
    kinds = _KINDS if ctx.options.derivations is None else _KINDS & ctx.options.derivations
    if not kinds:
        return _named_across(ctx)
    options = replace(ctx.options, derivations=kinds)
    verdict = two_operand(replace(ctx, scope=_pooled(ctx), options=options))
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return _named_across(ctx)
    ev = verdict.evidence
    if len({v.source_id for v in ev.operands}) < 2:
        return _named_across(ctx)
    note = f"{ev.note}; {_NOTE}" if ev.note else _NOTE
    return Verdict(verdict.status, replace(ev, note=note), verdict.message)


def _named_across(ctx: ClaimContext) -> Verdict | None:
    """A figure derivable at its precision from a table cell and a prose figure of another
    source (or two prose figures of two passages), every prose operand named by what the
    sentence and the question name (rules._prose_subject)."""
    flat = ctx.options.rel_tolerance is not None or ctx.options.abs_tolerance is not None
    if flat or not derivable(ctx.mention, flat):
        return None
    allowed = ctx.options.derivations
    kinds = _NAMED_KINDS if allowed is None else _NAMED_KINDS & allowed
    if not kinds:
        return None
    verdict = two_operand(
        replace(ctx, scope=_pooled(ctx), options=replace(ctx.options, derivations=kinds))
    )
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    ev = verdict.evidence
    if len({v.source_id for v in ev.operands}) < 2:
        return None
    if any(operand_class(v) != "amount" for v in ev.operands):
        return None  # percents of running text ("10% of customers") are too many to pair
    if ev.kind in ("difference", "sum", "average") and _lopsided(ev.operands):
        return None
    if ev.kind == "sum" and not _sum_worded(ctx):
        return None  # a cell and a prose figure add up only where the words say so
    if ev.kind == "percent_change" and known_order(*ev.operands) is None:
        return None  # over which base? Within one source a row's years say; across, nothing
    if not all(v.table is not None or prose_named(ctx, v) for v in ev.operands):
        return None
    if not _bound(ctx, ev.operands):
        return None
    note = f"{ev.note}; {_NOTE_NAMED}" if ev.note else _NOTE_NAMED
    return Verdict(verdict.status, replace(ev, note=note), verdict.message)


# A ratio of amounts ("2.20") stated coarser than four digits stays within one source: an index
# table's values over a prose "$100 investment" meet such figures by chance.
_NAMED_KINDS = frozenset({"difference", "sum", "average", "percent_change", "share"})
_CENT = Decimal(100)


def _lopsided(operands: tuple[SourceValue, ...]) -> bool:
    """A sum or difference whose smaller operand is under 1 % of the larger: its result is the
    larger operand within a figure's precision, so the pair proves nothing ("690,791 - 0.1")."""
    small, large = sorted(abs(v.value) for v in operands)
    return small * _CENT < large


_NOTE_NAMED = "operands from two sources: each prose operand named by the sentence or question"


def _bound(ctx: ClaimContext, operands: tuple[SourceValue, ...]) -> bool:
    """Whether the two operands are about one thing the question asks of: each prose figure's
    own clause shares a word with the claim's sentence, the one before or the question; a prose
    figure's sentence names the table cell's row (a footnote or a remark on that row), and two
    prose figures' clauses share a word ("we granted 547,000 PSUs" / "we granted 464,888")."""
    asked = _asked(ctx)
    clauses = [_words(ctx, v, True) for v in operands]
    if not all(v.table is not None or w & asked for v, w in zip(operands, clauses, strict=True)):
        return False
    if all(v.table is None for v in operands):
        return bool(clauses[0] & clauses[1])
    rows = [_words(ctx, v, False) for v in operands]
    return all(rows) and bool(rows[0] & rows[1])


def _asked(ctx: ClaimContext) -> frozenset[str]:
    asked = ctx.shared.get("ask.context")
    text = focus_text(ctx) + (" " + asked if isinstance(asked, str) else "")
    return _content(tokens(text))


def _words(ctx: ClaimContext, v: SourceValue, clause: bool) -> frozenset[str]:
    """A cell's row words; a prose figure's clause words, or its sentence's (``clause`` False)."""
    if v.table is not None or v.span is None:
        return _content(label_tokens(v.row or ""))
    src = ctx.scope.source(v.source_id) if ctx.scope else None
    if src is None:
        return frozenset()
    return _content(tokens(_clause(src.text, *v.span)) if clause else context_tokens(src, v))


def _content(found: Iterable[str]) -> frozenset[str]:
    return frozenset(root(t) for t in found if len(t) >= 4 and not t.isdigit() and t not in _SAID)


# A prose figure's own clause ends at a clause mark, a sentence end or another number: in "we
# had 4,812 full-time employees, of whom 1,906 worked in research" each figure has its own words.
_CLAUSE_END = re.compile(r"[,;:()]|[.!?](?:\s|$)|\d")
_REACH = 160


def _clause(text: str, start: int, end: int) -> str:
    """The words of the clause around the figure at ``text[start:end]``.

    >>> t = "In 2025, we had 4,812 employees, of whom 1,906 worked in research."
    >>> _clause(t, 16, 21), _clause(t, 41, 46)
    (' we had   employees', ' of whom   worked in research')
    """
    before = text[max(0, start - _REACH) : start]
    cut = [m.end() for m in _CLAUSE_END.finditer(before)]
    after = text[end : end + _REACH]
    stop = _CLAUSE_END.search(after)
    return (before[cut[-1] :] if cut else before) + " " + (after[: stop.start()] if stop else after)


# What words a sum of a cell and a figure of running text: "the total", "combined", "if the
# launch costs were included", "plus". A bare answer line to a question that words none ("What
# was marketing expense in 2025?") reads the cell, or the cell and its footnote, by chance.
_SUM_WORDED = re.compile(
    r"(?i)\b(?:total\w*|sum|summ\w*|combin\w*|altogether|aggregate\w*|together|plus|"
    r"add(?:s|ed|ing|ition\w*)?|includ\w*|inclusive)\b|\+"
)


def _sum_worded(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence, the one before or the question words a sum."""
    asked = ctx.shared.get("ask.context")
    text = focus_text(ctx) + (" " + asked if isinstance(asked, str) else "")
    return _SUM_WORDED.search(text) is not None


# Words any row or remark may hold: sharing one says nothing about being one thing.
_SAID = frozenset({"total", "other", "amount", "value", "year", "ended"})
