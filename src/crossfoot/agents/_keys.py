"""The small types every part of the context store shares: one source, one hit, one index.

* :class:`Seen` is one thing the agent saw (a message or a tool result), with its channel;
* :class:`Keys` is one index (identifiers, numbers, emails, days...): ``first`` maps a normal form
  to the first source that showed it (for explanations), ``chans`` a channel label to the keys it
  showed (for source rules);
* :class:`Hit` is where a value was found.

Numbers are keyed by a canonical string (:func:`num_key`), not a ``Decimal``: hashing a Decimal
costs about a microsecond, a short string caches its hash. ``1,200.00`` and ``1200`` share a key.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple

__all__ = [
    "Hit",
    "Keys",
    "Seen",
    "arg_name",
    "bucket",
    "dec_key",
    "fmt",
    "fold",
    "id_format",
    "is_error",
    "num_key",
    "snake",
    "url_key",
]

_ERROR_HINTS = re.compile(
    r"\b(?:not found|does not exist|doesn't exist|no such|invalid|unknown|failed|cannot|can't)\b",
    re.IGNORECASE,
)
_COMPACT_DROP = str.maketrans("", "", " \t-_#./:")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def snake(name: str) -> str:
    """An argument's name in lower case, its words apart by ``_`` (``dateTo``: ``date_to``)."""
    return _CAMEL.sub("_", name).lower()


def arg_name(path: str) -> str:
    """:func:`snake` of the last name in an argument's path.

    >>> arg_name("search.filters[0].dateTo"), arg_name("book.items[2]")
    ('date_to', 'items')
    """
    return snake(path[path.rfind(".") + 1 :].split("[", 1)[0])


def is_error(output: object, text: str) -> bool:
    """Whether a tool result reads as an error: ``Error: order not found``, ``{"error": ...}``, or
    a short message saying something does not exist.

    >>> is_error({"error": "no such order"}, ""), is_error("", "Order W1 not found")
    (True, True)
    """
    if isinstance(output, dict) and any(k in output for k in ("error", "errors", "Error")):
        return True
    head = text[:300].lstrip().lower()
    if head.startswith(("error", "exception", "traceback", '{"error', "{'error")):
        return True
    return len(text) < 300 and bool(_ERROR_HINTS.search(text))


@dataclass(slots=True)
class Seen:
    """One thing the agent saw."""

    step: int
    channel: str  # user, system, assistant, tool
    tool: str | None
    call_id: str | None
    text: str  # lower-cased, at most the index cap
    chars: int  # length of the full text
    truncated: bool = False
    error: bool = False
    numbers: tuple[str, ...] = ()  # canonical number keys (see num_key)
    vouched: bool = True  # False for a pure tool's output over made-up inputs: never a source
    derived: dict[str, str] | None = None  # column totals, filled on the first miss
    ordered: list[Decimal] | None = None  # numbers as Decimals, largest first, on the first miss
    # For a structured (JSON) tool result, the numbers under a money-named key; None for text.
    money: frozenset[str] | None = None
    money_read: bool = False
    counts: frozenset[int] | None = None  # counts a structured result states, on the first miss
    pointed: bool = False  # a tool result the user pointed to (see ContextStore.points_at)
    # Amounts written with a currency, and their currencies (agents._currency), on first use.
    currencies: dict[Decimal, set[str]] | None = None
    spans: frozenset[Decimal] | None = None  # spans of time, in seconds (agents._durations)

    @property
    def label(self) -> str:
        return f"tool:{self.tool}" if self.channel == "tool" and self.tool else self.channel

    def at(self) -> str:
        """``tool:get_orders@3``: the channel and step, as explanations cite a source."""
        return f"{self.label}@{self.step}"


class Hit(NamedTuple):
    """Where a value was found: source indices, how, and (computed only when a source rule asks)
    the channels that hold it."""

    sources: tuple[int, ...]
    how: str  # exact, written form, id format, split id, sum, ...
    fixed: frozenset[str] | None = None
    keys: Keys | None = None
    key: object = None

    @property
    def channels(self) -> frozenset[str]:
        """Every channel label (``user``, ``tool:get_orders``...) that showed the value."""
        if self.fixed is not None:
            return self.fixed
        return self.keys.where(self.key) if self.keys is not None else frozenset()


@dataclass(slots=True)
class Keys:
    """One index: normal form -> first source, and channel label -> the keys it showed."""

    first: dict[object, int] = field(default_factory=dict)
    chans: dict[str, set[object]] = field(default_factory=dict)

    def add(
        self,
        keys: set[Any] | frozenset[Any],
        src: int,
        labels: tuple[str, ...],
    ) -> None:
        if not keys:
            return
        first = self.first
        new = keys.difference(first)  # a dict argument keeps this a C-level loop over keys
        if new:
            first.update(dict.fromkeys(new, src))
        for label in labels:
            bucket = self.chans.get(label)
            if bucket is None:
                self.chans[label] = set(keys)
            else:
                bucket.update(keys)

    def where(self, key: object) -> frozenset[str]:
        return frozenset(label for label, keys in self.chans.items() if key in keys)

    def hit(self, key: object, how: str) -> Hit | None:
        """A :class:`Hit` for ``key`` when this index holds it."""
        src = self.first.get(key)
        if src is None:
            return None
        return Hit((src,), how, None, self, key)


def id_format(example: str) -> tuple[str, int, str] | None:
    """The shape of an example identifier: ``#W0000000`` -> ``("w", 7, "")``.

    Only shapes of a prefix, one digit run and an optional suffix are kept: they say which
    digits a user typed stand for a whole identifier.

    >>> id_format("#W0000000"), id_format("12345")
    (('w', 7, ''), None)
    """
    c = example.lower().translate(_COMPACT_DROP)
    m = re.fullmatch(r"([a-z]*)(\d{3,})([a-z]*)", c)
    if m is None or not (m[1] or m[3]):
        return None
    return (m[1], len(m[2]), m[3])


def num_key(n: str) -> str:
    """The canonical key of an unsigned decimal string: ``"049.90"`` -> ``"49.9"``.

    >>> num_key("1200.00"), num_key("0.50"), num_key("007")
    ('1200', '0.5', '7')
    """
    whole, _, frac = n.partition(".")
    frac = frac.rstrip("0")
    whole = whole.lstrip("0") or "0"
    return f"{whole}.{frac}" if frac else whole


def dec_key(value: Decimal) -> str:
    """:func:`num_key` of a Decimal's absolute value (signs are not compared).

    >>> dec_key(Decimal("-1200.50"))
    '1200.5'
    """
    return num_key(format(abs(value), "f"))


def bucket(v: Decimal) -> int:
    """The ~1 %-wide log-scale bucket of a positive value: a tolerance window touches two or three
    of them.

    >>> bucket(Decimal("100")), bucket(Decimal("9" * 400)) > bucket(Decimal("1e399"))
    (400, True)
    """
    f = float(v)
    if 1e-300 < f < 1e300:
        return math.floor(math.log10(f) * 200)
    # Beyond a float's range ("$" + "9" * 309 in a message): the exponent and the mantissa apart.
    exp = v.adjusted()
    return math.floor((exp + math.log10(float(v.scaleb(-exp)))) * 200)


# Hyphens that are no dashes between words (U+2010 hyphen, U+2012 figure dash; NFKC makes the
# non-breaking U+2011 a U+2010): read as "-". En and em dashes stay what they are.
_HYPHENS = frozenset({0x2010, 0x2012})


class _Digits(dict[int, int]):
    """``str.translate`` table from every Unicode decimal digit to its ASCII digit, filled as
    characters are met (a table of all 1.1 million code points would cost a second to build)."""

    def __missing__(self, cp: int) -> int:
        if cp in _HYPHENS:  # an id pasted from a PDF or a web page: "ORD‐55127" is "ORD-55127"
            self[cp] = 45
            return 45
        value = unicodedata.decimal(chr(cp), None)
        out = 48 + value if value is not None else cp
        self[cp] = out
        return out


_DIGIT_TABLE = _Digits()


def fold(text: str) -> str:
    """``text`` in NFKC form with the digits of every script written as ASCII digits and the
    Unicode hyphens as "-", so a value is one key however it was typed: ``"order ٤٥٦٧"`` ->
    ``"order 4567"``. ASCII text is returned as it is (the common case costs one check).

    >>> fold("refund ٩٩٩ on order ＃Ｗ１２"), fold("plain 123")
    ('refund 999 on order #W12', 'plain 123')
    """
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text).translate(_DIGIT_TABLE)


def fmt(v: Decimal) -> str:
    """A value as explanations write it (``1,200.5``)."""
    from crossfoot.model.types import format_decimal

    return format_decimal(v)


def url_key(url: str) -> str:
    """A URL as it is compared: lower case, without scheme, "www." or trailing punctuation.

    >>> url_key("https://www.Acme.example/pay/.")
    'acme.example/pay'
    """
    u = url.strip().rstrip("/.,;").lower()
    for prefix in ("https://", "http://"):
        if u.startswith(prefix):
            u = u[len(prefix) :]
            break
    return u.removeprefix("www.")
