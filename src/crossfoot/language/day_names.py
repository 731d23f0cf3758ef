"""The days a text names by a month's name or as an ISO date: "January 22", "Jan. 22, 2024",
"22 January 2024", "2024-01-22" (not "May 5 million", "March 2.5%"), for the readers of rows by
day (``rules._day_focus``, ``rules.row_months``, ``sources.rows_days``).

>>> named_days("Orders grew 20.0% from January 15 to Jan 22, 2024.")
((None, 115), (2024, 122))
>>> named_days("Orders were 1,010 on 2024-01-22 and 905 a week earlier."), named_days("in 2024")
(((2024, 122),), ())
"""

from __future__ import annotations

import re

from crossfoot.language.period_columns import MONTH_NUMBERS

__all__ = ["Day", "named_days"]

Day = tuple[int | None, int]  # (year or None, 100 * month + day)

# A month's name or its short form, whole (language.period_columns' list): "Dec" of
# "declined 12" or "Mar" of "Marketing 12" names no month.
_NAMES = "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True))
_MONTH = r"(?P<m{n}>" + _NAMES + r")\b\.?"
_YEAR = r"(?:,?\s+(?P<y{n}>(?:19|20)\d\d)\b)?"
# "January 22", "Jan. 22, 2024", "22 January 2024", "2024-01-22"; not "May 5 million".
_DAYS = re.compile(
    r"(?i)(?<![\w-])(?:"
    + _MONTH.format(n=1)
    + r"\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?\b(?![.,]\d|\s*(?:%|percent|million|billion|thousand))"
    + _YEAR.format(n=1)
    + r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?"
    + _MONTH.format(n=2)
    + r"(?![a-z])"
    + _YEAR.format(n=2)
    + r"|(?P<y3>(?:19|20)\d\d)-(?P<m3>\d{1,2})-(?P<d3>\d{1,2})(?![\d-]))"
)


def named_days(text: str) -> tuple[Day, ...]:
    """The days ``text`` names, in order, each once: ``(year or None, 100 * month + day)``."""
    if not any(ch.isdigit() for ch in text):
        return ()
    found: list[Day] = []
    for m in _DAYS.finditer(text):
        if m["m3"]:
            year: int | None = int(m["y3"])
            month, day = int(m["m3"]), int(m["d3"])
        else:
            word = (m["m1"] or m["m2"]).lower()
            month = MONTH_NUMBERS.get(word, 0)
            day = int(m["d1"] or m["d2"])
            y = m["y1"] or m["y2"]
            year = int(y) if y else None
        if 1 <= month <= 12 and 1 <= day <= 31 and (got := (year, 100 * month + day)) not in found:
            found.append(got)
    return tuple(found)
