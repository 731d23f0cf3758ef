"""A negative difference of two lines of one period, asked in words that fix no order: "what was
the interest expense in 2012? and the net earnings? what is the difference between them? The
answer is -145" for 45 - 190.

The two-operand search takes a difference of two rows of one column by its size when the words
fix no order (a row is no earlier than another, as a year is): 145 passes for the gap between
the net earnings and the interest expense. The conversation that asked the first line first
takes the first less the second, and a question read alone ("what is the difference between
them?") does not say which came first, so the negative figure is that same gap taken the other
way. It passes when its size is derived so (a difference of two cells of one column of one
table, under the search's own limits) and the last turn words a difference and nothing that
fixes a direction or an order: no rise or fall ("increase", "decline"), no "from ... to", no
"less", no year. A change of one row over time keeps its sign (the later year less the earlier).
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.language.turns import last_turn
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence
from crossfoot.rules.derive import two_operand

__all__ = ["row_gap_sign"]

# A difference worded without an order: "the difference (between them)", "the gap"
_ASKS = re.compile(r"(?i)\b(?:differen\w*|gap)\b")
# Words that fix an order or a direction: a change over time, "A less B", "from A to B"
_ORDER = re.compile(
    r"(?i)\b(?:chang\w*|increas\w*|decreas\w*|declin\w*|grow\w*|grew|rose|rise|fell|fall|drop\w*"
    r"|less|minus|subtract\w*|from|exceed\w*|more|higher|lower|over|variation|var(?:y|ied))\b"
    r"|(?:19|20)\d\d"
)


def row_gap_sign(ctx: ClaimContext) -> Verdict | None:
    """Rule: a negative difference of two rows of one column, the order unfixed (module
    docstring)."""
    m = ctx.mention
    if m.value >= 0 or m.kind not in ("number", "money") or m.high is not None or not m.claim:
        return None
    turn = last_turn(ctx.shared.get("ask.text"))
    if turn is None:
        return None
    last = turn.text
    if not _ASKS.search(last) or _ORDER.search(last):
        return None
    # (fresh notes: the claim's own notes hold what the search found for the negative figure)
    size = replace(m, value=-m.value, negative=False)
    verdict = two_operand(replace(ctx, mention=size, notes={}))
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    ev = verdict.evidence
    if ev.kind != "difference" or len(ev.operands) != 2 or ev.result is None:
        return None
    a, b = ev.operands
    if a.table is None or (a.source_id, a.table) != (b.source_id, b.table):
        return None
    if a.col_index != b.col_index or a.row_index == b.row_index:
        return None  # two periods of one row: a change keeps its sign
    low, high = (a, b) if a.value < b.value else (b, a)
    result = low.value - high.value
    formula = f"{low.label} ({low.value:,}) - {high.label} ({high.value:,}) = {result:,}"
    note = "a difference of two lines the question names in no order, the first the smaller"
    return Verdict("derived", Evidence("derive", "difference", formula, (low, high), result, note))
