"""The two sides of a quotient or a difference a question asks for, each with its own years.

"What was the dividend per share in 2024 as a portion of the share price in 2023?" asks for a
quotient whose numerator is of 2024 and whose base is of 2023: the year written on each side
belongs to that side, not to the whole question. :func:`read_sides` splits the ask at the words
that join the two sides ("as a percentage of", "divided by", "relative to", "in relation to",
"the ratio of A to B", "the difference between A and B") and reads each side's years
(:func:`crossfoot.language.asked.question_years`). A side must name something besides its years
("between 2018 and 2019" is a span, not two sides); a side of no year or of several (a change
"from 2020 to 2021") constrains less (:mod:`crossfoot.rules.alignment_sides`).

>>> s = read_sides("What was the dividend in 2024 as a portion of the share price in 2023?")
>>> sorted(s.left_years), sorted(s.right_years), s.quotient
([2024], [2023], True)
>>> s = read_sides("What is the difference between sales in 2021 and costs in 2020?")
>>> sorted(s.left_years), sorted(s.right_years), s.quotient
([2021], [2020], False)
>>> read_sides("What was the change in revenue between 2018 and 2019?") is None
True
>>> read_sides("What is the ratio of revenue from 2018 to 2019?") is None
True
>>> sorted(read_sides("What was the change in sales as a portion of its 2019 value?").right_years)
[2019]
>>> read_sides("what is this amount as a portion of that price in 2019?").back
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from crossfoot.language.asked import question_years

__all__ = ["Sides", "read_sides"]

# Words that join the numerator (before) to the base (after) of a quotient.
_QUOTIENT = re.compile(
    r"(?i)\bas\s+an?\s+(?:percentage|percent|portion|share|proportion|fraction|multiple|ratio)"
    r"\s+of\b|\bdivided\s+by\b|\brelative\s+to\b|\bin\s+relation\s+to\b"
)
# "the ratio of A to B", "the difference between A and B": the sides are the two phrases, split
# at a joining word ("wages and salaries in 2023 to total staff costs in 2022": at "to").
_RATIO_OF = re.compile(r"(?i)\bratio\s+(?:of|between)\s+")
_RATIO_JOIN = re.compile(r"(?i)\s(?:to|and|versus|vs\.?)\s")
_DIFFERENCE = re.compile(r"(?i)\bdifference\s+between\s+")
_DIFFERENCE_JOIN = re.compile(r"(?i)\sand\s")
# A side that points back to a figure an earlier turn asked for ("what is this amount as a
# portion of that price in 2019?"): it names no quantity of its own.
_POINTER = re.compile(r"(?i)\b(?:this|that|it)\b")
# What a side names besides its years: a word of three letters or more that is no period word.
_NAME_WORD = re.compile(r"(?i)\b[a-z]{3,}\b")
_PERIOD_WORDS = frozenset(
    "the fiscal year years calendar ended ending end that this those its their december "
    "january february march april may june july august september october november at as of "
    "for in on from and value figure amount what was were is are how much did does".split()
)


@dataclass(frozen=True, slots=True)
class Sides:
    """The two sides of the asked quotient (``quotient``) or difference, and each one's years."""

    left: str
    right: str
    left_years: frozenset[int]
    right_years: frozenset[int]
    quotient: bool
    # the numerator points back to an earlier turn's figure ("this amount"), naming nothing
    back: bool = False


def _names(side: str) -> bool:
    """Whether a side names a quantity, not only a period ("2019", "fiscal 2018")."""
    return any(w.lower() not in _PERIOD_WORDS for w in _NAME_WORD.findall(side))


def _split(phrase: str, join: re.Pattern[str], quotient: bool) -> tuple[str, str, bool] | None:
    """The phrase split at a joining word: the first split whose sides name one year each (the
    joining word inside a name, "wages and salaries", is passed over), else the first split."""
    splits = [(phrase[: j.start()], phrase[j.end() :]) for j in join.finditer(phrase)]
    for left, right in splits:
        if len(question_years(left)) == 1 and len(question_years(right)) == 1:
            return left, right, quotient
    return (*splits[0], quotient) if splits else None


@lru_cache(maxsize=1024)  # one question, many answers
def read_sides(ask: str) -> Sides | None:
    """The two sides of the quotient or difference ``ask`` asks for, with their years, or None
    when the ask has no such two sides (see the module docstring)."""
    found: tuple[str, str, bool] | None = None
    q = _QUOTIENT.search(ask)
    if q is not None:
        found = (ask[: q.start()], ask[q.end() :], True)
    else:
        for head, join, quotient in (
            (_RATIO_OF, _RATIO_JOIN, True),
            (_DIFFERENCE, _DIFFERENCE_JOIN, False),
        ):
            m = head.search(ask)
            if m is not None:
                found = _split(ask[m.end() :], join, quotient)
                break
    if found is None:
        return None
    left, right, quotient = found
    # A quotient's base may name only its year: "the change ... as a portion of its 2019 value"
    # divides by the left side's own quantity at that year.
    based = quotient and q is not None and len(question_years(right)) == 1
    back = quotient and q is not None and not _names(left) and _POINTER.search(left) is not None
    if not (_names(left) or back) or not (_names(right) or based):
        return None
    return Sides(left, right, question_years(left), question_years(right), quotient, back)
