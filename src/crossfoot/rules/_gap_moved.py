"""A gap between two named things that moves: "the gap between North and South widened from
1,010 to 1,777".

The movement word is the gap's own, across periods; each figure is the gap of one period, the
two named rows of one column (or two named columns of one row) apart, as a size (the larger less
the smaller). Without this reading the movement word makes the search want a change of one
quantity, and both figures fail. Whether the gap really widened is then the answer's own words
against its own figures (``rules.stated_moves``).

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal(3200), "S1", row="South", column="2022", table=0, row_index=2,
...     col_index=1)
>>> b = SourceValue(Decimal(4210), "S1", row="North", column="2022", table=0, row_index=1,
...     col_index=1)
>>> moved_gap_pair("The gap between North and South widened from 1,010 to 1,777.", a, b)
True
>>> moved_gap_pair("North's sales widened from 1,010 to 1,777.", a, b)
False
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.rowtokens import tokens
from crossfoot.language.years import aligned, same_quantity
from crossfoot.model.types import SourceValue
from crossfoot.rules._gap_order import _first_at, _own_words

__all__ = ["moved_gap_pair"]

# "the gap / spread / difference / margin between A and B", then a word of its movement.
_GAP_MOVED = re.compile(
    r"(?i)\b(?:gap|spread|difference|margin|lead)\s+(?:between|separating|of)\s+"
    r"([^.;:]{1,80}?)\s+(?:has\s+|had\s+)?(?:widen\w*|narrow\w*|grew|grow\w*|shrank|shrunk|"
    r"shrink\w*|increas\w*|decreas\w*|rose|fell|expand\w*|contract\w*|closed|closing|"
    r"doubled|halved|jumped|dropped|declined)\b"
)


@lru_cache(maxsize=256)
def _gap_sides(sentence: str) -> tuple[str, ...] | None:
    """The words that name the gap's two sides, when the sentence moves a named gap."""
    found = _GAP_MOVED.search(sentence)
    return tuple(tokens(found.group(1))) if found is not None else None


def moved_gap_pair(sentence: str, x: SourceValue, y: SourceValue) -> bool:
    """Whether ``y - x`` is, as a size, one period's gap between the two things ``sentence``
    names when it words a movement of their gap (see the module docstring)."""
    if not aligned(x, y) or same_quantity(x, y):
        return False
    sides = _gap_sides(sentence)
    if sides is None:
        return False
    named = _own_words(x, y)
    if named is None:
        return False
    if _first_at(sides, named[2]) is None or _first_at(sides, named[3]) is None:
        return False
    return y.value > x.value
