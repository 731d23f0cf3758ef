"""Plain figures inside free text an agent writes into an argument (an email body, a note).

Free text was read for identifiers, dates, currency amounts and long digit runs only, so a report
emailed with "Q3 revenue was 1,520,300" or "a margin of 51.5%" after the tool showed 1,250,300
and 15.5% passed. These figures are read too, each as one amount or percentage, under the same
strict lookup as an argument: the number itself or a sum, difference or product the context
supports (``agents._derive``). Only shapes that are figures and seldom anything else:

- a number grouped in thousands: ``1,520,300``, ``4,200``, ``1,250.50``;
- a decimal with one or two decimals above 10: ``38.75``, ``412.5`` (``3.11`` may be a
  version; ``14.30`` after "at" is a time of day);
- a percentage: ``15.5%``, ``12 %``, ``40 percent`` (in any case: ``40 Percent``, ``40 PER
  CENT``), or in words: ``forty percent``, ``forty-five per cent``.

Plain integers below five digits (years, street and room numbers, small counts) stay unread, as
do figures after "about", "approximately", "around", "roughly", "nearly", "almost", "~" (prose
rounds, and a free text's figures are matched strictly), and any figure part of a date, a time, an
identifier or a version (``v2.15``, ``3.12.1``, ``192.168.1.10``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from crossfoot.numbers.words import SMALL_NUMBERS

__all__ = ["figures", "word_percents"]

_FIGURE = re.compile(
    r"(?<![\w.,/#:$€£¥₹+\-−])"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d{1,2}|\d+)"
    r"(?P<pct>\s?%|\s?(?i:per\s?cent)\b)?"
    r"(?![.,]?\d|[\w/\-:%])"
)
_APPROX = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|around|roughly|nearly|almost|some|circa|ca\.)|~)\s*$",
    re.IGNORECASE,
)
_AT = re.compile(r"\b(?:at|um|by|until|till|from)\s*$", re.IGNORECASE)
# A plain figure has a comma, a point or a percent after it (in any case, "per cent" too).
_PCT_GATE = ("ercent", "ERCENT", "er cent", "er Cent", "ER CENT")
_GATE = (",", ".", "%", *_PCT_GATE)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}  # fmt: skip
_UNITS = {w: n for w, n in SMALL_NUMBERS.items() if 1 <= n <= 19}
# "forty percent", "forty-five per cent", "twelve percent", "a hundred percent": a whole run of
# number words right before the word (a lone "one percent" counts too: it is a percentage).
_WORDS_PCT = re.compile(
    rf"(?<![\w-])(?:(?P<tens>{'|'.join(_TENS)})(?:[ -](?P<unit>{'|'.join(_UNITS)}))?"
    rf"|(?P<small>{'|'.join(sorted(_UNITS, key=len, reverse=True))})"
    r"|(?P<hundred>(?:a|one) hundred))"
    r"[ -]per\s?cent\b",
    re.IGNORECASE,
)
_MAX = 200  # figures read from one argument


def figures(text: str) -> Iterator[tuple[int, int, str, Decimal, str, Decimal]]:
    """(start, end, written, value, kind, precision) of each plain figure in ``text``.

    >>> [(w, k) for _, _, w, _, k, _ in figures("Revenue 1,520,300 (margin 51.5%), 4 stores.")]
    [('1,520,300', 'amount'), ('51.5%', 'percent')]
    >>> [w for _, _, w, *_ in figures("Python 3.11, call at 14.30, about 1,200, v2.15, 38.75")]
    ['38.75']
    """
    if not any(c in text for c in _GATE):
        return
    n = 0
    for m in _FIGURE.finditer(text):
        num, pct = m["num"], m["pct"]
        grouped, frac = "," in num, num.partition(".")[2]
        if not (grouped or frac or pct):
            continue  # a plain integer: a year, a street number, a count
        before = text[max(0, m.start() - 16) : m.start()]
        if _APPROX.search(before):
            continue
        value = Decimal(num.replace(",", ""))
        if not grouped and not pct and (value <= 10 or _AT.search(before)):
            continue  # "3.11" may be a version, "at 14.30" a time
        precision = Decimal(5).scaleb(-len(frac) - 1)
        yield m.start(), m.end(), m[0], value, "percent" if pct else "amount", precision
        n += 1
        if n >= _MAX:
            return
    if any(w in text for w in _PCT_GATE):
        yield from word_percents(text, _MAX - n)


def word_percents(text: str, most: int) -> Iterator[tuple[int, int, str, Decimal, str, Decimal]]:
    """The percentages written in words: "forty-five percent" is 45%.

    >>> [(w, str(v)) for _, _, w, v, _, _ in word_percents("up Forty-Five Percent", 5)]
    [('Forty-Five Percent', '45')]
    """
    for m in _WORDS_PCT.finditer(text):
        if most <= 0:
            return
        if _APPROX.search(text[max(0, m.start() - 16) : m.start()]):
            continue
        if m["hundred"]:
            value = 100
        elif m["tens"]:
            value = _TENS[m["tens"].lower()] + (_UNITS[m["unit"].lower()] if m["unit"] else 0)
        else:
            value = _UNITS[m["small"].lower()]
        yield m.start(), m.end(), m[0], Decimal(value), "percent", Decimal("0.5")
        most -= 1
