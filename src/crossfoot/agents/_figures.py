"""Plain figures inside free text an agent writes into an argument (an email body, a note).

Free text was read for identifiers, dates, currency amounts and long digit runs only, so a report
emailed with "Q3 revenue was 1,520,300" or "a margin of 51.5%" after the tool showed 1,250,300
and 15.5% passed. These figures are read too, each as one amount or percentage, under the same
strict lookup as an argument: the number itself or a sum, difference or product the context
supports (``agents._derive``). Only shapes that are figures and seldom anything else:

- a number grouped in thousands: ``1,520,300``, ``4,200``, ``1,250.50``;
- a decimal with one or two decimals above 10: ``38.75``, ``412.5`` (``3.11`` may be a
  version; ``14.30`` after "at" is a time of day);
- a percentage: ``15.5%``, ``12 %``, ``40 percent``.

Plain integers below five digits (years, street and room numbers, small counts) stay unread, as
do figures after "about", "approximately", "around", "roughly", "nearly", "almost", "~" (prose
rounds, and a free text's figures are matched strictly), and any figure part of a date, a time, an
identifier or a version (``v2.15``, ``3.12.1``, ``192.168.1.10``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

__all__ = ["figures"]

_FIGURE = re.compile(
    r"(?<![\w.,/#:$€£¥₹+\-−])"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d{1,2}|\d+)"
    r"(?P<pct>\s?%|\s?percent\b)?"
    r"(?![.,]?\d|[\w/\-:%])"
)
_APPROX = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|around|roughly|nearly|almost|some|circa|ca\.)|~)\s*$",
    re.IGNORECASE,
)
_AT = re.compile(r"\b(?:at|um|by|until|till|from)\s*$", re.IGNORECASE)
_GATE = (",", ".", "%", "percent")  # a plain figure has a comma, a point or a percent after it
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
