"""The way a sentence or question says values moved: "saw revenue decline", "grew", "rose".

``moving`` reads the first plain word of a move (``direction``'s cached word runs; its "up"
and "down" groups hold more than moves: "higher", "loss", "surplus"), and ``may_move`` is the
cheap substring gate before it. ``rules.moved_counts`` counts the rows that moved that way.
"""

from __future__ import annotations

from crossfoot.language.direction import direction_words

__all__ = ["may_move", "moving"]

_UP = frozenset(
    "rose rise rises risen grew grow grows grown growth increase increased increases gain "
    "gained gains improve improved improves climb climbed climbs".split()
)
_DOWN = frozenset(
    "fell fall falls fallen decline declined declines decrease decreased decreases drop "
    "dropped drops shrank shrink shrinks".split()
)
_STEMS = ("ros", "rise", "grew", "grow", "increas", "gain", "improv", "climb", "fell", "fall",
          "declin", "decreas", "drop", "shr")  # fmt: skip


def may_move(text: str) -> bool:
    """Whether ``text`` may hold a word of a move (substring tests: a cheap gate)."""
    low = text.lower()
    return any(s in low for s in _STEMS)


def moving(text: str) -> bool | None:
    """True for a rise, False for a fall, None when ``text`` states no move (the first plain
    word of a move decides).

    >>> moving("How many regions saw revenue decline in 2024?"), moving("Which rose?")
    (False, True)
    >>> moving("Revenue was higher.") is None
    True
    """
    if not may_move(text):
        return None
    for m in direction_words(text, 0, len(text)):
        word = m.group(0).lower()
        if word in _UP:
            return True
        if word in _DOWN:
            return False
    return None
