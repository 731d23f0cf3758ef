"""A fine figure two steps over one table's cells, in the shapes analysts chain: "what is the
ratio of those two differences? The answer is 0.9444" for (108.4 - 71.0) / (121.6 - 82.0).

A question that names nothing ("what is that as a percentage?", "and the ratio of the
changes?") leaves a figure no row, year or operation binds, and the figure of a chain of two
steps is met by no two-operand formula. A table is small, so the chains are enumerated over its
cells once per table, only in the parallel shapes of a crossfooted table:

- the ratio of two parallel changes: two lines' changes between the same two places, (a1 - b1)
  / (a2 - b2) (two rows between the same two columns, or two columns between the same two rows);
- the relative change of a difference: (d2 - d1) / d1 for the same two lines' differences in
  two places (a ratio of parallel changes less 1);
- a sum's share: (a + b) / c of three cells of one line;
- a product of two cells of one line (shares times their price), and any chain in a unit
  the turn asks for ("and how much is that in millions?");
- a sum of three or four cells of one line, in any order ("what is the total of the 3?" after
  turns that named three rows, not necessarily adjacent ones), and of three cells of a line of a
  longer table (up to :data:`_SUM3_LINE` cells: "what is the sum including X?" after a turn that
  summed two of its lines).

A turn that names a line binds the chain to it: every operand on a line the words name, or,
when the turn points back to a figure asked before ("what is that sum divided by the total
debt?"), the lines it names are the chain's last step (a ratio's bottom, a share's whole, one
of a sum's cells) and the figure pointed back to is the rest.

Chance is counted, never assumed away: the figure passes only when a chain meets it at its
stated precision (stated finer than a thousandth of its size) and the chains of the table that
fall near it (in its band, :mod:`crossfoot.rules._chance`) would meet a figure of that window by
chance less than :data:`_BUDGET` of the time (their number times the window over the band).

A question read alone, not as a turn going on from another (a conversation's last turn passed
without the turns before it: "how much did operating income grow from 2023 to 2024 as a
multiple of the growth in interest expense over the same years?"), asks a chain too; the words
bind it the same way, and its chance budget is :data:`_ALONE` times smaller: such a question
names what it asks, and a chain that meets its figure while the question names none of the
table's lines ("what was the percentage change in other?") is a chance the stricter budget
keeps out.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations, permutations, repeat, starmap
from operator import itemgetter, mul

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import continues, last_turn, named_scales
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import Band, band
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["table_chain"]

_FINE = Decimal("0.001")  # a figure stated finer than a thousandth of its size
_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_ALONE = 5  # times fewer for a question read alone (module docstring)
_MAX_CELLS = 80  # cells of one table, at most (the chains grow with their cube)
_SLACK = 1e-9  # the floating point chains' rounding, relative, at most
_HUNDRED = Decimal(100)
_ONE = Decimal(1)
_KEPT = 64
_SUM_LINE = 10  # cells of one line whose sums of three or four are chains, at most
_SUM3_LINE = 20  # cells of one line whose sums of three are chains, at most (a longer table)
_Grid = dict[tuple[int, int], SourceValue]
# content words, years in the order named, whether the ask points back to an earlier figure,
# the operations the ask words, whether the ask reads alone (not as a turn going on from another)
_Said = tuple[frozenset[str], tuple[int, ...], bool, frozenset[str], bool]
# The operation that is the last step of a sum or a product: a turn that words operations words
# it ("what is the total?", "the product"), not only another ("what is the difference?")
_WORDED = {"sum": "+", "product": "*"}


# A chain: its value in floating point (to enumerate a table's chains fast; a chain that meets
# a figure is computed again exactly), its shape ("changes", "change_of_difference",
# "sum_share", "sum", "product") and its operands
_Chain = tuple[float, str, tuple[SourceValue, ...]]


@dataclass(frozen=True, slots=True)
class _Chains:
    """The chains of one table, and the words that name its lines."""

    values: list[float]  # sorted
    chains: list[_Chain]  # in the order of ``values``
    names: tuple[frozenset[str], ...]  # the required words of each row and column label


_MEMO: dict[int, tuple[ValueIndex, list[_Chains]]] = {}


def _grids(group: ValueIndex, cls: str = "amount", most: int | None = _MAX_CELLS) -> list[_Grid]:
    """The cells of operand class ``cls`` of each table of ``group`` as written, by (row,
    column): tables of three cells or more (and at most ``most``)."""
    grids: dict[tuple[str, int], _Grid] = defaultdict(dict)
    for v in group.values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        if v.view == "true" or v.value == 0 or operand_class(v) != cls:
            continue  # (a change from a zero cell is the other cell: no chain)
        grids[(v.source_id, v.table)][(v.row_index, v.col_index)] = v
    return [g for g in grids.values() if 3 <= len(g) and (most is None or len(g) <= most)]


def _lines(grid: _Grid, across: bool) -> dict[int, dict[int, SourceValue]]:
    """The grid's rows (``across``: place = column) or its columns (place = row)."""
    out: dict[int, dict[int, SourceValue]] = defaultdict(dict)
    for (r, c), v in grid.items():
        if across:
            out[r][c] = v
        else:
            out[c][r] = v
    return out


def _parallel(lines: dict[int, dict[int, SourceValue]]) -> list[_Chain]:
    """Ratios of two lines' changes between the same two places, and those ratios less 1."""
    out: list[_Chain] = []
    append = out.append
    places = sorted({p for line in lines.values() for p in line})
    for p, q in combinations(places, 2):
        diffs = [
            (float(line[p].value - line[q].value), line[p], line[q])
            for line in lines.values()
            if p in line and q in line and line[p].value != line[q].value
        ]
        if len(diffs) < 2:
            continue  # (no two lines change between these places: no ratio)
        for (d1, a1, b1), (d2, a2, b2) in permutations(diffs, 2):
            ratio = d1 / d2
            ops = (a1, b1, a2, b2)
            append((ratio, "changes", ops))
            append((ratio - 1.0, "change_of_difference", ops))
    return out


def _sum_share(lines: dict[int, dict[int, SourceValue]]) -> list[_Chain]:
    """(a + b) / c of three positive cells of one line, the two together below the third."""
    out: list[_Chain] = []
    for line in lines.values():
        cells = [(float(v.value), v) for v in line.values() if v.value > 0]
        if len(cells) < 3:
            continue
        top = max(z for z, _ in cells)
        for (x, a), (y, b) in combinations(cells, 2):
            total = x + y
            if total >= top:
                continue  # no third cell above the two together (the common case)
            out.extend(
                [
                    (total / z, "sum_share", (a, b, c))
                    for z, c in cells
                    if total < z and c is not a and c is not b
                ]
            )
    return out


def _sums(lines: dict[int, dict[int, SourceValue]]) -> list[_Chain]:
    """a + b + c (+ d) of three or four cells of one line of at most :data:`_SUM_LINE`, and
    a + b + c of a line of at most :data:`_SUM3_LINE` (three lines of a longer table summed
    over two turns: "what is the sum including X?")."""
    out: list[_Chain] = []
    for line in lines.values():
        if len(line) > _SUM3_LINE:
            continue
        cells = [v for _, v in sorted(line.items())]
        floats = [float(v.value) for v in cells]
        for k in (3, 4) if len(line) <= _SUM_LINE else (3,):
            # (the float sums and the operands in the same order, made in C: thousands a table)
            out.extend(
                zip(map(sum, combinations(floats, k)), repeat("sum"), combinations(cells, k))
            )
    return out


def _products(lines: dict[int, dict[int, SourceValue]]) -> list[_Chain]:
    """a x b of two cells of one line."""
    out: list[_Chain] = []
    for line in lines.values():
        cells = list(line.values())
        floats = [float(v.value) for v in cells]
        products = starmap(mul, combinations(floats, 2))
        out.extend(zip(products, repeat("product"), combinations(cells, 2)))
    return out


def _make(group: ValueIndex) -> list[_Chains]:
    out: list[_Chains] = []
    for grid in _grids(group):
        chains: list[_Chain] = []
        for across in (True, False):
            lines = _lines(grid, across)
            chains.extend(_parallel(lines))
            chains.extend(_sums(lines))
            chains.extend(_products(lines))
            if not across:
                chains.extend(_sum_share(lines))
        chains.sort(key=itemgetter(0))
        labels = {x for v in grid.values() for x in (v.row, v.column) if x}
        names = tuple(n for n in map(required_tokens, sorted(labels)) if n)
        out.append(_Chains([ch[0] for ch in chains], chains, names))
    return out


def _allows(chain: _Chain, said: _Said, lines: bool) -> bool:
    """Whether the words allow ``chain``: in the order of its periods (:func:`_ordered`), and
    with a sum's or a product's own operation when the turn words any (:data:`_WORDED`), and
    when they name a row or a column of the table (``lines``: not a turn naming nothing), with
    every operand on a line they name, or (a turn that points back) its last step on the lines
    they name (:func:`_last_step`)."""
    words, years, back, ops, _ = said
    if not _ordered(chain, years):
        return False
    if ops and _WORDED.get(chain[1], "") not in ops | {""}:
        return False
    if not lines:
        return True
    named = [_named(v.row, words) or _named(v.column, words) for v in chain[2]]
    return all(named) or (back and _last_step(chain[1], named))


def _last_step(shape: str, named: list[bool]) -> bool:
    """Whether the operands the words name are the chain's last step: a ratio's bottom change
    or a share's whole (the top is the figure pointed back to), or one cell added to a sum."""
    if shape in ("sum", "product"):
        return any(named)
    return all(named[2:])


def _ordered(chain: _Chain, years: tuple[int, ...]) -> bool:
    """A chain whose top and bottom are each of one period, two periods apart, runs the way
    periods are read: a relative change over the earlier one ("the growth of that gap"), a
    ratio with the period named first on top ("that 2025 range in relation to the 2024 one",
    "the ratio of the differences from 2008 to 2007"); a ratio over periods no words name
    may run either way."""
    _, shape, ops = chain
    if shape in ("sum_share", "sum", "product"):
        return True
    top, bottom = {v.year for v in ops[:2]}, {v.year for v in ops[2:]}
    if len(top) != 1 or len(bottom) != 1 or top == bottom:
        return True
    (high,), (low,) = top, bottom
    if high is None or low is None:
        return True
    if shape == "change_of_difference":
        return low < high
    if high in years and low in years:
        return years.index(high) < years.index(low)
    return True


def _named(label: str | None, words: frozenset[str]) -> bool:
    need = required_tokens(label) if label else frozenset()
    return bool(need) and need <= words


def _exact(chain: _Chain) -> Decimal:
    """The chain's value computed in decimal."""
    _, shape, ops = chain
    if shape == "sum":
        return sum((v.value for v in ops), Decimal(0))
    if shape == "product":
        return ops[0].value * ops[1].value
    if shape == "sum_share":
        return (ops[0].value + ops[1].value) / ops[2].value
    ratio = (ops[0].value - ops[1].value) / (ops[2].value - ops[3].value)
    return ratio - _ONE if shape == "change_of_difference" else ratio


def _near(chains: _Chains, lo: float, hi: float) -> list[_Chain]:
    i, j = bisect_left(chains.values, lo), bisect_right(chains.values, hi)
    return chains.chains[i:j]


def _met(chains: _Chains, lo: Decimal, hi: Decimal) -> list[_Chain]:
    """The chains within ``lo`` to ``hi``, found in floating point (with a margin for its
    rounding) and kept when their decimal value is within."""
    margin = _SLACK * max(abs(float(lo)), abs(float(hi)))
    near = _near(chains, float(lo) - margin, float(hi) + margin)
    return [ch for ch in near if lo <= _exact(ch) <= hi]


def _chance(chains: _Chains, near: Band, said: _Said, lines: bool) -> int:
    """The chance matches of the chains: those in the figure's band that the words allow (a
    chain the words rule out could not have met the figure)."""
    return sum(1 for ch in _near(chains, *near.floats()) if _allows(ch, said, lines))


def _words(ctx: ClaimContext) -> _Said:
    """The content words of the question and the claim's sentence, and the years they name in
    the order they first name them: never a figure's digits ("0.2025", "2019.5"), the claim's
    own least of all (a ratio of 0.2025 names no year 2025)."""
    asked = ctx.shared.get("ask.text")
    said = ""
    if (s := ctx.sentence) is not None:
        a, b = ctx.mention.start - s.start, ctx.mention.end - s.start
        said = f"{s.text[:a]} {s.text[b:]}" if 0 <= a <= b <= len(s.text) else s.text
    text = f"{asked if isinstance(asked, str) else ''} {said}"
    years = dict.fromkeys(years_in_text(text))
    last = last_turn(asked)
    back, ops = (last.back, last.ops) if last is not None else (False, frozenset[str]())
    context = ctx.shared.get("ask.context")
    alone = not isinstance(context, str) or not continues(context)
    return frozenset(tokens(text)), tuple(years), back, ops, alone


def table_chain(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine figure two steps over one table's cells (see the module docstring)."""
    m = ctx.mention
    asked = ctx.shared.get("ask.context")
    # no question, no chain (a question read alone is held to a stricter chance: module doc)
    if not isinstance(asked, str) or not fine_figure(ctx):
        return None
    if ctx.text[: m.start].rstrip().endswith("="):
        return None  # the result of a calculation the answer writes: judged by it, not searched
    factor = _HUNDRED if m.kind == "percent" else _ONE
    ask = ctx.shared.get("ask.text")
    # a plain figure may be in the unit the turn asks for ("and how much is that in millions?")
    plain = m.kind == "number" and m.scale == 1 and isinstance(ask, str)
    units = named_scales(ask) if plain and isinstance(ask, str) else ()
    said: list[_Said] = []  # read once, when a chain first meets the figure
    for unit in (_ONE, *units):
        chain = _search(ctx, unit / factor, said)
        if chain is not None:
            return Verdict("derived", _evidence(ctx, chain, factor, unit))
    return None


def _search(ctx: ClaimContext, scale: Decimal, said: list[_Said]) -> _Chain | None:
    """The first chain of a table of the scope that meets the claim times ``scale``, that the
    words allow, and whose table's allowed chains meet such a figure by chance within budget."""
    lo, hi = (x * scale for x in claim_interval(ctx))
    near = band(ctx.mention.value * scale)
    for group in ctx.scope.groups:
        for chains in by_identity(_MEMO, group, _KEPT, _make):
            met = _met(chains, lo, hi)
            if not met:
                continue
            if not said:
                said.append(_words(ctx))
            lines = any(n <= said[0][0] for n in chains.names)
            allowed = [ch for ch in met if _allows(ch, said[0], lines)]
            if ctx.mention.scale != 1:  # a sum or a product is in the cells' unit, as written
                allowed = [ch for ch in allowed if ch[1] not in _WORDED]
            budget = _BUDGET / _ALONE if said[0][4] else _BUDGET
            if allowed and near.within(_chance(chains, near, said[0], lines), hi - lo, budget):
                return allowed[0]
    return None


def _evidence(ctx: ClaimContext, chain: _Chain, factor: Decimal, unit: Decimal) -> Evidence:
    _, shape, ops = chain
    names = [f"{label(v)} ({v.value:,})" for v in ops]
    if shape == "sum":
        formula, kind = " + ".join(names), "sum"
    elif shape == "product":
        formula, kind = " x ".join(names), "product"
    elif shape == "sum_share":
        formula = f"({names[0]} + {names[1]}) / {names[2]}"
        kind = "share"
    else:
        formula = f"({names[0]} - {names[1]}) / ({names[2]} - {names[3]})"
        formula += " - 1" if shape == "change_of_difference" else ""
        kind = "ratio"
    formula += " x 100" if factor != _ONE else ""
    formula += f" / {unit:,}" if unit != _ONE else ""
    result = _exact(chain) * factor / unit
    formula = f"{formula} = {fmt_result(ctx, result)}"
    note = "a chain of two steps over one table's cells, counted against chance"
    return Evidence("derive", kind, formula, ops, result, note)
