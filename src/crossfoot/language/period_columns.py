"""The period a column's label names when it is a part of a year: a quarter, a half or a month.

A table by quarter (``Product | Q1 | Q2 | Q3 | Q4``), by month (``Jan | Feb | Mar``) or by half
(``H1 2024 | H2 2024``) names in each column header the period of its cells, as a table by year
names a year (``SourceValue.year``). The readers of tables and result sets give each cell of such
a column that period (``SourceValue.period``, the code the rows of a series by month carry,
:mod:`crossfoot.sources.rows_months`), so the checks that read a row's period read a column's
alike: the wrong quarter is ``wrong_row`` (:mod:`crossfoot.rules.row_months`), a derivation
keeps to the named quarter's cells (:mod:`crossfoot.rules._month_focus`), a peak is ranked over
the line's periods.

A label is read as a period only when it is one and nothing else: its period word ("Q3", "3Q",
"H1", "first quarter", "Sept"), at most a year ("2024", "FY24", "fiscal 2024", "'24"), nothing
more. "Q3 revenue", "Three months ended March 31" and a full date are no period of this kind.

>>> [column_period(c) for c in ("Q3", "Q1 2024", "FY24 Q3", "H2", "Jan", "September 2023")]
[(None, 103), (2024, 101), (2024, 103), (None, 202), (None, 1), (2023, 9)]
>>> [column_period(c) for c in ("2024", "Q3 revenue", "March 31, 2024", "North", "Q5")]
[None, None, None, None, None]
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.years import period
from crossfoot.model.types import SourceValue

__all__ = [
    "HALF",
    "MONTH_NAMES",
    "MONTH_NUMBERS",
    "ORDINALS",
    "ORDINAL_PART",
    "QUARTER",
    "by_column",
    "cell_period",
    "column_period",
    "dated_or_part",
    "named_halves",
    "named_parts",
    "period_after",
    "period_name",
    "row_period",
]

QUARTER = 100  # a quarter q is the period QUARTER + q (as sources.rows_months codes it)
HALF = 200  # a half h is the period HALF + h

# Month words as a sentence or a cell writes them (lower case); "may" is the full name.
MONTH_NUMBERS: dict[str, int] = {
    name: i + 1
    for i, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        )
    )
    for name in names
}
MONTH_NAMES: tuple[str, ...] = tuple(
    "January February March April May June July August September October November December".split()
)
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4}
ORDINALS["4th"] = 4
_PART = {"quarter": QUARTER, "qtr": QUARTER, "half": HALF}
# "Q3", "3Q", "H1", "1H", with a two-digit year glued on: "Q3'24" reads apart, "3Q24" here.
_SHORT = re.compile(r"^(?:([qh])([1-4])|([1-4])([qh]))(\d\d)?$")
_YEAR = re.compile(r"^(?:fy)?((?:19|20)\d\d)$")
_FY = re.compile(r"^fy(\d\d)$")
_SPLIT = re.compile(r"[\s\-/,.'\u2019()_]+")
_ISO_MONTH = re.compile(r"^(?:19|20)\d\d-\d\d$")
_SHORT_YEAR = re.compile(r"['\u2019](\d\d)\b")
_FILLER = frozenset({"fiscal", "fy", "of", "the", "year"})


@lru_cache(maxsize=8192)  # a table's labels repeat in every cell of their column
def column_period(label: str | None) -> tuple[int | None, int] | None:
    """``(year or None, code)`` of a label that names one quarter (``QUARTER + q``), half
    (``HALF + h``) or month (1-12), and at most its year; None for any other label."""
    if not label or len(label) > 40:
        return None
    if _ISO_MONTH.match(label) is not None:  # "2024-03"
        return (int(label[:4]), int(label[5:7])) if "01" <= label[5:7] <= "12" else None
    # "Q1 '24": a year of two digits after an apostrophe (a bare "24" may be a day)
    low = _SHORT_YEAR.sub(r" 20\1", label.strip().lower())
    words = [w for w in _SPLIT.split(low) if w]
    if not words or len(words) > 5:
        return None
    year: int | None = None
    code: int | None = None
    i = 0
    while i < len(words):
        w = words[i]
        got = _one_word(w, words[i + 1] if i + 1 < len(words) else "")
        if got is None:
            return None
        kind, value, used = got
        if kind == "year":
            if year is not None:
                return None
            year = value
        elif kind == "period":
            if code is not None:
                return None
            code = value
            if used == 1 and (short := _SHORT.match(w)) is not None and short[5]:
                year = 2000 + int(short[5])  # "3Q24"
        i += used
    return (year, code) if code is not None else None


def _one_word(w: str, after: str) -> tuple[str, int, int] | None:
    """What the word ``w`` (and the word ``after`` it) of a label is: ("year", y, words read),
    ("period", code, words read), ("filler", 0, 1); None for a word no period label holds."""
    if w in _FILLER:
        return ("filler", 0, 1)
    if (y := _YEAR.match(w)) is not None:
        return ("year", int(y[1]), 1)
    if (fy := _FY.match(w)) is not None:
        return ("year", 2000 + int(fy[1]), 1)
    short = _SHORT.match(w)
    if short is not None:
        letter, digit = (short[1], short[2]) if short[1] else (short[4], short[3])
        if letter == "h" and int(digit) > 2:
            return None
        return ("period", (QUARTER if letter == "q" else HALF) + int(digit), 1)
    if w in MONTH_NUMBERS:
        return ("period", MONTH_NUMBERS[w], 1)
    if w in ORDINALS and after in _PART:
        n, base = ORDINALS[w], _PART[after]
        return ("period", base + n, 2) if base == QUARTER or n <= 2 else None
    return None


# A half a sentence names: "H1", "2H", "the first half", with its year right after it.
_HALF_NAME = re.compile(
    r"(?i)\b(?:h([12])|([12])h|(first|second)[\s-]+half)\b(?:\s+(?:of\s+)?((?:19|20)\d\d)\b)?"
)


def named_halves(text: str) -> set[tuple[int | None, int]]:
    """The halves ``text`` names, as ``(year or None, HALF + h)``.

    >>> sorted(named_halves("H1 2024 and the second half of 2023")), named_halves("Q3")
    ([(2023, 202), (2024, 201)], set())
    """
    if "alf" not in text and "1" not in text and "2" not in text:
        return set()  # (no "half", no "H1"/"2H": most sentences)
    found: set[tuple[int | None, int]] = set()
    for m in _HALF_NAME.finditer(text):
        h = int(m[1] or m[2]) if (m[1] or m[2]) else (1 if m[3].lower() == "first" else 2)
        found.add((int(m[4]) if m[4] else None, HALF + h))
    return found


# Every part of a year a sentence names: "Q3", "3Q", "H1", "2H", an ordinal before "quarter" or
# "half" (also across "and"/"to": "the second and first quarter"), a capitalised month name.
# The ordinal before "quarter" or "half" (two groups: the ordinal, the noun); also read by
# rules._sub_period_focus, whose reading of the parts of a year this is.
ORDINAL_PART = (
    r"(first|second|third|fourth)\b(?=(?:\s+(?:and|to|through|or|the|&|-))*[\s-]+(?:the\s+)?"
    r"(?:(?:first|second|third|fourth)\s+)?(quarter|half|halves))"
)
_PART_NAME = re.compile(
    r"\b(?:[qQ]([1-4])|([1-4])[qQ]|[hH]([12])|([12])[hH]"
    r"|(?i:" + ORDINAL_PART + r")"
    r"|([A-Z][a-z]{2,8})\.?)\b"
)


def named_parts(text: str) -> set[int]:
    """The codes of the quarters, halves and months ``text`` names (any year).

    >>> sorted(named_parts("from Q2 to Q3")), sorted(named_parts("the second and first quarter"))
    ([102, 103], [101, 102])
    >>> sorted(named_parts("H1 sales topped March's")), named_parts("May I help?")
    ([3, 201], {5})
    """
    found: set[int] = set()
    for m in _PART_NAME.finditer(text):
        if m[1] or m[2]:
            found.add(QUARTER + int(m[1] or m[2]))
        elif m[3] or m[4]:
            found.add(HALF + int(m[3] or m[4]))
        elif m[5]:
            n = ORDINALS[m[5].lower()]
            if m[6].lower() == "quarter":
                found.add(QUARTER + n)
            elif n <= 2:
                found.add(HALF + n)
        elif (month := MONTH_NUMBERS.get(m[7].lower())) is not None:
            found.add(month)
    return found


# A part of a year written right after a figure: "135 in Q1", "1,475 units in March 2025",
# "2,780 (H2)"; what named_month reads of it.
_AFTER = re.compile(
    r"(?:\s+[a-z]+){0,2}?\s*\(?\s*(?:(?:in|during|for|over)\s+)?(?:the\s+)?"
    r"((?:[qQ][1-4]|[1-4][qQ]|[hH][12]|[12][hH]|(?i:(?:first|second|third|fourth)\s+(?:quarter|half))"
    r"|[A-Z][a-z]{2,8}\.?)(?:\s+(?:of\s+)?(?:19|20)\d\d)?)\b"
)


_DAY_NEXT = re.compile(r"\s+\d{1,2}(?:st|nd|rd|th)?\b(?![.,]\d)")


def period_after(text: str, end: int, hi: int) -> str:
    """The part of a year written right after the figure that ends at ``end`` (before
    ``hi``), with its year: "Q1" of "from 135 in Q1 to 160 in Q4"; "" when none is.

    >>> t = "Alpha grew from 135 in Q1 to 160 in Q4 2024."
    >>> period_after(t, 19, len(t)), period_after(t, 32, len(t)), period_after(t, 5, len(t))
    ('Q1', 'Q4 2024', '')
    """
    m = _AFTER.match(text, end, hi)
    if m is None or _DAY_NEXT.match(text, m.end(1)) is not None:
        return ""  # (a full date, "on March 5, 2024": the sentence's reading has its day)
    word = m[1].split()[0].rstrip(".")
    low = word.lower()
    if (
        word[0].isupper()
        and word[1:].islower()
        and low not in MONTH_NUMBERS
        and low not in ORDINALS
    ):
        return ""  # a capitalised word that is no month ("in Europe")
    return m[1]


def cell_period(label: str | None, year: int | None) -> tuple[int | None, int] | None:
    """The period of a cell under the column ``label``, in the cell's own ``year`` when it has
    one (a block of a table under "Fiscal 2018" repeats the first block's "Fiscal 2019 First
    Quarter" labels: the cell is of 2018's first quarter).

    >>> cell_period("Fiscal 2019 First Quarter", 2018), cell_period("Q2", None)
    ((2018, 101), (None, 102))
    """
    got = column_period(label)
    if got is None or year is None or got[0] == year:
        return got
    return (year, got[1])


def by_column(v: SourceValue) -> bool:
    """Whether ``v``'s period is the one its column's label names (not its row's)."""
    return (
        v.period is not None
        and (got := column_period(v.column)) is not None
        and (got[1] == v.period[1])
    )


def row_period(v: SourceValue) -> tuple[int | None, int] | None:
    """``v``'s period when it is its row's (a series by month down the rows), None when it is
    its column's or it has none: for the readings that run a series down a column."""
    return v.period if v.period is not None and not by_column(v) else None


def dated_or_part(v: SourceValue) -> tuple[int | None, int | None] | None:
    """``(year, month its part of a year ends)`` of a value
    (:func:`crossfoot.language.years.period`), or of a value whose part of a year names no year
    (a quarter, half or month alone: year None).

    >>> from decimal import Decimal
    >>> dated_or_part(SourceValue(Decimal(1), "S1", column="Q3", period=(None, 103)))
    (None, 9)
    """
    got = period(v)
    if got is not None or v.period is None:
        return got
    code = v.period[1]
    if code > HALF:
        return (None, (code - HALF) * 6)
    return (None, code if code <= 12 else (code - QUARTER) * 3)


def period_name(code: int) -> str:
    """How a sentence writes the period ``code``: "Q3", "H1", "March".

    >>> period_name(103), period_name(201), period_name(3)
    ('Q3', 'H1', 'March')
    """
    if code > HALF:
        return f"H{code - HALF}"
    if code > QUARTER:
        return f"Q{code - QUARTER}"
    return MONTH_NAMES[code - 1]
