"""A figure shortened with a thousands letter ("6k", "6.2K", "$12k") is rounded by its writer.

A scale word on about one significant digit ("$0.3 billion", "9 million") is grounded only by a
value it states exactly (``rules.direct``): filings write such amounts for exact values, and a
one-digit figure is met by rounding from almost any value of its size. The letter "k" is no
filing's scale: "6k" is how a person shortens 6,241, as "about 6,000" would say, so it is
compared at its own precision (5,500 up to 6,500), like "6.2k" at its tenth.

>>> from crossfoot import extract
>>> [shorthand(m) for m in extract("6k units, 9 million users, $12K")]
[True, False, True]
"""

from __future__ import annotations

from crossfoot.model.types import Mention

__all__ = ["shorthand"]

_THOUSANDS_LETTERS = frozenset({"k", "K"})


def shorthand(mention: Mention) -> bool:
    """Whether ``mention`` is shortened with a thousands letter ("6k", "$12K")."""
    return mention.scale_word in _THOUSANDS_LETTERS
