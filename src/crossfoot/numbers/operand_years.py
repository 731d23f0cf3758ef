"""A four-digit number that is an operand of a written sum or product, not a year.

"2786 + 1903 + 1899 = 6588": 1903 reads as a year by its digits alone, so the calculation was
not read (a year is no operand) and the figure was no claim. A number of the year range joined
by "+" or "×" to a number that is no year is an amount; "2018-2019" and "2019/2020" stay spans,
and two years added ("2019 + 2020") stay years.
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.model.types import Mention

__all__ = ["operand_years"]

_JOIN = re.compile(r"\s*[+*×x]\s*")


def operand_years(text: str, found: list[Mention]) -> list[Mention]:
    """``found`` with each year joined by "+" or "×" to a number that is no year read as a
    number (a cheap test first: most texts hold no "+" and no "×").

    >>> from crossfoot.numbers.extract import extract
    >>> [m.kind for m in extract("The total is 2786 + 1903 + 1899 = 6588.")]
    ['number', 'number', 'number', 'number']
    >>> [m.kind for m in extract("Sales in 2019 + 2020 were 12 + 5.")]
    ['year', 'year', 'number', 'number']
    """
    if "+" not in text and "*" not in text and "×" not in text and " x " not in text:
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
            and _JOIN.fullmatch(text, before.end, m.start) is not None
        ) or (
            after is not None
            and after.kind != "year"
            and _JOIN.fullmatch(text, m.end, after.start) is not None
        )
        if joined:
            out[i] = replace(m, kind="number")
    return out
