"""Bound words: "more than $5M" and "under 30%" state one side of a value, not the value.

The extractor marks a number after a bound word ``approximate`` and widens its precision to its
last significant digit ("more than 30%" is 30 ± 5). A bound is one-sided: "more than 30%" is not
true of 27%, and "under $5 million" is not true of $5.3 million. :func:`claimed_side` reads which
side the words claim, and the rules keep only that half of the window:

- ``">"``: over, above, more / greater / higher / larger than, at least, in excess of, upwards
  of, exceeded, surpassed, topped;
- ``"<"``: under, below, less / fewer / lower / smaller than, at most, up to;
- a negation before the word turns it round ("not more than 30%" is at most 30%).

Sides compare magnitudes, as finance prose does ("a loss of more than $5M" is a loss above
$5M in size). Words that only hedge ("about", "nearly", "roughly") keep the whole window.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Literal

from crossfoot.model.types import Mention

__all__ = ["Side", "claimed_side", "clip", "side_before"]

Side = Literal[">", "<"]

_ABOVE = (
    r"exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|top(?:s|ped|ping)|above|over|in\s+excess\s+of|upwards\s+of|"
    r"at\s+least|(?:greater|more|higher|larger|bigger)\s+than(?:\s+or\s+equal\s+to)?"
)
_BELOW = (
    r"below|under|at\s+most|up\s+to|no\s+more\s+than|"
    r"(?:less|fewer|lower|smaller)\s+than(?:\s+or\s+equal\s+to)?"
)
# The bound word ends right before the number (a currency sign, "the" or "a" may stand between).
_SIDE = re.compile(
    rf"(?i)(?P<neg>(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?)?"
    rf"\b(?:(?P<below>{_BELOW})|(?P<above>{_ABOVE}))"
    r"(?:\s+(?:the|a|an|of))*\s*[$€£¥₹~]?\s*$"
)
_REACH = 50


def claimed_side(text: str, mention: Mention) -> Side | None:
    """The side of its number a figure's bound word claims, or None for a plain or hedged figure.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Margins were more than 30%, up to $5 million, about 12%; not over 4%; exceeded 9%."
    >>> [(m.text, claimed_side(t, m)) for m in extract(t)]
    [('30%', '>'), ('$5 million', '<'), ('12%', None), ('4%', '<'), ('9%', '>')]
    """
    if not mention.approximate:
        # The extractor marks a number approximate after every bound word but the verbs
        # ("exceeded $5M"): those are looked for in the few characters before it.
        near = text[max(0, mention.start - 16) : mention.start].lower()
        if "exceed" not in near and "surpass" not in near and "top" not in near:
            return None
    return side_before(text, mention.start)


def side_before(text: str, start: int, floor: int = 0) -> Side | None:
    """The side a comparison word right before ``start`` (and after ``floor``) claims
    ("exceeded", "below", ...)."""
    m = _SIDE.search(text, max(floor, start - _REACH), start)
    if m is None:
        return None
    side: Side = "<" if m.group("below") else ">"
    if m.group("neg"):
        side = ">" if side == "<" else "<"
    return side


def clip(lo: Decimal, hi: Decimal, value: Decimal, side: Side | None) -> tuple[Decimal, Decimal]:
    """The half of the window ``[lo, hi]`` around ``value`` on the claimed side, by magnitude.

    >>> from decimal import Decimal as D
    >>> clip(D(25), D(35), D(30), ">"), clip(D(-3500), D(-2500), D(-3000), "<")
    ((Decimal('30'), Decimal('35')), (Decimal('-3000'), Decimal('-2500')))
    """
    if side is None:
        return lo, hi
    if (side == ">") == (value >= 0):  # larger in size: above a positive value, below a negative
        return max(lo, value), hi
    return lo, min(hi, value)
