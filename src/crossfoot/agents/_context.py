"""The store of what an agent has seen, indexed at ingest so a look-up is a hash probe.

Every message or tool result becomes a :class:`Seen` source with a channel (``user``, ``system``,
``assistant``, ``tool``) and, for tools, the tool's name. Adding a source tokenises it once, with
C-level ``findall`` calls and set algebra rather than a Python loop per character:

* identifier tokens (anything with a digit), lower-cased and in a separator-free form
* numbers as ``Decimal`` (``1,200.00`` and ``1200`` are one key), and number words a user typed
* emails, URLs, days (ordinals) and yearless month/day pairs, long digit runs (phones, accounts)

Each kind keeps ``first`` (key -> index of the first source that showed it, for explanations) and
``chans`` (channel label -> set of keys, for source rules). ``before_call`` is then a few dict and
set probes per value. Identifiers split by spaces in prose ("ORD 88213") are indexed whole at
ingest too. Work only a miss needs (arithmetic over found numbers: column totals, log-scale
buckets for tolerance windows) is done on the first miss and cached.

Indexing is capped per source (``max_chars``); a longer source is indexed in its first part and
marked ``truncated``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import compress, repeat
from operator import contains
from typing import Any, NamedTuple

from crossfoot.agents._dates import find_dates, find_reference_date

__all__ = ["ContextStore", "Hit", "Seen", "dec_key", "id_format", "is_error", "num_key"]

_HAS_DIGIT = re.compile(r"\d")
_PERCENTS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:%|percent\b)")
_URLS = re.compile(r"(?:https?://|www\.)[^\s<>\"'()\[\]{}\\]+")
_DIGIT_RUNS = re.compile(r"\+?\(?\d[\d().-]*(?: ?[\d().-]+)+\d")
_COMPACT_DROP = str.maketrans("", "", " \t-_#./:")
_COMPACT_RE = re.compile(r"[ \t\-_#./:]+")
_COMPACT_BYTES = b" \t-_#./:"  # the same characters, for bytes.translate
_STRIP = ".,;:-/'\")]}"
# Words that introduce an example rather than data ("ids look like #W0000000").
_EXAMPLE = re.compile(
    r"(?:such as|e\.g\.?|for example|for instance|looks? like|like|example|format(?: is)?|"
    r"in the form(?: of)?)\s*[:,]?\s*[`'\"“]?([#\w][\w#./@+-]*)",
    re.IGNORECASE,
)
_ERROR_HINTS = re.compile(
    r"\b(?:not found|does not exist|doesn't exist|no such|invalid|unknown|failed|cannot|can't)\b",
    re.IGNORECASE,
)
_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "a dozen": 12, "dozen": 12,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_NUMBER_WORDS = re.compile(
    r"\b(?:("
    + "|".join(_TENS)
    + r")(?:[- ]("
    + "|".join(k for k in _UNITS if " " not in k)
    + r"))?"
    r"|(" + "|".join(_UNITS) + r"))(?:\s+(hundred|thousand))?\b"
)
_TO_SPACE = str.maketrans({c: " " for c in "\"'{}[]();:<>=|\\*!?`\u201c\u201d\u2018\u2019"})
_DIGIT_CHUNK = re.compile(r"\S*\d\S*")
_EDGE = ".-/_+#"
_CURRENCY = "$€£¥₹+"
_PHONE_CHARS = re.compile(r"[\d().+-]+")
_PHONE_FIRST = frozenset("().+-")  # or a decimal digit, as \d
_NON_DIGITS = re.compile(r"\D+")
_GROUPED_FULL = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_GROUPED_ALL = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])")
# "ord 88213", "de44 5001 0517 5407", "sw1a 1aa": groups after the first all hold a digit.
_SPLIT_RUN = re.compile(r"(?<![\w#])#?[a-z\d]{1,8}(?: (?=[a-z]*\d)[a-z\d]{1,8}){1,8}(?![\w])")
_PROSE_CAP = 20_000  # texts up to this size also get the regex passes (spaced phones, 1,200)
_MONTH_WORDS = frozenset(
    "jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july "
    "august september october november december".split()
)
_RELATIVE_WORDS = frozenset(("today", "tomorrow", "yesterday", "days", "day"))
_WORD_DAYS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_DAY_SHIFT = re.compile(
    r"\b(?:(next|following|previous|prior) day|day (after|before)|"
    r"(a|one|two|three|four|five|six|seven|\d{1,2}) days? (later|earlier|after|before|sooner))\b"
)
# Keys of a structured result under which a number is an amount of money, not a count or a code.
_MONEY_KEY = re.compile(
    r"price|amount|fare|cost|fee|total|balance|charge|refund|pay|paid|rent|salary|tax|"
    r"budget|deposit|credit|debit|fund|sum|value|money|spent|owed?|due|tip|discount"
)
_FORMAT_MIN_DIGITS = 3  # digits a user types that may stand for an id in a known format
_PAIR_CAP = 400  # numbers per source that take part in pair arithmetic
_DERIVE_SOURCES = 60  # most recent sources searched for arithmetic operands
_JSON_CAP = 300_000  # characters of a source parsed as JSON for column totals


def is_error(output: object, text: str) -> bool:
    """Whether a tool result reads as an error: ``Error: order not found``, ``{"error": ...}``, or
    a short message saying something does not exist."""
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
    keys: _Keys | None = None
    key: object = None

    @property
    def channels(self) -> frozenset[str]:
        """Every channel label (``user``, ``tool:get_orders``...) that showed the value."""
        if self.fixed is not None:
            return self.fixed
        return self.keys.where(self.key) if self.keys is not None else frozenset()


@dataclass(slots=True)
class _Keys:
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


class ContextStore:
    """Everything the agent has seen, by channel, with indexes for hash look-ups.

    >>> store = ContextStore()
    >>> _ = store.add("user", "I'm mia_li_3668, order ORD-88213 for $1,200.00")
    >>> store.find_id("ORD-88213").how, store.find_number(Decimal("1200")).how
    ('exact', 'exact')
    """

    def __init__(self, *, max_chars: int = 1_000_000, reference: date | None = None) -> None:
        self.max_chars = max_chars
        self.reference = reference
        self._fixed_reference = reference is not None
        self.sources: list[Seen] = []
        self.at: list[str] = []  # "user@1", "tool:get_orders@3" per source, for explanations
        self.at_exact: list[str] = []  # the same with " (exact)", built once per source
        self.ids = _Keys()
        self.compact = _Keys()
        self.numbers = _Keys()
        self.percents = _Keys()
        self.emails = _Keys()
        self.urls = _Keys()
        self.days = _Keys()
        self.yearless = _Keys()
        self.digits = _Keys()
        # "the next day", "two days earlier" the user asked for: shift -> sources seen before the
        # request. The shift is applied once, to the date the user meant: a date seen before the
        # request, or a later one that is not itself that shift of an earlier date (a search
        # for the shifted day echoes it back; shifting that again is a second application).
        self.day_shifts: dict[int, int] = {}
        self.examples: set[str] = set()  # tokens the system prompt gives as examples
        self.formats: set[tuple[str, int, str]] = set()  # (prefix, digit count, suffix)
        self._buckets: dict[int, list[Decimal]] | None = None
        self._bucketed = 0  # sources already placed in buckets
        self._in_buckets: set[str] = set()
        self._operands: set[str] = set()  # numbers that may be the operand of a two-value sum
        self._operands_upto = 0  # sources already added to _operands

    # ------------------------------------------------------------------ ingest
    def add(
        self,
        channel: str,
        text: str,
        *,
        tool: str | None = None,
        call_id: str | None = None,
        exclude: Iterable[tuple[str, object]] = (),
        vouched: bool = True,
        error: bool = False,
        step: int | None = None,
    ) -> Seen:
        """Index one source. ``exclude`` lists ``(kind, key)`` pairs this source must not vouch
        for (a made-up id echoed back by an error). An unvouched source is kept but never indexed.
        """
        chars = len(text)
        truncated = chars > self.max_chars
        if truncated:
            text = text[: self.max_chars]
        low = text.lower()
        seen = Seen(
            step if step is not None else len(self.sources) + 1,
            channel,
            tool,
            call_id,
            low,
            chars,
            truncated,
            error,
            (),
            vouched,
        )
        src = len(self.sources)
        self.sources.append(seen)
        self.at.append(seen.at())
        self.at_exact.append(f"{seen.at()} (exact)")
        if not vouched:
            seen.text = ""
            return seen
        if channel in ("system", "user") and not self._fixed_reference and self.reference is None:
            self.reference = find_reference_date(text)
        excluded: dict[str, set[object]] = {}
        for kind, key in exclude:
            excluded.setdefault(kind, set()).add(key)
        for raw in excluded.get("raw", ()):
            if isinstance(raw, str) and raw:
                low = low.replace(raw, " ")
        seen.text = low
        labels = (f"tool:{tool}",) if channel == "tool" else (channel,)
        if channel == "assistant":
            # The agent's own words vouch for nothing directly; only checked calculations do.
            return seen
        self._index(seen, src, low, labels, excluded)
        return seen

    def _index(
        self,
        seen: Seen,
        src: int,
        low: str,
        labels: tuple[str, ...],
        excluded: dict[str, set[object]],
    ) -> None:
        # One C-level pass turns punctuation into spaces; the unique chunks that hold a digit are
        # the only ones looked at in Python. A JSON result repeats most of its tokens, so this is
        # a few thousand small strings even for 100 KB.
        # JSON's ", " separators go first, so the commas left are inside tokens ("1,200.00").
        chunks = set(low.replace(", ", " ").translate(_TO_SPACE).split())
        # Numbers are keyed by a canonical string, not a Decimal: hashing a Decimal costs about
        # a microsecond, a short string's hash is cached. "1,200.00" and "1200" share one key.
        numbers: set[str] = set()
        tokens: set[str] = set()
        percents: set[str] = set()
        days: set[int] = set()
        runs: set[str] = set()
        emails: set[str] = set()
        idish: list[str] = []
        pending = [x for x in chunks if not x.isalpha()]  # words need no look
        while pending:
            chunk = pending.pop()
            if chunk.isdecimal():  # the commonest token of a JSON result: an integer
                if chunk[0] == "0" and len(chunk) > 1:
                    tokens.add(chunk)  # "02139" is also an identifier as written
                    numbers.add(num_key(chunk))
                else:
                    numbers.add(chunk)
                if len(chunk) >= 7:
                    runs.add(chunk)
                continue
            if chunk[-1].isdecimal() and chunk.replace(".", "", 1).isdecimal():  # a decimal: 95.84
                numbers.add(chunk if chunk[0] != "0" and chunk[-1] != "0" else num_key(chunk))
                continue
            if "," in chunk:
                if _GROUPED_FULL.fullmatch(chunk.strip(_EDGE + _CURRENCY)):
                    numbers.add(num_key(chunk.strip(_EDGE + _CURRENCY).replace(",", "")))
                pending.extend(p for p in chunk.split(",") if p)  # "[100,200]" is two numbers
                continue
            t = chunk.rstrip(_EDGE).lstrip(".-/_")
            # A last digit settles it without a regex call (most identifiers end in one).
            if not t or (not t[-1].isdecimal() and _HAS_DIGIT.search(t) is None):
                continue
            if "@" in t:
                emails.add(t)
                local = t.partition("@")[0]
                tokens.add(local)  # a user id is often the local part of the address typed
                idish.append(local)
                continue
            n = t.lstrip(_CURRENCY)
            if n.endswith("%"):
                n = n.rstrip("%")
                if n.replace(".", "", 1).isdecimal():
                    percents.add(num_key(n))
            if n.replace(".", "", 1).isdecimal():
                # Most numbers are already canonical; num_key only for "049.90"-style text.
                # A plain number is found as an identifier through the number index; only a
                # leading zero ("007", a ZIP "02139") needs the token kept as written.
                if n[0] == "0" or (n[-1] == "0" and "." in n):
                    if n[0] == "0" and n.isdecimal():
                        tokens.add(n)
                    n = num_key(n)
                numbers.add(n)
                if len(n) >= 7 and n.isdecimal():
                    runs.add(n)
                continue
            tokens.add(t)
            idish.append(t)
            if len(n) >= 10 and n[4] == "-" and n[7] == "-" and n[:4].isdecimal():
                day = _iso_day(n)
                if day is not None:
                    days.add(day)
                    continue
            if n.count("/") == 2 or n.count(".") == 2 or n.count("-") == 2:
                days.update(find_dates(n)[0])
            # The first character must be a phone character: "user_18_5202" skips the regex.
            if len(n) >= 7 and (n[0].isdecimal() or n[0] in _PHONE_FIRST):
                if _PHONE_CHARS.fullmatch(n) is None:
                    continue
                d = _NON_DIGITS.sub("", n)
                if len(d) >= 7:
                    runs.add(d)
                    if len(d) > 10:
                        runs.add(d[-10:])  # a phone number without its country code
        # The chunks holding "@" are picked out at C level (a JSON result has thousands of chunks).
        at = compress(chunks, map(contains, chunks, repeat("@"))) if "@" in low else ()
        for chunk in at:
            if chunk not in emails:
                emails.add(chunk.strip(_EDGE))  # an address without digits
        if seen.channel == "system":
            self._learn_examples(low)
            tokens -= self.examples
            emails -= self.examples
            numbers -= {num_key(e) for e in self.examples if e.isdecimal()}
        if len(low) <= _PROSE_CAP:
            # An identifier split by a space or dash in prose ("ORD 88213", "W23 78156") is
            # indexed whole as well, so finding it is a hash probe, not a scan.
            for run in _SPLIT_RUN.findall(low):
                parts = run.split(" ")
                for i in range(len(parts) - 1):
                    for j in range(i + 2, len(parts) + 1):
                        idish.append("".join(parts[i:j]))
            for run in _DIGIT_RUNS.findall(low):
                d = _NON_DIGITS.sub("", run)
                if len(d) >= 7:
                    runs.add(d)
                    if len(d) > 10:
                        runs.add(d[-10:])
        if "percent" in chunks:
            percents.update(num_key(p) for p in _PERCENTS.findall(low))
        if seen.channel == "user":
            numbers.update(_number_words(low))
            for m in _DAY_SHIFT.finditer(low):
                self.day_shifts[_shift(m)] = src + 1  # this message's own dates included
        yearless: set[tuple[int, int]] = set()
        if chunks & _MONTH_WORDS or (self.reference is not None and chunks & _RELATIVE_WORDS):
            more, yearless = find_dates(low, self.reference)
            days |= more
        if "://" in low or "www." in low:
            urls = {_url_key(u) for u in _URLS.findall(low)} - excluded.get("url", set())
            self.urls.add(urls, src, labels)
        if excluded:
            tokens -= excluded.get("id", set())
            numbers -= excluded.get("number", set())
            days -= excluded.get("date", set())
            runs -= excluded.get("phone", set())
            emails -= excluded.get("email", set())
        self.ids.add(tokens, src, labels)
        # One pass over the joined identifiers instead of a translate() per token: bytes.translate
        # (a 256-entry table) for ASCII text, about 20x cheaper than the regex it stands for.
        joined = "\n".join(idish)
        if joined.isascii():
            joined = joined.encode().translate(None, _COMPACT_BYTES).decode()
        else:
            joined = _COMPACT_RE.sub("", joined)
        compact = set(joined.split("\n")) if idish else set()
        compact.discard("")
        if seen.channel == "system" and self.examples:
            compact -= {e.translate(_COMPACT_DROP) for e in self.examples}
        if excluded:
            compact -= excluded.get("compact", set())
        self.compact.add(compact, src, labels)
        self.numbers.add(numbers, src, labels)
        seen.numbers = tuple(numbers)
        self.percents.add(percents, src, labels)
        self.emails.add(emails, src, labels)
        self.days.add(days, src, labels)
        self.yearless.add(yearless, src, labels)
        self.digits.add(runs, src, labels)

    def _learn_examples(self, low: str) -> None:
        for m in _EXAMPLE.finditer(low):
            token = m[1].rstrip(_STRIP)
            if "@" in token:
                self.examples.add(token)  # an example address is not a contact
            elif _HAS_DIGIT.search(token):
                self.examples.add(token)
                fmt = id_format(token)
                if fmt is not None:
                    self.formats.add(fmt)

    # ------------------------------------------------------------------ look-ups
    def _hit(self, keys: _Keys, key: object, how: str) -> Hit | None:
        src = keys.first.get(key)
        if src is None:
            return None
        return Hit((src,), how, None, keys, key)

    def find_id(self, key: str, formats: Iterable[tuple[str, int, str]] = ()) -> Hit | None:
        """An identifier: exact token, then case/separator-insensitive, then the digits of a known
        id format, then the pieces of the id separated by spaces or dashes in the text."""
        key = key.lower()
        hit = self._hit(self.ids, key, "exact")
        if hit is not None:
            return hit
        if key.isdecimal():
            return self._digits(key, "exact")
        # bytes.translate for an ASCII key: a str.translate with a dict is several times slower.
        if key.isascii():
            c = key.encode().translate(None, _COMPACT_BYTES).decode()
        else:
            c = key.translate(_COMPACT_DROP)
        hit = self._hit(self.compact, c, "written form")
        if hit is not None:
            return hit
        for prefix, n, suffix in (*self.formats, *formats):
            if (
                len(c) == len(prefix) + n + len(suffix)
                and c.startswith(prefix)
                and c.endswith(suffix)
            ):
                digits = c[len(prefix) : len(c) - len(suffix)]
                if digits.isdecimal():
                    how = f"digits in the format {prefix.upper()}{'0' * n}{suffix}"
                    hit = self._typed_digits(digits, how)
                    if hit is not None:
                        return hit
        return None

    def _typed_digits(self, digits: str, how: str) -> Hit | None:
        """The digits of an id in a known format, as the user typed them ("my order is 4471902").

        Only the user's messages count, and only the exact digit string standing alone: short
        digit strings and numbers inside amounts, dates or JSON results are everywhere in a long
        context, and would vouch for a transposed id (HAT010 -> HAT100 by any price of 100).
        """
        if len(digits) < _FORMAT_MIN_DIGITS:
            return None
        if digits not in self.ids.chans.get("user", ()) and (
            digits[:1] == "0" or digits not in self.numbers.chans.get("user", ())
        ):
            return None
        alone = re.compile(rf"(?<![\w$€£¥.,:/+-]){digits}(?![\w%$€£¥]|[.,:/-]\d)")
        srcs = tuple(
            i for i, s in enumerate(self.sources) if s.channel == "user" and alone.search(s.text)
        )
        return Hit(srcs, how, frozenset({"user"})) if srcs else None

    def _labels(self, src: int) -> tuple[str, ...]:
        s = self.sources[src]
        return (s.label,)

    def _digits(self, digits: str, how: str) -> Hit | None:
        """A digit string: kept as a token when it has a leading zero, else as a number."""
        hit = self._hit(self.ids, digits, how)
        if hit is None and digits[:1] != "0":
            hit = self._hit(self.numbers, digits, how)
        return hit

    def find_email(self, key: str) -> Hit | None:
        return self._hit(self.emails, key, "exact") or self._hit(self.ids, key, "exact")

    def find_url(self, key: str) -> Hit | None:
        hit = self._hit(self.urls, key, "exact")
        if hit is None and "/" in key:
            hit = self._hit(self.urls, key.rstrip("/"), "exact")
        return hit

    def find_date(self, ordinal: int) -> Hit | None:
        hit = self._hit(self.days, ordinal, "exact")
        if hit is not None:
            return hit
        d = date.fromordinal(ordinal)
        if self.reference is None or d.year in (self.reference.year, self.reference.year + 1):
            hit = self._hit(self.yearless, (d.month, d.day), "written without a year")
            if hit is not None:
                return hit
        for shift, before in sorted(self.day_shifts.items()):
            hit = self._hit(self.days, ordinal - shift, f"{shift:+d} day(s) from a date seen")
            if hit is None:
                continue
            src = hit.sources[0]
            if src < before:
                return hit
            earlier = self.days.first.get(ordinal - 2 * shift)
            if earlier is None or earlier >= src:
                return hit
        return None

    def find_digits(self, digits: str) -> Hit | None:
        hit = self._hit(self.digits, digits, "exact") or self._digits(digits, "exact")
        if hit is None and len(digits) > 10:
            hit = self._hit(self.digits, digits[-10:], "without country code")
        return hit

    def find_number(self, value: Decimal, key: str = "") -> Hit | None:
        """A number, by value (``key``, its canonical digits, saves formatting it again)."""
        return self._hit(self.numbers, key or dec_key(value), "exact")

    def find_percent(self, value: Decimal) -> Hit | None:
        return self._hit(self.percents, dec_key(value), "exact") or self._hit(
            self.numbers, dec_key(value / 100), "as a fraction"
        )

    def find_text(self, text: str) -> Hit | None:
        """A string without digits (a name, a password): a substring of some source."""
        needle = text.lower().strip()
        if not needle:
            return None
        srcs = tuple(
            i for i, s in enumerate(self.sources) if s.channel != "assistant" and needle in s.text
        )
        if not srcs:
            return None
        labels: set[str] = set()
        for i in srcs:
            labels.update(self._labels(i))
        return Hit(srcs, "exact", frozenset(labels))

    # ------------------------------------------------------------------ arithmetic on a miss
    def near(self, lo: Decimal, hi: Decimal) -> list[Decimal]:
        """Numbers seen within ``[lo, hi]`` (log-scale buckets, built lazily)."""
        self._fill_buckets()
        assert self._buckets is not None
        out: list[Decimal] = []
        if hi <= 0:
            return out
        lo = max(lo, Decimal("1e-9"))
        for b in range(_bucket(lo), _bucket(hi) + 1):
            out.extend(v for v in self._buckets.get(b, ()) if lo <= v <= hi)
        return out

    def _fill_buckets(self) -> None:
        if self._buckets is None:
            self._buckets = {}
        if self._bucketed == len(self.sources):
            return
        seen_values: set[str] = set().union(*(s.numbers for s in self.sources[self._bucketed :]))
        for key in seen_values - self._in_buckets:
            v = Decimal(key)
            if v > 0:
                self._buckets.setdefault(_bucket(v), []).append(v)
        self._in_buckets |= seen_values
        self._bucketed = len(self.sources)

    def derive(
        self,
        target: Decimal,
        quantities: Iterable[int] = (),
        tolerance: Decimal = Decimal("0.005"),
        *,
        loose: bool = False,
    ) -> tuple[str, tuple[int, ...]] | None:
        """A short list of arithmetic an agent legitimately does, over values found in context:
        a total of a column in one tool result, the sum or difference of two values, a unit price
        times a stated quantity, a stated percentage of a value. Returns the formula and sources.

        >>> store = ContextStore()
        >>> _ = store.add("tool", '{"legs": [{"price": 523}, {"price": 501}]}', tool="res")
        >>> store.derive(Decimal("1024"))
        ('total of price over 2 rows', (0,))
        """
        target = abs(target)
        key = dec_key(target)
        first = self.numbers.first
        recent = [i for i in range(len(self.sources) - 1, -1, -1) if self.sources[i].vouched]
        recent = recent[:_DERIVE_SOURCES]
        # Column totals of JSON tool results (the sum of all item prices of an order).
        for i in recent:
            formula = self._totals(i).get(key)
            if formula is not None:
                return formula, (i,)
        # Sum or difference of two values seen (the two legs of a trip, a balance after a charge).
        # For an argument, a number of a structured result is an operand only under a money-named
        # key (price, amount, balance...): a search result is full of seat counts and codes, and
        # a fare plus any of them vouches for a wrong payment (a fare + 14 seats). Numbers in
        # text results and those the user typed all count. The agent's prose (``loose``, checked
        # loosely anyway) may pair any two values seen.
        budget = 20_000
        operands = first if loose else self._operand_keys()
        for i in recent:
            nums = self._sorted_numbers(i)
            budget -= len(nums)
            if budget < 0:
                break
            money = None if loose else self._money(i)
            for a in nums:
                if a <= 10 or (money is not None and dec_key(a) not in money):
                    continue
                for b, sign in ((target - a, "+"), (a - target, "−")):
                    if b <= 0 or (b <= 10 and b == b.to_integral_value()):
                        continue  # a count up to 10 is no operand: it would match almost anything
                    bkey = dec_key(b)
                    if bkey in operands:
                        return f"{_fmt(a)} {sign} {_fmt(b)}", (i, first[bkey])
        # A unit price times a stated quantity (a user's count, a list length in the call).
        qs = {q for q in quantities if 2 <= q <= 100}
        for n in self.numbers.chans.get("user", ()):
            if isinstance(n, str) and n.isdecimal() and 2 <= int(n) <= 100:
                qs.add(int(n))
        for q in sorted(qs):
            for a in self.near((target - tolerance) / q, (target + tolerance) / q):
                if abs(a * q - target) <= tolerance:
                    return f"{_fmt(a)} × {q}", (first[dec_key(a)],)
        # A stated percentage of a found amount.
        for p_key in self.percents.first:
            p = Decimal(str(p_key))
            if p <= 0:
                continue
            base = target * 100 / p
            window = tolerance * 100 / p
            for a in self.near(base - window, base + window):
                if abs(a * p / 100 - target) <= tolerance:
                    return f"{_fmt(p)}% of {_fmt(a)}", (
                        first[dec_key(a)],
                        self.percents.first[p_key],
                    )
        return None

    def _money(self, i: int) -> frozenset[str] | None:
        """The numbers under a money-named key of a structured result, or None (text: all)."""
        seen = self.sources[i]
        if not seen.money_read:
            seen.money_read = True
            text = seen.text
            if (
                seen.channel == "tool"
                and len(text) <= _JSON_CAP
                and text.lstrip()[:1] in ("{", "[")
            ):
                try:
                    data = json.loads(text)
                except ValueError:
                    data = None
                if isinstance(data, (dict, list)):
                    out: set[str] = set()
                    _money_values(data, False, out, 0)
                    seen.money = frozenset(out)
        return seen.money

    def _operand_keys(self) -> set[str]:
        """Numbers that may be the second operand of a sum: every number of a text source or a
        user message, the money-keyed ones of a structured result (built incrementally)."""
        for i in range(self._operands_upto, len(self.sources)):
            seen = self.sources[i]
            if not seen.vouched or not seen.numbers:
                continue
            money = self._money(i)
            self._operands.update(seen.numbers if money is None else money)
        self._operands_upto = len(self.sources)
        return self._operands

    def _sorted_numbers(self, i: int) -> list[Decimal]:
        """A source's numbers, largest first (a stable order makes explanations reproducible),
        at most ``_PAIR_CAP`` of them."""
        seen = self.sources[i]
        if seen.ordered is None:
            seen.ordered = sorted((Decimal(k) for k in seen.numbers), reverse=True)[:_PAIR_CAP]
        return seen.ordered

    def _totals(self, i: int) -> dict[str, str]:
        seen = self.sources[i]
        if seen.derived is not None:
            return seen.derived
        totals: dict[str, str] = {}
        text = seen.text
        if seen.channel == "tool" and len(text) <= _JSON_CAP and text.lstrip()[:1] in ("{", "["):
            try:
                data = json.loads(text)
            except ValueError:
                data = None
            if data is not None:
                _column_totals(data, totals, 0)
        seen.derived = totals
        return totals

    @property
    def truncated(self) -> list[Seen]:
        return [s for s in self.sources if s.truncated]


def _money_values(node: object, money: bool, out: set[str], depth: int) -> None:
    if depth > 12:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            _money_values(v, money or _MONEY_KEY.search(str(k)) is not None, out, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _money_values(v, money, out, depth + 1)
    elif money and isinstance(node, (int, float)) and not isinstance(node, bool):
        if node == node and abs(node) != float("inf"):  # JSON numbers only, never NaN
            out.add(dec_key(Decimal(repr(node))))
    elif money and isinstance(node, str):
        n = node.strip().lstrip(_CURRENCY).replace(",", "")
        if n.replace(".", "", 1).isdecimal():
            out.add(num_key(n))


def _column_totals(node: object, out: dict[str, str], depth: int) -> None:
    if depth > 12:
        return
    if isinstance(node, dict):
        for v in node.values():
            _column_totals(v, out, depth + 1)
        return
    if not isinstance(node, list):
        return
    nums = [n for n in node if isinstance(n, (int, float)) and not isinstance(n, bool)]
    if len(nums) >= 2:
        total = sum((Decimal(repr(n)) for n in nums), Decimal(0))
        out.setdefault(dec_key(total), f"total of a list of {len(nums)}")
    rows = [r for r in node if isinstance(r, dict)]
    if len(rows) >= 2:
        keys = {
            k
            for r in rows
            for k, v in r.items()
            if isinstance(v, (int, float)) and not isinstance(v, bool)
        }
        for k in keys:
            vals = [
                r[k]
                for r in rows
                if isinstance(r.get(k), (int, float)) and not isinstance(r.get(k), bool)
            ]
            if len(vals) >= 2:
                total = sum((Decimal(repr(v)) for v in vals), Decimal(0))
                out.setdefault(dec_key(total), f"total of {k} over {len(vals)} rows")
    for n in node:
        _column_totals(n, out, depth + 1)


def id_format(example: str) -> tuple[str, int, str] | None:
    """The shape of an example identifier: ``#W0000000`` -> ``("w", 7, "")``.

    Only shapes of a prefix, one digit run and an optional suffix are kept: they say which
    digits a user typed stand for a whole identifier.
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
    """:func:`num_key` of a Decimal's absolute value (signs are not compared)."""
    return num_key(format(abs(value), "f"))


def _shift(m: re.Match[str]) -> int:
    """The offset in days a phrase such as "the next day" or "two days earlier" asks for."""
    if m[1]:
        return 1 if m[1] in ("next", "following") else -1
    if m[2]:
        return 1 if m[2] == "after" else -1
    n = _WORD_DAYS.get(m[3]) or int(m[3])
    return n if m[4] in ("later", "after") else -n


def _iso_day(n: str) -> int | None:
    try:
        return date(int(n[:4]), int(n[5:7]), int(n[8:10])).toordinal()
    except ValueError:
        return None


def _bucket(v: Decimal) -> int:
    # ~1% wide buckets on a log scale: a tolerance window touches two or three of them.
    return math.floor(math.log10(float(v)) * 200)


def _fmt(v: Decimal) -> str:
    from crossfoot.model.types import format_decimal

    return format_decimal(v)


def _url_key(url: str) -> str:
    u = url.rstrip("/.,;")
    for prefix in ("https://", "http://"):
        if u.startswith(prefix):
            u = u[len(prefix) :]
            break
    return u.removeprefix("www.")


def _number_words(low: str) -> set[str]:
    out: set[str] = set()
    if not any(
        w in low for w in ("ty", "teen", "dozen", "hundred", "thousand", "eleven", "twelve")
    ):
        return out
    for m in _NUMBER_WORDS.finditer(low):
        tens, unit, single, scale = m[1], m[2], m[3], m[4]
        n = _TENS[tens] + (_UNITS[unit] if unit else 0) if tens else _UNITS[single]
        if scale == "hundred":
            n *= 100
        elif scale == "thousand":
            n *= 1000
        out.add(str(n))
    return out
