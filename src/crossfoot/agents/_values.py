"""Typed values read from tool-call arguments.

An argument tree (dicts, lists, scalars) is walked with dotted paths (``passengers[1].dob``); each
scalar becomes zero or more :class:`ArgValue`: an identifier, email, URL, date, amount, count,
phone number or postcode. A longer free-text string (an email body) yields the values embedded in
it. Values that carry no checkable signal (no digit, integers up to 10) are kept with
``checked=False`` so a source rule can still look at them.

The amount reader is deliberately strict: ``$1,200.00``, ``1200``, ``-49.99`` and ``12%`` read,
European and Indian grouping do not, and an amount is one whole string, not a number found in text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from crossfoot.agents._dates import parse_date

__all__ = [
    "NOT_ID",
    "ArgValue",
    "WalkNote",
    "compact",
    "digits_of",
    "parse_amount",
    "scan_text",
    "walk_args",
]

MAX_DEPTH = 32
MAX_STRING = 100_000  # characters of one argument string that are scanned
MAX_VALUES = 5_000  # values read from one call; a bigger call is truncated with a note

_AMOUNT = re.compile(
    r"""
    (?P<sign>[-−+])?\s*
    (?P<cur>[$€£¥₹]|(?:USD|EUR|GBP|JPY|INR|CAD|AUD|CHF)\s?)?\s*
    (?P<sign2>[-−])?
    (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    \s*(?P<pct>%|percent)?
    \s*(?P<cur2>USD|EUR|GBP|JPY|INR|CAD|AUD|CHF|dollars?|euros?)?
    """,
    re.VERBOSE | re.IGNORECASE,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'()\[\]{}]+", re.IGNORECASE)
_PHONE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
_ID_TOKEN = re.compile(r"[#\w][\w#./-]*\d[\w#./-]*|[#\w]*\d[\w#./-]*")
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
_INDEX = re.compile(r"\[\d+\]")
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
_CURRENCY_AMOUNT = re.compile(
    r"[$€£¥₹]\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[$€£¥₹]\s?\d+(?:\.\d+)?"
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


@dataclass(frozen=True, slots=True)
class WalkNote:
    """Something the walk could not read in full (too deep, binary, huge, unserialisable)."""

    path: str
    kind: str  # args_too_deep, binary_arg, arg_truncated, unserialisable_arg, too_many_values
    message: str


class _Walk:
    __slots__ = ("list_lengths", "notes", "tool", "values")

    def __init__(self, tool: str) -> None:
        self.tool = tool
        self.values: list[ArgValue] = []
        self.notes: list[WalkNote] = []
        self.list_lengths: list[int] = []


def compact(text: str) -> str:
    """Case- and separator-insensitive form of an identifier: ``ORD-88 213`` -> ``ord88213``."""
    return text.lower().translate(_COMPACT_DROP)


def digits_of(text: str) -> str:
    """Only the digits of a string: ``+1 (555) 010-4477`` -> ``15550104477``."""
    return "".join(_DIGITS.findall(text))


def parse_amount(text: str) -> tuple[Decimal, str, Decimal] | None:
    """Read a whole string as one amount: ``(absolute value, kind, precision)`` or ``None``.

    ``kind`` is ``amount`` (currency or decimals), ``percent`` or ``count`` (a plain integer).
    Signs are dropped: a refund of -49.99 is the 49.99 the context shows.

    >>> parse_amount("$1,200.00")
    (Decimal('1200.00'), 'amount', Decimal('0.005'))
    >>> parse_amount("12%")[1], parse_amount("1.234,56")
    ('percent', None)
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
    _, _, frac = num.partition(".")
    precision = Decimal(5).scaleb(-len(frac) - 1)
    if m["pct"]:
        return value, "percent", precision
    if m["cur"] or m["cur2"] or frac:
        return value, "amount", precision
    return value, "count", precision


_PRECISION = [Decimal(5).scaleb(-n - 1) for n in range(20)]
_P0: Decimal = ArgValue._field_defaults["precision"]
_tnew = tuple.__new__


def _plain_number(path: str, node: float) -> ArgValue | None:
    """A float or int as written by ``repr`` ("95.84"), without formatting a Decimal."""
    text = repr(node).lstrip("-")
    if not text.replace(".", "", 1).isdecimal():
        return None  # an exponent, nan or inf: the general path reports it
    _, _, frac = text.partition(".")
    if type(node) is float and frac == "0":
        frac = ""  # 1200.0 was written 1200
    value = Decimal(text)
    small = not frac and value <= 10
    # Most texts are already canonical ("95.84", "1200"); _nkey only for a zero at an edge.
    nkey = text if text[0] != "0" and ("." not in text or text[-1] != "0") else _nkey(text)
    # tuple.__new__ directly: ArgValue(...) with keywords runs a Python-level __new__.
    return _tnew(
        ArgValue,
        (
            path,
            node,
            "amount" if frac else "count",
            value,
            not small,
            False,
            _PRECISION[len(frac)] if len(frac) < 20 else _P0,
            nkey,
        ),
    )


def _number(path: str, raw: object, value: Decimal, kind: str, embedded: bool = False) -> ArgValue:
    value = abs(value)
    small = value == value.to_integral_value() and value <= 10
    text = format(value, "f")
    _, _, frac = text.partition(".")
    precision = Decimal(5).scaleb(-len(frac) - 1)
    return ArgValue(
        path,
        raw,
        kind,
        value,
        checked=not small,
        embedded=embedded,
        precision=precision,
        nkey=_nkey(text),
    )


def walk_args(
    tool: str,
    args: object,
    *,
    skip: Mapping[str, frozenset[str]] | None = None,
    kinds: Mapping[str, str] | None = None,
) -> tuple[list[ArgValue], list[WalkNote], list[int]]:
    """Every value in a call's arguments, with dotted paths, plus notes and list lengths.

    ``skip`` maps an argument path (without list indices) to values the schema lists as enum,
    const or default; ``kinds`` maps a path to a kind the schema fixes (``email``, ``date``).

    >>> values, notes, _ = walk_args("refund", {"order_id": "ORD-88231", "amount": 49.99})
    >>> [(v.path, v.kind, v.key) for v in values]
    [('refund.order_id', 'id', 'ord-88231'), ('refund.amount', 'amount', Decimal('49.99'))]
    """
    walk = _Walk(tool)
    _walk(walk, tool, args, 0, skip or {}, kinds or {})
    if len(walk.values) > MAX_VALUES:
        del walk.values[MAX_VALUES:]
        walk.notes.append(
            WalkNote(
                tool, "too_many_values", f"{tool}: only the first {MAX_VALUES} values were checked"
            )
        )
    return walk.values, walk.notes, walk.list_lengths


def plain_path(path: str) -> str:
    """A path without list indices, as policies and schemas name it: ``a[0].b`` -> ``a.b``."""
    if "[" not in path:
        return path
    if path.endswith("]") and path.count("[") == 1:
        return path[: path.index("[")]
    return _INDEX.sub("", path)


def _walk(
    walk: _Walk,
    path: str,
    node: object,
    depth: int,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    if len(walk.values) > MAX_VALUES:
        return
    if depth > MAX_DEPTH:
        walk.notes.append(
            WalkNote(
                path, "args_too_deep", f"{path}: nested deeper than {MAX_DEPTH} levels, not read"
            )
        )
        return
    kind = type(node)
    if kind is str:  # the common case first: no ABC checks on the hot path
        _string(walk, path, node, skip, kinds)  # type: ignore[arg-type]
        return
    if kind is not list and (kind is dict or isinstance(node, Mapping)):
        plain = not skip and not kinds
        for k, v in node.items():  # type: ignore[attr-defined]
            tv = type(v)
            if plain and tv is str and len(v) <= MAX_STRING:
                # The hot path, one call less; the same argument in a later call is a cache hit.
                if type(k) is str:
                    walk.values.extend(_classified((path, k, v), f"{path}.{k}", v))
                else:
                    walk.values.extend(classify(f"{path}.{k}", v))
                continue
            if (
                (tv is float or tv is int)
                and plain
                and depth < MAX_DEPTH
                and len(walk.values) <= MAX_VALUES
            ):
                # A JSON number: _scalar's path without _walk's ABC checks (nor its stops, which
                # the conditions above rule out).
                number = _plain_number(f"{path}.{k}", v)
                if number is not None:
                    walk.values.append(number)
                    continue
            _walk(walk, f"{path}.{k}", v, depth + 1, skip, kinds)
        return
    if kind is list or isinstance(node, (list, tuple, set, frozenset)):
        seq: list[Any] | tuple[Any, ...] = node  # type: ignore[assignment]
        items = sorted(seq, key=repr) if isinstance(node, (set, frozenset)) else seq
        walk.list_lengths.append(len(items))
        inline = not skip and not kinds and depth < MAX_DEPTH
        for i, v in enumerate(items):
            if (
                inline
                and type(v) is str
                and len(v) <= MAX_STRING
                and len(walk.values) <= MAX_VALUES
            ):
                # What _walk -> _string would do for a string item, without the two calls.
                walk.values.extend(_classified((path, i, v), f"{path}[{i}]", v))
            else:
                _walk(walk, f"{path}[{i}]", v, depth + 1, skip, kinds)
        return
    _scalar(walk, path, node, skip, kinds)


# classify() is a pure function of (path, text): a run repeats the same arguments (a user id, an
# order id) call after call, so their readings are kept. Bounded: cleared when full.
_CLASSIFIED: dict[tuple[str, object, str], list[ArgValue]] = {}
_CLASSIFIED_MAX = 4096


def _classified(key: tuple[str, object, str], path: str, text: str) -> list[ArgValue]:
    got = _CLASSIFIED.get(key)
    if got is None:
        got = classify(path, text)
        if len(_CLASSIFIED) >= _CLASSIFIED_MAX:
            _CLASSIFIED.clear()
        _CLASSIFIED[key] = got
    return got


def _scalar(
    walk: _Walk,
    path: str,
    node: object,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    if node is None or isinstance(node, bool):
        return
    if skip:
        skipped = skip.get(plain_path(path))
        if skipped is not None and _text_of(node) in skipped:
            return
    t = type(node)
    if t is float or t is int:  # JSON numbers: no ABC or regex work
        number = _plain_number(path, node)  # type: ignore[arg-type]
        if number is not None:
            walk.values.append(number)
            return
    if isinstance(node, (bytes, bytearray, memoryview)):
        walk.notes.append(
            WalkNote(path, "binary_arg", f"{path}: binary content ({len(node)} bytes) not read")
        )
        return
    if isinstance(node, int):
        walk.values.append(_number(path, node, Decimal(node), "count"))
        return
    if isinstance(node, float):
        if node != node or node in (float("inf"), float("-inf")):
            walk.notes.append(
                WalkNote(path, "unserialisable_arg", f"{path}: {node!r} is not a number")
            )
            return
        walk.values.append(_number(path, node, Decimal(repr(node)), "amount"))
        return
    if isinstance(node, Decimal):
        if not node.is_finite():
            walk.notes.append(
                WalkNote(path, "unserialisable_arg", f"{path}: {node} is not a number")
            )
            return
        walk.values.append(_number(path, node, node, "amount"))
        return
    if not isinstance(node, str):
        walk.notes.append(
            WalkNote(
                path,
                "unserialisable_arg",
                f"{path}: a {type(node).__name__} is not a JSON value; read as its text",
            )
        )
        node = str(node)
    _string(walk, path, node, skip, kinds)


def _string(
    walk: _Walk,
    path: str,
    text: str,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    plain = path
    if skip or kinds:
        plain = plain_path(path)
        skipped = skip.get(plain)
        if skipped is not None and text in skipped:
            return
    if len(text) > MAX_STRING:
        walk.notes.append(
            WalkNote(
                path,
                "arg_truncated",
                f"{path}: {len(text):,} characters, the first {MAX_STRING:,} checked",
            )
        )
        text = text[:MAX_STRING]
    walk.values.extend(classify(path, text, kinds.get(plain) if kinds else None))


def _text_of(node: object) -> str:
    return node if isinstance(node, str) else str(node)


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
        return [ArgValue(path, text, "url", _url_key(s))]
    has_digit = _DIGIT.search(s) is not None
    if not has_digit:
        return [ArgValue(path, text, "text", low, checked=False)]
    day = parse_date(s)
    if day is not None:
        return [ArgValue(path, text, "date", day.toordinal())]
    if (any(k in name for k in _POSTCODE_KEYS)) and _POSTCODE.fullmatch(s):
        return [ArgValue(path, text, "postcode", compact(s))]
    if s.isdecimal() and (len(s) >= 5 or (s[0] == "0" and len(s) > 1)):
        # A digit string with a leading zero or of ZIP/account length is an identifier, not a count.
        kind = "postcode" if len(s) in (5, 9) and any(k in name for k in _POSTCODE_KEYS) else "id"
        return [ArgValue(path, text, kind, low)]
    amount = parse_amount(s)
    if amount is not None:
        value, kind, precision = amount
        small = kind == "count" and value <= 10
        return [ArgValue(path, text, kind, value, checked=not small, precision=precision)]
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
            return [_tnew(ArgValue, (path, text, "date", day, True, False, _P0, ""))]
        if s.count(".") == 1 and s.replace(".", "", 1).isdecimal():
            _, _, frac = s.partition(".")
            precision = Decimal(5).scaleb(-len(frac) - 1)
            return [ArgValue(path, text, "amount", Decimal(s), precision=precision, nkey=_nkey(s))]
        return None
    if c0.isalpha() or c0 == "#" or c0 == "_":
        if not s[-1].isdecimal() and _DIGIT.search(s) is None:  # a last digit: no regex call
            return [ArgValue(path, text, "text", s.lower(), checked=False)]
        if s[:3].lower() in _MONTH_PREFIXES and _DIGIT.match(s, 3) is None:
            return None  # "Jun30" or "June-30-2024": let the date reader look
        return [_tnew(ArgValue, (path, text, "id", s.lower().rstrip(".,;:"), True, False, _P0, ""))]
    return None


def _nkey(n: str) -> str:
    whole, _, frac = n.partition(".")
    frac = frac.rstrip("0")
    whole = whole.lstrip("0") or "0"
    return f"{whole}.{frac}" if frac else whole


def _url_key(url: str) -> str:
    u = url.strip().rstrip("/.,;").lower()
    for prefix in ("https://", "http://"):
        if u.startswith(prefix):
            u = u[len(prefix) :]
            break
    return u.removeprefix("www.")


def scan_text(path: str, text: str) -> Iterator[ArgValue]:
    """Values embedded in free text: emails, URLs, dates, identifiers, amounts, long digit runs.

    >>> text = "Pay INV-2291 by 2024-07-01 to ap@acme.example"
    >>> [(v.kind, v.raw) for v in scan_text("m.body", text)]
    [('email', 'ap@acme.example'), ('date', '2024-07-01'), ('id', 'INV-2291')]
    """
    from crossfoot.agents._dates import _DMY, _ISO, _MDY, _from_match

    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    if "@" in text:
        for m in _EMAIL.finditer(text):
            taken.append(m.span())
            yield ArgValue(path, m[0], "email", m[0].lower(), embedded=True)
    if "://" in text or "www." in text.lower():
        for m in _URL.finditer(text):
            if free(*m.span()):
                taken.append(m.span())
                yield ArgValue(path, m[0].rstrip(".,;"), "url", _url_key(m[0]), embedded=True)
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
    for m in _ID_TOKEN.finditer(text):
        token = m[0].rstrip(".,;:-/")
        a, b = m.start(), m.start() + len(token)
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


def _iso_ordinal(m: re.Match[str]) -> int | None:
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).toordinal()
    except ValueError:
        return None
