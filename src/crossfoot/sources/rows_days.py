"""The rows of a daily (or weekly) series a sentence names by their day: "DAU rose 11.7% from
March 2 to March 3" over rows keyed ``2024-03-01``, ``2024-03-02``, ``2024-03-03``.

A series by month or quarter is named as a sentence names its rows ("January" for "2024-01":
:func:`crossfoot.sources.rows_months.spoken_rows`); a series by day keeps its labels, which no
sentence writes, so of a result set longer than two rows the engine read only the rows holding
a cell the answer states, and a change between two named days was unsupported. Here a day
written "March 3", "Mar 3" or "3 March" (any year, the month's full or short name) names the
rows of that day; the row before each joins it, as for months ("rose 12% on March 3" is a
change from March 2).

>>> memo = {"month column": ("2024-03-01", "2024-03-02", "2024-03-03"), "month key": True}
>>> days_named(memo, 3, "DAU rose 11.7% from March 2 to March 3.")
[1, 2]
>>> days_named(memo, 3, "DAU rose 11.7% in March."), days_named(memo, 3, "Marketing 3 rose.")
([], [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crossfoot.language.day_names import named_days
from crossfoot.language.iso_weeks import iso_week, weeks_said
from crossfoot.language.month_short import short_months
from crossfoot.sources.rows_months import DAY, day_of, month_of, row_months

__all__ = ["day_named", "days_named"]


def _days_said(text: str) -> frozenset[int]:
    """The days ``text`` names (language.day_names), as :func:`day_of` keys them, any year."""
    return frozenset(DAY + day for _, day in named_days(text))


def day_named(label: str, text: str) -> bool:
    """Whether ``text`` names the day of a row labelled by a date ("March 2" of "2024-03-02").

    >>> day_named("2024-03-02", "DAU rose 11.7% from March 2 to March 3."), day_named("N", "x")
    (True, False)
    """
    got = day_of(label)
    if got is None:  # (a month's row by its short form: "Mar." of "March", language.month_short)
        return (m := month_of(label)) is not None and m[1] in short_months(text)
    week = iso_week(label)
    return got[1] in _days_said(text) or (week is not None and week in weeks_said(text))


def days_named(memo: Mapping[str, object], rows: int, text: str) -> list[int]:
    """Indexes of the rows of a day series (``memo``: :func:`period_memo`'s) whose day ``text``
    names (or a month its short form names: "Mar." of a row "2024-03"), in row order."""
    col = memo.get("month column")
    if not memo.get("month key") or not isinstance(col, Sequence) or len(col) != rows:
        return []
    said, weeks = _days_said(text) | short_months(text), weeks_said(text)  # ("in Mar.": a month)
    if not said and not weeks:
        return []
    got = row_months(col, (None,) * rows)
    out = [i for i in range(rows) if (p := got.get(i)) is not None and p[1] in said]
    if weeks:  # "week 3" of a series by ISO week ("2024-W03")
        out += [i for i, v in enumerate(col) if isinstance(v, str) and iso_week(v) in weeks]
    return sorted(set(out))
