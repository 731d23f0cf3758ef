"""Words that say which way a loss's size moved: "the operating loss widened by $21 million".

A change of a loss or cost line written as deductions (both cells negative) is read either way
(:func:`crossfoot.rules.signs.cost_sizes_agree`): "rose" may mean the signed cell or the loss's
size. Some words leave no such doubt: a loss "widened", "worsened", "deepened" or "deteriorated"
only when its size grew, and "narrowed", "improved" or "shrank" only when it fell. Before them
(in the claim's clause, before the figure) the size decides alone, so "the operating loss
widened by $21 million" over (52) then (31) is the wrong way, where it passed on the signed
reading (lead40).

>>> size_word("The operating loss widened by ", 0, 30), size_word("The loss rose by ", 0, 17)
('up', None)
"""

from __future__ import annotations

import re

from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules.signs import cost_sizes_agree

__all__ = ["loss_agrees", "size_word"]

_SIZE = re.compile(
    r"(?i)\b(?:(?P<up>widen(?:ed|s|ing)?|worsen(?:ed|s|ing)?|deepen(?:ed|s|ing)?|"
    r"deteriorat(?:ed|es|ing|ion))|(?P<down>narrow(?:ed|s|ing)?|improv(?:ed|es|ing|ement)|"
    r"shr[aiu]nk(?:s|ing)?))\b"
)


def size_word(text: str, lo: int, hi: int) -> str | None:
    """ "up" or "down" for the last size word of ``text[lo:hi]``, else None."""
    last = None
    for m in _SIZE.finditer(text, lo, hi):
        last = m
    if last is None:
        return None
    return "up" if last.group("up") else "down"


def loss_agrees(
    ctx: ClaimContext, first: SourceValue, second: SourceValue, agrees: bool, direction: str | None
) -> tuple[bool, str | None]:
    """``(agrees, direction)`` of a change ``first -> second``: as given, unless both are cells of
    a loss line written as deductions and a size word states the move (module docstring)."""
    if not (first.value < 0 and second.value < 0) or first.value == second.value:
        return agrees, direction
    if not (cost_sizes_agree(first, second, "up") or cost_sizes_agree(first, second, "down")):
        return agrees, direction  # (no loss line)
    # (the figure's own clause: "Revenue improved, while the operating loss rose by 21" says
    # nothing of the loss's size)
    s, m = ctx.sentence, ctx.mention
    lo = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)[0]
    said = size_word(ctx.text, lo, m.start)
    if said is None:
        return agrees, direction
    return cost_sizes_agree(first, second, said), said
