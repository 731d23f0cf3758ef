"""Amounts a text writes with a scale word or a decimal comma.

A user asks to "send 2k" or "$1.5M", a statement shows "€1.250,50": the call then carries 2000,
1500000 or 1250.5, which the plain number reading (``_ingest``) never sees. Only readings that
cannot mean anything else are taken: "m" and "b" need a currency sign before them ("5m" may be
metres), and a comma is decimal only before one or two digits next to a currency ("[100,20]" in a
JSON result stays two numbers).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from crossfoot.agents._keys import dec_key

__all__ = ["scaled_amounts"]

_NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\d+,\d{1,2})"
_SCALED = re.compile(
    r"(?<![\w.,])([$€£¥₹]\s?)?" + _NUMBER + r"\s?(k|thousand|grand|million|billion|mm|mn|m|bn|b)\b"
)
_SCALES = {
    "k": 3, "thousand": 3, "grand": 3, "million": 6, "billion": 9,
    "mm": 6, "mn": 6, "m": 6, "bn": 9, "b": 9,
}  # fmt: skip
_NEEDS_CURRENCY = frozenset(("mm", "mn", "m", "b"))
# "€250,50", "€1.250,50", "250,50 €", "250,50 eur": a decimal comma beside a currency.
_COMMA_BEFORE = re.compile(r"[$€£¥₹]\s?(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})(?![\d,])")
_COMMA_AFTER = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})\s?(?:€|£|eur\b|euros?\b|chf\b)"
)


def scaled_amounts(low: str) -> set[str]:
    """The number keys (``num_key`` form) of the scaled and decimal-comma amounts of a
    lower-cased text.

    >>> sorted(scaled_amounts("send 2k, then $1.5m and 1,5 million; a 5m boat"), key=float)
    ['2000', '1500000']
    >>> sorted(scaled_amounts("pay €1.250,50 or 99,90 eur, not [100,20]"), key=float)
    ['99.9', '1250.5']
    """
    out: set[str] = set()
    for currency, number, scale in _SCALED.findall(low):
        if scale in _NEEDS_CURRENCY and not currency:
            continue
        if "," in number and "." not in number and len(number.rpartition(",")[2]) < 3:
            number = number.replace(",", ".")  # "1,5 million"
        else:
            number = number.replace(",", "")
        try:
            out.add(dec_key(Decimal(number).scaleb(_SCALES[scale])))
        except InvalidOperation:
            continue
    if "," in low:
        for pattern in (_COMMA_BEFORE, _COMMA_AFTER):
            for whole, cents in pattern.findall(low):
                out.add(dec_key(Decimal(f"{whole.replace('.', '')}.{cents}")))
    return out
