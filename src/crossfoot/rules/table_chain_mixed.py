"""A figure of one operation over a figure the text states and a table cell of the same line:
"on february 13 , 2025 , cash and equivalents was $ 1,041.1 million" beside a table whose
*cash and equivalents* were 859.3 in 2024, and a conversation's last turn "what is the percent
change? The answer is 0.2116" for (1,041.1 - 859.3) / 859.3.

A filing's running text states figures its table leaves out (a later date, another period, a
total in billions beside a table in millions), and a conversation combines one of them with a
cell: a difference, a change over either, a quotient, a sum or a mean. The two-operand search
keeps the text and the table apart (:mod:`crossfoot.rules.cross_source` pools them for fine
quotients, or for pairs the question names); a conversation's last turn asked alone names
neither ("what is the net change?"). Here a text figure and a cell are one pair when they are
bound to each other:

- the text figure's own sentence names the cell's row ("cash and equivalents was $ 1,041.1
  million" beside the row *cash and equivalents*), its head word maybe in the statements' other
  word ("revenue grew to $ 2,457 million" beside *Net sales*: language.rowsynonyms): a remark
  on that line; or its own clause
  names the row in other words, by a word no other row has ("capital spending was $ 509.3
  million" beside *capital expenditures*: :mod:`crossfoot.rules._clause_row`); or
- the question (or the claim's sentence) names the cell's row (and its year, when it names
  one; or only its year, when it names no row: a cell of no known year, in a table set out in
  sections per year, is of any year), and a word of the text figure's own sentence that names
  no row of the table ("the pension contributions divided by the dividends paid in 2024";
  "that change in relation to this 2024 price" beside "the closing price ... was $ 31.40").

Both are taken in one unit: as written ("$ 641 million" is 641 beside a table that states no
unit), at their true size (beside a cell its unit header scales), or, for an amount, in the
cell's unit ("$ 2.2 billion" is 2,200 beside a table in millions). A change runs from the
earlier of two years to the later when both have one; a quotient or a sum is of two figures of
one year (or of figures without one).

Chance is counted, never assumed away: the figure is stated to three significant digits or
finer, and the bound pairs' results in its band (:mod:`crossfoot.rules._chance`; every
operation, both ways round) would meet a figure of its window by chance less than
:data:`_BUDGET` of the time.

>>> from crossfoot import check
>>> table = '[["", "2023", "2022"], ["Cash and equivalents", "859.3", "1,116.5"]]'
>>> note = "On February 13, 2024, cash and equivalents was $1,041.1 million."
>>> q = "what is the net change?"
>>> check(q + " The answer is 181.8.", [table, note], question=q).passed
True
>>> check(q + " The answer is 204.6.", [table, note], question=q).passed
False
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from crossfoot.language.rowsynonyms import other_names
from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.memo import by_cells, per_answer
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._clause_row import clause, clause_rows, line_label, own_words
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules._prose_subject import content_word, sentence_tokens
from crossfoot.rules.table_chain_text import _BUDGET, _FINE, _HUNDRED, _amount, said_words
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["text_beside_cell"]

_MAX = 200  # text figures and cells, at most each (past it nothing is claimed)
_TWO = Decimal(2)
# Words of a question that name no text figure's subject
_PLAIN = frozenset(
    """what which were was is are the and that this those these then how much many does did
    value amount total change percent percentage million millions billion thousand year years
    divided ratio sum portion represent relation average difference over from with""".split()
)
_Pair = tuple[SourceValue, SourceValue]  # a text figure, a cell
_Bound = tuple[_Pair, bool | None]  # a pair, and whether the words name the text figure first


class _Operands:
    """The scope's cells and text figures, with what binds them, made once per answer."""

    __slots__ = (
        "by_sentence",
        "cells",
        "context",
        "line",
        "prose",
        "rows",
        "scaled_spans",
        "scales",
    )

    def words(self, c: SourceValue) -> frozenset[str]:
        """The tokens that name ``c``'s line."""
        return self.rows[self.line[id(c)]]

    def __init__(self, scope: Scope) -> None:
        values = scope.index.values
        self.cells = [v for v in values if v.table is not None and _amount(v)]
        prose = [v for v in values if v.table is None and v.span and _amount(v)]
        # each cell's line: its row, or its column in a table set out with a row per year
        # ("2013", "december 31 , 2012": a label that names no line) (rules._clause_row)
        self.line = {id(c): line_label(c) for c in self.cells}
        self.rows = {
            lab: required_tokens(lab) if lab else frozenset() for lab in self.line.values()
        }
        # the written value of each scaled cell, by its place: a cell's unit is true / written
        written = {
            (c.source_id, c.table, c.row_index, c.col_index): c.value
            for c in self.cells
            if c.view == "written"
        }
        # each scaled cell's unit (true / written), by its place
        self.scales: dict[tuple[object, ...], Decimal] = {}
        for c in self.cells:
            place = (c.source_id, c.table, c.row_index, c.col_index)
            w = written.get(place)
            if c.view == "true" and w:
                self.scales[place] = c.value / w
        self.scaled_spans = frozenset((p.source_id, p.span) for p in prose if p.view == "written")
        # each text figure's subject words, and the cells of the rows its own sentence names
        self.prose: list[SourceValue] = []
        self.context: dict[int, frozenset[str]] = {}
        self.by_sentence: list[_Pair] = []
        if len(self.cells) > _MAX or len(prose) > _MAX:
            return  # (past it nothing is claimed)
        self._bind(scope, prose)

    def _bind(self, scope: Scope, prose: list[SourceValue]) -> None:
        """Each text figure's subject words, and the cells of the rows its own sentence names;
        read once per place (a figure as written and its scaled twin share their words)."""
        own = own_words(self.rows)
        # the cells whose line names words, with their line, read once (a row's cells share
        # its words: each text figure tests each line once, then takes its cells in order)
        bound = [(c, lab) for c in self.cells if self.rows[lab := self.line[id(c)]]]
        lines = {lab: self.rows[lab] for _, lab in bound}
        placed: dict[tuple[str, tuple[int, int] | None], tuple[frozenset[str], list[SourceValue]]]
        placed = {}
        for p in prose:
            src = scope.source(p.source_id)
            if src is None:
                continue
            self.prose.append(p)
            got = placed.get((p.source_id, p.span))
            if got is None:
                near = sentence_tokens(src.text, p.span)
                said = clause(src.text, p.span[0] if p.span else 0)  # its own clause's words
                other = clause_rows(said, self.rows, own)  # a row named in other words
                # a head word in the statements' other word ("revenue" of *Net sales*)
                wide = other_names(set(near)) or near
                named = {lab for lab, w in lines.items() if w <= wide or lab in other}
                got = placed[(p.source_id, p.span)] = (
                    frozenset(t for t in near if content_word(t)),
                    [c for c, lab in bound if lab in named and c.source_id != p.source_id]
                    if named
                    else [],
                )
            self.context[id(p)] = got[0]
            self.by_sentence += [(p, c) for c in got[1]]


# _Operands by scope, across answers: check() reuses the sources (and so the scope's index) of
# the same passages for every question on them. Keyed by the identities of the scope's index
# and sources (all it reads), which the entry holds; the oldest entry goes first.
_KEPT: dict[tuple[int, ...], tuple[object, _Operands]] = {}


def _operands(ctx: ClaimContext) -> _Operands:
    return per_answer(ctx, "table_chain_mixed.operands", ctx.scope, _kept)


def _kept(scope: Scope) -> _Operands:
    return by_cells(_KEPT, (scope.index, *scope.sources), 16, lambda _: _Operands(scope))


def _pairs(ctx: ClaimContext, ops: _Operands) -> list[_Bound]:
    """The bound (text figure, cell) pairs (module docstring), each with which of the two the
    question and sentence name first (None: not both)."""
    words, years, said = said_words(ctx)
    at: dict[str, int] = {}
    for i, w in enumerate(said):
        at.setdefault(w, i)
    every_row = frozenset().union(*ops.rows.values()) if ops.rows else frozenset()
    subject = frozenset(w for w in words - every_row if w not in _PLAIN and len(w) >= 4)
    out: list[_Bound] = [
        ((p, c), _first(at, ops.context[id(p)] & subject, ops.words(c))) for p, c in ops.by_sentence
    ]
    named = [p for p in ops.prose if ops.context[id(p)] & subject]
    if not named:
        return out
    # the cells the words name by their row, of a year they name (when they name one); when
    # they name no row, the cells of the years they name (a cell of no known year is of any)
    by_row = [c for c in ops.cells if ops.words(c) and ops.words(c) <= words]
    asked = [
        c
        for c in by_row or ops.cells
        if (by_row and not years) or c.year is None or c.year in years
    ]
    seen = {(id(p), id(c)) for p, c in ops.by_sentence}
    for p in named:
        about = ops.context[id(p)] & subject
        out += [
            ((p, c), _first(at, about, ops.words(c)))
            for c in asked
            if c.source_id != p.source_id and (id(p), id(c)) not in seen
        ]
    return out


def _first(at: dict[str, int], about: frozenset[str], row: frozenset[str]) -> bool | None:
    """True when the words name the text figure (a word of its sentence) before the cell (its
    row), False when after, None when they do not name both (``at``: each word's first place)."""
    text = [at[w] for w in about if w in at]
    if not text or not row or not row <= at.keys():
        return None
    return min(text) < min(at[w] for w in row)


def _units(ops: _Operands, p: SourceValue, c: SourceValue) -> Iterator[Decimal]:
    """The text figure's value in the cell's unit: as written beside a cell of unknown unit,
    at its true size beside a scaled cell's true value, and in the unit of a scaled cell's
    written value (an amount in billions beside a table in millions)."""
    of_scale = (p.source_id, p.span) in ops.scaled_spans
    if c.view == "true":
        if p.view == "both" and of_scale:
            yield p.value
        return
    if p.view == "written" or not of_scale:
        yield p.value
    if p.view == "both" and of_scale and c.view == "written":
        scale = ops.scales.get((c.source_id, c.table, c.row_index, c.col_index))
        if scale:  # (the unit of the cell's true twin, looked up by place)
            yield p.value / scale


# (kind, operation, the text figure's value, the cell's value, the result, the pair); the
# operation is "-", "/" (a quotient), "%" (a change over the earlier), "+" or "mean", and "~"
# before it when the cell comes first
_Result = tuple[str, str, Decimal, Decimal, Decimal, _Pair]


def _results(ops: _Operands, bound: _Bound, factor: Decimal) -> Iterator[_Result]:
    """Every operation over the pair, both ways round (a change runs from the earlier year to
    the later when both figures have one; a quotient or a sum is of one year; a difference of
    one year is the one named first less the other, when the words name both). ``factor``: 100
    for a percentage (quotients and changes only)."""
    pair, first = bound
    p, c = pair
    order = None
    if p.year is not None and c.year is not None and p.year != c.year:
        order = p.year > c.year  # True: the text figure is the later one
    amounts = factor == 1
    y = c.value
    for x in _units(ops, p, c):
        for later, earlier, text_later in ((x, y, True), (y, x, False)):
            if order is not None and order != text_later:
                continue
            op = "" if text_later else "~"
            if amounts and (order is not None or first in (None, text_later)):
                yield "difference", op + "-", x, y, later - earlier, pair
            if earlier:
                yield "percent_change", op + "%", x, y, (later - earlier) / earlier * factor, pair
        if amounts:
            yield "average", "mean", x, y, (x + y) / _TWO, pair
        if order is not None:
            continue  # a quotient or a sum is of two things of one period
        if y:
            yield "ratio", "/", x, y, x / y * factor, pair
        if x:
            yield "ratio", "~/", x, y, y / x * factor, pair
        if amounts:
            yield "sum", "+", x, y, x + y, pair


def text_beside_cell(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine figure of one operation over a text figure and a table cell bound to each
    other (module docstring)."""
    m = ctx.mention
    if not fine_figure(ctx, _FINE) or ctx.scope is None or ctx.scope.cited:
        return None
    if len(ctx.scope.groups) < 2:
        return None
    ops = _operands(ctx)
    if not ops.cells or not ops.prose:
        return None
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = claim_interval(ctx)
    if lo <= 0 <= hi:
        return None
    chance = band(m.value)
    near = 0
    met: _Result | None = None
    seen: set[tuple[object, ...]] = set()
    for bound in _pairs(ctx, ops):
        for res in _results(ops, bound, factor):
            r = res[4]
            if r in chance and (key := _result_key(res)) not in seen:
                seen.add(key)  # (a text figure read as written and its scaled twin in the
                near += 1  # cell's unit are one figure: the same result is one chance, not two)
                if met is None and lo <= r <= hi:
                    met = res
    if met is None or not chance.within(near, hi - lo, _BUDGET):
        return None  # the bound pairs' results near the figure would meet its window by chance
    return Verdict("derived", _evidence(ctx, met))


def _result_key(res: _Result) -> tuple[object, ...]:
    """One result of one operation over one text figure (by its place) and one cell."""
    _, op, x, y, _, (p, c) = res
    return (op, x, y, p.source_id, p.span, c.source_id, c.table, c.row_index, c.col_index)


_SHOWN = {
    "-": "{x} - {y}",
    "~-": "{y} - {x}",
    "%": "({x} - {y}) / {y}",
    "~%": "({y} - {x}) / {x}",
    "/": "{x} / {y}",
    "~/": "{y} / {x}",
    "+": "{x} + {y}",
    "mean": "({x} + {y}) / 2",
}


def _evidence(ctx: ClaimContext, res: _Result) -> Evidence:
    kind, op, x, y, result, pair = res
    p, c = pair
    formula = _SHOWN[op].format(x=f"{label(p)} ({x:,})", y=f"{label(c)} ({y:,})")
    if ctx.mention.kind == "percent":
        formula += " x 100"
    formula = f"{formula} = {fmt_result(ctx, result)}"
    note = "a text figure and a table cell of one line, counted against chance"
    return Evidence("derive", kind, formula, (p, c), result, note)
