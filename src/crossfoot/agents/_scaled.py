"""Amounts a text writes with a scale word, a decimal comma or Indian digit grouping.

A user asks to "send 2k" or "$1.5M", a statement shows "€1.250,50": the call then carries 2000,
1500000 or 1250.5, which the plain number reading (``_ingest``) never sees. Only readings that
cannot mean anything else are taken: "m" and "b" need a currency sign before them ("5m" may be
metres), and a comma is decimal only before one or two digits next to a currency ("[100,20]" in a
JSON result stays two numbers). Indian grouping ("₹1,23,456.50", "Rs. 12,34,567") is read beside a
rupee sign or word, and "lakh" and "crore" are scale words ("₹2.5 lakh" is 250000).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from crossfoot.agents._keys import dec_key

__all__ = ["rupee_amounts", "scaled_amounts"]

_NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\d+,\d{1,2})"
_SCALED = re.compile(
    r"(?<![\w.,])([$€£¥₹]\s?)?"
    + _NUMBER
    + r"\s?(k|thousand|grand|million|billion|mm|mn|m|bn|b|lakhs?|lacs?|crores?)\b"
)
_SCALES = {
    "k": 3, "thousand": 3, "grand": 3, "million": 6, "billion": 9,
    "mm": 6, "mn": 6, "m": 6, "bn": 9, "b": 9,
    "lakh": 5, "lakhs": 5, "lac": 5, "lacs": 5, "crore": 7, "crores": 7,
}  # fmt: skip
_NEEDS_CURRENCY = frozenset(("mm", "mn", "m", "b"))
# "€250,50", "€1.250,50", "250,50 €", "250,50 eur": a decimal comma beside a currency.
_COMMA_BEFORE = re.compile(r"[$€£¥₹]\s?(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})(?![\d,])")
_COMMA_AFTER = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})\s?(?:€|£|eur\b|euros?\b|chf\b)"
)

# "₹1,23,456.50", "rs. 12,34,567", "1,23,456 inr": groups of two before the last three digits, a
# grouping no other convention writes; beside a rupee sign or word ("[1,23,456]" is three numbers).
_INDIAN = r"(\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?)"
_RUPEES = re.compile(
    r"(?:₹|\brs\.?|\binr)\s?" + _INDIAN + r"|(?<![\w.,])" + _INDIAN + r"\s?(?:inr|rupees?)\b"
)

# The gate before the pattern, a superset of its cues: a rupee sign, the words after the digits,
# or "rs" before digits ("rs.", "rs 1", and glued, "rs12"), found by a literal scan ("rs" of
# "orders" or "years" alone does not run the pattern).
_RUPEE_CUES = ("₹", "inr", "rupee")
_RS_DIGITS = re.compile(r"rs\.?\s?\d")


def rupee_amounts(low: str) -> set[str]:
    """The number keys of the amounts a lower-cased text writes in Indian digit grouping beside
    a rupee sign or word (any channel: a tool's invoice text writes them too).

    >>> sorted(rupee_amounts("fee ₹1,23,456.50 and 12,34,567 inr, not [1,23,456]"), key=float)
    ['123456.5', '1234567']
    """
    if "," not in low:
        return set()
    if not any(c in low for c in _RUPEE_CUES) and _RS_DIGITS.search(low) is None:
        return set()
    return {dec_key(Decimal((b or a).replace(",", ""))) for b, a in _RUPEES.findall(low)}


def scaled_amounts(low: str) -> set[str]:
    """The number keys (``num_key`` form) of the scaled and decimal-comma amounts of a
    lower-cased text.

    >>> sorted(scaled_amounts("send 2k, then $1.5m and 1,5 million; a 5m boat"), key=float)
    ['2000', '1500000']
    >>> sorted(scaled_amounts("pay €1.250,50 or 99,90 eur, not [100,20]"), key=float)
    ['99.9', '1250.5']
    >>> sorted(scaled_amounts("rs 2.5 lakh, 3 crore rupees; 1.2 lac"), key=float)
    ['120000', '250000', '30000000']
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
