"""A quotient of a loss and a positive amount, signed: "what is the ratio of the net loss to the
net revenues in 2024? The answer is -0.3428" for (322.2) / 940.

The two-operand search (:mod:`crossfoot.rules.derive`) divides values of one sign only, as sizes:
a loss over a loss is a ratio of their sizes. A loss (a cell written "(322.2)", "-322.2") over a
gain or a positive amount is a negative quotient, and a negative figure asked as a ratio, a share
or a portion ("ratio", "divided", "portion", "represent", "percentage of") is that quotient with
its sign. So a negative claim of three significant digits or finer is matched by the signed
quotient a / b of two cells of opposite signs on one line of one table: two rows of one column
(one period), or two periods of one row (a line that turned from a gain to a loss), either way
round. A positive claim is such a quotient's size only when the negative cell is a deduction a
table writes negative by its presentation ("less current portion", "less: accumulated
depreciation", "minus treasury stock"), not a loss: "what percentage of the total debt was the
current portion?" asks 162,153 of the total though the line reads "(162,153)"; the size of a
loss's quotient stated without its sign is not derived here.

The words bind the pair: the question or the claim's sentence names the rows of both cells (of
the one row, for two periods of a row), and when it names years, the cells are of those years. A
deduction's row is named without its "less" ("the current portion"), and a row of no required
word ("total") by its own words.
Words that name no row ("what is the first divided by the second?") bind nothing: a loss over
another row's cell of the column is as near as the one asked (the generator's wrong twins passed
so: ``benchmarks/chain_shapes_convfinqa18.py`` neg_over_pos).

Chance is counted, never assumed away: the figure passes only when the allowed quotients of that
table in its band (:mod:`crossfoot.rules._chance`) would meet a figure of its window by chance
less than :data:`_BUDGET` of the time (their number times the window over the band).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import last_turn, operations
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import Band, band
from crossfoot.rules._derive_kinds import label, written_amount_grids
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["signed_quotient"]

_THREE = Decimal("0.005")  # three significant digits or finer
_BUDGET = Decimal("0.02")  # expected chance matches in the figure's window, at most
_MAX_CELLS = 80  # cells of one table, at most
_KEPT = 64
_HUNDRED = Decimal(100)
# a line a table writes negative by its presentation, not a loss: "less current portion",
# "less: accumulated depreciation", "(less) allowance", "minus treasury stock"
_DEDUCTION = re.compile(r"(?i)^\W*(?:less|minus|deduct)\b")
_DEDUCT_WORDS = frozenset({"less", "minus"})
# a year the words name: not the digits of a figure ("-0.2054", "1,2019")
_YEAR = re.compile(r"(?<![\d.,])\b((?:19|20)\d\d)\b(?![.,]\d)")
# a quotient (float, for the search), its top, its bottom, whether the two are of one row
_Quotient = tuple[float, SourceValue, SourceValue, bool]


@dataclass(frozen=True, slots=True)
class _Table:
    values: list[float]  # sorted
    quotients: list[_Quotient]  # in the order of ``values``
    rows: tuple[tuple[str, frozenset[str]], ...]  # each row label and its required words


_MEMO: dict[int, tuple[ValueIndex, list[_Table]]] = {}


def _make(group: ValueIndex) -> list[_Table]:
    """The signed quotients of each table of ``group``, over its amount cells as written."""
    out: list[_Table] = []
    for cells in written_amount_grids(group.values):
        if len(cells) > _MAX_CELLS or all(v.value > 0 for v in cells):
            continue  # (no loss: no signed quotient)
        made: list[_Quotient] = []
        for a in cells:
            for b in cells:
                if (a.value > 0) == (b.value > 0):
                    continue
                same_row = a.row_index == b.row_index
                if not same_row and a.col_index != b.col_index:
                    continue  # a table is crossfooted: along a row or down a column
                made.append((float(a.value) / float(b.value), a, b, same_row))
        made.sort(key=lambda q: q[0])
        labels = sorted({v.row for v in cells if v.row})
        rows = tuple((r, n) for r in labels if (n := _need(r)))
        out.append(_Table([q[0] for q in made], made, rows))
    return out


def _need(row: str) -> frozenset[str]:
    """The words that name ``row``: its required words but a deduction's "less", or, for a row
    of no required word ("total"), its own words."""
    need = required_tokens(row) - _DEDUCT_WORDS
    return need or frozenset(tokens(row)) - _DEDUCT_WORDS


def _said(ctx: ClaimContext) -> tuple[str, str]:
    """The words that ask: the question's last turn and the claim's sentence; and all the
    question's words with the sentence's (the rows and years it names)."""
    asked = ctx.shared.get("ask.text")
    asked = asked if isinstance(asked, str) else ""
    turn = last_turn(asked)
    last = turn.text if turn is not None else ""
    sentence = ctx.sentence.text if ctx.sentence is not None else ""
    return f"{last} {sentence}", f"{asked} {sentence}"


def _allowed(
    q: _Quotient, years: frozenset[int], named: frozenset[str] | None, size_of: bool = False
) -> bool:
    """Whether the words allow ``q``: of the years they name, on the rows they name, and, for
    the size of a quotient (``size_of``), with its negative cell a deduction."""
    _, a, b, same_row = q
    if size_of and (same_row or not _DEDUCTION.match((a if a.value < 0 else b).row or "")):
        return False
    if years and any(v.year is not None and v.year not in years for v in (a, b)):
        return False
    return named is None or all(v.row in named for v in ((a,) if same_row else (a, b)))


def _named(table: _Table, text: str) -> frozenset[str] | None:
    """The rows the words name (None: none), but a row named only by the words of a longer row
    it names ("operating loss" names no "net loss" whose required word is "loss"). A longer row
    written out is taken out of the words first, so a row they name outside it stays named
    ("the cost of sales to net sales": both rows, though "sales" is in "cost of sales")."""
    words = frozenset(tokens(text))
    named = [(row, need) for row, need in table.rows if need <= words]
    if not named:
        return None
    rest, kept = text.lower(), set()
    covering: list[frozenset[str]] = []  # longer rows named but not written out
    for row, need in sorted(named, key=lambda rn: -len(rn[1])):
        if any(need < other for other in covering) or not need <= frozenset(tokens(rest)):
            continue  # named only inside a longer row it names
        kept.add(row)
        if row.lower() in rest:
            rest = rest.replace(row.lower(), " ")  # written out: its words name no other row
        else:
            covering.append(need)
    return frozenset(kept)


def signed_quotient(ctx: ClaimContext) -> Verdict | None:
    """Rule: a negative figure as the signed quotient of a loss and a positive cell (module
    docstring)."""
    m = ctx.mention
    size_of = m.value > 0 and not m.negative  # the size of a deduction's quotient (docstring)
    if not (m.value < 0 or m.negative or size_of) or not fine_figure(ctx, _THREE):
        return None
    asking, text = _said(ctx)
    if "/" not in operations(asking):
        return None
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = claim_interval(ctx)
    lo, hi = lo / factor, hi / factor
    if size_of:
        lo, hi = -hi, -lo
    if hi >= 0:
        return None
    years = frozenset(int(y) for y in _YEAR.findall(text))
    near = band(-abs(m.value) / factor)  # (a quotient of a loss: negative)
    for group in ctx.scope.groups:
        for table in by_identity(_MEMO, group, _KEPT, _make):
            found = _search(table, lo, hi, near, text, years, size_of)
            if found is not None:
                return Verdict("derived", _evidence(ctx, found, factor, size_of))
    return None


def _search(
    table: _Table,
    lo: Decimal,
    hi: Decimal,
    near: Band,
    text: str,
    years: frozenset[int],
    size_of: bool,
) -> _Quotient | None:
    margin = 1e-9 * abs(float(lo))
    i, j = (
        bisect_left(table.values, float(lo) - margin),
        bisect_right(table.values, float(hi) + margin),
    )
    named = _named(table, text)
    if named is None:
        return None  # words that name no row bind no pair: another row's cell is as near
    met = [
        q
        for q in table.quotients[i:j]
        if lo <= q[1].value / q[2].value <= hi and _allowed(q, years, named, size_of)
    ]
    if not met:
        return None
    low, high = near.floats()
    k, n = bisect_left(table.values, low), bisect_right(table.values, high)
    count = sum(1 for q in table.quotients[k:n] if _allowed(q, years, named, size_of))
    return met[0] if near.within(count, hi - lo, _BUDGET) else None


def _evidence(ctx: ClaimContext, q: _Quotient, factor: Decimal, size_of: bool) -> Evidence:
    _, a, b, _ = q
    result = a.value / b.value * factor
    formula = f"{label(a)} ({a.value:,}) / {label(b)} ({b.value:,})"
    if size_of:  # a deduction's share: its size
        result, formula = -result, f"|{formula}|"
    formula += " x 100" if factor != 1 else ""
    formula = f"{formula} = {fmt_result(ctx, result)}"
    note = "the signed quotient of a loss and a positive amount, counted against chance"
    if size_of:
        note = "the size of a deduction's quotient with a positive amount, counted against chance"
    return Evidence("derive", "ratio", formula, (a, b), result, note)
