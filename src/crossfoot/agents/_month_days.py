"""Days a user names by their place in a month counted from today: "the 3rd of this month", "the
10th of last month", "the first of next month", "the end of the month", "the last day of next
month".

figured 0.4.3 reads "the 15th of this month" and "the end of next month"; crossfoot read only "the
15th" alone (the next 15th), so "the 10th of last month" for a charge already made warned. The
month is the reference date's, moved by "next" / "last" / "previous" ("the 1st of the month" is
the next one); without a reference date no day is read. A day the month lacks ("the 31st of this
month" in April) names none.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from crossfoot.agents._dates import DAY_WORDS

__all__ = ["month_days"]

_WHICH = r"(this|the|current|next|last|previous|coming)"
_NTH = rf"(\d{{1,2}})(?:st|nd|rd|th)?|({'|'.join(sorted(DAY_WORDS, key=len, reverse=True))})"
_MONTH_DAY = re.compile(
    rf"\bthe\s+(?:{_NTH})\s+(?:day\s+)?of\s+{_WHICH}\s+month\b"
    rf"|\b(?:the\s+)?(end|last\s+day)\s+of\s+{_WHICH}\s+month\b"
)
_STEP = {"this": 0, "the": 0, "current": 0, "next": 1, "coming": 1, "last": -1, "previous": -1}


def month_days(low: str, reference: date | None) -> set[int]:
    """Day ordinals of the days a lower-cased user message names within a month from today.

    >>> ref = date(2027, 4, 20)
    >>> sorted(date.fromordinal(d).isoformat() for d in month_days(
    ...     "the 10th of last month, the first of next month, by the end of the month", ref))
    ['2027-03-10', '2027-04-30', '2027-05-01']
    >>> month_days("the 31st of this month, the end of the line", ref)
    set()
    >>> [date.fromordinal(d).isoformat() for d in month_days("on the 1st of the month", ref)]
    ['2027-05-01']
    """
    if reference is None or "month" not in low or " of " not in low:
        return set()
    out: set[int] = set()
    for m in _MONTH_DAY.finditer(low[:20_000]):
        which = m[3] or m[5]
        day = 0 if m[4] else int(m[1]) if m[1] else DAY_WORDS[m[2]]
        step = _STEP[which]
        if which == "the" and day and day < reference.day:
            step = 1  # "on the 1st of the month", asked on the 20th: the next one
        year, month = divmod(reference.year * 12 + reference.month - 1 + step, 12)
        last = calendar.monthrange(year, month + 1)[1]
        day = day or last
        if 1 <= day <= last:
            out.add(date(year, month + 1, day).toordinal())
        if len(out) >= 50:
            break
    return out
