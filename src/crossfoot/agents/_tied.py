"""Quantities a user ties to prices, summed over a message, for :mod:`crossfoot.agents._derive`.

"I'll take 3 of the $12.50 mugs and 2 of the $8 bowls", then ``checkout(amount=53.5)``: each
line is a quantity times a price (found one at a time as a unit price times a stated count), but
the order is their sum, three operands and more. A user's message is read for the quantities it
ties to a price written beside them: "3 of the $12.50 mugs", "2 $8 bowls", "3 x $12.50", "3 mugs
at $12.50 each" (a price with its currency sign, a quantity in digits or words up to 100). The
total of any two or more such lines of one message is found, with its lines as the evidence
(so two lines of three are found too); a total with one line's quantity changed stays
unsourced, and a quantity is a whole number of its own ("1.5 x $4" ties no "5").

>>> sorted(tied_totals("3 of the $12.50 mugs, 2 $8 bowls and 4 cups at $2 each").values())
['2 × 8 + 4 × 2', '3 × 12.5 + 2 × 8', '3 × 12.5 + 2 × 8 + 4 × 2', '3 × 12.5 + 4 × 2']
>>> tied_lines("1.5 x $4 and 2 x $3")
[(2, Decimal('3'))]
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import combinations

from crossfoot.agents._count_words import COUNT, count_value
from crossfoot.agents._keys import Seen, dec_key, fmt

__all__ = ["tied", "tied_lines", "tied_totals"]

_PRICE = r"[$€£¥]\s?(\d{1,6}(?:,\d{3})*(?:\.\d{1,2})?)"
_QTY = rf"\b(?<![\d.,])(\d{{1,3}}|{COUNT})"  # a whole quantity: not the "5" of "1.5"
_TIED = re.compile(
    rf"{_QTY}\s?(?:x|×)\s?{_PRICE}"  # "3 x $12.50"
    rf"|{_QTY} (?:of (?:the|those|these|your|our) )?{_PRICE}"  # "3 of the $12.50"
    rf"|{_QTY} (?:[a-z'-]+ ){{1,3}}(?:at|@|for) {_PRICE} ?(?:each|apiece|a piece)\b"
)
_LINES = 6  # lines of one message summed at most (57 totals)


def tied_lines(low: str) -> list[tuple[int, Decimal]]:
    """(quantity, price) of each line a lower-cased message ties together."""
    if "$" not in low and "€" not in low and "£" not in low and "¥" not in low:
        return []
    out = []
    for m in _TIED.finditer(low):
        q_text = m[1] or m[3] or m[5]
        p_text = m[2] or m[4] or m[6]
        q = int(q_text) if q_text.isdecimal() else count_value(q_text)
        if 1 <= q <= 100:
            out.append((q, Decimal(p_text.replace(",", ""))))
    return out[:_LINES]


def tied_totals(low: str) -> dict[Decimal, str]:
    """Totals of two lines or more of one message -> how they are written."""
    lines = tied_lines(low)
    out: dict[Decimal, str] = {}
    for size in range(2, len(lines) + 1):
        for pick in combinations(lines, size):
            total = sum((q * p for q, p in pick), Decimal(0))
            out.setdefault(total, " + ".join(f"{q} × {fmt(p)}" for q, p in pick))
    return out


def tied(
    target: Decimal, sources: list[Seen], cache: dict[int, dict[str, str]]
) -> tuple[str, tuple[int, ...]] | None:
    """``target`` as the total of lines a user message tied, or None."""
    key = dec_key(target)
    for i, seen in enumerate(sources):
        if seen.channel != "user" or not seen.vouched:
            continue
        got = cache.get(i)
        if got is None:
            got = cache[i] = {dec_key(v): f for v, f in tied_totals(seen.text[:20_000]).items()}
        if key in got:
            return got[key], (i,)
    return None
