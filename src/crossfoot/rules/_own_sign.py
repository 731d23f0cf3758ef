"""A coarse figure written with its own sign is a change: "120 in 2023 (+25)", "95 (-15)".

``rules.derive`` derives a coarse figure (two significant digits, as the counts of a small table
are: "25", "15") only by an operation its sentence words ("rose by 25", "the change"), so that
a window of a few percent over a whole table does not meet it by chance. A sign written on the
figure itself ("+25", "+ 25", "-15"; not a "(15)" in parentheses, nor "4,210 + 420") words a
change as plainly: :func:`signed_kinds` gives the coarse search the difference (the sign is
then checked against the change's direction, ``rules._signed_change``).

>>> from crossfoot import check
>>> t = '[["", "2022", "2023"], ["New stores", "95", "120"]]'
>>> [c.status for c in check("New stores were 120 in 2023 (+25).", [t]).claims]
['supported_exact', 'derived']
>>> [c.status for c in check("New stores were 120 in 2023 (+ 30).", [t]).claims]
['supported_exact', 'unsupported']
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext
from crossfoot.rules._signed_change import plus_signed

__all__ = ["signed_kinds"]

_DIFFERENCE = frozenset({"difference"})
_NONE: frozenset[str] = frozenset()
_MINUS = "-−–"


def signed_kinds(ctx: ClaimContext) -> frozenset[str]:
    """{"difference"} when the claim is written with its own sign, else empty."""
    m, text = ctx.mention, ctx.text
    if m.high is not None or m.kind not in ("money", "number"):
        return _NONE
    if plus_signed(text, m.start):
        return _DIFFERENCE
    own = text[m.start : m.start + 1] in _MINUS or (
        m.currency and text[m.start + 1 : m.start + 2] in _MINUS
    )
    return _DIFFERENCE if own and m.negative and _signed_alone(text, m.start) else _NONE


def _signed_alone(text: str, at: int) -> bool:
    """The minus is the figure's own, not an operator after a figure ("420 - 15")."""
    k = at - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k < 0 or not (text[k].isdigit() or text[k] in ")%+-=±")
