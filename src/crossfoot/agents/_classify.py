"""Reading one string argument: which kind of value it is, and its normal form.

A whole string is read as one identifier, email, URL, date, amount, count, percentage, phone
number or postcode (:func:`classify`); a longer free-text string (an email body) yields the values
embedded in it (:func:`scan_text`). Values that carry no checkable signal (no digit, integers up to
10) are kept with ``checked=False`` so a source rule can still look at them.

The amount reader is deliberately strict: ``$1,200.00``, ``1200``, ``-49.99`` and ``12%`` read,
European and Indian grouping do not, and an amount is one whole string, not a number found in text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from crossfoot.agents._address import address_numbers
from crossfoot.agents._dates import parse_date
from crossfoot.agents._figures import figures
from crossfoot.agents._keys import fold, url_key
from crossfoot.agents._times import time_key
from crossfoot.agents._versions import is_version_arg, versions

__all__ = [
    "NOT_ID",
    "ArgValue",
    "classify",
    "compact",
    "digits_of",
    "nkey",
    "parse_amount",
    "read_amount",
    "scan_text",
]

_AMOUNT = re.compile(
    r"""
    (?P<sign>[-−+])?\s*
    (?P<cur>[$€£¥₹]|(?:USD|EUR|GBP|JPY|INR|CAD|AUD|CHF|Rs\.?)\s?)?\s*
    (?P<sign2>[-−])?
    (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    \s*(?P<pct>%|percent)?
    \s*(?P<cur2>USD|EUR|GBP|JPY|INR|CAD|AUD|CHF|dollars?|euros?|rupees?)?
    """,
    re.VERBOSE | re.IGNORECASE,
)
# Starts only at the beginning of a run of address characters (linear on a long run with no "@").
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'()\[\]{}]+", re.IGNORECASE)
_PHONE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
# A token of word characters and #./- holding a digit, from its first word character: one pass per
# run (group 1), then a digit check, rather than a pattern that backtracks over each run.
_ID_TOKEN = re.compile(r"(?<![\w#./-])[./-]*([#\w][\w#./-]*)")
_IBAN = re.compile(r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}")
_POSTCODE = re.compile(
    r"\d{5}(?:-\d{4})?"  # US ZIP and ZIP+4
    r"|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}"  # UK
    r"|[A-Z]\d[A-Z] ?\d[A-Z]\d"  # Canada
    r"|\d{4} ?[A-Z]{2}",  # Netherlands
    re.IGNORECASE,
)
_SPACED_ID = re.compile(r"[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,8}){1,7}")
_DIGIT = re.compile(r"\d")
_DIGITS = re.compile(r"\d+")
# Digit groups joined by single spaces or dashes ("555 010 4477"); " - " is arithmetic, not a run.
_LONG_DIGITS = re.compile(r"(?<![\w.,])\d+(?:[ -]\d+)*(?![\w])")
# Not identifiers: ordinals, times, units and compound words ("3rd", "10am", "24-hour", "5-day"),
# also ordinals written with a dash or apostrophe ("1-th", "2'nd", as generated text has them).
NOT_ID = re.compile(
    r"\d+(?:st|nd|rd|th|am|pm|h|hrs?|mins?|kg|lbs?|km|mi|gb|mb|x|s|k|m|bn|d|yrs?)"
    r"|\d+[-'’](?:st|nd|rd|th)"
    r"|\d{1,4}-[a-z]{3,}(?:-[a-z]+)*",
    re.IGNORECASE,
)
# An amount in free text; Indian digit grouping ("₹1,23,456", "Rs. 12,34,567") beside a rupee
# sign as ``_AMOUNT`` and the context (``_scaled.rupee_amounts``) read it, not "₹1" and more.
_CURRENCY_AMOUNT = re.compile(
    r"(?:₹|\b[Rr][Ss]\.?)\s?\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?"
    r"|[$€£¥₹]\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[$€£¥₹]\s?\d+(?:\.\d+)?"
    r"|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars)\b|\b\d+(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars)\b"
)
_COMPACT_DROP = str.maketrans("", "", " \t-_#./:")
_MONTH_PREFIXES = frozenset(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
)
_POSTCODE_KEYS = ("zip", "postcode", "postal", "post_code", "zipcode")
_PHONE_KEYS = ("phone", "mobile", "tel", "fax")


class ArgValue(NamedTuple):
    """One value read from a call's arguments.

    ``key`` is the normalised form looked up in the context: lower-case text for identifiers,
    emails and URLs, a ``Decimal`` for amounts and counts, a day ordinal for dates, digits for
    phone numbers. ``checked`` is False for values that need no source unless a rule covers them.
    """

    path: str  # "refund.order_id", "book.passengers[0].dob"
    raw: object  # the value as passed (or the embedded token for free text)
    kind: str  # id, email, url, date, amount, count, percent, phone, postcode, text
    # str for ids, emails, URLs, phones, postcodes and text; a day ordinal for dates; a Decimal
    # for numbers
    key: Any
    checked: bool = True
    embedded: bool = False  # read out of a longer free-text argument
    precision: Decimal = Decimal(0)  # half unit of the last written digit, for amounts
    nkey: str = ""  # for amounts: the canonical digits the context store keys numbers by
    negative: bool = False  # an amount, count or percentage written with a minus sign


def compact(text: str) -> str:
    """Case- and separator-insensitive form of an identifier: ``ORD-88 213`` -> ``ord88213``."""
    return text.lower().translate(_COMPACT_DROP)


def digits_of(text: str) -> str:
    """Only the digits of a string: ``+1 (555) 010-4477`` -> ``15550104477``."""
    return "".join(_DIGITS.findall(text))


def parse_amount(text: str) -> tuple[Decimal, str, Decimal] | None:
    """Read a whole string as one amount: ``(absolute value, kind, precision)`` or ``None``.

    ``kind`` is ``amount`` (currency or decimals), ``percent`` or ``count`` (a plain integer).
    The sign is apart (:func:`read_amount`): a refund of -49.99 is looked up as 49.99 written
    negative.

    >>> parse_amount("$1,200.00")
    (Decimal('1200.00'), 'amount', Decimal('0.005'))
    >>> parse_amount("12%")[1], parse_amount("1.234,56")
    ('percent', None)
    """
    got = read_amount(text)
    return None if got is None else got[:3]


def read_amount(text: str) -> tuple[Decimal, str, Decimal, bool] | None:
    """:func:`parse_amount` and whether the amount was written negative.

    >>> read_amount("-$38.75")[3], read_amount("$ -38.75")[3], read_amount("38.75")[3]
    (True, True, False)
    """
    s = text.strip()
    if not s or len(s) > 40:
        return None
    m = _AMOUNT.fullmatch(s)
    if m is None:
        return None
    num = m["num"]
    try:
        value = Decimal(num.replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern only admits valid digits
        return None
    negative = (m["sign"] is not None and m["sign"] != "+") or m["sign2"] is not None
    _, _, frac = num.partition(".")
    precision = Decimal(5).scaleb(-len(frac) - 1)
    if m["pct"]:
        return value, "percent", precision, negative
    if m["cur"] or m["cur2"] or frac:
        return value, "amount", precision, negative
    return value, "count", precision, negative


_P0: Decimal = ArgValue._field_defaults["precision"]
_tnew = tuple.__new__


def classify(path: str, text: str, forced: str | None = None) -> list[ArgValue]:
    """The values one string argument holds (one for a scalar value, several for free text).

    >>> [(v.kind, date.fromordinal(v.key)) for v in classify("x.when", "June 30, 2024")]
    [('date', datetime.date(2024, 6, 30))]
    """
    s = text
    if not s:
        return []
    if s[0].isspace() or s[-1].isspace():
        s = s.strip()
        if not s:
            return []
    s = fold(s)
    if forced is None and "." in s and is_version_arg(path, s):  # os_version="14.5"
        return [ArgValue(path, text, "version", s.lower().lstrip("v"))]
    if forced is None and " " not in s:
        fast = _fast(path, text, s)
        if fast is not None:
            return fast
    low = s.lower()
    name = path.rsplit(".", 1)[-1].lower()
    if forced == "email" or (("@" in s) and _EMAIL.fullmatch(s)):
        return [ArgValue(path, text, "email", low)]
    if forced in ("date", "date-time"):
        day = parse_date(s)
        if day is not None:
            return [ArgValue(path, text, "date", day.toordinal())]
    if forced in ("uri", "url") or _URL.fullmatch(s):
        return [ArgValue(path, text, "url", url_key(s))]
    has_digit = _DIGIT.search(s) is not None
    if not has_digit:
        return [ArgValue(path, text, "text", low, checked=False)]
    clock = time_key(s) if ":" in s or "m" in low else None
    if clock is not None:  # "14:30", "2:30 PM": one key (agents._times)
        return [ArgValue(path, text, "id", clock)]
    day = parse_date(s)
    if day is not None:
        return [ArgValue(path, text, "date", day.toordinal())]
    if (any(k in name for k in _POSTCODE_KEYS)) and _POSTCODE.fullmatch(s):
        return [ArgValue(path, text, "postcode", compact(s))]
    if s.isdecimal() and (len(s) >= 5 or (s[0] == "0" and len(s) > 1)):
        # A digit string with a leading zero or of ZIP/account length is an identifier, not a count.
        kind = "postcode" if len(s) in (5, 9) and any(k in name for k in _POSTCODE_KEYS) else "id"
        return [ArgValue(path, text, kind, low)]
    if s[0] == "+" and s[1:].isdecimal() and 8 <= len(s) - 1 <= 15:
        return [ArgValue(path, text, "phone", s[1:])]  # E.164: "+14155550123"
    amount = read_amount(s)
    if amount is not None:
        value, kind, precision, negative = amount
        small = kind == "count" and value <= 10
        return [
            ArgValue(
                path, text, kind, value, checked=not small, precision=precision, negative=negative
            )
        ]
    if (
        _PHONE.fullmatch(s)
        and " - " not in s  # "207 - 2787" is arithmetic
        and len(digits_of(s)) >= 7
        and (any(k in name for k in _PHONE_KEYS) or not s.isdecimal())
    ):
        return [ArgValue(path, text, "phone", digits_of(s))]
    if " " not in s:
        return [ArgValue(path, text, "id", low.rstrip(".,;:"))]
    if _IBAN.fullmatch(s) or (_SPACED_ID.fullmatch(s) and len(digits_of(s)) >= 4):
        return [ArgValue(path, text, "id", compact(s))]
    if _POSTCODE.fullmatch(s):
        return [ArgValue(path, text, "postcode", compact(s))]
    found = list(scan_text(path, s))
    found += [ArgValue(path, n, "id", n, embedded=True) for n in address_numbers(path, low)]
    # One check per value of one argument: a ZIP code is both a number of the text and a number
    # of the address line, and a value written twice is one value (one finding, not two).
    found = list(dict.fromkeys(found))
    if not found:
        # Free text whose digits are all short (a street number): nothing to check, but a
        # source rule on this argument still sees the whole string.
        return [ArgValue(path, text, "text", low, checked=False)]
    return found


def _fast(path: str, text: str, s: str) -> list[ArgValue] | None:
    """The common shapes without a regex: a plain number, an ISO date, a one-word identifier.
    ``None`` sends the string down the full path."""
    if "@" in s or "://" in s:
        return None
    c0 = s[0]
    if c0.isdecimal():
        if s.isdecimal():
            if len(s) >= 5 or (c0 == "0" and len(s) > 1):
                # A digit string with a leading zero or of ZIP/account length is an identifier.
                name = path[path.rfind(".") + 1 :].lower()
                postal = len(s) in (5, 9) and any(k in name for k in _POSTCODE_KEYS)
                return [ArgValue(path, text, "postcode" if postal else "id", s)]
            return [ArgValue(path, text, "count", Decimal(s), checked=int(s) > 10, nkey=s)]
        if len(s) == 10 and s[4] == "-" and s[7] == "-" and s[:4].isdecimal():
            try:
                day = date(int(s[:4]), int(s[5:7]), int(s[8:])).toordinal()
            except ValueError:
                return None
            return [_tnew(ArgValue, (path, text, "date", day, True, False, _P0, "", False))]
        if s.count(".") == 1 and s.replace(".", "", 1).isdecimal():
            _, _, frac = s.partition(".")
            precision = Decimal(5).scaleb(-len(frac) - 1)
            return [ArgValue(path, text, "amount", Decimal(s), precision=precision, nkey=nkey(s))]
        return None
    if c0.isalpha() or c0 == "#" or c0 == "_":
        if not s[-1].isdecimal() and _DIGIT.search(s) is None:  # a last digit: no regex call
            return [ArgValue(path, text, "text", s.lower(), checked=False)]
        if s[:3].lower() in _MONTH_PREFIXES and _DIGIT.match(s, 3) is None:
            return None  # "Jun30" or "June-30-2024": let the date reader look
        key = s.lower().rstrip(".,;:")
        return [_tnew(ArgValue, (path, text, "id", key, True, False, _P0, "", False))]
    return None


def nkey(n: str) -> str:
    """The canonical digits of an unsigned decimal string (``"049.90"`` -> ``"49.9"``)."""
    whole, _, frac = n.partition(".")
    frac = frac.rstrip("0")
    whole = whole.lstrip("0") or "0"
    return f"{whole}.{frac}" if frac else whole


def scan_text(path: str, text: str) -> Iterator[ArgValue]:
    """Values embedded in free text: emails, URLs, dates, amounts, plain figures, identifiers and
    long digit runs.

    >>> text = "Pay INV-2291 by 2024-07-01 to ap@acme.example"
    >>> [(v.kind, v.raw) for v in scan_text("m.body", text)]
    [('email', 'ap@acme.example'), ('date', '2024-07-01'), ('id', 'INV-2291')]
    """
    from crossfoot.agents._dates import _DMY, _ISO, _MDY, _from_match

    taken = _Taken()
    free = taken.free
    if "@" in text:
        for m in _EMAIL.finditer(text):
            taken.append(m.span())
            yield ArgValue(path, m[0], "email", m[0].lower(), embedded=True)
    if "://" in text or "www." in text.lower():
        for m in _URL.finditer(text):
            if free(*m.span()):
                taken.append(m.span())
                yield ArgValue(path, m[0].rstrip(".,;"), "url", url_key(m[0]), embedded=True)
    for pattern in (_ISO, _MDY, _DMY):
        for m in pattern.finditer(text):
            if not free(*m.span()):
                continue
            if pattern is _ISO:
                ordinal = _iso_ordinal(m)
            else:
                ordinal, _ = _from_match(pattern, m)
            if ordinal is not None:
                taken.append(m.span())
                yield ArgValue(path, m[0], "date", ordinal, embedded=True)
    for m in _CURRENCY_AMOUNT.finditer(text):
        if free(*m.span()):
            amount = parse_amount(m[0])
            if amount is not None and amount[0] > 10:
                taken.append(m.span())
                yield ArgValue(path, m[0], "amount", amount[0], embedded=True, precision=amount[2])
    for a, b, number, checked in versions(text):  # "version 10.16" (agents._versions)
        if free(a, b):
            taken.append((a, b))
            yield ArgValue(path, number, "version", number, checked, embedded=True)
    for a, b, written, value, kind, precision in figures(text):  # plain ones (agents._figures)
        if free(a, b):
            taken.append((a, b))
            yield ArgValue(path, written, kind, value, embedded=True, precision=precision)
    for m in _ID_TOKEN.finditer(text):
        if _DIGIT.search(m[1]) is None:
            continue
        token = m[1].rstrip(".,;:-/")
        a, b = m.start(1), m.start(1) + len(token)
        if not free(a, b):
            continue
        if any(c.isalpha() for c in token) and len(token) >= 4:
            if NOT_ID.fullmatch(token):
                continue
            taken.append((a, b))
            yield ArgValue(path, token, "id", token.lower(), embedded=True)
    for m in _LONG_DIGITS.finditer(text):
        if not free(*m.span()):
            continue
        digits = digits_of(m[0])
        if len(digits) >= 5:
            taken.append(m.span())
            yield ArgValue(path, m[0], "id" if " " not in m[0] else "phone", digits, embedded=True)


class _Taken:
    """Disjoint character spans already read, sorted by start (so their ends are sorted too):
    whether a span is free is one bisection."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def free(self, a: int, b: int) -> bool:
        i = bisect_left(self.starts, b) - 1  # the last span starting before b ends latest
        return i < 0 or self.ends[i] <= a

    def append(self, span: tuple[int, int]) -> None:
        i = bisect_left(self.starts, span[0])
        self.starts.insert(i, span[0])
        self.ends.insert(i, span[1])


def _iso_ordinal(m: re.Match[str]) -> int | None:
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).toordinal()
    except ValueError:
        return None
