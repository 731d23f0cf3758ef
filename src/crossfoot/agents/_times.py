"""Times of day, one key however they are written: "14:30", "14:30:00", "2:30pm", "2:30 p.m.",
"2 PM" are all ``14:30``.

A context text's times (:func:`times_in`) are filed as identifier tokens under that key, and an
argument that is a time (:func:`time_key`) is looked up by it. Before, a time with a colon was
never found: the tokenizer splits text at colons, so "at 14:30" did not vouch for
``time="14:30"``. A time without "am"/"pm" from 1:00 to 11:59 in a user's or a tool's text
also vouches for the same time twelve hours later ("at 2:30" for ``14:30``: people leave the
afternoon unsaid); an argument with "am" or "pm" is read as written. The time part of a date
with a time (``2024-06-30T14:30:00``) is not checked: the date is (``_dates``).
"""

from __future__ import annotations

import re

__all__ = ["time_key", "times_in"]

# "14:30", "9:05:00", "2:30pm", "2:30 p.m.", "2 pm": an hour with minutes (and seconds, a
# meridiem), or an hour with a meridiem. A bare number never matches: most text is full of them,
# and a match per number made the scan ~140 us per 2 KB.
_TIME = re.compile(
    r"(?<![\d:.])([01]?\d|2[0-3])"
    r"(?::([0-5]\d)(?::([0-5]\d))?(?:\s?([ap])\.?m\b\.?)?|\s?([ap])\.?m\b\.?)(?![\d:])",
    re.IGNORECASE,
)


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
    return _key(hours[0] if m[4] or m[5] else int(m[1]), m[2], m[3])


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
    found: dict[int, re.Match[str]] = {}
    covered = -1  # the end of the last match: a cue inside it is read
    for at in sorted(_cues(low)):
        if at < covered:
            continue
        for m in _TIME.finditer(low, max(0, at - 10), at + 14):
            if m.start() <= at < m.end():
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
