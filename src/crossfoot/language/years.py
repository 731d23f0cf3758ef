"""Which of two source values comes first in time, and which values measure the same quantity.

A change ("rose 12%", "a decrease of $29,253") has a direction only when the order of its two
operands is known. The sources often say it: a value's ``year`` (set by the loader from a column
header, row label or field name), or a year / quarter / half written in its field name or labels
(``revenue_2023``, ``q1_2024_sales``, "Net sales / 2019"). Earlier comes first. Nothing here guesses
from column position alone: financial tables put the latest year first as often as last.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal(1), "R1", field="revenue_2024")
>>> b = SourceValue(Decimal(2), "R1", field="revenue_2023")
>>> [v.field for v in known_order(a, b)]
['revenue_2023', 'revenue_2024']
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.iso_weeks import iso_week_date
from crossfoot.model.types import SourceValue
from crossfoot.model.wordgate import WordGated

__all__ = [
    "OPENING_DATE",
    "OTHER_PERIOD",
    "PERIOD_ENDED",
    "YEAR",
    "YEAR_LABEL",
    "aligned",
    "date_at_end",
    "field_stem",
    "known_order",
    "label_date",
    "period",
    "related_score",
    "same_quantity",
    "years_in_text",
]

# A period named by the day it ends, before that date: "(for the) fiscal year ended (June 30,
# 2022)", "year ending", "twelve months ended", "quarter ended", "period ended": the figure is
# stated for the date's year, as after "in" or "as of". A regex fragment (no groups, verbose-safe),
# read by the answer's year reader (language.order) and the prose pass (sources.prose) alike.
PERIOD_ENDED = (
    r"(?:(?:fiscal|calendar)\s+)?(?:year|quarter|period|"
    r"(?:twelve|12|three|3|six|6|nine|9|fifty[\s-]two|52|fifty[\s-]three|53)[\s-]+(?:months?|weeks?))"
    r"\s+(?:ended|ending)\s+"
)

# A sentence opened by its date, from the sentence start to the year: "In 2021, ...", "During
# fiscal 2022, ...", "As of December 31, 2021, ...", "For the fiscal year ended June 30, 2022,
# ...". Such a date frames the whole sentence, not only its first figure (the answer's reader,
# language.order, and the prose pass, sources.prose).
OPENING_DATE = re.compile(
    r"[\s\"'(*]*(?:in|during|for|throughout|as\s+of|as\s+at|at|by)\s+(?:the\s+)?"
    r"(?:end\s+of\s+(?:the\s+)?)?"
    rf"(?:{PERIOD_ENDED}|(?:fiscal|calendar)(?:\s+year)?\s*|fy\s*|year\s+)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\s*,?\s*)?",
    re.I,
)
# Between an opening date and a later figure: words that set the figure against another period
# ("compared with $5.2 million", "up from", "than the prior year's"): that figure is not the
# opening year's.
OTHER_PERIOD = re.compile(
    r"(?i)\b(?:from|than|compared|versus|vs|against|prior|previous|preceding|earlier|before|ago|"
    r"last|respectively)\b"
)

# A year 1900-2099 not glued to other digits ("fy2023", "2023q1", "revenue_2023" all match).
# The digit before is tested after "19"/"20" ((?<!\d..): the two characters just matched are
# digits): a pattern that opens with a lookbehind is tried at every character, one that opens
# with a literal is not (3x faster on a sentence; tests/test_speed_paths_speed49.py).
YEAR = re.compile(r"((?:19|20)(?<!\d..)\d\d)(?!\d)")
# A label that is a year and nothing else, read with ``fullmatch``: "2021", "FY2021", "fiscal
# 2021" (a row of a table by year).
YEAR_LABEL = re.compile(r"(?i)(?:fy\s*|fiscal\s+)?(?:19|20)\d\d")
# A year of running text: not the decimals of a figure ("The answer is 0.1969", "1.2010") nor
# the whole part of one ("2019.5" units).
_TEXT_YEAR = re.compile(r"((?:19|20)(?<!\d..)(?<!\d\...)\d\d)(?!\d)(?!\.\d)")  # (as YEAR)
# A two-digit fiscal year "FY23" / "fy24".
_FY2 = re.compile(r"(?i)(?<![a-z0-9])fy'?(\d\d)(?!\d)")
# Tokens of a name: a quarter/half ("q3", "h2"), a digit run, or a word.
_TOKEN = re.compile(r"(?i)[qh][1-4](?![0-9])|[0-9]+|[a-z]+")
_DIGIT = re.compile(r"\d")
# Separators removed when a field name is reduced to its stem.
_SEP = re.compile(r"[\s_\-./:]+")


def _names(v: SourceValue) -> list[str]:
    return [n for n in (v.field, v.column, v.row, v.label) if n]


# A label that is one month of a year and nothing else ("Jan 2024", "February 2024", "2024-02"):
# a column of a monthly series. (A month inside a longer label, "Senior notes due March 2025",
# names no period of the cell.)
_MONTH_LABEL = re.compile(
    r"(?i)\s*(?:(january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?,?\s+(?:19|20)\d\d"
    r"|(?:19|20)\d\d[-/](0[1-9]|1[0-2]))\s*"
)


def _sub_of(text: str) -> int | None:
    """Month a quarter or half named in ``text`` ends with (q3 -> 9, h1 -> 6), or the month a
    label of one month names ("Feb 2024" -> 2)."""
    month = _MONTH_LABEL.fullmatch(text)
    if month is not None:
        return _MONTHS.index(month[1][:3].lower()) + 1 if month[1] else int(month[2])
    for tok in _TOKEN.findall(text):
        low = tok.lower()
        if len(low) == 2 and low[0] in "qh" and low[1].isdigit():
            digit = int(low[1])
            if low[0] == "q":
                return digit * 3
            if digit <= 2:
                return digit * 6
    return None


def period(v: SourceValue) -> tuple[int, int | None] | None:
    """``(year, month the sub-period ends or None)`` of a value, or ``None`` when it names no year.

    >>> from decimal import Decimal
    >>> period(SourceValue(Decimal(1), "R1", field="sales_q3_2023"))
    (2023, 9)
    """
    own = v.period  # a result set's month or quarter row (sources.rows_months)
    if own is not None and (own[0] or v.year) is not None and own[1] < 10_000:
        # (a quarter q is 100 + q there, a day 10,000 + ...: a day is left to the names)
        return (own[0] or v.year or 0, own[1] if own[1] <= 12 else (own[1] - 100) * 3)
    return _period(v.year, v.field, v.column, v.row, v.label)


@lru_cache(maxsize=65536)  # names repeat across claims; parsing them is the hot path
def _period(year: int | None, *names: str | None) -> tuple[int, int | None] | None:
    sub: int | None = None
    for name in names:
        # (a year, "FY23" and "q3"/"h1" each need a digit: a name without one, a new row
        # label most often, is skipped by one search instead of three)
        if not name or _DIGIT.search(name) is None:
            continue
        if year is None:
            m = YEAR.search(name)
            if m:
                year = int(m.group(1))
            else:
                fy = _FY2.search(name)
                if fy:
                    year = 2000 + int(fy.group(1))
        if sub is None:
            sub = _sub_of(name)
    if year is None:
        return None
    return (year, sub)


def known_order(a: SourceValue, b: SourceValue) -> tuple[SourceValue, SourceValue] | None:
    """The two values earlier first, when their years (and quarters) say so; else ``None``.

    Two values of one year order only when both name a different quarter or half, or sit in
    columns (or rows) that name two different dates (a price table's quarter ends, a balance at
    June 30 and at December 31 of one year, a result set by day).

    >>> from decimal import Decimal
    >>> dec = SourceValue(Decimal(5), "S1", column="December 31, 2025", year=2025)
    >>> jun = SourceValue(Decimal(4), "S1", column="June 30, 2025", year=2025)
    >>> [v.column for v in known_order(dec, jun)]
    ['June 30, 2025', 'December 31, 2025']
    """
    pa, pb = period(a), period(b)
    if pa is None or pb is None:
        return _unnamed_year_order(a, b)
    if pa[0] != pb[0]:
        return (a, b) if pa[0] < pb[0] else (b, a)
    if pa[1] is None or pb[1] is None or pa[1] == pb[1]:
        da, db = _column_date(a), _column_date(b)
        if (da is None or db is None or da == db) and a.row and b.row and a.row != b.row:
            da, db = label_date(a.row), label_date(b.row)  # rows by day ("2024-03-02")
        if da is None or db is None or da == db:
            return None
        return (a, b) if da < db else (b, a)
    return (a, b) if pa[1] < pb[1] else (b, a)


def _unnamed_year_order(a: SourceValue, b: SourceValue) -> tuple[SourceValue, SourceValue] | None:
    """Two rows of a result set by month or by quarter that names no year ("Q1", "Q2";
    "January", "February"): one year's periods, in their order. A day, or a month against a
    quarter, says nothing.

    >>> from decimal import Decimal
    >>> q2 = SourceValue(Decimal(5), "R1", period=(None, 102))
    >>> q1 = SourceValue(Decimal(4), "R1", period=(None, 101))
    >>> [v.period for v in _unnamed_year_order(q2, q1)]
    [(None, 101), (None, 102)]
    """
    oa, ob = a.period, b.period
    if oa is None or ob is None or oa[0] is not None or ob[0] is not None:
        return None
    ca, cb = oa[1], ob[1]
    # (sources.rows_months' codes, below which layer this one stands: a month is 1-12, a
    # quarter 100 + q, a day 10,000 and up)
    if ca == cb or ca >= 10_000 or cb >= 10_000 or (ca > 100) != (cb > 100):
        return None
    return (a, b) if ca < cb else (b, a)


def field_stem(v: SourceValue) -> str | None:
    """The field name without its year/quarter (``revenue_2023`` -> ``revenue``); ``None`` when the
    field names no period (then it is not one of a series).
    """
    return _stem(v.field) if v.field else None


@lru_cache(maxsize=65536)
def _stem(name: str) -> str | None:
    stripped = YEAR.sub(" ", name)
    stripped = _FY2.sub(" ", stripped)
    stripped = " ".join(
        t
        for t in _TOKEN.findall(stripped)
        if not (len(t) == 2 and t[0] in "qhQH" and t[1].isdigit())
    )
    if YEAR.search(name) is None and _FY2.search(name) is None and _sub_of(name) is None:
        return None
    stem = _SEP.sub(" ", stripped).strip().lower()
    return stem or None


def aligned(a: SourceValue, b: SourceValue) -> bool:
    """Cells of one table combine only along a row or down a column, never diagonally."""
    if a.table is not None and a.table == b.table and a.source_id == b.source_id:
        return a.row_index == b.row_index or a.col_index == b.col_index
    return True


def same_quantity(a: SourceValue, b: SourceValue) -> bool:
    """False when a *change* between two values would be meaningless because they visibly measure
    different things: fields of two different series (``revenue_2023`` vs ``costs_2024``), cells
    of one table off each other's row and column, or two cells of the same period.
    """
    if not aligned(a, b):
        return False
    if a.table is not None and a.table == b.table and a.source_id == b.source_id:
        pa, pb = period(a), period(b)
        if pa is not None and pb is not None and pa == pb and not _dated_apart(a, b):
            return False
    sa, sb = field_stem(a), field_stem(b)
    if sa is not None and sb is not None and a.source_id == b.source_id:
        return sa == sb
    return True


def related_score(values: tuple[SourceValue, ...]) -> int:
    """How closely a set of operands belong together (higher first in evidence): same record,
    table, row, column, series, and neighbouring periods.
    """
    score = 0
    first = values[0]
    if all(v.source_id == first.source_id for v in values):
        score += 1
        if first.table is not None and all(v.table == first.table for v in values):
            score += 1
            if first.row_index is not None and all(v.row_index == first.row_index for v in values):
                score += 3
            if first.col_index is not None and all(v.col_index == first.col_index for v in values):
                score += 2
        stems = {field_stem(v) for v in values}
        if len(stems) == 1 and None not in stems:
            score += 3
    years = sorted(p[0] for v in values if (p := period(v)) is not None)
    if (
        len(years) == len(values)
        and len(set(years)) == len(years)
        and years[-1] - years[0] == len(years) - 1
    ):
        score += 1
    return score


def years_in_text(text: str) -> list[int]:
    """Four-digit years written in a piece of text, in order.

    >>> years_in_text("from 2019 to 2023")
    [2019, 2023]
    >>> years_in_text("in 2024? The answer is 0.2010.")
    [2024]
    """
    return [int(m.group(1)) for m in _TEXT_YEAR.finditer(text)]


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,7}\.?"
# A full date: "March 31, 2025", "31 March 2025", "Mar. 31st, 2025", "2025-03-31", "3/31/2025",
# "31.03.2025".
_DATE = re.compile(
    rf"(?i)(?<![\w/.-])(?:(?P<m1>{_MONTH_WORD})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    rf"(?P<y1>(?:19|20)\d\d)|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m2>{_MONTH_WORD}),?\s+"
    r"(?P<y2>(?:19|20)\d\d)|(?P<y3>(?:19|20)\d\d)-(?P<m3>\d{1,2})-(?P<d3>\d{1,2})"
    r"|(?P<a4>\d{1,2})[/.](?P<b4>\d{1,2})[/.](?P<y4>(?:19|20)\d\d))(?![\w/-]|\.\d)"
)


def _date(m: re.Match[str]) -> tuple[int, int, int] | None:
    """(year, month, day) of a match of _DATE; None for an impossible date, or one written in
    numbers that reads both ways ("03/04/2025": March 4 or 3 April)."""
    if m["y1"] or m["y2"]:
        # (casefold: "ſept" is a month to IGNORECASE, and lower() keeps its "ſ")
        word = (m["m1"] or m["m2"]).casefold()[:3]
        year, month, day = int(m["y1"] or m["y2"]), _MONTHS.index(word) + 1, int(m["d1"] or m["d2"])
    elif m["y3"]:
        year, month, day = int(m["y3"]), int(m["m3"]), int(m["d3"])
    else:
        a, b = int(m["a4"]), int(m["b4"])
        if a != b and a <= 12 and b <= 12:
            return None
        year, month, day = int(m["y4"]), min(a, b), max(a, b)
    return (year, month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None


@lru_cache(maxsize=4096)
def label_date(label: str) -> tuple[int, int, int] | None:
    """The one full date a column or row label writes, as (year, month, day); None for a label
    with no full date ("2025", "Q3 2025") or with two.

    >>> label_date("June 30, 2025"), label_date("Three months ended 30 Jun 2025")
    ((2025, 6, 30), (2025, 6, 30))
    >>> label_date("2025") is None, label_date("3/4/2025") is None, label_date("2024-W03")
    (True, True, (2024, 1, 15))
    """
    found = list(_DATE.finditer(label))
    if not found and "W" in label.upper():
        return iso_week_date(label)  # "2024-W03": its Monday
    return _date(found[0]) if len(found) == 1 else None


def date_at_end(text: str) -> tuple[int, int, int] | None:
    """The full date ``text`` ends with ("... on June 30, 2025"), as (year, month, day).

    >>> date_at_end("was $48.20 on June 30, 2025"), date_at_end("in 2025") is None
    ((2025, 6, 30), True)
    """
    if "-" not in text and "/" not in text and "." not in text and _MONTH_NAMES.absent(text):
        return None  # (a year alone: the wrong-row check asks this of most claims it reads)
    ends = [m for m in _DATE.finditer(text) if m.end() == len(text)]
    return _date(ends[-1]) if ends else None


def _column_date(v: SourceValue) -> tuple[int, int, int] | None:
    """The full date a cell's column names ("12 Weeks Ended September 29, 2019"), or None."""
    return label_date(v.column) if v.column else None


def _dated_apart(a: SourceValue, b: SourceValue) -> bool:
    """Two cells of one year whose columns name two different dates ("June 30, 2019" and
    "December 31, 2019", the quarters of a price table), or whose rows do (a result set by day
    or week, "2024-01-01" and "2024-01-22"): two periods, though one year."""
    da, db = _column_date(a), _column_date(b)
    if da is not None and db is not None and da != db:
        return True
    ra = label_date(a.row) if a.row and b.row and a.row != b.row else None
    return ra is not None and b.row is not None and label_date(b.row) not in (None, ra)


# Every full date holds a month's name (the two first forms of _DATE) or a "-", "/" or "." (the
# two others): a text with none of them holds no date, and _DATE, tried at every character, is
# not run. The names behind model.wordgate's exact test ("ſep" is "sep" to IGNORECASE).
_MONTH_NAMES = WordGated(re.compile(rf"(?i){_MONTH_WORD}"), _MONTHS)
