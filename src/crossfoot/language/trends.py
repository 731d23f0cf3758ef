"""Cheap gates: whether an answer says a line moved in every period ("grew every month",
"fell each quarter", "quarter after quarter"), a sentence :mod:`crossfoot.rules.worded_rows`
judges with no figure, over every row of a result set; or may claim anything of the rows with no
figure (that, a multiple in words: "nearly double South's", :mod:`crossfoot.rules.multiples`, or
an order of two rows in every period: "Beta trailed Alpha every month",
:mod:`crossfoot.language.row_compare`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.changewords import MOVED_DOWN_PAST, MOVED_UP_PAST
from crossfoot.language.extremes import ROW_NOUNS_RE
from crossfoot.language.multiples import may_multiply
from crossfoot.language.rank_free import may_rank_free
from crossfoot.language.row_compare import may_compare_periods

__all__ = [
    "EVERY_ROW",
    "MOVED",
    "MOVED_DOWN",
    "MOVED_UP",
    "every_period",
    "every_row",
    "may_word_every",
    "worded_claim",
    "wrong_step",
]

# The past-tense verbs of a line's movement that figure-free readings take (rules.worded_rows,
# rules._level_moves), as regex alternations: language.changewords' one list.
MOVED_UP = MOVED_UP_PAST
MOVED_DOWN = MOVED_DOWN_PAST
# One of them as a word, its group "up" or "down" (rules.worded_rows, _row_moves, _streak,
# _every_row_moves)
MOVED = re.compile(rf"(?i)\b(?:(?P<up>{MOVED_UP})|(?P<down>{MOVED_DOWN}))\b")

_GATES = (
    "every month",
    "each month",
    "every quarter",
    "each quarter",
    "month after month",
    "quarter after quarter",
    "month on month",
    "quarter on quarter",
    "quarter over quarter",
    "month over month",
    "every year",
    "each year",
    "year after year",
)


def every_period(text: str) -> bool:
    """Whether ``text`` says something moved in every period (substring tests).

    >>> every_period("Signups grew every month."), every_period("Signups grew in May.")
    (True, False)
    """
    low = text.lower()
    return any(g in low for g in _GATES)


# "every region", "each of the segments", "all three products": every row of a table (rules.
# _every_row_moves reads a movement said so; a result set is then read whole).
# "all other regions", "each of the remaining segments" are the rows but one: not every row.
EVERY_ROW = re.compile(
    rf"(?i)\b(?:every|each|all)\s+(?:(?:of\s+)?the\s+)?(?!(?:other|remaining|rest)\b)"
    rf"(?:\w+\s+)?(?:{ROW_NOUNS_RE})\b"
)
_EVERY_GATES = ("every", "each", "all ")


def may_word_every(low: str) -> bool:
    """A cheap gate before :data:`EVERY_ROW`: whether ``low`` (lower case) holds its words.

    >>> may_word_every("every region grew."), may_word_every("north grew.")
    (True, False)
    """
    return any(g in low for g in _EVERY_GATES)


def every_row(text: str) -> bool:
    """Whether ``text`` may say something of every row ("every region", "all segments").

    >>> every_row("Every region grew."), every_row("Each year it grew.")
    (True, False)
    >>> every_row("South fell while all other regions grew.")
    False
    """
    return may_word_every(text.lower()) and EVERY_ROW.search(text) is not None


def worded_claim(text: str) -> bool:
    """Whether ``text`` may claim something of the rows with no figure: a movement in every
    period, a multiple in words ("nearly double South's": rules.multiples), or an order of two
    rows in every period ("Beta trailed Alpha every month": rules._row_order_periods).

    >>> worded_claim("North's revenue was nearly double South's."), worded_claim("Done.")
    (True, False)
    """
    return (
        every_period(text)
        or may_multiply(text)
        or may_compare_periods(text)
        or every_row(text)
        or may_rank_free(text)  # "North was the largest region" (rules._rank_free)
    )


def wrong_step(values: Sequence[Decimal], up: bool) -> tuple[int, str] | None:
    """The first step of ``values`` that does not move ``up`` (or down): its index and what it
    did ("rose", "fell", "held"); None when every step moves that way. One reading for
    rules.worded_rows ("rose every year") and rules.each_period ("rose in each of the last
    three quarters").

    >>> from decimal import Decimal as D
    >>> wrong_step([D(1), D(2), D(2)], True), wrong_step([D(3), D(2)], False)
    ((1, 'held'), None)
    """
    for i, (a, b) in enumerate(pairwise(values)):
        if (b > a) != up or b == a:
            return i, "rose" if b > a else "fell" if b < a else "held"
    return None
