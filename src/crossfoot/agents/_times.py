"""Times of day, one key however they are written: "14:30", "14:30:00", "2:30pm", "2:30 p.m.",
"2 PM" are all ``14:30``.

A context text's times (:func:`times_in`) are filed as identifier tokens under that key, and an
argument that is a time (:func:`time_key`) is looked up by it. Before, a time with a colon was
never found: the tokenizer splits text at colons, so "at 14:30" did not vouch for
``time="14:30"``. A time without "am"/"pm" from 1:00 to 11:59 in a user's or a tool's text
also vouches for the same time twelve hours later ("at 2:30" for ``14:30``: people leave the
afternoon unsaid); an argument with "am" or "pm" is read as written. The time part of a date
with a time (``2024-06-30T14:30:00``) is checked by both parts: its day as a date (``_dates``),
its time by :func:`datetime_clock` (midnight and 23:59 mark a whole day, not a time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date

from crossfoot.agents._clock_words import spelled_clocks
from crossfoot.agents._dates import find_dates
from crossfoot.agents._zones import is_offset, zone_keys

__all__ = [
    "datetime_clock",
    "day_clocks",
    "read_times",
    "stray_time",
    "time_key",
    "timed_days",
    "times_in",
    "untimed",
]

# "14:30", "9:05:00", "2:30pm", "2:30 p.m.", "2 pm": an hour with minutes (and seconds, a
# meridiem), or an hour with a meridiem. A bare number never matches: most text is full of them,
# and a match per number made the scan ~140 us per 2 KB.
_TIME = re.compile(
    r"(?<![\d:.])([01]?\d|2[0-3])"
    r"(?::([0-5]\d)(?::([0-5]\d))?(?:\s?([ap])\.?m\b\.?)?|\s?([ap])\.?m\b\.?)(?![\d:])",
    re.IGNORECASE,
)


# The time part of an ISO date with a time, after "T" or a space: "14:30", "14:30:00.000", a zone
# designator after it ("Z", "+02:00", " UTC") is not part of the time of day.
_ISO_CLOCK = re.compile(r"\d{4}-\d{2}-\d{2}[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?\s*\S*$")
_WHOLE_DAY = frozenset({"00:00", "23:59", "23:59:59"})


def datetime_clock(text: str) -> str | None:
    """The key of the time of day of an ISO date with a time, or None (no time, or one that
    marks a whole day: midnight, 23:59).

    >>> datetime_clock("2024-06-30T16:30:00Z"), datetime_clock("2024-06-30T00:00:00")
    ('16:30', None)
    """
    m = _ISO_CLOCK.match(text.strip()) if len(text) > 10 else None
    key = time_key(m[1]) if m is not None else None
    return None if key is None or key in _WHOLE_DAY else key


def day_clocks(dated: Iterable[tuple[object, object]]) -> dict[object, list[str]]:
    """The times of day (:func:`datetime_clock`) of date values given as (day key, as written),
    by day key: a call's other times on a day, for :func:`stray_time`.

    >>> day_clocks([(1, "2024-06-30T13:00"), (1, "2024-06-30"), (2, "2024-07-01T09:00:00")])
    {1: ['13:00'], 2: ['09:00']}
    """
    out: dict[object, list[str]] = {}
    for key, raw in dated:
        clock = datetime_clock(raw) if isinstance(raw, str) else None
        if clock is not None:
            out.setdefault(key, []).append(clock)
    return out


def untimed(raw: object, find: Callable[[str], object]) -> str | None:
    """The time of day of a date-with-time argument that ``find`` (a context lookup) does not
    give, else None: "2024-06-30T16:30:00" after "on 2024-06-30 at 14:30". Seconds the context
    leaves out are not asked for: "at 9:05" vouches for 09:05:30.

    >>> untimed("2024-06-30T16:30:00", {"14:30"}.__contains__)
    '16:30'
    """
    clock = datetime_clock(raw) if isinstance(raw, str) else None
    if clock is None or find(clock) or (clock.count(":") == 2 and find(clock[:5])):
        return None
    return clock


def _key(hour: int, minute: str | None, second: str | None) -> str:
    key = f"{hour:02d}:{minute or '00'}"
    return key if second in (None, "00") else f"{key}:{second}"


def _hours(m: re.Match[str]) -> list[int] | None:
    """The hours a match may mean (None: no time: a bare number, "13pm")."""
    hour, minute, meridiem = int(m[1]), m[2], m[4] or m[5]
    if meridiem is None:
        if minute is None:
            return None  # a bare number is no time
        return [hour, hour + 12] if 1 <= hour <= 11 else [hour]
    if not 1 <= hour <= 12:
        return None
    return [hour % 12 + (12 if meridiem.lower() == "p" else 0)]


def time_key(text: str) -> str | None:
    """The key of a string that is one time of day, else None.

    >>> time_key("14:30:00"), time_key("2:30 PM"), time_key("12am"), time_key("1430")
    ('14:30', '14:30', '00:00', None)
    """
    m = _TIME.fullmatch(text.strip())
    hours = _hours(m) if m is not None else None
    if m is None or hours is None:
        return None
    return _key(hours[0], m[2], m[3])  # (without a meridiem the first is the hour as written)


def _cues(low: str) -> list[int]:
    """Where a time may be: a colon before two digits, or "am"/"pm" (with dots) right after a
    digit or a digit and a space. Found with ``str.find``, not a pattern tried at every
    position of a long text (most texts hold no time)."""
    out = []
    i = low.find(":")
    while i >= 0:
        if low[i + 1 : i + 3].isdigit():
            out.append(i)
        i = low.find(":", i + 1)
    for needle in ("am", "pm", "a.m", "p.m"):
        i = low.find(needle)
        while i >= 0:
            k = i - 1 if i and low[i - 1] != " " else i - 2
            if k >= 0 and low[k].isdigit():
                out.append(i)
            i = low.find(needle, i + 1)
    return out


def _times(low: str) -> list[re.Match[str]]:
    """The matches of ``_TIME`` in ``low``, found around their cues (a match cannot start
    inside another: the pattern's look-behind), each once."""
    low = spelled_clocks(low)  # "half past 4 pm": "4:30 pm" at the same offsets (_clock_words)
    found: dict[int, re.Match[str]] = {}
    covered = -1  # the end of the last match: a cue inside it is read
    for at in sorted(_cues(low)):
        if at < covered:
            continue
        for m in _TIME.finditer(low, max(0, at - 10), at + 14):
            if m.start() <= at < m.end() and not (m.start() and is_offset(low, m.start())):
                found[m.start()] = m
                covered = m.end()
    return [found[k] for k in sorted(found)]


def times_in(low: str) -> set[str]:
    """The keys of the times a lower-cased text writes.

    >>> sorted(times_in("meet at 2:30 p.m. or 16:00:00; call 555 0100"))
    ['14:30', '16:00']
    """
    out: set[str] = set()
    for m in _times(low):
        for h in _hours(m) or ():
            out.add(_key(h, m[2], m[3]))
    return out


# How far from a time its day may be written: "on June 10th 2024 at 1 PM", "2024-05-13T15:00".
_NEAR, _AFTER = 60, 24


def timed_days(low: str, reference: date | None = None) -> dict[object, set[str]]:
    """The days a lower-cased text gives a time of day on, each with its times: a day ordinal
    (or a ``(month, day)`` pair written without a year) for the last date written up to
    :data:`_NEAR` characters before a time, or else each date up to :data:`_AFTER` after it.

    >>> got = timed_days("the reunion is on june 10th 2024 at 1 pm; bring a dish")
    >>> [(date.fromordinal(d).isoformat(), t) for d, t in got.items()]
    [('2024-06-10', {'13:00'})]
    """
    return _timed(low, _times(low), reference)


def read_times(
    low: str, reference: date | None = None
) -> tuple[set[str], dict[object, set[str]], set[tuple[object, ...]]]:
    """:func:`times_in`, :func:`timed_days` and the zone keys (``agents._zones``) of one text,
    from one scan of its times.

    >>> read_times("on june 10th 2024 at 1 pm")[:2], read_times("no time here")
    (({'13:00'}, {739047: {'13:00'}}), (set(), {}, set()))
    """
    found = _times(low)
    keys = {_key(h, m[2], m[3]) for m in found for h in _hours(m) or ()}
    if not keys:
        return keys, {}, set()
    per = _per_match(low, found, reference)
    return keys, _timed_of(per), zone_keys(low, per, reference)


def timed_matches(
    low: str, reference: date | None = None
) -> list[tuple[re.Match[str], set[str], tuple[object, ...]]]:
    """Each time of a lower-cased text with its keys and the days it is given on."""
    return _per_match(low, _times(low), reference)


def _per_match(
    low: str, found: list[re.Match[str]], reference: date | None
) -> list[tuple[re.Match[str], set[str], tuple[object, ...]]]:
    out = []
    for m in found:
        keys = {_key(h, m[2], m[3]) for h in _hours(m) or ()}
        if keys:
            out.append((m, keys, days_of(low, m, reference)))
    return out


def _timed(low: str, found: list[re.Match[str]], reference: date | None) -> dict[object, set[str]]:
    return _timed_of(_per_match(low, found, reference))


def _timed_of(
    per: list[tuple[re.Match[str], set[str], tuple[object, ...]]],
) -> dict[object, set[str]]:
    out: dict[object, set[str]] = {}
    for _m, keys, days in per:
        for day in days:
            out.setdefault(day, set()).update(keys)
    return out


def days_of(low: str, m: re.Match[str], reference: date | None) -> tuple[object, ...]:
    """The days (ordinals, or ``(month, day)`` pairs written without a year) a time ``m`` of
    ``low`` is given on."""
    # the day written last before the time ("on June 10th at 1 PM", not the "June 9" of
    # "lunch on June 9 and a call on June 10 at 1 PM"), else right after it ("at 1 PM on
    # June 10th"); not one further on ("..., and a follow-up on June 11")
    # each window widened to whole words: "june 11" cut to "june 1" is another day
    days, yearless = _last_dates(low[_edge(low, m.start() - _NEAR, -1) : m.start()], reference)
    if not days and not yearless:
        days, yearless = find_dates(low[m.end() : _edge(low, m.end() + _AFTER, 1)], reference)
    return (*days, *yearless)


def _edge(low: str, i: int, step: int) -> int:
    """``i`` moved by ``step`` (-1 back, 1 on) out of the word it cuts, within ``low``."""
    if step < 0:
        i = max(0, i)
        while i > 0 and low[i - 1].isalnum():
            i -= 1
        return i
    while i < len(low) and low[i].isalnum():
        i += 1
    return i


def _last_dates(text: str, reference: date | None) -> tuple[set[int], set[tuple[int, int]]]:
    """The days of the last date ``text`` writes: when it writes several, those of its shortest
    tail from a space on that names one ("june 9; a call on june 10 at" -> June 10).

    >>> days, yearless = _last_dates("lunch on 2026-12-08 and a call on december 9 at ", None)
    >>> days, yearless
    (set(), {(12, 9)})
    """
    days, yearless = find_dates(text, reference)
    if len(days) + len(yearless) < 2:
        return days, yearless
    for k in range(len(text) - 1, 0, -1):
        if text[k - 1] == " ":
            tail = find_dates(text[k:], reference)
            if tail[0] or tail[1]:
                return tail
    return days, yearless


def stray_time(
    raw: object, given: set[str], siblings: list[str], find: Callable[[str], object]
) -> str | None:
    """The time of a date-with-time argument that contradicts the context, else None.

    ``given`` holds the times the context states on the argument's day, ``siblings`` the times
    of the call's other arguments on that day. A time no text gives is the agent's own choice
    when the context states no time that day ("a reminder on October 15th" booked at 19:00),
    and an end when the call starts earlier that day at a time the context gives ("at 1 PM,
    make it last 4 hours": 13:00 to 17:00). Otherwise it is reported.

    >>> stray_time("2024-06-30T16:30", {"14:30"}, [], {"14:30"}.__contains__)
    '16:30'
    >>> stray_time("2024-06-30T16:30", set(), [], {"14:30"}.__contains__) is None
    True
    >>> stray_time("2024-06-30T16:30", {"14:30"}, ["14:30"], {"14:30"}.__contains__) is None
    True
    """
    if not given:
        return None
    clock = untimed(raw, find)
    if clock is None or any(c < clock and find(c) for c in siblings):
        return None
    return clock
