"""Amounts written in another locale's digit grouping beside a currency, in any source.

An invoice that says "EUR 1.250,00", "1 250,00 EUR" or "CHF 1'250.00" is an amount of 1250; the
plain number reading (``agents._ingest``) sees none of it, and reads the "1.250" of "1.250,00" as
1.25, a value the text never meant. Beside a currency (a sign, or an ISO code before or after the
figure) the groups and the decimal mark are read as the text writes them: dots or spaces or
apostrophes between groups of three, and a decimal comma before one or two digits. A dotted
amount with decimals ("1.250,00 EUR") also takes back the 1.25 the plain reading made of it,
unless the same figure stands elsewhere in the text. "1.250 EUR" with no decimals may be either,
so it adds 1250 and keeps 1.25. A bare "1.250,00" with no currency beside it is not read (in a
JSON list, "[1.25,50]" is two numbers).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from crossfoot.agents._keys import dec_key, num_key

__all__ = ["CURRENCY_CODES", "locale_amounts"]

CURRENCY_CODES = frozenset(
    "usd eur gbp jpy cny inr cad aud nzd chf hkd sgd sek nok dkk mxn brl zar krw pln czk".split()
)
_CODE = "|".join(sorted(CURRENCY_CODES))
_GROUP = "[ '’\u00a0\u202f]"  # a space, an apostrophe, a no-break or a narrow space
# Only the forms the plain reading gets wrong or misses: dotted groups, spaced or apostrophe
# groups, a decimal comma.
_NUM = (
    rf"(\d{{1,3}}(?:\.\d{{3}})+(?:,\d{{1,2}})?"
    rf"|\d{{1,3}}(?:{_GROUP}\d{{3}})+(?:[.,]\d{{1,2}})?"
    rf"|\d+,\d{{1,2}})"
)
_END = r"(?!\d|[.,]\d)"
_BEFORE = re.compile(rf"(?:[$€£¥₹]|\b(?:{_CODE}))\s?{_NUM}{_END}")
_AFTER = re.compile(
    rf"(?<![\d.,'’]){_NUM}{_END}\s?(?:[€£₹]|(?:{_CODE}|euros?|francs?|kronor|kroner)\b)"
)
_SIGNS = "$€£¥₹"
_WORDS = ("euro", "franc", "kron")


def locale_amounts(low: str, words: set[str]) -> tuple[set[str], set[str]]:
    """``(amounts, misread)`` number keys of a lower-cased text: the amounts it writes in another
    grouping beside a currency, and the plain readings of them it never meant.

    ``words`` are the text's chunks (``agents._ingest.words_of``), for a cheap gate.

    >>> low = "total eur 1.250,00; fee 1 250,50 eur, chf 1'250.75 or 99,90 €"
    >>> amounts, misread = locale_amounts(low, set(low.split()))
    >>> sorted(amounts, key=float), sorted(misread)
    (['99.9', '1250', '1250.5', '1250.75'], ['1.25'])
    >>> locale_amounts("[1.25,50] and 1.250,00", {"1.250,00"})
    (set(), set())
    >>> locale_amounts("eur 1.250,00, a fee of 1.25 eur", {"eur"})
    ({'1250'}, set())
    """
    amounts: set[str] = set()
    misread: set[str] = set()
    if not _gate(low, words):
        return amounts, misread
    dotted: dict[str, int] = {}
    for pattern in (_BEFORE, _AFTER):
        for number in pattern.findall(low):
            value = _value(number)
            if value is None:
                continue
            amounts.add(value)
            whole, _, cents = number.partition(",")
            if cents and whole.count(".") == 1:  # "1.250,00": its "1.250" is no 1.25
                dotted[whole] = dotted.get(whole, 0) + 1
    for whole, n in dotted.items():
        key = num_key(whole)
        if low.count(whole) == n and low.count(key) == n:  # written nowhere else ("fee 1.25")
            misread.add(key)
    return amounts, misread


def _gate(low: str, words: set[str]) -> bool:
    """Whether a text may write a currency: a sign, or a code or currency word (a substring scan
    in a short text; in a long one, a chunk that is one)."""
    if any(c in low for c in _SIGNS):
        return True
    if len(low) <= 20_000:
        return any(c in low for c in CURRENCY_CODES) or any(w in low for w in _WORDS)
    return bool(words & CURRENCY_CODES)


def _value(number: str) -> str | None:
    """The ``dec_key`` of a written amount: groups dropped, the last ``,`` or ``.`` before one or
    two digits the decimal mark."""
    n = re.sub(r"[ '’\u00a0\u202f]", "", number)
    head, sep, tail = n.rpartition("," if "," in n else ".")
    if sep and len(tail) <= 2:
        n = f"{head.replace('.', '')}.{tail}"
    else:
        n = n.replace(".", "").replace(",", "")
    try:
        return dec_key(Decimal(n))
    except InvalidOperation:
        return None
