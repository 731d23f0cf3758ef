"""The month (or quarter) of each row of a monthly result set: ``region, month, revenue`` holds
North's January and February revenue in two rows, the month in a column of dates.

A month column is the one column other than the key whose first cell reads as a month: a
``date``, an ISO date or month ("2024-01-31", "2024-01"), "Jan 2024", "January 2024", or a month's
name alone ("Jan", "March"). A quarter ("Q1 2024", "2024-Q1", "2024 Q1", "Q1") is read the same
way, as the period ``QUARTER + 1`` (months are 1-12, quarters 101-104). Its months belong to the
rows when the result set is a series by them: some label has two rows of two months, and no
label has two rows of one month (daily or weekly rows, or another axis, leave the rows without a
month; a series of days or weeks, "2024-01-05", "2024-01-12", gives each row its day instead:
``DAY + 100 * month + day``). Rows of one label a year apart in one month ("2023-12-31",
"2024-12-31") are a yearly series: a month says nothing of them, and
:mod:`crossfoot.sources.rows_years` gives their year.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date

from crossfoot.language.iso_weeks import iso_week_date
from crossfoot.language.period_columns import MONTH_NAMES, MONTH_NUMBERS, QUARTER

__all__ = [
    "DAY",
    "MONTH_NAMES",
    "MONTH_NUMBERS",
    "QUARTER",
    "day_of",
    "month_column",
    "month_of",
    "row_months",
    "spoken_rows",
]

DAY = 10_000  # a day is the period DAY + 100 * month + day
# (MONTH_NAMES, MONTH_NUMBERS and QUARTER are language.period_columns', re-exported here for the
# rules that read rows by month.)
_FIRST, _LAST = 1900, 2100


def _year(text: str) -> int | None:
    y = int(text) if len(text) == 4 and text.isdigit() else 0
    return y if _FIRST <= y <= _LAST else None


def month_of(v: object) -> tuple[int | None, int] | None:
    """``(year, month)`` of a cell that names a month (year None for a month's name alone).

    >>> month_of("2024-01"), month_of("2024-03-31"), month_of("Feb 2024"), month_of("March")
    ((2024, 1), (2024, 3), (2024, 2), (None, 3))
    >>> month_of("2024") is None, month_of("North") is None, month_of(date(2024, 5, 1))
    (True, True, (2024, 5))
    >>> month_of("Q3 2024"), month_of("2024-Q1"), month_of("Q2"), month_of("Q5")
    ((2024, 103), (2024, 101), (None, 102), None)
    """
    if isinstance(v, date):
        return (v.year, v.month)
    if not isinstance(v, str) or len(v) < 2 or len(v) > 40:
        return None
    s = v.strip()
    if len(s) >= 7 and s[4] in "-/" and s[5:7].isdigit() and (len(s) == 7 or s[7] in "-/T "):
        y, m = _year(s[:4]), int(s[5:7])
        return (y, m) if y is not None and 1 <= m <= 12 else None
    words = s.replace("-", " ").replace(",", " ").replace(".", " ").split()
    if not 1 <= len(words) <= 2:
        return None
    if "Q" in s or "q" in s:
        return _quarter(words)
    month = MONTH_NUMBERS.get(words[0].lower())
    if month is None:
        return None
    if len(words) == 1:
        return (None, month)
    year = _year(words[1])
    return (year, month) if year is not None else None


def _quarter(words: Sequence[str]) -> tuple[int | None, int] | None:
    """A quarter written "Q1", "Q1 2024" or "2024 Q1" (its words)."""
    q = [w for w in words if len(w) == 2 and w[0] in "Qq" and w[1] in "1234"]
    if len(q) != 1:
        return None
    rest = [w for w in words if w is not q[0]]
    year = _year(rest[0]) if rest else None
    if rest and year is None:
        return None
    return (year, QUARTER + int(q[0][1]))


def month_column(raw: Sequence[Sequence[object]], key_col: int | None) -> Sequence[object] | None:
    """The one column other than the key whose first cell names a month; None without a key,
    or with none or several such columns.

    >>> month_column([("N", "S"), ("2024-01", "2024-01"), (3.9, 2.5)], 0)
    ('2024-01', '2024-01')
    """
    if key_col is None:
        return None
    found: list[Sequence[object]] = []
    for j, col in enumerate(raw):
        if j == key_col or not col:
            continue
        first = next((v for v in col if v is not None), None)
        if first is not None and _periodic(first):
            found.append(col)
    return found[0] if len(found) == 1 else None


def _periodic(v: object) -> bool:
    """A cell that names a month, a quarter, a day or an ISO week ("2024-W03")."""
    return month_of(v) is not None or (isinstance(v, str) and iso_week_date(v) is not None)


def names_periods(col: Sequence[object]) -> bool:
    """Whether a column names periods: its first cell is a month, a quarter or a day.

    >>> names_periods([None, "2024-01"]), names_periods(["North"])
    (True, False)
    """
    last = _NAMES_PERIODS[0]  # (one read: another thread may store its own column meanwhile)
    if last[0] is col:
        return last[1]
    said = _periodic(next((v for v in col if v is not None), None))
    if type(col) is tuple:  # (kept by identity: only a column that cannot change in place)
        _NAMES_PERIODS[0] = (col, said)
    return said


# The last column asked and its answer: reading a result set asks of its key column twice
# (``rows_key.key_column``, then :func:`period_memo`), the same tuple of cells (by identity;
# held here, so no other column can take its id meanwhile).
_NAMES_PERIODS: list[tuple[object, bool]] = [(None, False)]


def period_memo(raw: Sequence[Sequence[object]], key_col: int | None) -> dict[str, object]:
    """What :mod:`crossfoot.rules.row_months` reads of a result set, made once per table: its
    column of periods (:func:`month_column`), or its key column when the rows are labelled by
    their periods (one series: ``month, revenue``), marked ``"month key"``.

    >>> period_memo([("2024-01", "2024-02"), (3.9, 4.2)], 0)
    {'month column': ('2024-01', '2024-02'), 'month key': True}
    """
    col = month_column(raw, key_col)
    if col is None and key_col is not None and names_periods(raw[key_col]):
        return {"month column": raw[key_col], "month key": True}
    return {"month column": col}


def day_of(v: object) -> tuple[int | None, int] | None:
    """``(year, DAY + 100 * month + day)`` of a cell that names a day ("2024-03-05", a ``date``).

    >>> day_of("2024-03-05"), day_of(date(2024, 3, 5)), day_of("2024-03"), day_of("2024-W03")
    ((2024, 10305), (2024, 10305), None, (2024, 10115))
    """
    if isinstance(v, date):
        return (v.year, DAY + 100 * v.month + v.day)
    if isinstance(v, str) and (week := iso_week_date(v)) is not None:
        return (week[0], DAY + 100 * week[1] + week[2])  # "2024-W03": its Monday
    if not isinstance(v, str) or len(v) < 10 or not v[8:10].isdigit():
        return None
    got = month_of(v)
    day = int(v[8:10])
    return (got[0], DAY + 100 * got[1] + day) if got and got[1] <= 12 and 1 <= day <= 31 else None


def row_months(
    col: Sequence[object], labels: Sequence[str | None]
) -> dict[int, tuple[int | None, int]]:
    """The month of each row (by index) when the rows are a series by month (module docstring),
    else its day when they are a series by day (daily or weekly dates); {} otherwise.

    >>> row_months(["2024-01", "2024-02", "2024-01"], ["N", "N", "S"])
    {0: (2024, 1), 1: (2024, 2), 2: (2024, 1)}
    >>> row_months(["2024-01-05", "2024-01-12"], ["N", "N"])  # weekly rows: their days
    {0: (2024, 10105), 1: (2024, 10112)}
    >>> row_months(["2023-12-31", "2024-12-31"], ["N", "N"])  # a yearly series
    {}
    """
    got = _series(col, labels, month_of)
    return got if got is not None else _series(col, labels, day_of) or {}


def _series(
    col: Sequence[object],
    labels: Sequence[str | None],
    read: Callable[[object], tuple[int | None, int] | None],
) -> dict[int, tuple[int | None, int]] | None:
    """The period ``read`` gives each row when the rows are a series by it; None when a label
    has two rows of one period (a finer series, or another axis), {} for no series."""
    out: dict[int, tuple[int | None, int]] = {}
    pairs: set[tuple[str | None, int | None, int]] = set()
    periods: dict[str | None, set[int]] = {}
    series = False
    for i, (v, label) in enumerate(zip(col, labels, strict=True)):
        if v is None:
            continue
        got = read(v)
        if got is None:
            return {}
        if (label, *got) in pairs:
            return None  # two rows of one label in one period: days, weeks, or another axis
        pairs.add((label, *got))
        had = periods.setdefault(label, set())
        series = series or (bool(had) and got[1] not in had)
        had.add(got[1])
        out[i] = got
    return out if series else {}


def spoken_rows(
    memo: Mapping[str, object], rows: int
) -> tuple[tuple[str, ...], dict[int, int], tuple[tuple[int | None, int], ...]] | None:
    """Row names a sentence uses for a series labelled by its periods (``month, revenue``):
    "January" for "2024-01" or "Jan 2024", "Q1" for "2024-Q1", with each row's year and its
    period (as :func:`month_of` gives it) apart. None unless the key column is a series of
    months or quarters filling every row (days, weeks and gaps keep their own labels).

    >>> spoken_rows({"month column": ("2024-01", "2024-02"), "month key": True}, 2)[:2]
    (('January', 'February'), {0: 2024, 1: 2024})
    >>> spoken_rows({"month column": ("Q4 2023", "Q1 2024"), "month key": True}, 2)
    (('Q4', 'Q1'), {0: 2023, 1: 2024}, ((2023, 104), (2024, 101)))
    """
    col = memo.get("month column")
    if not memo.get("month key") or not isinstance(col, Sequence) or len(col) != rows:
        return None
    got = row_months(col, (None,) * rows)
    if len(got) != rows or any(p >= DAY for _, p in got.values()):
        return None
    periods = tuple(got[i] for i in range(rows))
    names = tuple(MONTH_NAMES[p - 1] if p < QUARTER else f"Q{p - QUARTER}" for _, p in periods)
    return names, {i: y for i, (y, _) in got.items() if y is not None}, periods


def row_periods(
    memo: Mapping[str, object], labels: Sequence[str | None], rows: int
) -> tuple[tuple[int | None, int] | None, ...] | None:
    """The month or quarter of each row of a result set keyed by something else ("region") with
    a column of periods, when the rows are a series by month or quarter; None otherwise (days
    and weeks keep to the column, as rules.row_months reads them).

    >>> memo = {"month column": ("2024-01", "2024-02", "2024-01")}
    >>> row_periods(memo, ["N", "N", "S"], 3)
    ((2024, 1), (2024, 2), (2024, 1))
    """
    col = memo.get("month column")
    if memo.get("month key") or not isinstance(col, Sequence) or len(col) != rows:
        return None
    got = row_months(col, labels)
    if not got or any(p >= DAY for _, p in got.values()):
        return None
    return tuple(got.get(i) for i in range(rows))
