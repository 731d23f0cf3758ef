"""The store of what an agent has seen, indexed at ingest so a look-up is a hash probe.

Every message or tool result becomes a :class:`Seen` source with a channel (``user``, ``system``,
``assistant``, ``tool``) and, for tools, the tool's name. Adding a source reads it once into keys
(:mod:`._ingest`): identifiers, numbers, emails, URLs, days, digit runs. Each kind keeps ``first``
(key -> index of the first source that showed it, for explanations) and ``chans`` (channel label
-> set of keys, for source rules). ``before_call`` is then a few dict and set probes per value.
Work only a miss needs (arithmetic over found numbers, :mod:`._derive`) is done on the first miss
and cached.

Indexing is capped per source (``max_chars``); a longer source is indexed in its first part and
marked ``truncated``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from crossfoot.agents._dates import find_dates, find_reference_date, find_weekday_days
from crossfoot.agents._derive import Derivations
from crossfoot.agents._ingest import PROSE_CAP, Tokens, day_shifts, learn_examples, tokenize
from crossfoot.agents._injection import Passage, has_words, read_passages
from crossfoot.agents._keys import Hit, Keys, Seen, dec_key, fold, id_format, is_error, num_key
from crossfoot.agents._late_days import late_user_days
from crossfoot.agents._ranges import DayRange, contains, find_ranges

__all__ = [
    "POINTED",
    "ContextStore",
    "Hit",
    "Seen",
    "dec_key",
    "id_format",
    "is_error",
    "num_key",
]

# The label of a tool result the user pointed to: its values meet a source rule allowing "user".
POINTED = "pointed-by-user"
# A value specific enough to name one thing: two words or more, a digit, or a file-name dot.
_SPECIFIC = re.compile(r"\w[\s_-]+\w|\d|\w\.\w")

_COMPACT_DROP = str.maketrans("", "", " \t-_#./:")
_COMPACT_BYTES = b" \t-_#./:"  # the same characters, for bytes.translate
_FORMAT_MIN_DIGITS = 3  # digits a user types that may stand for an id in a known format
# A tool whose name says it tells the date: get_current_day, current_time, today, get_date.
_DATE_TOOL = re.compile(
    r"(?:^|_)(?:current|today|now)(?:_|$)|^(?:get_)?(?:date|day|time|datetime)$"
)
# Capitalised words a user types are names ("Invite Dora"); these capitalised words are not.
_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
_NAME_PARTS = re.compile(r"[^a-z]+")
_NOT_NAMES = frozenset(
    "the please can could would will you your and but for with from this that what when where "
    "which who how why hello dear thanks thank support info admin contact team sales help service "
    "billing noreply reply mail office news user users invite send email message also note make "
    "find create book pay get set add check visit read write summarize perform".split()
)
_PREFIX_DROPPED = "the digits of an id the user wrote with a prefix"
_PREFIXED = re.compile(r"([a-z]{1,3})(\d{3,})")  # a compact id: a short prefix, then digits


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
        self.ids = Keys()
        self.compact = Keys()
        self.numbers = Keys()
        self.negatives = Keys()  # numbers written with a minus sign ("-38.75", "−$12.50")
        self.percents = Keys()
        self.emails = Keys()
        self.urls = Keys()
        self.days = Keys()
        self.timed: dict[object, set[str]] = {}
        self.zones = Keys()  # instants and how times were zoned (agents._zones)
        self.yearless = Keys()
        self.digits = Keys()
        self.user_prefixed = Keys()  # digits of the user's ids with a 1-3 letter prefix
        self.ranges: list[tuple[DayRange, int]] = []  # ranges of days the user stated, by source
        self.user_names: dict[str, int] = {}  # capitalised words the user typed (names), source
        # "the next day", "two days earlier" the user asked for: shift -> sources seen before the
        # request. The shift is applied once, to the date the user meant: a date seen before the
        # request, or a later one that is not itself that shift of an earlier date (a search
        # for the shifted day echoes it back; shifting that again is a second application).
        self.day_shifts: dict[int, int] = {}
        self.examples: set[str] = set()  # tokens the system prompt gives as examples
        self.formats: set[tuple[str, int, str]] = set()  # (prefix, digit count, suffix)
        # "Saturday 18th" (weekday, day) with the days its source shows, to place it in time.
        self.weekday_days: list[tuple[tuple[int, int], int, frozenset[int]]] = []
        self.passages: list[Passage] = []  # instructions to the agent inside tool results
        self.arithmetic = Derivations(self.sources, self.numbers, self.percents)

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
        pointed: bool = False,
    ) -> Seen:
        """Index one source. ``exclude`` lists ``(kind, key)`` pairs this source must not vouch
        for (a made-up id echoed back by an error). An unvouched source is kept but never indexed.
        """
        chars = len(text)
        truncated = chars > self.max_chars
        if truncated:
            text = text[: self.max_chars]
        low = fold(text.lower())  # "٤٥٦٧" is the number 4567 (one character for one)
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
        seen.pointed = pointed
        src = len(self.sources)
        self.sources.append(seen)
        self.at.append(seen.at())
        self.at_exact.append(f"{seen.at()} (exact)")
        if not vouched:
            seen.text = ""
            return seen
        if not self._fixed_reference and self.reference is None:
            if channel in ("system", "user"):
                self.reference = find_reference_date(text)
            elif channel == "tool" and tool and _DATE_TOOL.search(tool.lower()):
                # A tool that tells the date ("get_current_day" -> "2024-05-15") sets "today".
                days, _ = find_dates(low[:200])
                self.reference = date.fromordinal(min(days)) if days else None
            if self.reference is not None:  # "next Friday" said before today was known
                late_user_days(self.sources[:-1], self.reference, self.days)
        if channel == "user":
            for word in _NAME.findall(text[:PROSE_CAP]):
                if word.lower() not in _NOT_NAMES:
                    self.user_names.setdefault(word.lower(), src)
        excluded: dict[str, set[object]] = {}
        for kind, key in exclude:
            excluded.setdefault(kind, set()).add(key)
        for raw in excluded.get("raw", ()):
            if isinstance(raw, str) and raw:
                low = low.replace(raw, " ")
        seen.text = low
        labels: tuple[str, ...] = (f"tool:{tool}",) if channel == "tool" else (channel,)
        if pointed:
            labels += (POINTED,)
        if channel == "assistant":
            # The agent's own words vouch for nothing directly; only checked calculations do.
            return seen
        words = self._index(seen, src, low, labels, excluded)
        if channel == "tool":
            self.passages += read_passages(low, src, self.reference, words)
        return seen

    def _index(
        self,
        seen: Seen,
        src: int,
        low: str,
        labels: tuple[str, ...],
        excluded: dict[str, set[object]],
    ) -> set[str]:
        """Index one source; returns its unique words (for the planted-instruction test)."""
        t = tokenize(low, seen.channel, self.reference)
        compact = t.compact()
        if seen.channel == "system":
            examples, formats = learn_examples(low)
            self.examples |= examples
            self.formats |= formats
            t.tokens -= self.examples
            t.emails -= self.examples
            t.numbers -= {num_key(e) for e in self.examples if e.isdecimal()}
            if self.examples:
                compact -= {e.translate(_COMPACT_DROP) for e in self.examples}
        if seen.channel == "user":
            written = (tok.translate(_COMPACT_DROP) for tok in t.tokens)
            self.user_prefixed.add(
                {m[2] for m in map(_PREFIXED.fullmatch, written) if m is not None}, src, labels
            )
            self.ranges += [(r, src) for r in find_ranges(low[:PROSE_CAP], self.reference)]
            for shift in day_shifts(low):
                self.day_shifts[shift] = src + 1  # this message's own dates included
        if excluded:
            _exclude(t, compact, excluded)
        if seen.channel != "system":
            for pair in find_weekday_days(low):
                self.weekday_days.append((pair, src, frozenset(t.days)))
        self.ids.add(t.tokens, src, labels)
        self.compact.add(compact, src, labels)
        self.arithmetic.note_shares(low, t.numbers, t.percents)  # "a 20% tip": no amount
        self.numbers.add(t.numbers, src, labels)
        self.negatives.add(t.negatives, src, labels)
        seen.numbers = tuple(t.numbers)
        self.percents.add(t.percents, src, labels)
        self.emails.add(t.emails, src, labels)
        self.urls.add(t.urls, src, labels)
        self.days.add(t.days, src, labels)
        for day, clocks in t.timed.items():  # the times each day is given (agents._times)
            self.timed.setdefault(day, set()).update(clocks)
        self.zones.add(t.zones, src, labels)
        self.yearless.add(t.yearless, src, labels)
        self.digits.add(t.runs, src, labels)
        return t.words

    # ------------------------------------------------------------------ look-ups
    def _hit(self, keys: Keys, key: object, how: str) -> Hit | None:
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
        if key.isdecimal():  # also the user's "#W4471" without its prefix: every digit typed
            return self._digits(key, "exact") or self.user_prefixed.hit(key, _PREFIX_DROPPED)
        # bytes.translate for an ASCII key: a str.translate with a dict is several times slower.
        if key.isascii():
            c = key.encode().translate(None, _COMPACT_BYTES).decode()
        else:
            c = key.translate(_COMPACT_DROP)
        hit = self._hit(self.compact, c, "written form")
        if hit is not None:
            return hit
        if key[:1] == "#" and key[1:].isdecimal():  # "#55127" for 55127
            got = self._digits(key[1:], "written without its '#'")
            return got or self.user_prefixed.hit(key[1:], _PREFIX_DROPPED)
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
        # The user's id with another short prefix ("A8812345", "#A8812345") stands for the same
        # digits in the format the tool expects ("#W8812345").
        prefixed = self.user_prefixed.hit(digits, f"{how}, as the user wrote it with a prefix")
        if prefixed is not None:
            return Hit(prefixed.sources, prefixed.how, frozenset({"user"}))
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
        return (s.label, POINTED) if s.pointed else (s.label,)

    def points_at(self, values: Iterable[str]) -> bool:
        """Whether a call's arguments name something the user pointed to: a value of the call
        the user typed, or one read from a result the user pointed to, that is specific enough
        to name one thing (a file name, a title of two words or more, a date, an id, a name
        the user wrote with a capital). Its result is then what the user asked to act on.

        >>> store = ContextStore()
        >>> _ = store.add("user", "Pay the bill 'bill-2023.txt'. Check Alice's inbox.")
        >>> store.points_at(["bill-2023.txt"]), store.points_at(["alice"])
        (True, True)
        >>> store.points_at(["bill"])  # one lower-case word names nothing in particular
        False
        """
        texts = [s.text for s in self.sources if s.channel == "user" or (s.pointed and s.vouched)]
        for value in values:
            needle = fold(value.lower().strip())
            if len(needle) < 4 or not (_SPECIFIC.search(needle) or needle in self.user_names):
                continue
            if any(has_words(t, needle) for t in texts):
                return True
        return False

    def _digits(self, digits: str, how: str) -> Hit | None:
        """A digit string: kept as a token when it has a leading zero, else as a number."""
        hit = self._hit(self.ids, digits, how)
        if hit is None and digits[:1] != "0":
            hit = self._hit(self.numbers, digits, how)
        return hit

    def find_email(self, key: str) -> Hit | None:
        return self._hit(self.emails, key, "exact") or self._hit(self.ids, key, "exact")

    def named_by_user(self, email: str) -> str | None:
        """The name the user typed that an address carries in its local part ("dora" for
        ``dora@gmail.com`` after "Invite Dora"), or None. Role words (support, info, admin...)
        are no names.

        >>> store = ContextStore()
        >>> _ = store.add("user", "Invite Dora to Slack, and write to Mark.")
        >>> _ = store.add("tool", "dora@gmail.com, mark.davies@x.example, mark.b@y.example")
        >>> store.named_by_user("dora@gmail.com"), store.named_by_user("mark.b@y.example")
        ('Dora', None)
        """
        local = email.partition("@")[0]
        for part in _NAME_PARTS.split(local):
            if len(part) >= 3 and part in self.user_names:
                # The name must point at one address: with two ("mark.davies@...", and
                # "mark.black-2134@..." in an email body) it does not say which one was meant.
                others = (
                    e
                    for e in self.emails.first
                    if isinstance(e, str)
                    and e != email
                    and part in _NAME_PARTS.split(e.partition("@")[0])
                )
                return part.title() if next(others, None) is None else None
        return None

    def find_url(self, key: str) -> Hit | None:
        hit = self._hit(self.urls, key, "exact")
        if hit is None and "/" in key:
            hit = self._hit(self.urls, key.rstrip("/"), "exact")
        return hit

    def times_on(self, ordinal: int) -> set[str]:
        """The times of day the context states on a day (written with or without its year)."""
        d = date.fromordinal(ordinal)
        return self.timed.get(ordinal, set()) | self.timed.get((d.month, d.day), set())

    def find_date(self, ordinal: int, *, shift: bool = True) -> Hit | None:
        """A day: seen as written, written without a year (the year completed from the
        reference date), inside a range the user stated, or, when ``shift`` (not for a date of
        birth), moved by the number of days the user asked for."""
        hit = self._hit(self.days, ordinal, "exact")
        if hit is not None:
            return hit
        d = date.fromordinal(ordinal)
        if self._year_fits(d):
            hit = self._hit(self.yearless, (d.month, d.day), "written without a year")
            if hit is not None:
                return hit
            for r, src in self.ranges:
                if contains(r, d):
                    return Hit((src,), f"in the range the user stated: {r.text}", None)
        hit = self._weekday(d)
        if hit is not None:
            return hit
        if not shift:
            return None
        for n, before in sorted(self.day_shifts.items()):
            hit = self._hit(self.days, ordinal - n, f"{n:+d} day(s) from a date seen")
            if hit is None:
                continue
            src = hit.sources[0]
            if src < before:
                return hit
            earlier = self.days.first.get(ordinal - 2 * n)
            if earlier is None or earlier >= src:
                return hit
        return None

    def _weekday(self, d: date) -> Hit | None:
        """``d`` named by its weekday and day of the month ("Saturday 18th") in a source that
        also shows a day at most a week after or a month before it (the email's own date), or
        near the reference date: a weekday and a day of the month recur only months apart."""
        pair = (d.weekday(), d.day)
        o = d.toordinal()
        ref = self.reference.toordinal() if self.reference is not None else None
        for p, src, days in self.weekday_days:
            if p != pair:
                continue
            near = (*days, ref) if ref is not None else days
            if any(x is not None and x - 7 <= o <= x + 31 for x in near):
                how = "named by its weekday and day of the month"
                return Hit((src,), how, frozenset(self._labels(src)))
        return None

    def _year_fits(self, d: date) -> bool:
        """Whether a day written without a year may be ``d``: the reference date's year, or the
        next year for a month and day already past in it (any year when no reference is known).
        """
        ref = self.reference
        if ref is None or d.year == ref.year:
            return True
        return d.year == ref.year + 1 and (d.month, d.day) < (ref.month, ref.day)

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
        needle = fold(text.lower().strip())
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
        return self.arithmetic.near(lo, hi)

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
        return self.arithmetic.derive(target, quantities, tolerance, loose=loose)

    @property
    def truncated(self) -> list[Seen]:
        return [s for s in self.sources if s.truncated]


def _exclude(t: Tokens, compact: set[str], excluded: dict[str, set[object]]) -> None:
    """Remove the keys a source must not vouch for (an error echoing a made-up value)."""
    t.urls -= excluded.get("url", set())
    t.tokens -= excluded.get("id", set())
    t.numbers -= excluded.get("number", set())
    t.negatives -= excluded.get("number", set())
    t.days -= excluded.get("date", set())
    t.runs -= excluded.get("phone", set())
    t.emails -= excluded.get("email", set())
    compact -= excluded.get("compact", set())
