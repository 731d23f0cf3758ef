"""A four-digit number that is an operand of a written sum or product, not a year.

"2786 + 1903 + 1899 = 6588": 1903 reads as a year by its digits alone, so the calculation was
not read (a year is no operand) and the figure was no claim. A number of the year range joined
by "+" or "×" to a number that is no year is an amount; so is one joined by a spaced "-" or "/"
in a calculation written out to an "=" ("4512 - 1903 = 2609"). "2018-2019" and "2019/2020" stay
spans, and two years added ("2019 + 2020") stay years.
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.model.types import Mention

__all__ = ["operand_years"]

_JOIN = re.compile(r"\s*[+*×x]\s*")
_SPACED = re.compile(r"[ \t]+[-−–/÷][ \t]+")  # (in a written calculation only: see _worked)


def operand_years(text: str, found: list[Mention]) -> list[Mention]:
    """``found`` with each year joined by "+" or "×" to a number that is no year read as a
    number (a cheap test first: most texts hold no "+" and no "×").

    >>> from crossfoot.numbers.extract import extract
    >>> [m.kind for m in extract("The total is 2786 + 1903 + 1899 = 6588.")]
    ['number', 'number', 'number', 'number']
    >>> [m.kind for m in extract("Sales in 2019 + 2020 were 12 + 5.")]
    ['year', 'year', 'number', 'number']
    >>> [m.kind for m in extract("The gap is 4512 - 1903 = 2609; 2018 - 2019 saw 5 - 3 = 2.")]
    ['number', 'number', 'number', 'year', 'year', 'number', 'number', 'number']
    """
    worked = "=" in text
    if "+" not in text and "*" not in text and "×" not in text and " x " not in text and not worked:
        return found
    out = list(found)
    for i, m in enumerate(found):
        if m.kind != "year" or not m.text.isdigit():
            continue
        before = found[i - 1] if i else None
        after = found[i + 1] if i + 1 < len(found) else None
        joined = (
            before is not None
            and before.kind != "year"
            and _joins(text, before.end, m.start, worked)
        ) or (
            after is not None and after.kind != "year" and _joins(text, m.end, after.start, worked)
        )
        if joined:
            out[i] = replace(m, kind="number")
    return out


def _joins(text: str, lo: int, hi: int, worked: bool) -> bool:
    """Whether ``text[lo:hi]`` joins two operands: "+" or "×", or a spaced "-" or "/" when an
    "=" follows in the same line (a calculation written out; a list's "- " opening a line is
    none)."""
    if _JOIN.fullmatch(text, lo, hi) is not None:
        return True
    if not worked or _SPACED.fullmatch(text, lo, hi) is None:
        return False
    eol = text.find("\n", hi)
    return "=" in text[hi : eol if eol >= 0 else len(text)]
