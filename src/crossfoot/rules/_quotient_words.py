"""Whether a figure's sentence names it as a quotient: "West's average order value was $50",
"revenue per order", "operating margin" (lead40).

Such a figure is most often derived (revenue over orders of the row named), and a cell of another
row that equals it by chance is no sign that the answer took the wrong row: the wrong-row verdict
waits for the derivations, as it does for a figure worded as a change
(:func:`crossfoot.rules.direct.direct_match`), and stands when none meets the figure.

>>> names_quotient("West's average order value was $50.")
True
>>> names_quotient("West's revenue was $6,000.")
False
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["names_quotient"]

_WORDS = frozenset("average averaged averages mean per margin ratio".split())
_DROP = str.maketrans({c: " " for c in ",.;:()'\"-/"})


@lru_cache(maxsize=1024)
def names_quotient(sentence: str) -> bool:
    """Whether ``sentence`` has a word that names a quotient (an average, a rate per unit, a
    margin or a ratio)."""
    return not _WORDS.isdisjoint(sentence.lower().translate(_DROP).split())
