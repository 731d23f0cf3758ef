"""A figure the sources state as a change: "general and administrative expenses increased $273
million", "revenue was down 4%", "an increase of $1.2 million" (rules.alignment).

Quoted for a question that asks for the plain value of a year ("How much were the general and
administrative expenses in 2017?"), such a figure answers another question: it is how much the
value moved, not the value. The figure after "to" ("increased $63 million to $987 million") is the
level, and stays one (the prose reader splits the two, :func:`crossfoot.language.readings.by_to`;
the level's label holds the change's words and then "to $987 million").

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> v = SourceValue(Decimal(273), "S2", label="and administrative expenses increased $273 million")
>>> states_change(v)
True
>>> states_change(SourceValue(Decimal(987), "S2", label="increased $63 million to $987 million"))
False
"""

from __future__ import annotations

import re

from crossfoot.language.changewords import (
    CHANGED,
    COMPARED,
    GAP,
    INFLECTED,
    MOVE_NOUNS,
    MOVED,
    MOVED_SHARPLY,
    STATED_BEFORE,
    UP_DOWN,
    worded_change,
    words,
)
from crossfoot.model.types import SourceValue

__all__ = ["names_change", "states_change", "states_level", "worded_change"]

# A change verb or noun right before the figure, the figure ending the label (a prose value's
# label is the words before it and the figure itself). The words are language.changewords'.
# ("rose by €85 thousand to €640 thousand" is a change and a level, each its own value: the
# level's label ends "... to €640 thousand", which this does not read as a change)
_CHANGE_BEFORE = re.compile(
    rf"(?i){STATED_BEFORE}[$€£¥]?\s*[\d.,]+\s*(?:%|percent|million|billion|thousand|mn|bn|m|k)?"
    r"\s*\Z"
)

# Words that ask for, or state, a change: a question or an answer sentence holding one is about
# the change ("What was the compensation expense reduction in 2018?", "Net revenue increased $47
# million"), and the figure that states it answers it.
_CHANGE_WORD = words(CHANGED, MOVED, MOVED_SHARPLY, MOVE_NOUNS, GAP, COMPARED, UP_DOWN, INFLECTED)


def names_change(text: str) -> bool:
    """Whether ``text`` (a question, an answer's sentence) names a change.

    >>> names_change("What was the compensation expense reduction in 2018?")
    True
    >>> names_change("How much were the general and administrative expenses in 2017?")
    False
    """
    return _CHANGE_WORD.search(text) is not None


def states_change(v: SourceValue) -> bool:
    """Whether ``v`` is a figure of running text that its own words state as a change."""
    return (
        v.table is None
        and v.field is None
        and bool(v.label)
        and (_CHANGE_BEFORE.search(v.label or "") is not None)
    )


# The level a change reached, the figure ending the label: "rose by $12.4 million to $341.7
# million", "increased to $987 million" (the level's label holds its change's words).
_LEVEL_AFTER = re.compile(
    rf"(?i)\b(?:{CHANGED}|{MOVED}|{MOVED_SHARPLY}|{INFLECTED})\b(?:[^.;]|\.(?=\d)){{0,60}}?\bto\s+"
    r"[$€£¥]?\s*[\d.,]+\s*(?:%|percent|million|billion|thousand|mn|bn|m|k)?\s*\Z"
)


def states_level(v: SourceValue) -> bool:
    """Whether ``v`` is a figure of running text stated as the level a change reached.

    >>> from decimal import Decimal
    >>> states_level(SourceValue(Decimal(987), "S2", label="increased $63 million to $987 million"))
    True
    >>> states_level(SourceValue(Decimal(63), "S2", label="increased $63 million"))
    False
    """
    return (
        v.table is None
        and v.field is None
        and bool(v.label)
        and _LEVEL_AFTER.search(v.label or "") is not None
    )
