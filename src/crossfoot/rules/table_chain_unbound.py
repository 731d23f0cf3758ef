"""A fine change between a text figure of one year and a table cell of another, bound by no
words: "what was the percentage change? The answer is -0.1357" for a text's "for 2014 , the
company reported $ 4,736 million" over a table's 5,480 of 2013, the text naming no line.

:mod:`crossfoot.rules.table_chain_mixed` binds a text figure to a cell when words name the two
as one line (the figure's sentence names the cell's row, or the question names both). A
conversation's last turn asked alone ("what was the percentage change?") names neither, and a
filing's sentence may name its figure's line only in a word of its own ("the company
reported"). Here every text figure of a year whose words name no line of the table (one that
names a line is that line's: :mod:`~crossfoot.rules.table_chain_mixed`) and every cell of
another year are a pair, the change running from the earlier year to the later, over the
earlier; nothing else.

Unbound pairs are many, so chance is counted strictly: only a figure stated to four significant
digits or finer (a half unit of at most 0.05 % of its size), and only while the changes of every
such pair in the figure's band (:mod:`crossfoot.rules._chance`) would meet a figure of its window
by chance less than :data:`_BUDGET` of the time.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.memo import by_identity, per_answer
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.table_chain_mixed import _Operands, _operands, _units
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["text_cell_change"]

_FINE = Decimal("0.0005")  # a half unit of at most 0.05 % of the figure: four digits or finer
_BUDGET = Decimal("0.02")
_HUNDRED = Decimal(100)
_EPS = 1e-9  # (float edges widened: the exact test is in Decimal)
_MAX_PAIRS = 4000  # (text figure, cell) pairs of other years, at most: past it nothing is claimed


# One change of a pair: (its value as a float, the text figure, the cell, the text figure's
# value in the cell's unit, the later value, the earlier value), sorted by the float
_Change = tuple[float, SourceValue, SourceValue, Decimal, Decimal, Decimal]


def _changes(ops: _Operands) -> tuple[list[float], list[_Change]]:
    """Every dated text figure and cell of another year, their change from the earlier year to
    the later, once per pair of values (a text figure as written and its scaled twin in the
    cell's unit are one), sorted; made once per answer."""
    named = {id(p) for p, _ in ops.by_sentence}  # (a figure whose words name a line is that line's)
    dated_p = [p for p in ops.prose if p.year is not None and id(p) not in named]
    dated_c = [c for c in ops.cells if c.year is not None]
    if len(dated_p) * len(dated_c) > _MAX_PAIRS:
        return [], []
    seen: set[tuple[object, ...]] = set()
    out: list[_Change] = []
    for p in dated_p:
        for c in dated_c:
            if p.year == c.year or c.source_id == p.source_id:
                continue
            for x in _units(ops, p, c):
                later, earlier = (x, c.value) if p.year > c.year else (c.value, x)  # type: ignore[operator]
                key = (later, earlier, p.source_id, p.span, c.table, c.row_index, c.col_index)
                if not earlier or key in seen:
                    continue
                seen.add(key)
                fl, fe = float(later), float(earlier)  # (floats to sort; exact test later)
                out.append(((fl - fe) / fe, p, c, x, later, earlier))
    out.sort(key=lambda ch: ch[0])
    return [ch[0] for ch in out], out


# _changes by operands, across answers (table_chain_mixed keeps the operands of a scope across
# the answers on its sources; the entry holds them, so their id is not reused meanwhile)
_KEPT: dict[int, tuple[_Operands, tuple[list[float], list[_Change]]]] = {}


def _kept(ops: _Operands) -> tuple[list[float], list[_Change]]:
    return by_identity(_KEPT, ops, 16, _changes)


def text_cell_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a very fine change from the earlier of a text figure and a cell of two different
    years to the later, bound by no words (module docstring)."""
    if not fine_figure(ctx, _FINE) or ctx.scope is None or ctx.scope.cited:
        return None
    if len(ctx.scope.groups) < 2:
        return None
    ops = _operands(ctx)
    if not ops.cells or not ops.prose:
        return None
    keys, changes = per_answer(ctx, "table_chain_unbound.changes", ops, _kept)
    if not changes:
        return None
    factor = _HUNDRED if ctx.mention.kind == "percent" else Decimal(1)
    lo, hi = claim_interval(ctx)
    if lo <= 0 <= hi:
        return None
    chance = band(ctx.mention.value)
    low, high = chance.floats()
    f = float(factor)
    near = bisect_right(keys, high / f + _EPS) - bisect_left(keys, low / f - _EPS)
    if not near or not chance.within(near, hi - lo, _BUDGET):
        return None
    a = bisect_left(keys, float(lo / factor) - _EPS)
    b = bisect_right(keys, float(hi / factor) + _EPS)
    for _, p, c, x, later, earlier in changes[a:b]:
        r = (later - earlier) / earlier * factor
        if lo <= r <= hi:
            return Verdict("derived", _evidence(ctx, p, c, x, r, factor))
    return None


def _evidence(
    ctx: ClaimContext, p: SourceValue, c: SourceValue, x: Decimal, r: Decimal, factor: Decimal
) -> Evidence:
    text, cell = f"{label(p)} ({x:,})", f"{label(c)} ({c.value:,})"
    top, base = (text, cell) if p.year > c.year else (cell, text)  # type: ignore[operator]
    formula = f"({top} - {base}) / {base}" + (" x 100" if factor == _HUNDRED else "")
    note = "a text figure and a cell of two years, bound by no words, counted against chance"
    formula = f"{formula} = {fmt_result(ctx, r)}"
    return Evidence("derive", "percent_change", formula, (p, c), r, note)
