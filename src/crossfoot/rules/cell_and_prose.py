"""A difference or a sum of a table cell and a figure of the text, each named by the answer:
"what is operating income less capital expenditures in 2025? The answer is 635." over a table
whose "operating income" row has a 2025 column and a text that gives "capital expenditures were
$937 million in 2025".

A report's table and its running text are often two sources, and an uncited sentence searches
each on its own (docs/derivations.md): a change, sum or difference across sources met injected
wrong figures by chance when any two of their values could pair (rules.cross_source keeps to fine
shares and ratios). Here the pair is licensed by the words, not searched for: the cells of the
table rows the sentence (or the one before) names, and the prose figures it names by subject and
year (rules._year_focus.prose_focus), one of each, combined by the operation it words ("less",
"the difference", "the total"). A handful of pairs, so a figure is matched exactly when it is
stated coarsely, at its precision when finely.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowmatch import focus_group, focus_text
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._derive_shared import Candidate, best_verdict, derivable
from crossfoot.rules._derive_wording import about_window
from crossfoot.rules._prose_subject import context_tokens, prose_named
from crossfoot.rules._year_focus import named_years
from crossfoot.rules.derive import coarse_kinds, pair_candidates

__all__ = ["cell_and_prose"]

_KINDS = frozenset({"difference", "sum"})
# Words that order a difference: the figure named first is the one the other is taken from.
_ORDERED = re.compile(r"(?i)\b(?:less|minus|difference|subtract\w*|net\s+of|exceed\w*|more)\b")
# At most this many values on each side (two unit views of a named row over a few years; the
# prose figures named by subject and year): more, and the pair is no longer licensed by the words.
_MAX_SIDE = 8


def _one_of_each(c: Candidate) -> bool:
    x, y = c.operands[0], c.operands[-1]
    return len(c.operands) == 2 and (x.table is None) != (y.table is None)


def _sides(ctx: ClaimContext) -> tuple[list[SourceValue], list[SourceValue]] | None:
    """The named table cells and the named prose figures of the claim's scope."""
    years = named_years(ctx)
    cells: list[SourceValue] = []
    prose: list[SourceValue] = []
    for group in ctx.scope.groups:
        rows = focus_group(ctx, group, whole=True)
        if rows is not None:
            cells.extend(v for v in rows.values if v.table is not None)
        prose.extend(
            v
            for v in group.values
            if v.table is None and v.span is not None and v.year in years and prose_named(ctx, v)
        )
    if not cells or not prose or len(cells) > _MAX_SIDE or len(prose) > _MAX_SIDE:
        return None
    return cells, prose


def cell_and_prose(ctx: ClaimContext) -> Verdict | None:
    """Rule: a named table cell and a named prose figure, less or plus each other (module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("money", "number") or not m.claim or m.value == 0 or m.high is not None:
        return None
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if ctx.scope is None or ctx.scope.cited or not named_years(ctx):
        return None
    kinds = coarse_kinds(ctx) & _KINDS
    if o.derivations is not None:
        kinds &= o.derivations
    if not kinds:
        return None
    sides = _sides(ctx)
    if sides is None:
        return None
    if not derivable(m, False):
        m = replace(m, precision=about_window(ctx))  # a coarse figure: exactly
    cells, prose = sides
    # Prose figures are read at their true size ("$937 million"); the cells join them in their
    # true view, and a plain figure is read in the unit the table's header states, as the
    # answer writes a figure of that table ("635" for 635 million under "(in millions)").
    pool = ValueIndex([v for v in cells if v.view != "written"] + prose)
    for factor in _readings(m, cells):
        read = replace(m, value=m.value * factor, precision=m.precision * factor)
        narrow = replace(ctx, mention=read, options=replace(o, derivations=kinds))
        order = _named_first(ctx, cells, prose)
        found = [
            c
            for c in pair_candidates(narrow, pool)
            if _one_of_each(c) and (c.kind != "difference" or _in_order(c, order, m.value < 0))
        ]
        verdict = best_verdict(narrow, found)
        if verdict is not None and verdict.status == "derived":
            return verdict
    return None


def _in_order(c: Candidate, first_is_cell: bool | None, negative: bool) -> bool:
    """A difference takes the figure named first less the other ("A less B", "the difference
    between A and B"): its sign must be the claim's (the search matched the size only)."""
    if first_is_cell is None:
        return True
    first, other = (
        c.operands if (c.operands[0].table is not None) == first_is_cell else c.operands[::-1]
    )
    return (first.value - other.value < 0) == negative


def _named_first(
    ctx: ClaimContext, cells: list[SourceValue], prose: list[SourceValue]
) -> bool | None:
    """Whether the answer names the table row before the prose figure's subject, when its words
    order a difference ("less", "minus", "the difference between", "more than"); None when they
    do not, or when the two are not both found."""
    text = focus_text(ctx)
    if _ORDERED.search(text) is None:
        return None
    said = tokens(text)
    row = {t for v in cells for t in tokens(v.row or "")}
    by_id = {s.id: s for s in ctx.scope.sources}
    subject = {
        t for v in prose if v.source_id in by_id for t in context_tokens(by_id[v.source_id], v)
    }
    at_row = next((i for i, t in enumerate(said) if t in row), None)
    at_prose = next((i for i, t in enumerate(said) if t in subject - row), None)
    if at_row is None or at_prose is None:
        return None
    return at_row < at_prose


def _readings(m: Mention, cells: list[SourceValue]) -> list[Decimal]:
    """The factors a claim is read at: as written, and for a plain figure, at the scale of the
    unit header over the named cells (the true view over the written one)."""
    written = {
        (v.source_id, v.table, v.row_index, v.col_index): v.value
        for v in cells
        if v.view == "written"
    }
    factors = {
        v.value / w
        for v in cells
        if v.view == "true" and (w := written.get((v.source_id, v.table, v.row_index, v.col_index)))
    }
    if m.kind != "number" or m.scale != 1 or len(factors) != 1:
        return [Decimal(1)]
    return [Decimal(1), *factors]
