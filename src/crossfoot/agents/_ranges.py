"""Ranges of days a user states ("any day between the 14th and the 16th", "around mid-May", "the
week of the 12th"): a date inside one counts as sourced, with the range in the evidence.

A range is kept as month/day bounds (:class:`DayRange`); its year is completed at look-up time
from the conversation's reference date, the same way as a date written without a year. A range
whose month is not written takes the month of the reference date (or the month written in the
same message), and is dropped when neither is known.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import NamedTuple

from crossfoot.agents._dates import MONTH_WORD

__all__ = ["DayRange", "contains", "find_ranges"]

_MONTH = f"({MONTH_WORD})"
_D = r"(?:the\s+)?([0-3]?\d)(?:st|nd|rd|th)?"
_OF_MONTH = rf"(?:\s+(?:of\s+)?{_MONTH})?"
# "between the 14th and the 16th", "between May 14 and May 16", "from the 14th to the 16th of
# May", "May 14-16", "14–16 May". Month words are optional on either side.
_BETWEEN = re.compile(
    rf"\b(?:between|from)\s+(?:{_MONTH}\s+)?{_D}{_OF_MONTH}\s+(?:and|to|until|till|through|-)\s+"
    rf"(?:{_MONTH}\s+)?{_D}{_OF_MONTH}\b"
)
_DASHED = re.compile(
    rf"\b{_MONTH}\s+([0-3]?\d)(?:st|nd|rd|th)?\s*[-–]\s*([0-3]?\d)(?:st|nd|rd|th)?\b"
    rf"|\b([0-3]?\d)(?:st|nd|rd|th)?\s*[-–]\s*([0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b"
)
_PART = re.compile(rf"\b(early|mid|middle of|late|end of)[\s-]+{_MONTH}\b")
_WEEK = re.compile(rf"\bthe\s+week\s+of\s+(?:{_MONTH}\s+)?{_D}{_OF_MONTH}\b")
_ANY_IN = re.compile(rf"\b(?:any\s*(?:day|time)|sometime|some\s+time)\s+in\s+{_MONTH}\b")
_ANY_MONTH = re.compile(rf"\b{_MONTH}\b")
_PARTS = {"early": (1, 10), "mid": (11, 20), "middle of": (11, 20), "late": (21, 31)}


class DayRange(NamedTuple):
    """Days ``first``..``last`` as (month, day), inclusive (``last`` may be in a later month)."""

    first: tuple[int, int]
    last: tuple[int, int]
    text: str  # as the user wrote it


_ABBR = [a.lower() for a in calendar.month_abbr]  # "", "jan", "feb", ... (C locale)
_SPECIFIC = re.compile(rf"\bthe\s|\d(?:st|nd|rd|th)\b|{_MONTH}")


def _month(word: str | None) -> int | None:
    return _ABBR.index(word[:3]) if word and word[:3] in _ABBR else None


def find_ranges(low: str, reference: date | None) -> list[DayRange]:
    """The ranges of days a lower-cased user message states.

    >>> [r[:2] for r in find_ranges("any day between the 14th and the 16th of may", None)]
    [((5, 14), (5, 16))]
    >>> [r[:2] for r in find_ranges("around mid-may, or the week of the 12th", None)]
    [((5, 11), (5, 20)), ((5, 12), (5, 18))]
    >>> [r[:2] for r in find_ranges("the week of the 12th", date(2024, 6, 1))]
    [((6, 12), (6, 18))]
    """
    if not any(w in low for w in ("between", "from", "-", "–", "mid", "early", "late", "end of",
                                  "week of", " in ")):  # fmt: skip
        return []
    said = _ANY_MONTH.search(low)
    default = _month(said[1]) if said else (reference.month if reference else None)
    out: list[DayRange] = []
    for m in _BETWEEN.finditer(low):
        if not _SPECIFIC.search(m[0]):
            continue  # "from 2 to 5" (hours, people): a range of days says "the", "14th" or May
        month = _month(m[1] or m[3] or m[4] or m[6]) or default
        end_month = _month(m[4] or m[6]) or month
        _add(out, month, int(m[2]), end_month, int(m[5]), m[0])
    for m in _DASHED.finditer(low):
        if m[1]:
            _add(out, _month(m[1]), int(m[2]), _month(m[1]), int(m[3]), m[0])
        else:
            _add(out, _month(m[6]), int(m[4]), _month(m[6]), int(m[5]), m[0])
    for m in _PART.finditer(low):
        month = _month(m[2])
        if month is not None:
            lo, hi = (25, 31) if m[1] == "end of" else _PARTS[m[1]]
            _add(out, month, lo, month, min(hi, _days_in(month)), m[0])
    for m in _WEEK.finditer(low):
        month = _month(m[1] or m[3]) or default
        if month is not None and 1 <= int(m[2]) <= _days_in(month):
            start = date(2000, month, int(m[2]))  # a leap year: any month/day is valid
            end = start + timedelta(days=6)
            out.append(DayRange((month, start.day), (end.month, end.day), m[0]))
    for m in _ANY_IN.finditer(low):
        month = _month(m[1])
        if month is not None:
            _add(out, month, 1, month, _days_in(month), m[0])
    return out


def _add(
    out: list[DayRange], month: int | None, a: int, end_month: int | None, b: int, text: str
) -> None:
    if month is None or end_month is None:
        return
    if not (1 <= a <= _days_in(month) and 1 <= b <= _days_in(end_month)):
        return
    if (end_month, b) < (month, a):
        return  # "between the 16th and the 14th": not a range
    if (end_month - month) % 12 > 1 or (end_month == month and b - a > 31):
        return
    out.append(DayRange((month, a), (end_month, b), text))


def _days_in(month: int) -> int:
    return calendar.monthrange(2000, month)[1]


def contains(r: DayRange, day: date) -> bool:
    """Whether ``day`` (month/day, any year) falls in the range.

    >>> contains(DayRange((5, 14), (5, 16), ""), date(2024, 5, 15))
    True
    """
    return r.first <= (day.month, day.day) <= r.last
