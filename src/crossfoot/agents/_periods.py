"""The bounds of a period the user names: "my transactions from last month", "Q3 2026", "the
last 30 days", "in November", "this year".

A search or a report over a period takes its first and last day (or the day after the last, an
exclusive end) as ``start``/``end`` arguments, and none of those days is written: the user named
the period. A date argument whose name says it bounds something (``start``, ``end``,
``from_date``, ``date_to``, ``since``, ``until``, ``after``, ``before``, ``min_date``...) is found
when it is a bound of a period the user's own words name, read against the reference date
(``AgentPolicy(reference_date=...)``, a prompt that states today's date): a month with or without
its year ("in November", "November 2026", a month without a year is its latest one up to the
reference), "last/this/next month", "last/this/next year", "last/this week" (Monday to Sunday),
"Q1".."Q4" or "the first quarter" with or without a year, "year to date", and "the last/past N
days/weeks/months" (from N back to the reference). A bound counts for a bound argument only: a
single ``date`` argument is a day the user must give.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from functools import lru_cache

from crossfoot.agents._count_words import COUNT, count_value
from crossfoot.agents._dates import DAY_WORDS, MONTH_WORD
from crossfoot.agents._keys import arg_name
from crossfoot.agents._spans import forward_spans

__all__ = ["is_bound", "period_bounds"]

_BOUND = re.compile(
    r"(?:^|_)(?:start|end|from|to|since|until|till|after|before|begin|min|max|first|last|"
    r"lower|upper|gte|lte|gt|lt)(?:_|$)"
)
_MONTHS = {m: i for i, m in enumerate(calendar.month_name) if m} | {
    m: i for i, m in enumerate(calendar.month_abbr) if m
}
_MONTH_NUM = {k.lower(): v for k, v in _MONTHS.items()} | {"sept": 9}
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_PERIOD = re.compile(
    rf"\b(?:(?P<rel>last|this|next|previous|past|current)\s+(?P<unit>month|year|week|quarter)"
    rf"|(?P<ytd>year[\s-]to[\s-]date|ytd)"
    rf"|(?:the\s+)?(?:last|past|previous)\s+(?P<n>\d{{1,3}}|{COUNT})\s+"
    rf"(?P<nunit>days|weeks|months)"
    rf"|q(?P<q>[1-4])(?:\s*(?:of\s+)?'?(?P<qy>\d{{4}}|\d{{2}}))?"
    rf"|(?:the\s+)?(?P<nth>{'|'.join(_NTH)})\s+quarter(?:\s+(?:of\s+)?(?P<nthy>\d{{4}}))?"
    rf"|(?:in|for|from|during|of|since|over)\s+(?P<month>{MONTH_WORD})\b\.?(?:,?\s+(?P<my>\d{{4}}))?)\b"
)
# "the 3rd of May", "12 of May", "the third of May": a day of the month, no period ("of May 2026"
# is one).
_DAY_OF = re.compile(rf"(?:(?<![\d.,/-])\d{{1,2}}(?:st|nd|rd|th)?|\b(?:{'|'.join(DAY_WORDS)}))\s+$")
_GATE = ("month", "year", "week", "quarter", "ytd", "days", "q1", "q2", "q3", "q4", "in ", "within",
         "for ", "from ", "during ", "of ", "since ", "over ")  # fmt: skip


def is_bound(path: str) -> bool:
    """Whether a date argument bounds a period by its name.

    >>> is_bound("list.start_date"), is_bound("q.dateTo"), is_bound("book.date")
    (True, True, False)
    """
    return _BOUND.search(arg_name(path)) is not None


def period_bounds(low: str, reference: date | None) -> frozenset[int]:
    """Day ordinals of the bounds of each period a (lower-case) user's message names: its first
    day, its last day and the day after it.

    >>> ref = date(2026, 12, 6)
    >>> sorted(date.fromordinal(d).isoformat() for d in period_bounds("q3 2026 please", ref))
    ['2026-07-01', '2026-09-30', '2026-10-01']
    >>> period_bounds("from the 3rd of may 2026, since the twenty-first of may", ref)
    frozenset()
    """
    if reference is None or not any(g in low for g in _GATE):
        return frozenset()
    return _bounds(low[:20_000], reference)


@lru_cache(maxsize=256)
def _bounds(low: str, ref: date) -> frozenset[int]:
    out: set[int] = set()
    for m in _PERIOD.finditer(low):
        span = _span(m, ref)
        if span is not None:
            first, last = span
            out.update((first.toordinal(), last.toordinal(), last.toordinal() + 1))
        if len(out) > 300:
            break
    for a, b, _ in forward_spans(low, ref):  # "within the next 30 days" (_spans)
        out.update((a, b, b + 1))
    return frozenset(out)


def _span(m: re.Match[str], ref: date) -> tuple[date, date] | None:
    if m["rel"]:
        step = {"last": -1, "previous": -1, "past": -1, "this": 0, "current": 0, "next": 1}
        return _unit(m["unit"], step[m["rel"]], ref)
    if m["ytd"]:
        return date(ref.year, 1, 1), ref
    if m["n"]:
        n = count_value(m["n"])
        if m["nunit"] == "days":
            return ref - timedelta(days=n), ref
        if m["nunit"] == "weeks":
            return ref - timedelta(weeks=n), ref
        back = ref.year * 12 + ref.month - 1 - n
        day = min(ref.day, calendar.monthrange(back // 12, back % 12 + 1)[1])
        return date(back // 12, back % 12 + 1, day), ref
    if m["q"] or m["nth"]:
        q = int(m["q"]) if m["q"] else _NTH[m["nth"]]
        year_text = m["qy"] or m["nthy"]
        year = (
            ref.year
            if not year_text
            else int(year_text) % 100 + 2000
            if len(year_text) == 2
            else int(year_text)
        )
        if not year_text and q > (ref.month + 2) // 3:
            year -= 1  # "Q4" asked in June is last year's
        return date(year, 3 * q - 2, 1), _month_end(year, 3 * q)
    if m[0].startswith("of") and _DAY_OF.search(m.string, max(0, m.start() - 16), m.start()):
        return None
    month = _MONTH_NUM.get(m["month"][:3] if m["month"][:4] != "sept" else "sept")
    if month is None:
        return None
    year = int(m["my"]) if m["my"] else ref.year - (1 if month > ref.month else 0)
    return date(year, month, 1), _month_end(year, month)


def _unit(unit: str, step: int, ref: date) -> tuple[date, date]:
    if unit == "year":
        return date(ref.year + step, 1, 1), date(ref.year + step, 12, 31)
    if unit == "week":
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=step)
        return monday, monday + timedelta(days=6)
    if unit == "quarter":
        index = ref.year * 4 + (ref.month - 1) // 3 + step
        year, q = index // 4, index % 4 + 1
        return date(year, 3 * q - 2, 1), _month_end(year, 3 * q)
    index = ref.year * 12 + ref.month - 1 + step
    year, month = index // 12, index % 12 + 1
    return date(year, month, 1), _month_end(year, month)


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])
