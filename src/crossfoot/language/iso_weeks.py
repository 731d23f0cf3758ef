"""A week written as an ISO week ("2024-W03", "2024W03", "2024-W03-1"), read as the date of its
Monday (or of the weekday it writes), so that a result set by ISO week is a series by day: its
rows are periods in date order, named by their dates or their week ("week 3").

>>> iso_week_date("2024-W03"), iso_week_date("2024W03-5"), iso_week_date("2024-W54")
((2024, 1, 15), (2024, 1, 19), None)
>>> weeks_said("Orders rose 11.8% in week 3 and fell in Week 4."), iso_week("2024-W03")
(frozenset({3, 4}), 3)
>>> weeks_said("WEEK 3 ORDERS ROSE 11.8%.")  # (the gate as case-blind as the pattern)
frozenset({3})
"""

from __future__ import annotations

import re
from datetime import date

__all__ = ["iso_week", "iso_week_date", "weeks_said"]

_ISO_WEEK = re.compile(r"\s*((?:19|20)\d\d)-?W(\d\d)(?:-?([1-7]))?\s*", re.IGNORECASE)
_WEEK_SAID = re.compile(r"(?i)\bweek\s+(?:no\.?\s*|#\s*)?(\d{1,2})\b")


def iso_week_date(label: str) -> tuple[int, int, int] | None:
    """(year, month, day) of the day an ISO week label names (its Monday unless it writes a
    weekday); None for any other label or an impossible week."""
    m = _ISO_WEEK.fullmatch(label)
    if m is None:
        return None
    try:
        d = date.fromisocalendar(int(m[1]), int(m[2]), int(m[3] or 1))
    except ValueError:
        return None
    return d.year, d.month, d.day


def iso_week(label: str) -> int | None:
    """The week number of an ISO week label, or None."""
    m = _ISO_WEEK.fullmatch(label)
    return int(m[2]) if m is not None and iso_week_date(label) is not None else None


def weeks_said(text: str) -> frozenset[int]:
    """The week numbers ``text`` names ("week 3", "Week #12")."""
    if "eek" not in text.lower():
        return frozenset()
    return frozenset(int(m[1]) for m in _WEEK_SAID.finditer(text) if 1 <= int(m[1]) <= 53)
