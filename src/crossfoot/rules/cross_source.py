"""A finely stated share or ratio derived from values of two different sources.

An uncited sentence searches each source on its own, so unrelated sources never combine by
chance (docs/derivations.md). A report's table and its running text are often two sources,
though, and a share may take one operand from each: "foodservice sales were $437 million" in
the text over the table's packaging sales of 2,245 (in millions) is the "0.1947" of the answer.
A share or a ratio stated to about four significant digits or finer (a half unit of at most
0.05 % of it, as for two prose figures far apart) is derived once more from all the sentence's
sources as one pool, under the same chance budget (the pool's size against the figure's
precision); coarser figures, and changes, sums and differences, stay within one source.

One exception: figures of running text that the claim names by subject and year, a paragraph
each ("In March 2023, we granted 612,400 units" and "In August 2024, we granted 538,770 units"
for the change in units granted between March 2023 and August 2024). Only those figures are
pooled (:func:`crossfoot.rules._year_focus.prose_focus`: of a year the claim or its question
names, their own sentence sharing a content word with it), so a change, sum, difference or mean
of two of them is searched in a pool of a few values, as within one source. Likewise a cell of a
table row the claim names, in a year it names, with such a prose figure of another paragraph: a
footnote's excluded charge added to the row it qualifies ("Other associated costs exclude $1.9
million for 2018"), a country's figure over its region's cell, an expense over a balance.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowfocus import focus_group
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.rules._prose_subject import prose_named
from crossfoot.rules._year_focus import named_years, prose_focus
from crossfoot.rules.derive import two_operand

__all__ = ["across_sources"]

_FINE = Decimal("0.0005")  # half unit over the figure: about four significant digits
# A quotient of two things the text and the table state apart ("$437 million of the 2,245").
# A change or a difference is of one quantity over time, which one source states: across
# sources such pairs met injected wrong figures by chance (1,180 - 1 = 1,179) on the tuning half.
_KINDS = frozenset({"share", "ratio"})
_NOTE = "operands from two sources: the figure is stated finely enough to search them together"
# Of the prose figures the claim names by subject and year, in two paragraphs: one quantity at
# two dates, so the operations of one quantity over time (and its total or mean).
_NAMED_KINDS = frozenset({"difference", "percent_change", "sum", "average"})
_NAMED_NOTE = "operands from two paragraphs, each figure named by the claim's subject and year"
# A cell with a prose figure: two things, one of them often a part or an adjustment of the other.
_MIXED_KINDS = frozenset({"sum", "difference", "share", "ratio"})
_MIXED_NOTE = "a cell of a row the claim names and a prose figure it names, of the year it names"
_MIXED_MAX = 8  # named cells and prose figures together: a pool of a few values, not a table


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
    if m.value == 0 or m.high is not None:
        return None
    if m.precision <= abs(m.value) * _FINE:
        found = _across(ctx, _pooled(ctx), _KINDS, _NOTE)
        if found is not None:
            return found
    named = _named_prose(ctx)
    found = None if named is None else _across(ctx, named, _NAMED_KINDS, _NAMED_NOTE)
    if found is not None:
        return found
    mixed = _named_cells_and_prose(ctx)
    return None if mixed is None else _across(ctx, mixed, _MIXED_KINDS, _MIXED_NOTE)


def _named_cells_and_prose(ctx: ClaimContext) -> Scope | None:
    """The cells of the table rows the claim names, in the years it names, with the prose
    figures of those years it names by subject, as one pool; None unless both are there and
    they are few (:data:`_MIXED_MAX`)."""
    years = named_years(ctx)
    if not years:
        return None
    pool = _pooled(ctx).groups[0]
    prose = [v for v in pool.values if v.year in years and prose_named(ctx, v)]
    if not prose:
        return None
    table = ValueIndex([v for v in pool.values if v.table is not None])
    rows = focus_group(ctx, table, whole=True) if table.values else None
    if rows is None:
        return None
    cells = [v for v in rows.values if (p := period(v)) is not None and p[0] in years]
    if not cells or len(cells) + len(prose) > _MIXED_MAX:
        return None
    return replace(ctx.scope, groups=(ValueIndex(cells + prose),))


def _named_prose(ctx: ClaimContext) -> Scope | None:
    """The prose figures of two or more sources that the claim names by subject and year, as
    one pool; None when fewer than two sources hold them."""
    pool = _pooled(ctx).groups[0]
    named = prose_focus(ctx, pool)
    if named is None or len({v.source_id for v in named.values}) < 2:
        return None
    return replace(ctx.scope, groups=(named,))


def _across(ctx: ClaimContext, scope: Scope, allowed: frozenset[str], why: str) -> Verdict | None:
    """Derive the claim in ``scope`` by the ``allowed`` kinds; kept only when its operands
    stand in two sources (pairs within one were searched already)."""
    given = ctx.options.derivations
    kinds = allowed if given is None else allowed & given
    if not kinds:
        return None
    options = replace(ctx.options, derivations=kinds)
    verdict = two_operand(replace(ctx, scope=scope, options=options))
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    ev = verdict.evidence
    if len({v.source_id for v in ev.operands}) < 2:
        return None
    note = f"{ev.note}; {why}" if ev.note else why
    return Verdict(verdict.status, replace(ev, note=note), verdict.message)
