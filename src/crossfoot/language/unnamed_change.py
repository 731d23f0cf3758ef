"""A change that names no row, matched only by a level: "The change is $21 million" where 21 is
one year's figure of some row and no two figures of any row differ by 21.

The wrong-row reading judges a figure by the rows its words name; a bare "the change is ..."
names none, so any cell of the same value passed as its evidence, though a cell is a level and
the sentence states a change. Such a figure is now ``wrong_row`` ("value is ... itself, not a
change"), unless one of the matching cells is a change itself (its row or column says
"change", "increase", "%" ...) or some row of the table holds two figures that differ by it
(then it may well be that row's change, and the evidence is left as it was).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.changewords import moved_by
from crossfoot.language.direction import clause_bounds
from crossfoot.language.prevsentence import change_before
from crossfoot.language.rowtables import describe_cell, label_tables
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["CHANGE_LABEL", "maybe_change", "unnamed_change"]

# A row or column that holds changes itself ("Change", "Increase (decrease)", "% Change", "vs
# 2018"): the wrong-row reading's test too (language.rowmatch).
CHANGE_LABEL = re.compile(r"(?i)chang|increase|decrease|variance|differen|growth|\bvs\b|%")


def maybe_change(ctx: ClaimContext) -> bool:
    """Whether the words before a money or number figure state it as a change (the wrong-row
    reading's shortcut for tables that name nothing must not skip :func:`unnamed_change`)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number"):
        return False
    lo, _ = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    return change_before(ctx.text, lo, m.start)


def unnamed_change(
    ctx: ClaimContext, matches: Sequence[SourceValue], change: bool
) -> Verdict | None:
    """``wrong_row`` for a change that names no row and matches only level cells (module
    docstring), else None."""
    m = ctx.mention
    if not change or not matches or m.kind not in ("money", "number"):
        return None
    if any(sv.table is None for sv in matches):
        return None  # a prose figure may be a change the passage states
    if any(CHANGE_LABEL.search(f"{sv.row or ''} {sv.column or ''}") for sv in matches):
        return None
    target, tol = abs(m.value), m.precision
    for sv in matches:
        source = ctx.scope.source(sv.source_id)
        table = label_tables(source).get(sv.table) if source is not None else None  # type: ignore[arg-type]
        if table is None:
            return None
        rows: dict[str | None, list[SourceValue]] = {}
        for c in table.cells:
            if c.view in (sv.view, "both"):
                rows.setdefault(c.row, []).append(c)
        if any(len(vals) > 1 and moved_by(vals, target, tol, 0) for vals in rows.values()):
            return None
    formula = f"value is {describe_cell(matches[0])} itself, not a change of it"
    return Verdict("wrong_row", Evidence("rows", "wrong_row", formula, tuple(matches[:1])), formula)
