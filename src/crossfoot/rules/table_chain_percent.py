"""A sum of three or four percentages of one line of a table, answered as a figure: "what is the
total of the three?" after turns asking three regions' shares of sales in one year ("The answer
is 88.1." over 35.1 %, 24.0 % and 29.0 %).

:mod:`crossfoot.rules.table_chain` sums the amount cells of a line only: a line of percentages
(shares of a total, margins, rates) is left out, so a total of shares a conversation asks
("what is the combined total?", "what is the sum including europe?") is met by no rule when its
last turn names none of the cells (:mod:`crossfoot.rules.table_chain_named` needs every cell
named). Here the sums of three or four percentage cells of one line (a line of at most
:data:`_LINE` cells, one unit: percentages only) are the chains, read in the percentages' own
unit (the figure as written, "88.1" or "88.1 %"), and bound and counted against chance as
:mod:`crossfoot.rules.table_chain` binds and counts its chains: a fine figure only, the last
turn wording a sum and nothing else, the lines the words name, the chance matches of the line's
sums near the figure under the budget (stricter for a question read alone).

>>> from crossfoot import check
>>> t = ("| ( percent of net sales ) | 2011 | 2010 |\\n|-|-|-|\\n| japan | 35.1 % | 39.5 % |\\n"
...      "| asia pacific | 24.0 % | 27.2 % |\\n| europe | 10.4 % | 9.9 % |\\n"
...      "| north america | 29.0 % | 28.4 % |")
>>> q = "what is the sum including europe?"  # a last turn passed alone
>>> [c.status for c in check("The answer is 74.5.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 80.5.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from itertools import combinations, repeat

from crossfoot.language.rowtokens import required_tokens
from crossfoot.language.turns import Turn, last_turn
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import fmt_result
from crossfoot.rules.table_chain import (
    _ALONE,
    _BUDGET,
    _allows,
    _Chain,
    _Chains,
    _chance,
    _grids,
    _met,
    _words,
)
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["percent_line_sum"]

_LINE = 10  # cells of one line whose sums of three or four are chains, at most
_KEPT = 64
_SUMS = frozenset("+*")  # "total" words a product too (a payment times the years)
_MEMO: dict[int, tuple[ValueIndex, list[_Chains]]] = {}


def _make(group: ValueIndex) -> list[_Chains]:
    out: list[_Chains] = []
    for grid in _grids(group, "percent", None):  # (table_chain's reader, percentages)
        chains: list[_Chain] = []
        for across in (True, False):
            lines: dict[int, list[SourceValue]] = defaultdict(list)
            for (r, c), v in sorted(grid.items()):
                lines[r if across else c].append(v)
            for cells in lines.values():
                if len(cells) > _LINE:
                    continue
                floats = [float(v.value) for v in cells]
                for k in (3, 4):
                    chains.extend(
                        zip(
                            map(sum, combinations(floats, k)),
                            repeat("sum"),
                            combinations(cells, k),
                        )
                    )
        chains.sort(key=lambda ch: ch[0])
        labels = {x for v in grid.values() for x in (v.row, v.column) if x}
        names = tuple(n for n in map(required_tokens, sorted(labels)) if n)
        out.append(_Chains([ch[0] for ch in chains], chains, names))
    return out


def _last_turn(ctx: ClaimContext) -> Turn | None:
    """The ask's last turn, read once per ask (every claim of an answer shares it)."""
    ask = ctx.shared.get("ask.text")
    memo = ctx.shared.get("table_chain_percent.turn")
    if type(memo) is tuple and memo[0] is ask:
        return memo[1]  # type: ignore[no-any-return]
    turn = last_turn(ask)
    ctx.shared["table_chain_percent.turn"] = (ask, turn)
    return turn


def percent_line_sum(ctx: ClaimContext) -> Verdict | None:
    """Rule: a sum of percentages of one line of a table (see the module docstring)."""
    m = ctx.mention
    if not isinstance(ctx.shared.get("ask.context"), str) or m.scale != 1:
        return None
    turn = _last_turn(ctx)
    if turn is None or "+" not in turn.ops or not turn.ops <= _SUMS or not fine_figure(ctx):
        return None
    if ctx.text[: m.start].rstrip().endswith("="):
        return None  # the result of a calculation the answer writes: judged by it
    lo, hi = m.value - m.precision, m.value + m.precision
    near = band(m.value)
    said = None
    for group in ctx.scope.groups:
        for chains in by_identity(_MEMO, group, _KEPT, _make):
            met = _met(chains, lo, hi)
            if not met:
                continue
            said = said or _words(ctx)
            lines = any(n <= said[0] for n in chains.names)
            allowed = [ch for ch in met if _allows(ch, said, lines)]
            budget = _BUDGET / _ALONE if said[4] else _BUDGET
            if allowed and near.within(_chance(chains, near, said, lines), hi - lo, budget):
                return Verdict("derived", _evidence(ctx, allowed[0]))
    return None


def _evidence(ctx: ClaimContext, chain: _Chain) -> Evidence:
    ops = chain[2]
    result = sum((v.value for v in ops), Decimal(0))
    names = " + ".join(f"{label(v)} ({v.value:,})" for v in ops)
    formula = f"{names} = {fmt_result(ctx, result)}"
    note = "a sum of a line's percentages, counted against chance"
    return Evidence("derive", "sum", formula, ops, result, note)
