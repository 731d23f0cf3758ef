"""Bound words: "more than $5M" and "under 30%" state one side of a value, not the value.

The extractor marks a number after a bound word ``approximate`` and widens its precision to its
last significant digit ("more than 30%" is 30 ± 5). A bound is one-sided: "more than 30%" is not
true of 27%, and "under $5 million" is not true of $5.3 million. :func:`claimed_side` reads which
side the words claim, and the rules keep only that half of the window:

- ``">"``: over, above, more / greater / higher / larger than, at least, in excess of, upwards
  of, exceeded, surpassed, topped;
- ``"<"``: under, below, less / fewer / lower / smaller than, at most, up to;
- a negation before the word turns it round ("not more than 30%" is at most 30%).

Most of these words exclude the line itself: "more than $5M" and "exceeded $5M" are not true of
exactly $5M, so a value equal to the figure meets only "at least", "at most", "up to", "no
more / less than", "... or equal to", or a strict word negated ("not more than $5M").

Sides compare magnitudes, as finance prose does ("a loss of more than $5M" is a loss above
$5M in size). Words that only hedge ("about", "nearly", "roughly") keep the whole window.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Literal

from crossfoot.model.types import Mention

__all__ = ["Side", "bound_before", "claimed_bound", "claimed_side", "clip", "side_before"]

Side = Literal[">", "<"]

_ABOVE = (
    r"exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|top(?:s|ped|ping)|cross(?:es|ed|ing)?|"
    r"pass(?:es|ed|ing)?(?=\s+the\b)|above|over|in\s+excess\s+of|upwards\s+of|"
    r"(?P<above_eq>at\s+least|no\s+(?:less|fewer|lower|smaller)\s+than|"
    r"(?:greater|more|higher|larger|bigger)\s+than\s+or\s+equal\s+to)|"
    r"(?:greater|more|higher|larger|bigger)\s+than"
)
_BELOW = (
    r"below|under|(?P<below_eq>at\s+most|up\s+to|no\s+(?:more|greater|higher|larger)\s+than|"
    r"(?:less|fewer|lower|smaller)\s+than\s+or\s+equal\s+to)|"
    r"(?:less|fewer|lower|smaller)\s+than"
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
    bound = claimed_bound(text, mention)
    return None if bound is None else bound[0]


def claimed_bound(text: str, mention: Mention) -> tuple[Side, bool] | None:
    """The side a figure's bound word claims and whether it excludes the figure itself.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "It was more than 30%, at least 20%, not over 4%, no less than 9%, crossed $5 million."
    >>> [claimed_bound(t, m) for m in extract(t)]  # doctest: +NORMALIZE_WHITESPACE
    [('>', True), ('>', False), ('<', False), ('>', False), ('>', True)]
    """
    if not mention.approximate:
        # The extractor marks a number approximate after every bound word but the verbs
        # ("exceeded $5M"): those are looked for in the few characters before it.
        near = text[max(0, mention.start - 16) : mention.start].lower()
        if not any(w in near for w in _VERBS):
            return None
    return bound_before(text, mention.start)


_VERBS = ("exceed", "surpass", "top", "cross", "pass")


def side_before(text: str, start: int, floor: int = 0) -> Side | None:
    """The side a comparison word right before ``start`` (and after ``floor``) claims
    ("exceeded", "below", ...)."""
    bound = bound_before(text, start, floor)
    return None if bound is None else bound[0]


def bound_before(text: str, start: int, floor: int = 0) -> tuple[Side, bool] | None:
    """:func:`side_before` with whether the words exclude the line itself ("more than 5": not
    5; "at least 5", "not more than 5": 5 too).

    >>> bound_before("sales of no more than 5", 21), bound_before("sales not at least 5", 18)
    (('<', False), ('<', True))
    >>> bound_before("281.09 is less than 286.22", 20), bound_before("in 2024 exceeded 4", 17)
    (('<', False), ('>', True))
    """
    lo = max(floor, start - _REACH)
    if GATED and not _may_end_in_bound(text[max(lo, 0) : max(start, 0)]):
        return None
    m = _SIDE.search(text, lo, start)
    if m is None:
        return None
    side: Side = "<" if m.group("below") else ">"
    strict = m.group("below_eq") is None and m.group("above_eq") is None
    if strict and _compared(text, max(floor, m.start() - 24), m.start()):
        strict = False  # "281.09 is less than 286.22" compares two figures: no line is drawn
    if m.group("neg"):
        side = ">" if side == "<" else "<"
        strict = not strict
    return side, strict


#: Whether :func:`bound_before` asks :func:`_may_end_in_bound` before its pattern (speed only:
#: the tests turn it off to compare with the pattern's own reading).
GATED = True
# The last word of every alternative of _SIDE's bound words ("in excess of" and "upwards of" by
# the word before their "of"), and the words _SIDE lets stand between it and the number.
_LAST_WORDS = frozenset(
    "exceed exceeds exceeded exceeding surpass surpasses surpassed surpassing tops topped "
    "topping cross crosses crossed crossing pass passes passed passing above over excess upwards "
    "least than to below under most".split()
)
_FILLERS = frozenset({"the", "a", "an", "of"})
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _may_end_in_bound(window: str) -> bool:
    """Whether ``_SIDE`` may match at the end of ``window`` (False: it surely does not).

    Every match of ``_SIDE`` ends with a bound word, then fillers ("the", "a", "an", "of", each
    after whitespace), then whitespace, at most one currency sign and whitespace. So in an ASCII
    window (no character folds to an ASCII letter under IGNORECASE), with the trailing
    whitespace and signs stripped and the fillers taken off, the last run of letters is the
    last word of a bound word. The pattern tries every start in the window (about 16 us a
    call); this reads its tail only. tests/test_speed_paths_speed29.py holds it to the pattern.

    >>> _may_end_in_bound("revenue was more than $ "), _may_end_in_bound("a mean of ")
    (True, False)
    """
    if not window.isascii():
        return True
    tail = window.rstrip().rstrip("$~").rstrip()
    while True:
        i = len(tail)
        while i and tail[i - 1] in _LETTERS:
            i -= 1
        word = tail[i:].lower()
        if word in _LAST_WORDS:
            return True
        if word not in _FILLERS:
            return False
        head = tail[:i]
        tail = head.rstrip()
        if len(tail) == len(head):
            return False  # (a filler stands after whitespace: "\s+(?:the|a|an|of)")


def clip(
    lo: Decimal, hi: Decimal, value: Decimal, side: Side | None, strict: bool = False
) -> tuple[Decimal, Decimal]:
    """The half of the window ``[lo, hi]`` around ``value`` on the claimed side, by magnitude;
    a strict bound leaves ``value`` itself out (the window starts just past it).

    >>> from decimal import Decimal as D
    >>> clip(D(25), D(35), D(30), ">"), clip(D(-3500), D(-2500), D(-3000), "<")
    ((Decimal('30'), Decimal('35')), (Decimal('-3000'), Decimal('-2500')))
    >>> lo, hi = clip(D(25), D(35), D(30), ">", strict=True)
    >>> D(30) < lo < D("30.001"), hi
    (True, Decimal('35'))
    """
    if side is None:
        return lo, hi
    gap = (hi - lo) * _OPEN if strict else _ZERO
    if (side == ">") == (value >= 0):  # larger in size: above a positive value, below a negative
        return max(lo, value + gap), hi
    return lo, min(hi, value - gap)


# A figure (no year) a word or two before the comparison word: "281.09 is less than 286.22".
_FIGURE_BEFORE = re.compile(r"(\d[\d,.]*)[%)]?(?:\s+[a-z]+){0,2}\s+$")


def _compared(text: str, lo: int, hi: int) -> bool:
    """Whether a figure other than a year stands a word or two before ``text[hi:]``."""
    m = _FIGURE_BEFORE.search(text, lo, hi)
    if m is None:
        return False
    digits = m.group(1).rstrip(",.")
    return not (len(digits) == 4 and digits.isdigit() and 1900 <= int(digits) <= 2099)


_OPEN = Decimal("1e-9")  # a window end left open: far below any precision a figure states
_ZERO = Decimal(0)
