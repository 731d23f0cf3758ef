"""The days a sentence names, and operands that fit them: rows of a result set by day or week.

A result set of daily or weekly rows ("2024-01-01", "2024-01-08", ...) gives each row a day
(``SourceValue.period``: ``DAY + 100 * month + day``, sources.rows_months). A sentence names days
as "January 22", "Jan 22, 2024", "22 January" or "2024-01-22". When it names one or two, a
derivation's operands of day rows must be on them: both on the named days for a change between
two ("grew 20.0% from January 15 to January 22"), and for a change into one named day ("grew
20.0% in the week of January 22") the later on that day and the other before it. A year written
with a day must be the row's year; a day written without one fits that day of any year.

>>> named_days("Orders grew 20.0% from January 15 to Jan 22, 2024.")
((None, 115), (2024, 122))
>>> named_days("Orders were 1,010 on 2024-01-22 and 905 a week earlier."), named_days("in 2024")
(((2024, 122),), ())
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows_months import DAY

__all__ = ["days_fit", "named_days"]

_Day = tuple[int | None, int]  # (year or None, 100 * month + day)

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


def named_days(text: str) -> tuple[_Day, ...]:
    """The days ``text`` names, in order, each once: ``(year or None, 100 * month + day)``."""
    if not any(ch.isdigit() for ch in text):
        return ()
    found: list[_Day] = []
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


def _fits(row: tuple[int | None, int], said: _Day) -> bool:
    return row[1] == said[1] and (said[0] is None or row[0] is None or row[0] == said[0])


def days_fit(ctx: ClaimContext, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether the operands of day rows are on the days the claim's sentence names (see the
    module docstring); True when it names none, or no operand is of a day row."""
    rows = [(p[0], p[1] - DAY) for v in operands if (p := v.period) is not None and p[1] > DAY]
    if not rows:
        return True
    memo: dict[tuple[int, int], tuple[_Day, ...]]
    memo = ctx.shared.setdefault("day_focus.named", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    said = memo.get(key)
    if said is None:
        said = memo[key] = named_days(ctx.sentence.text)
    if not said or len(said) > 2:
        return True
    if len(said) == 2 or not change or len(rows) != 2:
        return all(any(_fits(r, s) for s in said) for r in rows)
    # a change into the one day named: the later operand on it, the other before it
    first, last = sorted(rows, key=lambda r: (r[0] or 0, r[1]))
    return _fits(last, said[0]) and not _fits(first, said[0])
