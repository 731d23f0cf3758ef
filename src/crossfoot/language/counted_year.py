"""The year after a figure and the words of what it counts: "116 new stores were opened in 2018",
"4,870 full-time employees in 2018".

``language.order`` gives a figure the year right after it across one word ("116 stores in
2018"); more words could be another clause's ("rose to $5m from the level in 2017"). When those
words are the label of the row the figure is a cell of ("new stores" of *New stores*), they say
what the figure counts, and the year after them is the figure's.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> cell = SourceValue(Decimal(116), "S1", row="New stores", column="2017", year=2017, table=0,
...     row_index=1, col_index=2)
>>> t = "116 new stores were opened in 2018."
>>> counted_year(t, 3, [cell])
2018
>>> counted_year("116 were opened from the level in 2018.", 3, [cell]) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["asked_count", "asks_latest", "counted_year"]

# Up to five words, then "in/for/during [fiscal] YEAR" (no figure, comma or clause word between).
_AFTER = re.compile(
    r"\s+((?:(?!(?:from|than|compared|versus|vs|since|over|against|and|or|but|while|to)\b)"
    r"[A-Za-z][\w'&-]*\s+){1,5}?)(?:in|for|during)\s+(?:fiscal\s+|fy\s*)?((?:19|20)\d\d)\b"
)


def counted_year(text: str, end: int, cells: Sequence[SourceValue]) -> int | None:
    """The year after the figure ending at ``end`` when the words between name the row of one
    of ``cells`` (the cells the figure matched); None otherwise (module docstring)."""
    found = _AFTER.match(text, end)
    if found is None:
        return None
    said = frozenset(tokens(found.group(1)))
    for v in cells:
        need = required_tokens(v.row) if v.row else frozenset()
        if need and need <= said:
            return int(found.group(2))
    return None


# A count of years a question fixes: "the 3 years", "all three fiscal years", "over the last two
# years", "the 3-year period" (rules.off_question_count, rules._lines); "within 5 years", "in 3
# years' time" and "3 years ago" are no span.
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_COUNT = re.compile(
    r"(?i)\b(?:the|all|those|these|last|past|previous|prior|over|across)\s+"
    r"(?:(?:most\s+)?recent\s+)?(\d|two|three|four|five|six|seven|eight)\s*-?\s*"
    r"(?:fiscal\s+|calendar\s+|financial\s+)?years?\b(?!\s*(?:'|’)|\s+(?:ago|from\s+now))"
)


@lru_cache(maxsize=256)
def asked_count(question: str) -> int | None:
    """The one count of years the question fixes, or None.

    >>> asked_count("What was the average revenue over the three years?")
    3
    >>> asked_count("What is the average revenue for all 3 fiscal years?")
    3
    >>> asked_count("What are the payments due within 5 years?") is None
    True
    >>> asked_count("What was the average over the 2 years and the 3 years?") is None
    True
    """
    if "year" not in question.lower():
        return None
    found = {
        int(g) if g.isdigit() else _NUMBERS[g.lower()]
        for m in _COUNT.finditer(question)
        if (g := m.group(1))
    }
    if len(found) != 1:
        return None
    (n,) = found
    return n if n >= 2 else None


_LATEST = re.compile(
    r"(?i)\b(?:last|past|recent|latest)\s+(?:\d|two|three|four|five|six|seven|eight)\b"
)


def asks_latest(question: str) -> bool:
    """Whether the counted years are the latest ones: "the last two years", "the past 3 years".

    >>> asks_latest("What was the average over the last two years?")
    True
    >>> asks_latest("What was the average over the three years?")
    False
    """
    return _LATEST.search(question) is not None
