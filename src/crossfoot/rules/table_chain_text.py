"""A quotient of a figure the text states and a table cell, both named by the question: "what is
the pension contributions divided by the dividends paid? The answer is 0.1953" for the text's
"$ 641 million in 2017" over the table's 3,282.5 of *Dividends paid* in 2017.

A filing states some quantities only in its running text ("pension contributions totaled $ 463.8
million in 2018 compared to $ 641 million in 2017"), and a conversation divides one of them by a
line of the table. The pair search across sources (:mod:`crossfoot.rules.cross_source`) binds a
prose figure to a cell only when the prose sentence names the cell's row (a remark on that row);
here the question binds them instead: it names the cell's row, and its other words name the
prose figure's subject (a content word of the prose figure's own sentence that no named row
holds).

The pair is of one period: a prose figure and a cell whose years are both known are of the same
year, and of a year the last turn or the claim's sentence names when they name any. Both are
taken in one unit: each as written ("$ 641 million" is 641 beside a table in millions), or
both at their true size. Either may be on top ("the ratio of the dividends to the
contributions").

Chance is counted, never assumed away: the figure is stated to three significant digits
or finer, and the quotients of the named pairs in its band (:mod:`crossfoot.rules._chance`)
would meet a figure of its window by chance less than :data:`_BUDGET` of the time.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.memo import by_cells
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules._prose_subject import context_tokens
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["said_words", "text_over_cell"]

_FINE = Decimal("0.005")  # a half unit of at most 0.5 % of the figure: three digits or finer
_BUDGET = Decimal("0.02")  # expected chance matches in the figure's window, at most
_MAX = 400  # prose figures and named cells, at most each (past it nothing is claimed)
_HUNDRED = Decimal(100)
# A pair: the top, the bottom (one prose figure and one cell, either way round)
_Pair = tuple[SourceValue, SourceValue]


def _amount(v: SourceValue) -> bool:
    """An amount of money or a count: a table cell that may be an operand, or a prose figure
    (as written too: "641" of "$ 641 million")."""
    if v.kind not in ("money", "number") or v.value == 0:
        return False
    return v.operand or (v.table is None and v.view == "written")


def _one_unit(p: SourceValue, c: SourceValue, scaled: frozenset[tuple[str, int]]) -> bool:
    """Both as written, or both at their true size: a prose figure's true size ("$ 641 million"
    is 641,000,000) only over a cell a unit header scales, never over a cell of unknown unit;
    a prose figure of no scale word is as written (``scaled``: where the scaled ones start)."""
    of_scale = p.span is not None and (p.source_id, p.span[0]) in scaled
    if c.view == "true":
        return p.view == "both" and of_scale
    return p.view == "written" or not of_scale


def said_words(ctx: ClaimContext) -> tuple[frozenset[str], frozenset[int], list[str]]:
    """The words of the whole question and the claim's sentence; the years the last turn and
    the sentence name (never the claim's own digits); the words of the last turn and the
    sentence, in order (rules.table_chain_mixed reads those)."""
    context, asked = ctx.shared.get("ask.context"), ctx.shared.get("ask.text")
    said = ""
    if (s := ctx.sentence) is not None:
        a, b = ctx.mention.start - s.start, ctx.mention.end - s.start
        said = f"{s.text[:a]} {s.text[b:]}" if 0 <= a <= b <= len(s.text) else s.text
    words = frozenset(tokens(f"{context if isinstance(context, str) else ''} {said}"))
    last = f"{asked if isinstance(asked, str) else ''} {said}"
    return words, frozenset(years_in_text(last)), tokens(last)


class _Read:
    """The scope's amount cells with the tokens their rows require, and its prose figures with
    their own sentences' content tokens (read when first asked): the same for every claim, kept
    across answers (:data:`_KEPT`)."""

    __slots__ = ("_known", "prose", "scope", "table")

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.table: list[tuple[SourceValue, frozenset[str]]] = []
        self.prose: list[SourceValue] = []
        self._known: list[tuple[SourceValue, frozenset[str]]] | None = None
        for v in scope.index.values:  # (the groups leave the prose figures as written out)
            if not _amount(v):
                continue
            if v.table is not None:
                if v.row and (need := required_tokens(v.row)):
                    self.table.append((v, need))
            elif v.span is not None:
                self.prose.append(v)

    def known(self) -> list[tuple[SourceValue, frozenset[str]]]:
        """Each prose figure of a source in scope, with its sentence's content tokens."""
        if self._known is None:
            found = []
            for v in self.prose:
                src = self.scope.source(v.source_id)
                if src is not None:
                    found.append((v, context_tokens(src, v)))
            self._known = found
        return self._known


# _Read by scope, across answers: check() reuses the sources (and so the scope's index) of the
# same passages for every question on them. Keyed by the identities of the scope's index and
# sources (all it reads), which the entry holds; the oldest entry goes first.
_KEPT: dict[tuple[int, ...], tuple[object, _Read]] = {}


def _named(ctx: ClaimContext, words: frozenset[str]) -> tuple[list[SourceValue], ...]:
    """The cells of the rows the words name, and the prose figures whose own sentence holds a
    word the words name that no named row holds."""
    scope = ctx.scope
    read = by_cells(_KEPT, (scope.index, *scope.sources), 16, lambda _: _Read(scope))
    cells: list[SourceValue] = []
    rows: set[str] = set()
    for v, need in read.table:
        if need <= words:
            cells.append(v)
            rows |= need
    prose = read.prose
    if not cells or not prose or len(cells) > _MAX or len(prose) > _MAX:
        return [], []
    subject = words - rows
    return cells, [v for v, near in read.known() if near & subject]


def _pairs(
    cells: list[SourceValue], prose: list[SourceValue], years: frozenset[int]
) -> list[_Pair]:
    """The prose figure and cell pairs of one period and one unit, both ways round."""
    out: list[_Pair] = []
    scaled = frozenset((p.source_id, p.span[0]) for p in prose if p.view == "written" and p.span)
    for p in prose:
        if years and p.year is not None and p.year not in years:
            continue
        for c in cells:
            if c.source_id == p.source_id or not _one_unit(p, c, scaled):
                continue
            if p.year is not None and c.year is not None and p.year != c.year:
                continue
            if years and c.year is not None and c.year not in years:
                continue
            out += [(p, c), (c, p)]
    return out


def text_over_cell(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine quotient of a prose figure and a table cell the question names (module
    docstring)."""
    m = ctx.mention
    if not isinstance(ctx.shared.get("ask.context"), str) or not fine_figure(ctx, _FINE):
        return None
    if ctx.scope is None or ctx.scope.cited or len(ctx.scope.groups) < 2:
        return None
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = (x / factor for x in claim_interval(ctx))
    if (lo <= 0 <= hi) or not ctx.mention.claim:
        return None
    words, years, _ = said_words(ctx)
    cells, prose = _named(ctx, words)
    if not prose:
        return None
    pairs = _pairs(cells, prose, years)
    chance = band(m.value / factor)
    near = 0
    met: _Pair | None = None
    for top, bottom in pairs:
        q = top.value / bottom.value
        if q in chance:
            near += 1
            if met is None and lo <= q <= hi:
                met = (top, bottom)
    if met is None:
        return None
    if not chance.within(near, hi - lo, _BUDGET):
        return None  # the named pairs near the figure would meet its window by chance
    return Verdict("derived", _evidence(ctx, met, factor))


def _evidence(ctx: ClaimContext, pair: _Pair, factor: Decimal) -> Evidence:
    top, bottom = pair
    result = top.value / bottom.value * factor
    formula = f"{label(top)} ({top.value:,}) / {label(bottom)} ({bottom.value:,})"
    formula += " x 100" if factor != 1 else ""
    formula = f"{formula} = {fmt_result(ctx, result)}"
    note = "a text figure over a table cell, both named by the question, counted against chance"
    return Evidence("derive", "ratio", formula, pair, result, note)
