"""A finely stated share or ratio derived from values of two different sources.

An uncited sentence searches each source on its own, so unrelated sources never combine by
chance (docs/derivations.md). A report's table and its running text are often two sources,
though, and a share may take one operand from each: "foodservice sales were $437 million" in
the text over the table's packaging sales of 2,245 (in millions) is the "0.1947" of the answer.
A share or a ratio stated to about four significant digits or finer (a half unit of at most
0.05 % of it, as for two prose figures far apart) is derived once more from all the sentence's
sources as one pool, under the same chance budget (the pool's size against the figure's
precision); coarser figures, and changes, sums and differences, stay within one source.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
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


def _pool(scope: Scope) -> Scope:
    return replace(scope, groups=(ValueIndex([v for g in scope.groups for v in g.values]),))


def across_sources(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine figure of an uncited sentence derived from values of two of its sources.

    Only a derivation whose operands stand in two sources is kept: pairs within one source were
    searched already.
    """
    m = ctx.mention
    scope = ctx.scope
    if scope is None or scope.cited or len(scope.groups) < 2 or not m.claim:
        return None
    if m.value == 0 or m.high is not None or m.precision > abs(m.value) * _FINE:
        return None
    kinds = _KINDS if ctx.options.derivations is None else _KINDS & ctx.options.derivations
    if not kinds:
        return None
    options = replace(ctx.options, derivations=kinds)
    verdict = two_operand(replace(ctx, scope=_pooled(ctx), options=options))
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    ev = verdict.evidence
    if len({v.source_id for v in ev.operands}) < 2:
        return None
    note = f"{ev.note}; {_NOTE}" if ev.note else _NOTE
    return Verdict(verdict.status, replace(ev, note=note), verdict.message)
