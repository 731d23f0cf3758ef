"""A time of day written with its zone is an instant: "14:30 CET" on 2026-12-09 is
``2026-12-09T13:30:00Z``, "2:30 PM PT" is ``22:30:00Z`` in December, "11:30 PM PT" on the 9th is
``2026-12-10T07:30:00Z`` and ``2026-12-09T14:30:00+01:00`` is ``13:30:00Z``.

A context text's zoned times (:func:`zone_keys`, from the times ``_times`` reads) are filed as
keys of one index: ``("at", day, utc clock)`` for each instant, ``("zoned", clock[, offset])``
and ``("plain", clock)`` for how each time of day was written. An argument that is a date with
a time and a zone (``Z``, ``+01:00``, ``UTC``) is then found when it is the same instant
(:func:`instant_hit`), whatever zone either side wrote it in; and one whose time of day the
context wrote only in other zones (``14:30:00Z`` after "14:30 CET") is the wrong instant
(:func:`zone_miss`). A zone name that changes with the season ("PT", "Eastern", "CET" in July)
takes the offset of the day it is given on (US and EU rules); a standard name written in summer
("3 PM EST" in July) also stands for the local time of that day, as people write it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any, Protocol

from crossfoot.agents._keys import Hit, Keys
from crossfoot.agents._zone_words import message_zone


class _Store(Protocol):
    """What the look-ups read of a ``ContextStore`` (its zone index)."""

    zones: Keys


__all__ = ["instant_hit", "is_offset", "zone_keys", "zone_miss", "zone_note"]

# name -> (its offset, the other offset of its pair, DST rule); offsets in minutes east of UTC.
_US = "us"
_EU = "eu"
_PAIRS: dict[str, tuple[int, int, str]] = {
    "est": (-300, -240, _US),
    "edt": (-240, -300, _US),
    "cst": (-360, -300, _US),
    "cdt": (-300, -360, _US),
    "mst": (-420, -360, _US),
    "mdt": (-360, -420, _US),
    "pst": (-480, -420, _US),
    "pdt": (-420, -480, _US),
    "akst": (-540, -480, _US),
    "akdt": (-480, -540, _US),
    "cet": (60, 120, _EU),
    "cest": (120, 60, _EU),
    "eet": (120, 180, _EU),
    "eest": (180, 120, _EU),
    "wet": (0, 60, _EU),
    "west": (60, 0, _EU),
}
# names that mean the local time of a region: (standard offset, summer offset, rule)
_REGIONS: dict[str, tuple[int, int, str]] = {
    "et": (-300, -240, _US),
    "eastern": (-300, -240, _US),
    "ct": (-360, -300, _US),
    "central": (-360, -300, _US),
    "mt": (-420, -360, _US),
    "mountain": (-420, -360, _US),
    "pt": (-480, -420, _US),
    "pacific": (-480, -420, _US),
}
_FIXED: dict[str, int] = {
    "z": 0,
    "utc": 0,
    "gmt": 0,
    "bst": 60,
    "ist": 330,
    "sgt": 480,
    "hkt": 480,
    "jst": 540,
    "kst": 540,
    "aest": 600,
    "aedt": 660,
    "nzst": 720,
    "nzdt": 780,
    "hst": -600,
}
# a region's word, and the names that are English words ("10:00 west entrance"): a zone only
# before "time" or a stop
_LONG = ("eastern", "central", "mountain", "pacific", "west", "wet")
_NAMES = "|".join(sorted({*_PAIRS, *_REGIONS, *_FIXED} - {"z", *_LONG}, key=len, reverse=True))
# Right after a time (a match of _times._TIME): fractions of a second, then a zone: "z",
# "+01:00" / "+0100" / "+01", "utc+1", "gmt-05:00", "cet", "(pt)"; a region's word only as a
# zone ("pacific time", "eastern standard time", "2 pm pacific."), not "10:00 central station"
# nor "10:00 west entrance".
_ZONE = re.compile(
    r"(?:\.\d{1,9})?(?:(z)\b|([+-])(\d{2}):?(\d{2})?(?![\d:])"
    r"|\s?\(?(?:(" + _NAMES + r")(?:\s?([+-])(\d{1,2})(?::?(\d{2}))?)?\b"
    r"|(" + "|".join(_LONG) + r")(?:\s+(?:standard|daylight))?"
    r"(?:\s+time\b|(?=\s*(?:[.,;:)!?]|$)))))"
)
# an ISO day and time right before a "-" offset: "2026-12-09t10:00", "2026-12-09 10:00:00" (not
# "2026-12-09 10:00-11:00", a range)
_ISO_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:t\d{1,2}:\d{2}(?::\d{2})?|\s\d{1,2}:\d{2}:\d{2})(?:\.\d+)?$"
)
# An argument: an ISO date with a time and a zone.
_ARG = re.compile(
    r"\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*"
    r"(?:(Z|UTC|GMT)|([+-])(\d{2}):?(\d{2})?)\s*",
    re.IGNORECASE,
)
_STARTS = frozenset(" \t\nz+-.(")  # what may follow a time when a zone does
_WHOLE_DAY = frozenset({"00:00", "23:59"})  # an argument's clock is "HH:MM" (_read_arg)


def _sunday(year: int, month: int, nth: int) -> date:
    """The ``nth`` Sunday of a month (-1: the last)."""
    if nth < 0:
        end = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        return end - timedelta(days=(end.weekday() + 1) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))


def _summer(day: date, rule: str) -> set[bool]:
    """Whether summer time holds on ``day`` (both on the day the clocks change)."""
    if rule == _US:
        start, end = _sunday(day.year, 3, 2), _sunday(day.year, 11, 1)
    else:
        start, end = _sunday(day.year, 3, -1), _sunday(day.year, 10, -1)
    if day in (start, end):
        return {True, False}
    return {start < day < end}


def _offsets(zone: tuple[str, int | None], day: date | None) -> set[int]:
    """The offsets (minutes east of UTC) a zone as read by :func:`_zone_at` may mean on ``day``."""
    name, fixed = zone
    if fixed is not None:
        return {fixed}
    if name in _PAIRS:  # "EST" is -5 as written, and the local time of the season
        own, other, rule = _PAIRS[name]
        std, dst = sorted((own, other))
        out = {own}
    elif name in _REGIONS:
        std, dst, rule = _REGIONS[name]
        out = set()
    else:
        return set()
    if day is None:
        return out | {std, dst}
    return out | {dst if summer else std for summer in _summer(day, rule)}


def _zone_at(low: str, m: re.Match[str]) -> tuple[str, int | None] | None:
    """The zone written right after the time ``m`` of ``low``: (name, fixed offset or None for a
    name whose offset follows the day), else None."""
    if low[m.end() : m.end() + 1] not in _STARTS:  # (most times end a JSON string: '"')
        return None
    z = _ZONE.match(low, m.end())
    if z is None:
        return None
    if z[1]:
        return ("z", 0)
    if z[2]:  # "+01:00"; a "-" only after an ISO day's time ("10:00-11:00" is a range)
        if z[2] == "-" and _ISO_TIME.search(low, max(0, m.start() - 11), m.end()) is None:
            return None
        return ("offset", _signed(z[2], z[3], z[4]))
    name = z[5] or z[9]
    if z[6]:  # "utc+1", "gmt-05:00"
        return ("offset", _signed(z[6], z[7], z[8])) if name in ("utc", "gmt") else None
    return (name, _FIXED[name]) if name in _FIXED else (name, None)


def _signed(sign: str, hours: str, minutes: str | None) -> int:
    total = int(hours) * 60 + int(minutes or 0)
    return -total if sign == "-" else total


def is_offset(low: str, start: int) -> bool:
    """Whether the time read at ``start`` of ``low`` is the zone offset of a time before it:
    the "+01:00" of "14:30+01:00", "utc+05:30", the "-05:00" of "2026-12-09t10:00:00-05:00"."""
    sign = low[start - 1 : start]
    if sign not in ("+", "-"):
        return False
    before = low[max(0, start - 30) : start - 1]
    if before.endswith(("utc", "gmt")):
        return True
    if not before[-2:].isdigit():
        return False
    return sign == "+" or _ISO_TIME.search(before) is not None


def _key(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def zone_keys(
    low: str, timed: Iterable[tuple[re.Match[str], set[str], tuple[object, ...]]], reference: Any
) -> set[tuple[object, ...]]:
    """The zone keys of one text's times: each given as (match, its clock keys, its days).

    >>> from crossfoot.agents._times import timed_matches
    >>> text = "on 2026-12-09 at 14:30 cet"
    >>> got = zone_keys(text, timed_matches(text), None)
    >>> sorted(k for k in got if k[0] != "at")
    [('zoned', '14:30'), ('zoned', '14:30', 60)]
    >>> [(date.fromordinal(k[1]).isoformat(), k[2]) for k in got if k[0] == "at"]
    [('2026-12-09', '13:30')]
    """
    out: set[tuple[object, ...]] = set()
    year = reference.year if isinstance(reference, date) else 2024  # (a leap year)
    stated = message_zone(low)  # "all times are CET", "I'm in Berlin" (agents._zone_words)
    for m, clocks, days in timed:
        zone = _zone_at(low, m) or stated
        if zone is None:
            out.update(("plain", c) for c in clocks)
            continue
        for c in clocks:
            out.add(("zoned", c))
        for day in days or (None,):
            if isinstance(day, int):
                d: date | None = date.fromordinal(day)
            elif isinstance(day, tuple):
                try:
                    d = date(year, day[0], day[1])
                except ValueError:
                    continue
            else:
                d = None
            for offset in _offsets(zone, d):
                for c in clocks:
                    out.add(("zoned", c[:5], offset))
                    if d is not None:
                        out.add(_instant(d, c, offset, yearless=isinstance(day, tuple)))
    return out


def _instant(d: date, clock: str, offset: int, *, yearless: bool = False) -> tuple[object, ...]:
    """``("at", day, "HH:MM")`` of a local day and clock at ``offset`` (seconds dropped)."""
    d, utc = _utc(d, clock, offset)
    return ("at", (d.month, d.day) if yearless else d.toordinal(), utc)


def _utc(d: date, clock: str, offset: int) -> tuple[date, str]:
    """The UTC day and "HH:MM" of a local day and clock at ``offset``."""
    minutes = int(clock[:2]) * 60 + int(clock[3:5]) - offset
    return d + timedelta(days=minutes // 1440), _key(minutes % 1440)


def _read_arg(raw: object) -> tuple[date, str, int] | None:
    """(day, local "HH:MM", offset) of an argument that is a date with a time and a zone."""
    if not isinstance(raw, str) or len(raw) > 40:
        return None
    m = _ARG.fullmatch(raw)
    if m is None or int(m[4]) > 23:
        return None
    try:
        day = date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None
    offset = 0 if m[7] else _signed(m[8], m[9], m[10])
    return day, f"{int(m[4]):02d}:{m[5]}", offset


def instant_hit(store: _Store, raw: object) -> Hit | None:
    """The :class:`Hit` of a zoned date-with-time argument that is an instant the context gave
    (in any zone), else None.

    >>> from crossfoot.agents._context import ContextStore
    >>> store = ContextStore()
    >>> _ = store.add("user", "Book a call on 2026-12-09 at 2:30 PM PT.")
    >>> instant_hit(store, "2026-12-09T22:30:00Z").how, instant_hit(store, "2026-12-09T14:30:00Z")
    ('same instant', None)
    """
    read = _read_arg(raw)
    if read is None or not store.zones.first:
        return None
    day, clock, offset = read
    if clock in _WHOLE_DAY:
        return None
    d, utc = _utc(day, clock, offset)
    hit = store.zones.hit(("at", d.toordinal(), utc), "same instant")
    return hit or store.zones.hit(("at", (d.month, d.day), utc), "same instant")


def zone_miss(store: _Store, raw: object) -> str | None:
    """The local time of a zoned argument that the context wrote only in other zones, else
    None: ``2026-12-09T14:30:00Z`` after "14:30 CET" is not 14:30 CET."""
    read = _read_arg(raw)
    if read is None or not store.zones.first:
        return None
    _day, clock, offset = read
    first = store.zones.first
    if ("zoned", clock) not in first or ("plain", clock) in first:
        return None
    return None if ("zoned", clock, offset) in first else clock


def zone_note(store: _Store, raw: object) -> str | None:
    """The explanation of :func:`zone_miss`: the zones the context gave its time in."""
    clock = zone_miss(store, raw)
    if clock is None:
        return None
    keys = [k for k in store.zones.first if isinstance(k, tuple) and len(k) == 3]
    offsets = sorted(k[2] for k in keys if k[0] == "zoned" and k[1] == clock)
    given = " or ".join(f"UTC{'-' if o < 0 else '+'}{_key(abs(o))}" for o in offsets)
    return f" (its day and time of day are; the zone is not: {clock} was given at {given})"
