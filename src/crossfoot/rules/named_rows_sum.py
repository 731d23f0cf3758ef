"""The one figure of a sentence that names two rows and a year: their sum.

"Europe and Asia Pacific sold $4,950 thousand in 2024" names two rows, a year and no operation
word, so :func:`crossfoot.language.rowmatch.states_a_cell` reads the figure as a cell of a
named row (a derivation landing on it elsewhere would be a coincidence) and
:func:`crossfoot.rules.derive.two_operand` turns it down. With two rows named and one figure
stated, the figure is their combined value: the sum of the two named rows' cells of that year
is the one derivation tried, both operands named, so a chance match would have to be that sum.
Both names stand on one side of the figure, joined ("and", "plus", "&"): a sentence with a
figure for each row ("Europe sold $2.7m and Asia $2.2m") or a figure between the names ("Europe
sold $7.2m, less than North America") is left alone.

>>> from crossfoot import check
>>> table = "| | 2023 | 2024 |\\n|-|-|-|\\n| Europe | 2,980 | 2,710 |\\n| Asia | 1,870 | 2,240 |"
>>> [c.status for c in check("Europe and Asia sold 4,950 in 2024.", sources=[table]).claims]
['derived']
>>> [c.status for c in check("Europe and Asia sold 4,590 in 2024.", sources=[table]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.language.order import number_year
from crossfoot.language.rowmatch import focus_group, states_a_cell
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import best_verdict
from crossfoot.rules.derive import pair_candidates

__all__ = ["named_rows_sum"]

_SUM = frozenset({"sum"})
# "Europe and Asia each sold $2.7m": one figure of every row named, no sum
_EACH = re.compile(r"\b(?:each|respectively|apiece|every|per)\b", re.IGNORECASE)


def named_rows_sum(ctx: ClaimContext) -> Verdict | None:
    """The claim as the sum of the two rows its sentence names, in the sentence's year (see the
    module docstring), or None."""
    m, o, s = ctx.mention, ctx.options, ctx.sentence
    if not o.allow_derived or not m.claim or m.kind not in ("money", "number"):
        return None
    if o.derivations is not None and "sum" not in o.derivations:
        return None
    stated = sum(1 for x in ctx.sentence_mentions if x.claim)
    if stated != 1 or _EACH.search(ctx.text, s.start, s.end) or not states_a_cell(ctx, True):
        return None
    year = number_year(ctx.text, s.start, s.end, ctx.mentions, ctx.position)
    if year is None:
        return None
    summed = replace(ctx, options=replace(o, derivations=_SUM))
    for group in ctx.scope.groups:
        named = focus_group(ctx, group, whole=True)
        if named is None:
            continue
        cells = [v for v in named.values if v.year == year and v.row and v.kind != "percent"]
        if len({(v.source_id, v.table, v.row) for v in cells}) != 2 or not _joined(ctx, cells):
            continue
        found = [
            c
            for c in pair_candidates(summed, ValueIndex(cells))
            if c.operands[0].row != c.operands[1].row
        ]
        verdict = best_verdict(summed, found)
        if verdict is not None:
            return verdict
    return None


_JOIN = re.compile(r"\band\b|\bplus\b|&", re.IGNORECASE)


def _joined(ctx: ClaimContext, cells: list[SourceValue]) -> bool:
    """Whether the two rows of ``cells`` are named on one side of the figure, with a joining
    word there ("Europe and Asia sold 4,950", "sold 4,950 in Europe and Asia")."""
    s, m = ctx.sentence, ctx.mention
    for side in (ctx.text[s.start : m.start], ctx.text[m.end : s.end]):
        words = frozenset(tokens(side))
        if _JOIN.search(side) and all(required_tokens(v.row or "") <= words for v in cells):
            return True
    return False
