"""A ratio of a table cell and a figure of the running text, each named by one side of the
question's ratio: "What is the ratio of amortization expense to accumulated amortization in
2019? The answer is 0.19." over a table whose *Accumulated amortization* row reads 260.8 for
2019 and a paragraph "we recognized amortization expense of $49.1 million in fiscal 2019".

A report's table and its notes are two sources, and an uncited answer searches each on its own
(docs/derivations.md); a ratio across them is searched only at about four significant digits
(rules.cross_source), since the pool of every cell and every prose figure meets a coarser ratio
by chance. Here the pool is a handful: the cells whose row (with its section and column) holds
every word of one side, and the prose figures whose sentence holds those of the other side,
both of a year the text names. A wrong figure 10 % off rarely meets one of those few quotients,
so a ratio stated to two digits ("0.19") is derived the way rules.coarse_ratio derives one of
two named rows: its numerator named by the first side, its denominator by the second.

>>> from crossfoot import check
>>> table = '[["(in millions)", "2025", "2024"], ["Accumulated amortization", "260.8", "212.1"]]'
>>> note = "We recognized amortization expense of $49.1 million in fiscal 2025."
>>> q = "What is the ratio of amortization expense to accumulated amortization in 2025?"
>>> check(q + " The answer is 0.19.", [table, note], question=q).passed
True
>>> check(q + " The answer is 0.23.", [table, note], question=q).passed
False
"""

from __future__ import annotations

from collections.abc import Iterable

from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import root, tokens
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._derive_shared import Candidate
from crossfoot.rules._named_years import value_years
from crossfoot.rules.derive import pair_candidates

__all__ = ["cross_ratio_pairs"]

_MAX_CELLS = 6  # cells one side may name (two unit views of a few lines)
_MAX_PROSE = 4  # prose figures one side may name
_REACH = 200  # characters of a prose figure's sentence read on either side
# Words any side or label may hold: sharing one names nothing.
_SAID = frozenset({"total", "other", "amount", "value", "year", "fiscal", "ended", "period"})


def _words(text: str) -> frozenset[str]:
    return frozenset(root(t) for t in tokens(text) if len(t) >= 4 and t not in _SAID)


def _cell_named(side: frozenset[str], v: SourceValue) -> bool:
    """Every word of the side is in the cell's row, section or column."""
    names = " ".join(x for x in (v.row, section_of(v), v.column) if x)
    return side <= _words(names)


def _sentence(text: str, start: int, end: int) -> str:
    before = text[max(0, start - _REACH) : start]
    cut = max(before.rfind(". "), before.rfind("; "), before.rfind("\n"))
    after = text[end : end + _REACH]
    stops = [i for i in (after.find(". "), after.find("; "), after.find("\n")) if i >= 0]
    return (before[cut + 1 :] if cut >= 0 else before) + " " + after[: min(stops, default=None)]


def _prose_named(ctx: ClaimContext, side: frozenset[str], v: SourceValue) -> bool:
    """The figure's sentence holds every word of the side but one, and two at least (or the one
    word of a one-word side): "we expect ... segment operating results gains of $0.9 million"
    for "expected operating result gains"."""
    src = ctx.scope.source(v.source_id) if ctx.scope is not None else None
    if src is None or v.span is None:
        return False
    shared = len(side & _words(_sentence(src.text, *v.span)))
    return shared >= len(side) - 1 and shared >= min(2, len(side))


def _named(
    ctx: ClaimContext, side: frozenset[str], values: Iterable[SourceValue], years: frozenset[int]
) -> tuple[list[SourceValue], list[SourceValue]]:
    """The cells and the prose figures of ``years`` that ``side`` names."""
    cells: list[SourceValue] = []
    prose: list[SourceValue] = []
    for v in values:
        if not v.operand or operand_class(v) != "amount" or not v.value:
            continue
        if v.table is not None:
            if value_years(v) & years and _cell_named(side, v):
                cells.append(v)
        elif v.year in years and _prose_named(ctx, side, v):
            prose.append(v)
    return cells, prose


def cross_ratio_pairs(
    narrow: ClaimContext, sides: tuple[str, str], years: frozenset[int]
) -> list[Candidate]:
    """The ratios of a cell and a prose figure of ``years``, the numerator named by the first
    of ``sides``, the denominator by the second (``narrow``: the claim's context searching ratios
    and shares only)."""
    scope = narrow.scope
    if scope is None or scope.cited or len(scope.groups) < 2 or not years:
        return []
    top_words, base_words = _words(sides[0]), _words(sides[1])
    if not top_words or not base_words or top_words == base_words:
        return []
    values = [v for g in scope.groups for v in g.values]
    top_cells, top_prose = _named(narrow, top_words, values, years)
    base_cells, base_prose = _named(narrow, base_words, values, years)
    found: list[Candidate] = []
    sides_found = ((top_cells, base_prose, True), (base_cells, top_prose, False))
    for cells, prose, cell_on_top in sides_found:
        if not cells or not prose or len(cells) > _MAX_CELLS or len(prose) > _MAX_PROSE:
            continue
        tops, bases = (cells, prose) if cell_on_top else (prose, cells)
        for top in tops:
            for base in bases:
                pair = ValueIndex([base, top])
                found.extend(
                    c
                    for c in pair_candidates(narrow, pair)
                    if c.operands[-1] is top and c.operands[0] is base
                )
    return found
