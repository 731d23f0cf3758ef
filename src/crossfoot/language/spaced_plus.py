"""A plus written apart from its figure: "South + 340 in 2023", "3,540 (+ 340)".

The extractor reads a sign only when it touches the digits ("+340"), so "+ 340" is read as 340,
and a change written that way over a fall passed as an unsigned size. A user who types a space
after the plus still claims a rise, as plainly as "+340" does. :func:`spaced_plus` finds that
plus: one or two spaces (or tabs) between it and the figure, and before it no figure the plus
could join as an operator ("4,210 + 420", "5 + 3", "20% + 5"), nor "=", "+" or "±".

Read by ``rules._signed_change.plus_signed`` (the figure's own plus claims a rise).
"""

from __future__ import annotations

__all__ = ["spaced_plus"]

_JOINS = ")%+-=±−–*/×"


def spaced_plus(text: str, at: int) -> bool:
    """Whether the figure at ``at`` has a plus of its own one or two spaces before it.

    >>> spaced_plus("South + 340", 8), spaced_plus("3,540 (+ 340)", 9)
    (True, True)
    >>> spaced_plus("4,210 + 420", 8), spaced_plus("South +  $5", 9), spaced_plus("up (+ 5%)", 6)
    (False, True, True)
    >>> spaced_plus("Q1 + 5", 5), spaced_plus("South 340", 6), spaced_plus("+/- 5", 4)
    (False, False, False)
    """
    p = at - 1
    while p >= 0 and at - p <= 3 and text[p] in " \t":
        p -= 1
    if p < 0 or p == at - 1 or text[p] != "+":
        return False
    k = p - 1  # the last character before the plus that is no space
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k < 0 or not (text[k].isdigit() or text[k] in _JOINS)
