"""Reading one source into index keys, once, when it arrives.

:func:`tokenize` splits a lower-cased text with C-level ``translate``/``split``/``findall`` calls
and set algebra rather than a Python loop per character, and returns a :class:`Tokens` of normal
forms: identifier tokens (anything with a digit), numbers (canonical strings, see ``num_key``),
percentages, emails, URLs, days (ordinals) and yearless month/day pairs, long digit runs (phones,
accounts), number words a user typed, and "the next day"-style shifts a user asked for. The
context store decides what each source may vouch for (examples, echoes of a made-up value) and
files the keys under the source's channel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from itertools import compress, pairwise, repeat
from operator import contains

from crossfoot.agents._count_words import COUNT, count_value
from crossfoot.agents._dates import (
    WEEKDAYS,
    find_dates,
    relative_weekdays,
    user_days,
)
from crossfoot.agents._figures import word_percents
from crossfoot.agents._fraction_words import fraction_percents
from crossfoot.agents._keys import id_format, num_key, url_key
from crossfoot.agents._locale_amounts import locale_amounts
from crossfoot.agents._month_days import month_days
from crossfoot.agents._scaled import rupee_amounts, scaled_amounts
from crossfoot.agents._times import read_times
from crossfoot.agents._versions import name_numbers

__all__ = ["Tokens", "day_shifts", "learn_examples", "tokenize", "words_of"]

_HAS_DIGIT = re.compile(r"\d")
# "#55127" (an id is "#w4410287"); the character before it is looked at in Python, so that the
# pattern starts with its literal "#" (a search the regex engine does fast).
_NUMBER_SIGN = re.compile(r"#(\d+)(?![\w-])")
_WORDISH = frozenset("#_0123456789abcdefghijklmnopqrstuvwxyz")
_PERCENTS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b)")
_URLS = re.compile(r"(?:https?://|www\.)[^\s<>\"'()\[\]{}\\]+")
# A host and a path written without a scheme: one start per run (nothing before it may be part of
# a word, an address or a path), so a long run is read once.
_BARE_URLS = re.compile(r"(?<![\w@./:\\-])[a-z0-9][a-z0-9.-]*\.[a-z]{2,24}/[^\s<>\"'()\[\]{}\\]*")
# Phone-like runs: digits and ().- joined by single spaces ("+1 (555) 010-4477"). One unambiguous
# pattern finds each run (no nested quantifiers over overlapping classes, so linear time); the
# digits of a run are read from its first digit to its last digit not after a space.
# The lookahead skips runs too short to hold the 7 digits a run must have to be kept.
_RUNS = re.compile(r"(?=[\d().+ -]{7})\+?[\d().-]+(?: [\d().-]+)*")
_FIRST_DIGIT = re.compile(r"\d")
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
_EDGE = ".-/_+#"
_CURRENCY = "$€£¥₹+"
_MINUS = "-\u2212"  # ASCII hyphen-minus and the minus sign
_GROUP_STRIP = _EDGE + _CURRENCY + _MINUS
_LEAD_STRIP = ".-/_" + _MINUS
_PHONE_CHARS = re.compile(r"[\d().+-]+")
_PHONE_FIRST = frozenset("().+-")  # or a decimal digit, as \d
_NON_DIGITS = re.compile(r"\D+")
_GROUPED_FULL = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
# "ord 88213", "de44 5001 0517 5407", "sw1a 1aa": groups after the first all hold a digit; a group
# may hold dashes ("ord 1234-5678", "ord-1234 5678"), and a last group may be one letter ("ab 12
# 34 56 c").
_SPLIT_RUN = re.compile(
    r"(?<![\w#-])#?[a-z\d]{1,8}(?:-[a-z\d]{1,8}){0,4}"
    r"(?: (?=[a-z]*\d)[a-z\d]{1,8}(?:-[a-z\d]{1,8}){0,4}){1,8}(?: [a-z](?![\w-]))?(?![\w-])"
)
PROSE_CAP = 20_000  # texts up to this size also get the regex passes (spaced phones, 1,200)
_MONTH_WORDS = frozenset(
    "jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july "
    "august september october november december".split()
)
_RELATIVE_WORDS = frozenset(("today", "tomorrow", "yesterday", "days", "day", "week", "weeks",
                             "month", "months", "fortnight", "fortnights"))  # fmt: skip
# The same words ending a sentence ("fly on 5 March.", "tomorrow."): a chunk keeps its dot.
_DATE_WORDS = frozenset(
    (*_MONTH_WORDS, *(w + "." for w in _MONTH_WORDS), *(w + "." for w in _RELATIVE_WORDS))
)
_WEEKDAY_WORDS = frozenset(f"{d}day{end}" for d in WEEKDAYS for end in ("", "."))
_DAY_SHIFT = re.compile(
    r"\b(?:(next|following|previous|prior) day|day (after|before)(?! tomorrow| yesterday)|"
    rf"({COUNT}|\d{{1,2}}) days? (later|earlier|after|before|sooner))\b"
)


@dataclass(slots=True)
class Tokens:
    """The keys one source holds, by index."""

    numbers: set[str] = field(default_factory=set)
    tokens: set[str] = field(default_factory=set)  # identifiers as written (lower case)
    percents: set[str] = field(default_factory=set)
    days: set[int] = field(default_factory=set)
    runs: set[str] = field(default_factory=set)  # digit runs of 7 or more (phones, accounts)
    emails: set[str] = field(default_factory=set)
    idish: list[str] = field(default_factory=list)  # identifier-like strings, for compact forms
    yearless: set[tuple[int, int]] = field(default_factory=set)
    urls: set[str] = field(default_factory=set)
    negatives: set[str] = field(default_factory=set)  # numbers written with a minus sign
    words: set[str] = field(default_factory=set)  # every unique chunk, for cheap word tests
    timed: dict[object, set[str]] = field(default_factory=dict)  # a day's times (_times)
    zones: set[tuple[object, ...]] = field(default_factory=set)  # zoned times (_zones)

    def compact(self) -> set[str]:
        """The separator-free forms of the identifiers (``ord-88 213`` -> ``ord88213``)."""
        if not self.idish:
            return set()
        # One pass over the joined identifiers instead of a translate() per token: bytes.translate
        # (a 256-entry table) for ASCII text, about 20x cheaper than the regex it stands for.
        joined = "\n".join(self.idish)
        if joined.isascii():
            joined = joined.encode().translate(None, _COMPACT_BYTES).decode()
        else:
            joined = _COMPACT_RE.sub("", joined)
        out = set(joined.split("\n"))
        out.discard("")
        return out


def words_of(low: str) -> set[str]:
    """The unique chunks of a lower-cased text, punctuation (but ``.`` and ``,`` inside a chunk)
    turned into spaces.

    >>> sorted(words_of('{"note": "to you, the ai."}'))
    ['ai.', 'note', 'the', 'to', 'you']
    """
    return set(low.replace(", ", " ").translate(_TO_SPACE).split())


def tokenize(low: str, channel: str, reference: date | None) -> Tokens:
    """The keys of one lower-cased source text.

    >>> t = tokenize("order ord-88213: $1,200.00, call +1 555 010 4477", "user", None)
    >>> sorted(t.tokens), "1200" in t.numbers, sorted(t.runs)
    (['010', 'ord-88213'], True, ['15550104477', '5550104477'])
    """
    # One C-level pass turns punctuation into spaces; the unique chunks that hold a digit are
    # the only ones looked at in Python. A JSON result repeats most of its tokens, so this is
    # a few thousand small strings even for 100 KB.
    # JSON's ", " separators go first, so the commas left are inside tokens ("1,200.00").
    chunks = words_of(low)
    out = Tokens(words=chunks)
    _read_chunks(out, [x for x in chunks if not x.isalpha()])  # words need no look
    if "#" in low:  # "order #55127", "ticket #4471": the number sign is no part of the number
        signed = [
            m[1]
            for m in _NUMBER_SIGN.finditer(low)
            if m.start() == 0 or low[m.start() - 1] not in _WORDISH
        ]
        out.tokens.update(signed)
        out.numbers.update(map(num_key, signed))
    # The chunks holding "@" are picked out at C level (a JSON result has thousands of chunks).
    at = compress(chunks, map(contains, chunks, repeat("@"))) if "@" in low else ()
    for chunk in at:
        if chunk not in out.emails:
            out.emails.add(chunk.strip(_EDGE))  # an address without digits
    if len(low) <= PROSE_CAP:
        _read_prose(out, low)
        # "at 2:30pm", "14:30:00" (the split at ":" loses them), and the day each is given on
        clocks, out.timed, out.zones = read_times(
            low, reference
        )  # ("on June 10th at 1 PM": 13:00 then)
        out.tokens |= clocks
    if "percent" in low or "per cent" in low:  # "15 percent." too; "forty percent" (_figures)
        out.percents.update(num_key(p) for p in _PERCENTS.findall(low))
        out.percents.update(num_key(str(w[3])) for w in word_percents(low, 200))
    out.numbers |= rupee_amounts(low)  # "₹1,23,456.50": Indian digit grouping
    amounts, misread = locale_amounts(low, chunks)  # "EUR 1.250,00", "CHF 1'250.00"
    out.numbers = (out.numbers - misread) | amounts if amounts else out.numbers
    if channel == "user":
        out.numbers.update(_number_words(low))
        out.percents |= fraction_percents(low)  # "half of", "a third of": 50%, 33.3%
        if len(low) <= PROSE_CAP:
            out.numbers |= scaled_amounts(low)  # "2k", "$1.5M", "€1.250,50"
    if len(low) <= PROSE_CAP:  # "version 12.50", "iPhone 15": no amounts (agents._versions)
        out.numbers.difference_update(map(num_key, name_numbers(low)))
    if chunks & _DATE_WORDS or (reference is not None and chunks & _RELATIVE_WORDS):
        more, out.yearless = find_dates(low, reference)
        out.days |= more
    if channel == "user":  # a user's words only: "next Monday", "the 15th", "12/15"
        if reference is not None and chunks & _WEEKDAY_WORDS:
            out.days |= relative_weekdays(low, reference)
        more, yearless = user_days(low, reference)
        out.days |= more | month_days(low, reference)  # "the 10th of last month" (_month_days)
        out.yearless |= yearless
    if "://" in low or "www." in low:
        out.urls = {url_key(u) for u in _URLS.findall(low)}
    if len(low) <= PROSE_CAP and "/" in low:  # "shop.example.org/deals": a link with no scheme
        out.urls |= {url_key(u) for u in _BARE_URLS.findall(low)}
    return out


def _read_chunks(out: Tokens, pending: list[str]) -> None:
    """Chunks with a digit: integers and decimals first (most of a JSON result), then emails,
    amounts, percentages, identifiers, dates and phone-like runs. One loop, no call per chunk:
    this is the hot path of every ingest."""
    numbers, tokens, runs, idish = out.numbers, out.tokens, out.runs, out.idish
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
            canonical = chunk[0] not in "0." and chunk[-1] != "0"  # ".615" is 0.615
            numbers.add(chunk if canonical else num_key(chunk))
            continue
        if "," in chunk:
            grouped = chunk.strip(_GROUP_STRIP)
            if _GROUPED_FULL.fullmatch(grouped):
                key = num_key(grouped.replace(",", ""))
                numbers.add(key)
                if chunk[0] in _MINUS:
                    out.negatives.add(key)
            pending.extend(p for p in chunk.split(",") if p)  # "[100,200]" is two numbers
            continue
        t = chunk.rstrip(_EDGE).lstrip(_LEAD_STRIP)
        # A last digit settles it without a regex call (most identifiers end in one).
        if not t or (not t[-1].isdecimal() and _HAS_DIGIT.search(t) is None):
            continue
        if "@" in t:
            _email(out, t)
            continue
        n = t.lstrip(_CURRENCY)
        minus = chunk[0] in _MINUS
        if n[:1] in _MINUS and n[1:2].isdecimal():  # "$-38.75"
            n, minus = n[1:], True
        if n.endswith("%"):
            n = n.rstrip("%")
            if n.replace(".", "", 1).isdecimal():
                out.percents.add(num_key(n))
        if n.replace(".", "", 1).isdecimal():
            # Most numbers are already canonical; num_key only for "049.90"-style text. A plain
            # number is found as an identifier through the number index; only a leading zero
            # ("007", a ZIP "02139") needs the token kept as written.
            if n[0] in "0." or (n[-1] == "0" and "." in n):
                if n[0] == "0" and n.isdecimal():
                    tokens.add(n)
                n = num_key(n)
            numbers.add(n)
            if minus:
                out.negatives.add(n)
            if len(n) >= 7 and n.isdecimal():
                runs.add(n)
            continue
        tokens.add(t)
        idish.append(t)
        if "/" in t or "&" in t or (len(t) == 10 and t[5] == "-"):  # (or a ZIP+4)
            _path_parts(tokens, idish, t)
        # An identifier-like token may be a date or a phone-like digit run.
        if len(n) >= 10 and n[4] == "-" and n[7] == "-" and n[:4].isdecimal():
            day = _iso_day(n)
            if day is not None:
                out.days.add(day)
                continue
        if n.count("/") == 2 or n.count(".") == 2 or n.count("-") == 2:
            out.days.update(find_dates(n)[0])
        # The first character must be a phone character: "user_18_5202" skips the regex.
        if len(n) >= 7 and (n[0].isdecimal() or n[0] in _PHONE_FIRST):
            if _PHONE_CHARS.fullmatch(n) is None:
                continue
            d = _NON_DIGITS.sub("", n)
            if len(d) >= 7:
                runs.add(d)
                if len(d) > 10:
                    runs.add(d[-10:])  # a phone number without its country code


def _path_parts(tokens: set[str], idish: list[str], t: str) -> None:
    """The segments of a link, a path or a query string that hold a letter and a digit: the id
    an agent read inside ``https://shop.example/orders/W4410287`` or ``?a=1&id=ORD-7`` is an id
    it saw. Segments of digits only (``06/30/2024``, ``1/2``) stay out: they are dates and
    fractions, not identifiers, and no amount is vouched for by a link.

    >>> tokens, idish = set(), []
    >>> _path_parts(tokens, idish, "shop.example/orders/w4410287&ref/x9/2024")
    >>> sorted(tokens)
    ['w4410287', 'x9']

    A ZIP+4 ("94105-1234") also writes its ZIP, the part a ``zip`` argument takes.
    """
    if len(t) == 10 and t[5] == "-" and t[:5].isdecimal() and t[6:].isdecimal():
        tokens.add(t[:5])
        return
    for part in set(t.replace("&", "/").split("/")):  # a long path repeats its segments
        part = part.strip(_EDGE)
        if part and part != t and not part.isdecimal() and not part.isalpha():
            if _HAS_DIGIT.search(part) is not None:
                tokens.add(part)
                idish.append(part)


def _email(out: Tokens, t: str) -> None:
    out.emails.add(t)
    local = t.partition("@")[0]
    out.tokens.add(local)  # a user id is often the local part of the address typed
    out.idish.append(local)


def _read_prose(out: Tokens, low: str) -> None:
    # An identifier split by a space or dash in prose ("ORD 88213", "W23 78156") is indexed
    # whole as well, so finding it is a hash probe, not a scan.
    cut: dict[str, int] = {}
    for run in _SPLIT_RUN.findall(low):
        parts = run.split(" ")
        for a, b in pairwise(parts):
            if not a.isdecimal() and _one_grouping(a, b):
                cut[a] = cut.get(a, 0) + 1  # "ord-1234 5678": "ord-1234" is only a piece
        for i in range(len(parts) - 1):
            if i and _one_grouping(parts[i - 1], parts[i]):
                continue  # "1234 5678": no piece of the grouped number is an id alone
            for j in range(i + 2, len(parts) + 1):
                if j < len(parts) and _one_grouping(parts[j - 1], parts[j]):
                    continue  # "ORD 1234 5678" holds no id "ORD 1234"
                out.idish.append("".join(parts[i:j]))
    # A piece written nowhere else is no id of its own (an id is grounded only whole).
    pieces = {p for p, n in cut.items() if _alone(low, p) <= n}
    if pieces:
        out.tokens -= pieces
        out.idish = [x for x in out.idish if x not in pieces]
    for run in _digit_runs(low):
        d = _NON_DIGITS.sub("", run)
        if len(d) >= 7:
            out.runs.add(d)
            if len(d) > 10:
                out.runs.add(d[-10:])


def _alone(low: str, piece: str) -> int:
    """How often ``piece`` is written as a word of its own in ``low``: not inside a longer id
    ("ord-1234" of "ord-12345" or "ord-1234-9").

    >>> _alone("ord-1234 5678, ord-12345, ord-1234-9, xord-1234, ord-1234.", "ord-1234")
    2
    """
    n, at = 0, low.find(piece)
    while at >= 0:
        end = at + len(piece)
        if not (at and low[at - 1].isalnum()) and not _WORD_ON.match(low, end):
            n += 1
        at = low.find(piece, end)
    return n


_WORD_ON = re.compile(r"-?\w")  # an id going on past a piece: "ord-1234" of "ord-1234-9"


def _one_grouping(a: str, b: str) -> bool:
    """Whether two pieces of a spaced run are groups of one number: digits of one length after a
    piece ending in as many digits ("ord-1234 5678", "de44 5001"). An id is grounded only whole,
    so the run is not cut between them; "w23 78156 2" (a count after the id) is cut.
    """
    n = len(b)
    return (
        b.isdecimal()
        and len(a) >= n
        and a[-n:].isdecimal()
        and (len(a) == n or not a[-n - 1].isdecimal())
    )


def _digit_runs(low: str) -> list[str]:
    """Phone-like runs of digits, spaces and ``().-``.

    >>> _digit_runs("call +1 (555) 010-4477 or 2 3, chapter 1......")
    ['1 (555) 010-4477']
    >>> _digit_runs("short 12-34, long 555.010.4477")
    ['555.010.4477']
    """
    out: list[str] = []
    for run in _RUNS.findall(low):
        first = _FIRST_DIGIT.search(run)
        if first is None:
            continue
        p = first.start()
        for i in range(len(run) - 1, p + 1, -1):
            if run[i].isdigit() and run[i - 1] not in " +":
                out.append(run[p : i + 1])
                break
    return out


def day_shifts(low: str) -> list[int]:
    """The day offsets a user asks for ("the next day": +1, "two days earlier": -2).

    >>> day_shifts("could we go the next day, or two days earlier?")
    [1, -2]
    """
    if "day" not in low:
        return []
    return [_shift(m) for m in _DAY_SHIFT.finditer(low)]


def learn_examples(low: str) -> tuple[set[str], set[tuple[str, int, str]]]:
    """Tokens a system prompt gives as examples ("ids look like #W0000000"), and the id formats
    they teach.

    >>> learn_examples("order ids look like #w0000000.")
    ({'#w0000000'}, {('w', 7, '')})
    """
    examples: set[str] = set()
    formats: set[tuple[str, int, str]] = set()
    for m in _EXAMPLE.finditer(low):
        token = m[1].rstrip(_STRIP)
        if "@" in token:
            examples.add(token)  # an example address is not a contact
        elif _HAS_DIGIT.search(token):
            examples.add(token)
            fmt = id_format(token)
            if fmt is not None:
                formats.add(fmt)
    return examples, formats


def _shift(m: re.Match[str]) -> int:
    """The offset in days a phrase such as "the next day" or "two days earlier" asks for."""
    if m[1]:
        return 1 if m[1] in ("next", "following") else -1
    if m[2]:
        return 1 if m[2] == "after" else -1
    n = count_value(m[3])
    return n if m[4] in ("later", "after") else -n


def _iso_day(n: str) -> int | None:
    try:
        return date(int(n[:4]), int(n[5:7]), int(n[8:10])).toordinal()
    except ValueError:
        return None


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
