"""Dates as agents write them, reduced to a comparable form.

An argument date and a context date are the same value when they name the same calendar day, however
each was written: ISO (``2024-06-30``, with or without a time), written (``June 30, 2024``,
``30 June 2024``, ``Jun 30th 2024``), numeric (``06/30/2024``, ``30.06.2024``, ``2024/06/30``), or
relative to a reference day (``today``, ``tomorrow``, ``yesterday``, ``in 3 days``).

Days are proleptic Gregorian ordinals (``date.toordinal()``) so the context store can keep them in
plain ``set[int]``. A date written without a year (``May 27``) is kept as ``(month, day)``.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date, timedelta

from crossfoot.agents._count_words import COUNT, COUNT_WORDS, after_frequency, count_value

__all__ = [
    "COUNT_WORDS",
    "DAY_WORDS",
    "MONTH_WORD",
    "WEEKDAYS",
    "find_dates",
    "find_reference_date",
    "find_weekday_days",
    "months_after",
    "parse_date",
    "relative_weekdays",
    "user_days",
]

_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
MONTH_WORD = (  # (agents._ranges reads it too)
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DAY = r"(?:[0-3]?\d)(?:st|nd|rd|th)?"

# ISO day, optionally followed by a time; the time is ignored because arguments name days.
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
# 2024/06/30
_YMD_SLASH = re.compile(r"(?<!\d)(\d{4})/(\d{1,2})/(\d{1,2})(?!\d)")
# 06/30/2024, 30/06/2024, 30.06.2024, 06-30-2024: order resolved by which part can be a month.
_NUMERIC = re.compile(r"(?<![\d./-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\d])")
# June 30, 2024 / June 30th 2024 / June 30 (yearless)
_MDY = re.compile(
    r"\b(" + MONTH_WORD + r")\.?\s+(" + _DAY + r")\b(?:,?\s+(\d{4})\b)?", re.IGNORECASE
)
# 30 June 2024 / 30th of June, 2024 / 30 June (yearless)
_DMY = re.compile(
    r"\b(" + _DAY + r")\s+(?:of\s+)?(" + MONTH_WORD + r")\b\.?(?:,?\s+(\d{4})\b)?", re.IGNORECASE
)
# Days of the month in words: "the third of May", "May the twenty-first", "1st" spelled out.
_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
DAY_WORDS = {w: i + 1 for i, w in enumerate(_ORDINALS.split())}
DAY_WORDS |= {f"twenty{s}{w}": 20 + DAY_WORDS[w] for w in list(DAY_WORDS)[:9] for s in ("-", " ")}
DAY_WORDS |= {"thirtieth": 30, "thirty-first": 31, "thirty first": 31}
_DAY_WORD = "|".join(sorted(DAY_WORDS, key=len, reverse=True))  # longest first: "twenty-first"
# A day word beside a month, rewritten in digits ("3rd") for the patterns above: before "of
# <month>" or after "<month> (the)". Not "a third of the bill" (no month) nor "the third week".
_WORDED_DAY = re.compile(
    rf"\b(?:({MONTH_WORD})\.?\s+the\s+({_DAY_WORD})\b|({_DAY_WORD})(?=\s+of\s+{MONTH_WORD}\b))",
    re.IGNORECASE,
)


_SPELLED_GATE = ("of ", "the ", "Of ", "The ", "OF ", "THE ")  # (_WORDED_DAY is case-blind)


def _spelled_days(text: str) -> str:
    """``text`` with each day of the month written in words beside a month in digits.

    >>> _spelled_days("the third of May, or May the twenty-first; a third of it")
    'the 3rd of May, or May 21st; a third of it'
    >>> _spelled_days("The Third Of May, May The First")  # (a title's case: the gate too)
    'The 3rd Of May, May 1st'
    """
    if not any(w in text for w in _SPELLED_GATE):
        return text
    return _WORDED_DAY.sub(_as_digits, text)


def _as_digits(m: re.Match[str]) -> str:
    n = DAY_WORDS[(m[2] or m[3]).lower()]
    digits = f"{n}{'th' if 10 < n < 14 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    return f"{m[1]} {digits}" if m[1] else digits


# The count words of every reader of days (agents._count_words: "in ten days", "ten days later").
_COUNT = rf"(\d{{1,3}}|{COUNT})"
# "in 3 days", "in two weeks", "a week from today", "in 3 months", "in a fortnight": days counted
# from the reference day (a month is the same day of a later month).
_RELATIVE = re.compile(
    r"\b(today|tomorrow|yesterday|day after tomorrow|day before yesterday|in "
    + _COUNT
    + r" (days?|weeks?|months?|fortnights?)|"
    + _COUNT
    + r" (weeks?|days?|months?|fortnights?) from (?:today|now))\b",
    re.IGNORECASE,
)
# "The current time is 2024-05-15 15:00:00", "today is June 3, 2024", "current date: 2024-05-15"
_REFERENCE = re.compile(
    r"\b(?:current (?:date|time)(?: is)?|today is|today's date is|date today is|as of)\s*:?\s*"
    r"([^\n;]{6,40})",
    re.IGNORECASE,
)
_DIGIT_DAY = re.compile(r"\d")


def _day(year: int, month: int, day: int) -> int | None:
    try:
        return date(year, month, day).toordinal()
    except ValueError:
        return None


def _month(word: str) -> int:
    return _MONTHS[word.lower()[:4] if word.lower().startswith("sept") else word.lower()[:3]]


def _day_number(text: str) -> int:
    return int(text.rstrip("stndrhSTNDRH"))


def parse_date(text: str, reference: date | None = None) -> date | None:
    """The day a whole string names, or ``None`` when it is not just a date.

    >>> parse_date("June 30, 2024"), parse_date("2024-06-30T09:00:00Z")
    (datetime.date(2024, 6, 30), datetime.date(2024, 6, 30))
    >>> parse_date("tomorrow", date(2024, 5, 15)), parse_date("in a month", date(2024, 1, 31))
    (datetime.date(2024, 5, 16), datetime.date(2024, 2, 29))
    """
    s = _spelled_days(text.strip().rstrip("."))
    if not s or len(s) > 40:
        return None
    m = _ISO.match(s)
    if (
        m
        and (m.end() == len(s) or s[m.end()] in "T ")
        and (m.end() == len(s) or _time_tail(s[m.end() :]))
    ):
        got = _day(int(m[1]), int(m[2]), int(m[3]))
        return date.fromordinal(got) if got else None
    for pattern in (_YMD_SLASH, _NUMERIC, _MDY, _DMY):
        m = pattern.fullmatch(s)
        if m:
            ordinal, _ = _from_match(pattern, m)
            if ordinal is not None:
                return date.fromordinal(ordinal)
            return None
    if reference is not None:
        m = _RELATIVE.fullmatch(s)
        if m:
            return date.fromordinal(_relative(m, reference))
    return None


def _time_tail(tail: str) -> bool:
    # "T09:00:00Z", " 15:00:00 EST", "T09:00:00+02:00": anything after the day that is a time.
    return bool(
        re.fullmatch(
            r"[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,4})?", tail
        )
    )


def _relative(m: re.Match[str], reference: date) -> int:
    word = m[1].lower()
    offset = {
        "today": 0,
        "tomorrow": 1,
        "yesterday": -1,
        "day after tomorrow": 2,
        "day before yesterday": -2,
    }.get(word)
    if offset is None:
        count, unit = (m[2], m[3]) if m[2] else (m[4], m[5])
        n = count_value(count)
        unit = unit.lower()
        if unit.startswith("month"):
            return months_after(reference, n)
        offset = n * {"w": 7, "f": 14}.get(unit[0], 1)
    return (reference + timedelta(days=offset)).toordinal()


def months_after(reference: date, n: int) -> int:
    """The ordinal of the same day ``n`` months after ``reference`` (the month's last day when
    it has no such day: "in a month" on January 31st is February 28th or 29th)."""
    index = reference.year * 12 + reference.month - 1 + min(n, 1200)
    year, month = index // 12, index % 12 + 1
    return date(year, month, min(reference.day, monthrange(year, month)[1])).toordinal()


def _from_match(
    pattern: re.Pattern[str], m: re.Match[str]
) -> tuple[int | None, tuple[int, int] | None]:
    """(ordinal, None) for a full date, (None, (month, day)) for a yearless one."""
    if pattern is _YMD_SLASH:
        return _day(int(m[1]), int(m[2]), int(m[3])), None
    if pattern is _NUMERIC:
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        if m[2] == "." or a > 12:  # dotted dates and a first part above 12 are day-first
            return _day(y, b, a), None
        return _day(y, a, b), None  # US order when ambiguous, the common case in agent data
    year: str | None = m[3]
    if pattern is _MDY:
        month, day = _month(m[1]), _day_number(m[2])
    else:
        day, month = _day_number(m[1]), _month(m[2])
    if not 1 <= day <= 31:
        return None, None
    if year:
        return _day(int(year), month, day), None
    return None, (month, day)


def find_dates(text: str, reference: date | None = None) -> tuple[set[int], set[tuple[int, int]]]:
    """Every day a text names: ``(ordinals, yearless (month, day) pairs)``.

    >>> days, yearless = find_dates("Fly out June 30, 2024, back 2024-07-04 or July 6")
    >>> sorted(date.fromordinal(d).isoformat() for d in days), sorted(yearless)
    (['2024-06-30', '2024-07-04'], [(7, 6)])
    """
    days: set[int] = set()
    yearless: set[tuple[int, int]] = set()
    text = _spelled_days(text)  # "the third of May"
    if not _DIGIT_DAY.search(text) and reference is None:
        return days, yearless
    # findall runs in C; the same date repeated across a JSON result is parsed once.
    for y, mo, d in set(_ISO.findall(text)):
        got = _day(int(y), int(mo), int(d))
        if got:
            days.add(got)
    if "/" in text or "." in text:
        for y, mo, d in set(_YMD_SLASH.findall(text)):
            got = _day(int(y), int(mo), int(d))
            if got:
                days.add(got)
        for m in _NUMERIC.finditer(text):
            got, _ = _from_match(_NUMERIC, m)
            if got:
                days.add(got)
    for pattern in (_MDY, _DMY):
        for m in pattern.finditer(text):
            got, md = _from_match(pattern, m)
            if got:
                days.add(got)
            elif md:
                yearless.add(md)
    if reference is not None:
        for m in _RELATIVE.finditer(text):
            if not (m[2] and after_frequency(text, m.start())):  # not "twice in a month"
                days.add(_relative(m, reference))
    return days, yearless


def find_reference_date(text: str) -> date | None:
    """The day a text states as "today" ("The current time is 2024-05-15 15:00 EST").

    >>> find_reference_date("The current time is 2024-05-15 15:00:00 EST.")
    datetime.date(2024, 5, 15)
    """
    low = text.lower()
    if not any(w in low for w in ("current", "today", "as of")):
        return None  # the pattern's words are absent: no regex pass over the whole text
    for m in _REFERENCE.finditer(text):
        days, _ = find_dates(m[1])
        if days:
            return date.fromordinal(min(days))
    return None


WEEKDAYS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")  # each before "day"
_WEEKDAY = "|".join(WEEKDAYS)
# "Saturday 18th", "on Friday the 3rd": a day of the month named with its weekday, no month. A
# month after it ("Saturday 18th May") is a full date, read by find_dates.
_WEEKDAY_DAY = re.compile(
    rf"\b({_WEEKDAY})day,?\s+(?:the\s+)?([0-3]?\d)"
    rf"(?:(?:st|nd|rd|th)\b|(?![\d:.]))(?!\s*(?:of\s+)?{MONTH_WORD})"
)


def find_weekday_days(low: str) -> set[tuple[int, int]]:
    """``(weekday, day of month)`` pairs a lower-cased text names without a month.

    >>> sorted(find_weekday_days("let's meet at 8 am on saturday 18th. or sunday, the 19th?"))
    [(5, 18), (6, 19)]
    >>> find_weekday_days("saturday 18 may, friday 10:00")
    set()
    """
    if "day" not in low:
        return set()
    return {
        (WEEKDAYS.index(m[1]), int(m[2]))
        for m in _WEEKDAY_DAY.finditer(low)
        if 1 <= int(m[2]) <= 31
    }


# "next Monday", "this Friday", "on Wednesday", "last Tuesday": a weekday counted from the
# reference day. Not one followed by a day of the month or a time ("Saturday 18th", "Friday
# 10:00": find_weekday_days reads the first, the second names no day of its own).
_RELATIVE_WEEKDAY = re.compile(
    rf"\b(?:(next|this|coming|last|past|on)\s+)?({_WEEKDAY})day\b"
    r"(?!,?\s+(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)?(?![\d:.]))"
)


# "Friday after next", "a week from Friday", "a week on Friday": the weekday a week after the
# coming one (and not the coming one itself).
_WEEK_LATER = re.compile(r" after next\b| week\b")
_WEEK_FROM = re.compile(r"\b(?:a|one) week (?:from|on) (?:this )?$")


def relative_weekdays(low: str, reference: date) -> set[int]:
    """The days a user's weekday words name, counted from ``reference``: the coming one for a
    bare weekday ("on Monday") or "this"; for "next", the coming one or the one a week later
    (English uses it both ways); for "last", the one before.

    >>> ref = date(2026, 12, 5)  # a Saturday
    >>> sorted(date.fromordinal(d).isoformat() for d in relative_weekdays("next monday", ref))
    ['2026-12-07', '2026-12-14']
    >>> sorted(date.fromordinal(d).isoformat() for d in relative_weekdays("on friday 10:00", ref))
    ['2026-12-11']
    >>> relative_weekdays("saturday 18th", ref)
    set()
    >>> [date.fromordinal(d).isoformat() for d in relative_weekdays("the friday after next", ref)]
    ['2026-12-18']
    >>> [date.fromordinal(d).isoformat() for d in relative_weekdays("a week from last friday", ref)]
    ['2026-12-11']
    """
    out: set[int] = set()
    today = reference.toordinal()
    for m in _RELATIVE_WEEKDAY.finditer(low):
        ahead = (WEEKDAYS.index(m[2]) - reference.weekday()) % 7
        word = m[1]
        if _WEEK_LATER.match(low, m.end()) or _WEEK_FROM.search(
            low, max(0, m.start() - 14), m.start()
        ):
            if word in ("last", "past"):  # "a week from last Friday": the coming one
                out.add(today - (7 - ahead if ahead else 7) + 7)
            else:  # "the Friday after next", "a week from Friday"
                out.add(today + (ahead or 7) + 7)
        elif word in ("last", "past"):
            out.add(today - (7 - ahead if ahead else 7))
        elif word == "this":
            out.add(today + ahead)
        else:
            out.add(today + (ahead or 7))
            if word == "next":
                out.add(today + (ahead or 7) + 7)
    return out


# "the 15th", "on the 3rd, please": a day of the month alone, as a user writes it in a chat. Not
# before a noun ("the 3rd passenger") or a month ("the 3rd of May": find_dates reads that one).
_DAY_ALONE = re.compile(
    r"\bthe\s+([0-3]?\d)(?:st|nd|rd|th)\b(?=\s*(?:[.,;:!?)]|$)|\s+(?:please|instead|then|if|and|"
    r"or|at|for|works|is|would|will)\b)"  # "the 3rd of this month": agents._month_days
)
# "12/15", "15/12": a month and day without a year, read as find_dates reads 12/15/2026 (not
# a fraction: "1/2 of it").
_SLASH_DAY = re.compile(r"(?<![\d/.,])([01]?\d|[12]\d|3[01])/([0-3]?\d)(?![\d/%]|\s+of\b)")


def user_days(low: str, reference: date | None) -> tuple[set[int], set[tuple[int, int]]]:
    """Days a user's chat names without a month or a year: "the 15th" (this month's when still
    ahead of ``reference``, else next month's) and "12/15" (a yearless month and day, day first
    when the first part cannot be a month).

    >>> days, yearless = user_days("move it to the 3rd, or 12/15", date(2026, 12, 5))
    >>> sorted(date.fromordinal(d).isoformat() for d in days), sorted(yearless)
    (['2027-01-03'], [(12, 15)])
    >>> user_days("the 3rd passenger, 1/2 of it, 40/50", None)  # a fraction is no day
    (set(), set())
    """
    days: set[int] = set()
    yearless: set[tuple[int, int]] = set()
    if reference is not None and "the" in low:  # (exact: the pattern takes any space after it)
        for m in _DAY_ALONE.finditer(low):
            got = _day_from(reference, int(m[1]))
            if got is not None:
                days.add(got)
    if "/" in low:
        for m in _SLASH_DAY.finditer(low):
            a, b = int(m[1]), int(m[2])
            month, day = (b, a) if a > 12 else (a, b)
            if 1 <= month <= 12 and 1 <= day <= 31:
                yearless.add((month, day))
    return days, yearless


def _day_from(reference: date, day: int) -> int | None:
    """The ordinal of the next ``day`` of a month on or after ``reference``."""
    year, month = reference.year, reference.month
    if day < reference.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return _day(year, month, day)
