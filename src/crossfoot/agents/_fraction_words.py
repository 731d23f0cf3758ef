"""Fractions a user names in words, as the percentages the arithmetic search already uses.

"Refund half of the order", "pay a third of my balance", "three quarters of the deposit": the call
then carries that share of an amount the context shows. Read as a stated percentage (50, 33.33...,
75), the share is found by the search for "a stated percentage of a found amount" (``_derive``),
which names the amount it took. Only a fraction word followed by "of", "off" or "the" counts ("half
an hour" names no share).
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.agents._dates import COUNT_WORDS, MONTH_WORD
from crossfoot.agents._keys import dec_key
from crossfoot.numbers.article_fractions import DENOMINATORS

__all__ = ["fraction_percents"]

# (the pattern admits half, third, quarter, fifth and tenth, and counts up to four)
_PARTS = {**{w + "s": d for w, d in DENOMINATORS.items()}, **DENOMINATORS, "halves": 2}
_FRACTION = re.compile(
    r"\b(?:(a|an|one|two|three|four)[ -])?(half|halves|thirds?|quarters?|fifths?|tenths?)"
    r"\s+(?:of|off|the)\b"
    r"|(?<![\d/.])([1-9])/([2-9]|10)\s+of\b"
)
_GATE = ("half", "third", "quarter", "fifth", "tenth", "/")
# "the third of May" is a day ("the fifth of the items" an item), not a share: an ordinal part
# after "the", or before a month, names none.
_NOT_SHARE = re.compile(rf"the\s+$|^\s+(?:of|off|the)\s+{MONTH_WORD}\b")


def fraction_percents(low: str) -> set[str]:
    """The percentages (``num_key`` form) the fraction words of a lower-cased text name.

    >>> sorted(fraction_percents("refund half of it, or a third of the rest"), key=float)
    ['33.33333333', '50']
    >>> sorted(fraction_percents("three quarters of the deposit, 1/4 of 2,000"), key=float)
    ['25', '75']
    >>> fraction_percents("half an hour, the third row, the third of may, the fifth of the items")
    set()
    """
    out: set[str] = set()
    if not any(w in low for w in _GATE):
        return out
    for m in _FRACTION.finditer(low):
        count, part, top, bottom = m.groups(default="")
        if part:
            n, d = COUNT_WORDS.get(count, 1), _PARTS[part]
            if count in ("", "a", "an", "one") and part.endswith("s") and part != "halves":
                continue  # "thirds of" without a count names no share
            if not count and part != "half" and _ordinal(low, m):
                continue
        else:
            n, d = int(top), int(bottom)
        if 0 < n < d:
            out.add(dec_key((Decimal(100) * n / d).quantize(Decimal("1e-8"))))
    return out


def _ordinal(low: str, m: re.Match[str]) -> bool:
    """Whether a bare part word ("third", no count) is an ordinal: after "the", before a month."""
    return bool(
        _NOT_SHARE.search(low, max(0, m.start() - 6), m.start())
        or _NOT_SHARE.match(low[m.end(2) : m.end(2) + 16])
    )
