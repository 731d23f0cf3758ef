"""An unworded gap between two rows of one period stands for the rows its sentence names.

A difference the answer words neither as a change ("rose", "changed by") nor as a gap
("difference", "less", "minus", "more than") is read by the two-operand search as a change of
one quantity or as the gap between two rows of one column ("Revenue less cost of sales" written
as "$1,200 million"). A sentence that names a row of the table ("In 2019, revenue was $1,200
million") says which line it states: a gap between that row and a row it never names is a
coincidence of the table's many pairs, not the figure's reading. So when the claim's sentence
names rows of the operands' table and words no difference (nor does the question), every
operand taken from that table must sit in a named row. A bare answer line names no row ("The
answer is 35,796 million." for total expenses as revenue less net income): nothing narrows it.
"""

from __future__ import annotations

from crossfoot.language.changewords import CHANGE_ASKED, words
from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import _focus
from crossfoot.rules._list_lead import list_lead

__all__ = ["gap_named"]

# The words that name a difference ("the variation in", "less", "minus"), as the coarse
# derivations read them (rules._prose_pairs).
_GAP_WORDED = words(CHANGE_ASKED, r"minus|subtract\w*")


def gap_named(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether an unworded gap of ``x`` and ``y`` fits the rows the claim's sentence names:
    every table operand in a named row, or no row of its table named, or the difference worded
    by the sentence, the one before or the question."""
    rows = _focus(ctx).rows
    if not rows:
        return True
    for v in (x, y):
        named = rows.get((v.source_id, v.table)) if v.table is not None else None
        if named is not None and v.row_index not in named:
            return _worded(ctx)
    return True


def _worded(ctx: ClaimContext) -> bool:
    """The sentence, the one before, a list's lead or the question words a difference (once per
    sentence)."""
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("gap_named.worded", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    said = memo.get(key)
    if said is None:
        asked = ctx.shared.get("ask.text")
        wording = focus_text(ctx) + " " + list_lead(ctx.text, ctx.sentence.start)
        if isinstance(asked, str):
            wording += " " + asked
        said = memo[key] = _GAP_WORDED.search(wording) is not None
    return said
