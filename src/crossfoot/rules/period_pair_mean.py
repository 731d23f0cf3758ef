"""The average of two adjacent cells of one period, asked by a turn that words an average: "and
what was the average between them? The answer is 41.68." after turns asking a quarter's high
(44.60) and low (38.75) share price, or two segments' sales of one year.

:mod:`crossfoot.rules.derive` takes a mean of two cells as it takes a change, of one quantity
over time (``language.years.same_quantity``): two cells of one period (a quarter's high and low,
two rows under one year) are refused there, rightly for a sentence that words no average. A
question that asks an average of figures its earlier turns named ("the average between them")
names neither cell, so this rule reads the means of every two neighbouring cells of one table
line (adjacent in a row, or in a column) of one period and one kind, and keeps a match only
while the means near the figure, times its window, stay under :data:`_BUDGET`
(:mod:`crossfoot.rules._chance`; :data:`_ALONE` times less when the words name no row of the
table). A figure too coarse to derive (:func:`~crossfoot.rules._derive_shared.derivable`) is
never read: the window of "6" is wider than the band the chance is counted in.

>>> from crossfoot import check
>>> t = ("| | 2013 high | 2013 low | 2012 high | 2012 low |\\n|-|-|-|-|-|\\n"
...      "| first quarter | 41.25 | 35.10 | 33.80 | 28.45 |\\n"
...      "| second quarter | 44.60 | 38.75 | 36.20 | 30.15 |\\n"
...      "| third quarter | 47.95 | 40.05 | 37.40 | 31.90 |")
>>> q = "and what was the average between them?"
>>> [c.status for c in check("The answer is 41.68.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 41.88.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import last_turn
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import counted_match
from crossfoot.rules._derive_kinds import is_nil, label, operand_class
from crossfoot.rules._derive_shared import claim_interval, derivable, fmt_result, focus_ok
from crossfoot.rules.table_chain_named import plain_asked

__all__ = ["period_pair_mean"]

_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_ALONE = 1  # times fewer when the words name no row of the table
_KEPT = 64
_MEAN_WORDS = frozenset(("average", "mean"))
_Pair = tuple[SourceValue, SourceValue]
# one table's cells as written, of one operand class: (row, column) -> value
_Grid = dict[tuple[int, int], SourceValue]
_MEMO: dict[int, tuple[ValueIndex, list[_Grid]]] = {}


def _grids(group: ValueIndex) -> list[_Grid]:
    """The cells of each table of ``group`` by position, one grid per table and operand class
    (amounts apart from percentages: a mean never mixes them)."""
    out: dict[tuple[str, int, str | None], _Grid] = defaultdict(dict)
    for v in group.values:
        if v.table is None or v.row_index is None or v.col_index is None or v.view == "true":
            continue
        if is_nil(v) or v.value == 0:
            continue
        out[(v.source_id, v.table, operand_class(v))].setdefault((v.row_index, v.col_index), v)
    return [g for g in out.values() if len(g) >= 2]


def _pairs(grid: _Grid, rows: frozenset[int] | None) -> list[tuple[Decimal, _Pair]]:
    """The means of neighbouring cells of one period, along a row or down a column (blank cells
    skipped), sorted by value; only pairs of ``rows`` when given (a column's pair: both named)."""
    by_row: dict[int, list[int]] = defaultdict(list)
    by_col: dict[int, list[int]] = defaultdict(list)
    for r, c in sorted(grid):
        by_row[r].append(c)
        by_col[c].append(r)
    found: list[_Pair] = []
    for r, cols in by_row.items():
        if rows is None or r in rows:
            found.extend((grid[(r, a)], grid[(r, b)]) for a, b in pairwise(cols))
    for c, rs in by_col.items():
        found.extend(
            (grid[(a, c)], grid[(b, c)])
            for a, b in pairwise(rs)
            if rows is None or (a in rows and b in rows)
        )
    out = [((x.value + y.value) / 2, (x, y)) for x, y in found if _one_period(x, y)]
    out.sort(key=lambda t: t[0])
    return out


def _one_period(x: SourceValue, y: SourceValue) -> bool:
    """Two cells of one stated period: the pairs the two-operand search refuses for a mean."""
    p = period(x)
    return p is not None and p == period(y)


def _named_rows(grid: _Grid, words: frozenset[str]) -> frozenset[int]:
    """The rows of ``grid`` whose label's content words ``words`` hold."""
    out = set()
    for (r, _c), v in grid.items():
        need = required_tokens(v.row) if v.row else frozenset()
        if need and need <= words:
            out.add(r)
    return frozenset(out)


def period_pair_mean(ctx: ClaimContext) -> Verdict | None:
    """Rule: the mean of two neighbouring cells of one period (see the module docstring)."""
    if not plain_asked(ctx) or not derivable(ctx.mention, False):
        return None
    ask = ctx.shared.get("ask.text")
    if not isinstance(ask, str) or not ("average" in ask.lower() or "mean" in ask.lower()):
        return None  # (a substring test first: most questions ask no average)
    turn = last_turn(ask)
    if turn is None or not _MEAN_WORDS & turn.words:
        return None
    words = turn.words | frozenset(tokens(ctx.sentence.text))
    lo, hi = claim_interval(ctx)
    m = ctx.mention
    for group in ctx.scope.groups:
        for grid in by_identity(_MEMO, group, _KEPT, _grids):
            named = _named_rows(grid, words)
            budget = _BUDGET if named else _BUDGET / _ALONE
            means = _pairs(grid, named or None)
            found = counted_match(means, lo, hi, m.value, budget)
            if found is not None and focus_ok(ctx, found[1], False):
                return Verdict("derived", _evidence(ctx, found))
    return None


def _evidence(ctx: ClaimContext, found: tuple[Decimal, _Pair]) -> Evidence:
    result, (x, y) = found
    formula = (
        f"({label(x)} ({x.value:,}) + {label(y)} ({y.value:,})) / 2 = {fmt_result(ctx, result)}"
    )
    note = "a mean of two neighbouring cells of one period, asked, counted against chance"
    return Evidence("derive", "average", formula, (x, y), result, note)
