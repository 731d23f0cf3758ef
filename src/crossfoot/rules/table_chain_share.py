"""A named sum's share of a named cell of the same line: "what is the sum of goodwill,
customer-related intangible assets and contract-based intangible assets divided by the total
assets acquired in 2019? The answer is 0.8978" for (8,420 + 2,675 + 733) / 13,175.

The two-operand search divides one cell by another, :mod:`crossfoot.rules.table_chain` takes
the share of a sum of two cells ((a + b) / c) for a figure finer than a thousandth of its size,
and :mod:`crossfoot.rules.table_chain_named` sums named cells but takes no quotient of the sum:
a sum of three or four parts over a whole ("the combined share of A, B and C in the total") is
met by none. Here the words bind every operand instead: the question's last turn words a sum
and a quotient ("the sum of ... divided by", "the total of ... as a percentage of", "combined
... as a share of"), and names each cell by its row and its column (a label's content words or
the year it asks for; a table of one amount column needs no column named, as
:mod:`crossfoot.rules.table_chain_named` reads it; a label of no content word, "total", by its
own words). The sum of two to four named cells of one line over another named cell of that line
is a candidate.

Chance is counted, never assumed away: the figure is stated to three significant digits or
finer, and the named quotients in its band (:mod:`crossfoot.rules._chance`) would meet a figure
of its window by chance less than :data:`_BUDGET` of the time.

>>> from crossfoot import check
>>> t = ('| | 2019 | 2018 |\\n|-|-|-|\\n| goodwill | 8,420 | 7,911 |\\n| customer-related'
...      ' intangible assets | 2,675 | 2,410 |\\n| contract-based intangible assets | 733 | 702 |'
...      '\\n| property and equipment | 1,042 | 351 |\\n| total assets acquired | 13,175 |'
...      ' 11,651 |')
>>> q = ("what is the sum of goodwill, customer-related intangible assets and contract-based"
...      " intangible assets divided by the total assets acquired in 2019?")
>>> [c.status for c in check("The answer is 0.8978.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 1.0055.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowtokens import tokens
from crossfoot.language.turns import last_turn
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.table_chain_named import _grids, named_cells
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["named_sum_share"]

_THREE = Decimal("0.005")  # three significant digits or finer
_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_SIZES = (2, 3, 4)  # cells of the sum
_LINE = 8  # named cells of one line, at most
_HUNDRED = Decimal(100)
_KEPT = 64
_Grid = dict[tuple[int, int], SourceValue]
_MEMO: dict[int, tuple[ValueIndex, list[tuple[str, _Grid]]]] = {}
# a quotient: its value, the cells summed, the whole
_Share = tuple[Decimal, tuple[SourceValue, ...], SourceValue]


def _said(ctx: ClaimContext) -> tuple[frozenset[str], frozenset[int]] | None:
    """The words and years of the last turn and the claim's sentence, when the last turn words
    a sum and a quotient, no difference and no number of its own; else None."""
    turn = last_turn(ctx.shared.get("ask.text"))
    if turn is None or "-" in turn.ops or not {"+", "/"} <= turn.ops or turn.stated:
        return None
    said = ""
    if (s := ctx.sentence) is not None:
        a, b = ctx.mention.start - s.start, ctx.mention.end - s.start
        said = f"{s.text[:a]} {s.text[b:]}" if 0 <= a <= b <= len(s.text) else s.text
    return turn.words | frozenset(tokens(said)), turn.years | frozenset(years_in_text(said))


def _shares(cells: list[SourceValue]) -> list[_Share]:
    """The sums of two to four named cells of one line over another named cell of it."""
    lines: dict[tuple[str, int], list[SourceValue]] = {}
    for v in cells:
        lines.setdefault(("r", v.row_index or 0), []).append(v)
        lines.setdefault(("c", v.col_index or 0), []).append(v)
    out: list[_Share] = []
    for line in lines.values():
        if not 3 <= len(line) <= _LINE:
            continue
        for whole in line:
            parts = [v for v in line if v is not whole]
            for k in _SIZES:
                for c in combinations(parts, k):
                    out.append((sum((v.value for v in c), Decimal(0)) / whole.value, c, whole))
    return out


def named_sum_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: a named sum's share of a named cell of its line (module docstring)."""
    m = ctx.mention
    if not fine_figure(ctx, _THREE) or m.value < 0:
        return None
    said = _said(ctx)
    if said is None:
        return None
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = (x / factor for x in claim_interval(ctx))
    near = band(m.value / factor)
    for group in ctx.scope.groups:
        for cls, grid in by_identity(_MEMO, group, _KEPT, _grids):
            if cls != "amount":
                continue
            shares = _shares(named_cells(grid, *said, own=True))
            met = [s for s in shares if lo <= s[0] <= hi]
            count = sum(1 for s in shares if s[0] in near)
            if met and near.within(count, hi - lo, _BUDGET):
                return Verdict("derived", _evidence(ctx, met[0], factor))
    return None


def _evidence(ctx: ClaimContext, share: _Share, factor: Decimal) -> Evidence:
    value, parts, whole = share
    terms = " + ".join(f"{label(v)} ({v.value:,})" for v in parts)
    formula = f"({terms}) / {label(whole)} ({whole.value:,})"
    formula += " x 100" if factor != 1 else ""
    formula = f"{formula} = {fmt_result(ctx, value * factor)}"
    note = "a sum of named cells over a named cell of its line, counted against chance"
    return Evidence("derive", "share", formula, (*parts, whole), value * factor, note)
