"""Months a sentence names by their short form ("rose 15.9% in Mar.", "Sept", "DEC"), for the
readers that find a series' rows by their full names ("March" for a row "2024-03").

A short form is a word of its own, capitalised or in capitals ("Mar", "MAR", "Mar."; not "mar",
a verb, nor "Marketing"); "May" is a full name and is left to those readers.

>>> sorted(short_months("Revenue rose 15.9% in Mar. and fell in Sept")), short_months("Marketing")
([3, 9], frozenset())
>>> short_months("We mar the Jan. 5 memo"), short_months("January rose")
(frozenset({1}), frozenset())
"""

from __future__ import annotations

import re

__all__ = ["short_months"]

_SHORT = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_NUMBER = {s: i for i, s in enumerate(_SHORT, start=1)}
_NUMBER = {s: n + (n > 4) for s, n in _NUMBER.items()}  # (no short "May": June is 6)
_NUMBER["Sept"] = 9
_WORD = re.compile(r"(?<![A-Za-z])(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(?![A-Za-z])")
_WORD_UPPER = re.compile(
    r"(?<![A-Za-z])(JAN|FEB|MAR|APR|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC)(?![A-Za-z])"
)


def short_months(text: str) -> frozenset[int]:
    """The month numbers (1-12) ``text`` names by a short form (module docstring)."""
    got = {_NUMBER[m[1]] for m in _WORD.finditer(text)}
    if text.isupper() or any(s.upper() in text for s in _SHORT):
        got |= {_NUMBER[m[1].title()] for m in _WORD_UPPER.finditer(text)}
    return frozenset(got)
