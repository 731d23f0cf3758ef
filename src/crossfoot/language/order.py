"""Which of two numbers comes first, and which year a number belongs to.

- :func:`mention_order` and :func:`answer_order`: the order of two values the answer's wording
  states ("from A to B", "A minus B", "subtracting B from A");
- :func:`number_year`: the year a sentence ties a number to ("in 2019", "2019 revenue of").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING

from crossfoot.language.direction import clause_bounds
from crossfoot.language.minus_years import minus_years
from crossfoot.language.years import OPENING_DATE, OTHER_PERIOD, PERIOD_ENDED, date_at_end
from crossfoot.model.context import WINDOW
from crossfoot.model.memo import LastText
from crossfoot.model.types import Mention, SourceValue
from crossfoot.model.wordgate import WordGated

if TYPE_CHECKING:
    from crossfoot.model.context import ClaimContext

__all__ = [
    "answer_order",
    "mention_order",
    "number_date",
    "number_year",
    "number_year_date",
    "stated_order",
]

_START = attrgetter("start")
_HALF = Decimal("0.5")

# (word-gated: mention_order asks them of every pair of figures, and most windows hold neither word)
_FROM = WordGated(re.compile(r"(?i)\bfrom\s*$"), ("from",))
_FROM_TO = re.compile(r"(?i)^[^;]{0,60}?\bto\b[^;]{0,20}$")
_MINUS = re.compile(r"^\s*(?:[−\-–]|minus|less)\s*$", re.IGNORECASE)
_ARROW = re.compile(r"^\s*(?:→|->|=>|⟶|➔|➝)\s*$")  # "4,210 → 4,637": from the first to the second
_SUBTRACTING = WordGated(re.compile(r"(?i)\bsubtract(?:ing|ed|s)?\s*$"), ("subtract",))
_SUB_FROM = re.compile(r"(?i)^[^;]{0,40}?\bfrom\s*$")
_LATER_FIRST = re.compile(
    r"(?ix)^[^;\d]{0,50}?\b(?:compared\s+(?:with|to)|versus|vs\.?|against|relative\s+to|"
    r"(?:up|down)\s+from|from|over|in\s+contrast\s+to)\b"
    r"(?:\s*,?\s*(?:the|a|an|its|prior|previous|last|year|year's|prior-year|figure|level|total|"
    r"amount|of|about|approximately|roughly|nearly|around|only|just)\b){0,5}\s*$"
)


def _matches(m: Mention, sv: SourceValue) -> bool:
    tol = max(m.precision, sv.precision)
    if abs(abs(m.value) - abs(sv.value)) <= tol:
        return True
    if m.scale != 1 and m.written:
        unscaled_tol = m.precision / m.scale
        return abs(abs(m.written) - abs(sv.value)) <= max(unscaled_tol, sv.precision)
    return False


def mention_order(text: str, first: Mention, second: Mention) -> tuple[Mention, Mention] | None:
    """``(earlier, later)`` for two mentions of ``text`` (``first`` written before ``second``) when
    the wording fixes their order in time, else ``None``.

    >>> from decimal import Decimal
    >>> t = "sales rose to $12m from $10m"
    >>> a = Mention("$12m", 14, 18, Decimal(12), "money", Decimal("0.5"))
    >>> b = Mention("$10m", 24, 28, Decimal(10), "money", Decimal("0.5"))
    >>> [m.text for m in mention_order(t, a, b)]
    ['$10m', '$12m']
    """
    if first.start > second.start:
        first, second = second, first
    between = text[first.end : second.start]
    before = text[max(0, first.start - 40) : first.start]
    if _FROM.search(before) and _FROM_TO.match(between):
        return first, second  # "from A to B"
    if _ARROW.match(between):
        return first, second  # "A → B", "A -> B"
    if _MINUS.match(between):
        return second, first  # "B − A": later minus earlier
    if _SUBTRACTING.search(before) and _SUB_FROM.match(between):
        return first, second  # "subtracting A from B"
    if _LATER_FIRST.match(between):
        return second, first  # "B compared with A", "B, up from A", "rose to B from A"
    return None


_PLAIN_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def stated_order(text: str, first: Mention, second: Mention) -> tuple[Mention, Mention] | None:
    """:func:`mention_order`, else the same read with the years between the two masked: "fell
    to $4.2M in 2024 from $3.8M" (offsets kept).

    >>> from decimal import Decimal
    >>> t = "sales rose to $12m in 2024 from $10m"
    >>> a = Mention("$12m", 14, 18, Decimal(12), "money", Decimal("0.5"))
    >>> b = Mention("$10m", 32, 36, Decimal(10), "money", Decimal("0.5"))
    >>> [m.text for m in stated_order(t, a, b)]
    ['$10m', '$12m']
    """
    order = mention_order(text, first, second)
    if order is None and _PLAIN_YEAR.search(text, first.end, second.start):
        between = _PLAIN_YEAR.sub("yyyy", text[first.end : second.start])
        order = mention_order(text[: first.end] + between + text[second.start :], first, second)
    return order


def answer_order(
    ctx: ClaimContext, a: SourceValue, b: SourceValue
) -> tuple[SourceValue, SourceValue] | None:
    """``(earlier, later)`` of two source values when the answer's own wording orders them.

    The two values are found as mentions in the claim's sentence or the two before it, matched at
    their stated precision; ``None`` when either is not written or the wording says nothing.
    """
    sentence = ctx.sentence
    worded = _minus_order(ctx, a, b)  # "the 2008 net sales minus the 2009 net sales"
    if worded is not None:
        return worded
    lo = _window_start(ctx)
    pool: Sequence[Mention] = [
        ctx.mentions[k]
        for k in _starting_in(ctx.mentions, lo, sentence.end)
        if ctx.mentions[k].kind != "year"
    ]
    at_b = [k for k, mb in enumerate(pool) if _matches(mb, b)]
    if not at_b:
        return None
    # A run of hundreds of figures that all match (one value pasted over and over) would try
    # every pair: there, only figures a few places apart are paired, as ordering words sit
    # between two figures. Ordinary windows hold far fewer figures and try every pair.
    near = len(pool) if len(pool) <= _POOL_ALL else _NEAR
    for i, ma in enumerate(pool):
        if not _matches(ma, a):
            continue
        for k in at_b:
            if k == i or abs(k - i) > near:
                continue
            mb = pool[k]
            order = mention_order(ctx.text, ma, mb)
            if order is None:
                continue
            return (a, b) if order[0] is ma else (b, a)
    return None


def _minus_order(
    ctx: ClaimContext, a: SourceValue, b: SourceValue
) -> tuple[SourceValue, SourceValue] | None:
    """(the value subtracted, the value subtracted from) of two values of the two years a
    subtraction is written between, in the claim's sentence or else the question."""
    said = minus_years(ctx.sentence.text)
    if said is None:
        asked = ctx.shared.get("ask.text")
        said = minus_years(asked) if isinstance(asked, str) else None
    if said is None or a.year == b.year or {a.year, b.year} != set(said):
        return None
    return (b, a) if a.year == said[0] else (a, b)


# Figures in the window of answer_order up to which every pair is tried, and how many places
# apart two figures may be beyond it.
_POOL_ALL = 64
_NEAR = 8


_SENT_END = re.compile(r"[.!?][\"')\]]*\s+(?=\S)|\n+")


def _window_start(ctx: ClaimContext) -> int:
    """Start of the sentence two before the claim's (a light re-split; ends as in ``_text``),
    looked for within two claim windows back (not from the start of the answer, for every
    claim)."""
    start = ctx.sentence.start
    lo = max(0, start - 2 * WINDOW)
    ends = [m.end() for m in _SENT_END.finditer(ctx.text, lo, max(0, start))]
    if len(ends) >= 3:
        return ends[-3]
    return lo


# "$5m in 2019", "$5m for fiscal 2019", "$5m at December 31, 2019", "$5m as of 30 June 2019",
# "$5m on Dec 31, 2019": the
# year right after the number, alone or in a date (no other comma: in "$80, at the end of 2009
# $86" the 2009 belongs to what follows it).
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
_YEAR_AFTER = re.compile(
    # "1.8% of net sales in 2024", "$5m of revenue for 2019": what the figure is part of
    r"(?ix)^\s*(?:of\s+(?:the\s+|its\s+|our\s+)?(?:total\s+|net\s+)?[a-z]+(?:\s+[a-z]+)?"
    r"\s+(?=in\b|for\b))?"
    r"(?:(?:[a-z]+\s+)?(?:in|for|during|at|as\s+of|of|(?:at|as\s+of|by)\s+the\s+end\s+of|by|through"
    # "on December 31, 2019", "on 31 Dec 2019": 'on' only before a month and day (a figure "on
    # 2019 sales" is of a base, not stated for the year; "on 31.12.2019": _ON)
    rf"|on(?=\s+(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s*\d))))?\s*"
    # "for the fiscal year ended June 30, 2022", "in the twelve months ending"
    rf"(?:the\s+)?(?:{PERIOD_ENDED}|fiscal(?:\s+year)?|fy|calendar(?:\s+year)?|year)?\s*"
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s*|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s*)?'?$"
)


# "In 2019, ... $5m", "as of December 31, 2019, ... $5m": a year before the number must be
# introduced as a date and end its phrase ("the 2018 peer group" is a name, not a date).
_YEAR_INTRO = re.compile(
    r"(?ix)(?:\b(?:in|for|during|of|at|on|by|as\s+of|end\s+of|fiscal|year|fy|calendar)"
    r"|\b[a-z]{3,9}\.?\s+\d{1,2},?|\(|\*\*)\s*(?:\*\*)?$"
)
_YEAR_CLOSE = re.compile(
    r"(?i)^\s*(?:\*\*)?\s*(?:[,:)]|$|\b(?:was|were|is|are|had|has|totaled|totalled|amounted|stood|"
    r"reached|came|it|the|we|our|its)\b)"
)
# 'to' opens a span ("from 2018 to ..."), but not in "came to" / "amounted to": "In 2025, expenses
# came to $39.5m" states the figure for 2025.
_YEAR_BEFORE_GAP = re.compile(
    r"(?i)\b(?:from|compared|versus|vs\.?|than|since|between|over|(?<!came\s)(?<!amounted\s)to)\b"
)
_SPAN_HEAD = re.compile(
    r"(?i)(?:\b(?:from|between)\s+(?:fiscal\s+|fy\s*)?|(?:19|20)\d\d\s*(?:,|and|&|-|–|to)\s*(?:and\s+)?)$"
)
_SPAN_TAIL = re.compile(
    r"(?i)^\s*(?:[-–—,&]|to|and|through)\s*(?:and\s+)?(?:fiscal\s+|fy\s*)?'?\d\d"
)
_RESPECTIVELY = WordGated(re.compile(r"(?i)\brespectively\b"), ("respectively",))


def number_year(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> int | None:
    """The year the answer states the number ``mentions[i]`` for, or ``None``.

    "$5m in 2019" and "In 2019, revenue was $5m" name 2019; in "revenue was $5m in 2019, up from
    $4m" the $4m has no year of its own; "from 2018 to 2019" names a span, not a year.

    >>> from decimal import Decimal
    >>> t = "Revenue was $5m in 2019, up from $4m."
    >>> ms = [Mention("$5m", 12, 15, Decimal(5), "money", Decimal("0.5")),
    ...       Mention("2019", 19, 23, Decimal(2019), "year", Decimal("0.5")),
    ...       Mention("$4m", 33, 36, Decimal(4), "money", Decimal("0.5"))]
    >>> number_year(t, 0, len(t), ms, 0), number_year(t, 0, len(t), ms, 2)
    (2019, None)
    """
    found = _year_mention(text, sent_start, sent_end, mentions, i)
    return None if found is None else int(found.value)


def number_date(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> tuple[int, int, int] | None:
    """The full date the answer states the number ``mentions[i]`` for, as (year, month, day):
    the year :func:`number_year` reads, when it ends a date ("$48.20 on June 30, 2025", "as of
    2025-06-30, ... $48.20"); None for a year alone.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "The price was $48.20 on June 30, 2025."
    >>> number_date(t, 0, len(t), extract(t), 0)
    (2025, 6, 30)
    """
    found = _year_mention(text, sent_start, sent_end, mentions, i)
    if found is None:
        return None
    return date_at_end(text[max(0, found.start - 24) : found.end])


def number_year_date(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> tuple[int | None, tuple[int, int, int] | None]:
    """:func:`number_year` and :func:`number_date` together, the year mention found once (the
    wrong-row check asks for both of every claim it reads).

    >>> from crossfoot.numbers.extract import extract
    >>> t = "The price was $48.20 on June 30, 2025."
    >>> number_year_date(t, 0, len(t), extract(t), 0)
    (2025, (2025, 6, 30))
    """
    found = _year_mention(text, sent_start, sent_end, mentions, i)
    if found is None:
        return None, None
    return int(found.value), date_at_end(text[max(0, found.start - 24) : found.end])


def _year_mention(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> Mention | None:
    """The year mention (or date written in numbers) :func:`number_year` reads, or None."""
    return _YEARS.get(
        (text, mentions),
        (sent_start, sent_end, i),
        lambda: _read_year_mention(text, sent_start, sent_end, mentions, i),
    )


# The readings of the text and mentions _year_mention read last (the answer every rule of it
# reads; the memo holds both, so neither id is reused), by (sentence, figure): the rules of one
# answer ask for the same figure's year again (0.4 of its 2.2 calls, ~13 us).
_YEARS: LastText[tuple[int, int, int], Mention | None] = LastText()


def _read_year_mention(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> Mention | None:
    """:func:`_year_mention` read afresh."""
    # A long sentence is read within the claim window around the number (its clause is there).
    m = mentions[i]
    opened = sent_start >= m.start - WINDOW  # the sentence's opening is in the window
    sent_start = max(sent_start, m.start - WINDOW)
    sent_end = min(sent_end, m.end + WINDOW)
    dated = _numeric_dates(text, sent_start, sent_end, mentions, i)
    if dated is not None:
        mentions, i = dated
    # Only a year of the sentence is ever returned: without one, _year_of cannot find it.
    elif not any(mentions[k].kind == "year" for k in _starting_in(mentions, sent_start, sent_end)):
        return None
    found = _year_of(text, sent_start, sent_end, mentions, i)
    if found is None and opened and mentions[i].kind != "year":
        return _opening_year(text, sent_start, sent_end, mentions, i)
    return found


# "In 2022 revenue was ...": a bare "In"/"During" year opening the sentence frames it with no
# comma after it too ("in 2022 dollars" is a unit, not a period).
_BARE_OPENING = re.compile(r"(?i)[\s\"'(*]*(?:in|during)\s+(?:fiscal\s+|fy\s*)?")
_YEAR_UNIT = re.compile(r"(?i)^\s*(?:dollars|terms|prices|constant|currency)\b")
# Between an opening date and a later figure, besides language.years.OTHER_PERIOD: a span or a
# comparison with another period ("over", "since", "between").
_OVER = re.compile(r"(?i)\b(?:over|since|between)\b")


def _opening_year(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> Mention | None:
    """The year of a sentence opened by its date ("In 2022, revenue was $6.0m and costs were
    $3.4m": language.years.OPENING_DATE) for a later figure of it, when no other year and no word
    that sets the figure against another period (OTHER_PERIOD) stands between the two.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "In 2022, revenue was $6.0m and costs were $3.4m."
    >>> _opening_year(t, 0, len(t), extract(t), 2).text
    '2022'
    >>> t = "In 2022, revenue was $6.0m, up from $5.2m."
    >>> _opening_year(t, 0, len(t), extract(t), 2) is None
    True
    """
    m = mentions[i]
    inside = _starting_in(mentions, sent_start, m.start)
    if not inside:
        return None
    first = mentions[inside[0]]
    if first.kind != "year" or any(mentions[k].kind == "year" for k in inside[1:]):
        return None
    if not OPENING_DATE.fullmatch(text, sent_start, first.start):
        return None
    if _RESPECTIVELY.search(text, sent_start, sent_end):
        return None  # "As of 2011, ... $39 and $58 in 2012 and 2013, respectively": by position
    tail = text[first.end : first.end + 14]
    if _SPAN_TAIL.match(tail) or not (
        _YEAR_CLOSE.match(tail)
        or (_BARE_OPENING.fullmatch(text, sent_start, first.start) and not _YEAR_UNIT.match(tail))
    ):
        return None
    if OTHER_PERIOD.search(text, first.end, m.start) or _OVER.search(text, first.end, m.start):
        return None
    return first


# A date written in numbers ("2024-12-31", "12/31/2024", "31.12.2024"), which the number reader
# reads as no figure: its year is group 1 or 2.
_NUMERIC_DATE = re.compile(
    r"(?<![\d/.-])(?:((?:19|20)\d\d)-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01])"
    r"|\d{1,2}[/.]\d{1,2}[/.]((?:19|20)\d\d))(?![\d/-]|\.\d)"
)
_DATE_HINT = re.compile(r"\d[/.-]\d")


def _date_hint(text: str, lo: int, hi: int) -> bool:
    """``_DATE_HINT.search(text, lo, hi) is not None``, from the marks' positions: ``re`` tries
    the pattern at every character of the clause (it opens with no literal), where most clauses
    hold a mark or two. A digit of the pattern is ``str.isdecimal`` for one character.

    >>> _date_hint("as of 2024-12-31", 0, 16), _date_hint("rose 12.5%", 0, 7)
    (True, False)
    """
    lo, hi = max(lo, 0), min(hi, len(text))
    if hi - lo < 3:
        return False  # (and no negative end for find, which counts it from the text's end)
    for mark in "./-":
        j = text.find(mark, lo + 1, hi - 1)
        while j >= 0:
            if text[j - 1].isdecimal() and text[j + 1].isdecimal():
                return True
            j = text.find(mark, j + 1, hi - 1)
    return False


# "$5m on 31.12.2019": 'on' before a date written in numbers (_YEAR_AFTER cannot see past its gap)
_ON = re.compile(r"(?i)\s*,?\s*on\s+")


def _numeric_dates(
    text: str, lo: int, hi: int, mentions: Sequence[Mention], i: int
) -> tuple[list[Mention], int] | None:
    """The mentions of ``[lo, hi)`` with each date written in numbers read as the year it names,
    and the number's index among them; None when the stretch holds no such date.

    A date is a date however it is written: "$9,870.3 million as of 2024-12-31" states the figure
    for 2024 as "as of December 31, 2024" does.
    """
    if not _date_hint(text, lo, hi):
        return None
    dates = [
        Mention(d[0], d.start(), d.end(), Decimal(d[1] or d[2]), "year", _HALF)
        for d in _NUMERIC_DATE.finditer(text, lo, hi)
    ]
    if not dates:
        return None
    near = [mentions[k] for k in _starting_in(mentions, lo, hi)]
    merged = sorted([*near, *dates], key=_START)
    m = mentions[i]
    return merged, next(k for k, x in enumerate(merged) if x is m)


def _starting_in(mentions: Sequence[Mention], lo: int, hi: int) -> range:
    """Indexes of the mentions (in text order) that start in ``[lo, hi)``, by bisection."""
    return range(bisect_left(mentions, lo, key=_START), bisect_left(mentions, hi, key=_START))


def _year_of(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> Mention | None:
    m = mentions[i]
    if _RESPECTIVELY.search(text, sent_start, sent_end):
        return None  # "in 2018 and 2019 ... $4m and $5m, respectively": which is which is not local
    lo, hi = clause_bounds(text, sent_start, sent_end, m.start, m.end)
    inside = _starting_in(mentions, lo, hi)
    after = [k for k in inside if mentions[k].start >= m.end]
    if after:
        nxt = mentions[after[0]]
        if nxt.kind != "year" and len(after) > 1 and mentions[after[1]].kind == "year":
            # "for the twelve months ended June 30, 2022": the period's count is no figure
            # between the number and its year (_YEAR_AFTER lets no other digits through)
            nxt = mentions[after[1]]
        gap = text[m.end : nxt.start]
        if nxt.kind == "year" and (
            _YEAR_AFTER.match(gap) or (_ON.fullmatch(gap) and _NUMERIC_DATE.fullmatch(nxt.text))
        ):
            head = text[max(0, nxt.start - 14) : nxt.start]
            if not _SPAN_HEAD.search(head) and not _SPAN_TAIL.match(text[nxt.end : nxt.end + 14]):
                return nxt
    before = [k for k in inside if mentions[k].end <= m.start]
    if before:
        prev = mentions[before[-1]]
        owner = [k for k in inside if mentions[k].end <= prev.start and mentions[k].kind != "year"]
        if owner and _YEAR_AFTER.match(text[mentions[owner[-1]].end : prev.start]):
            return None  # "0.6 years in 2020, 0.8 years in 2019": 2020 belongs to the 0.6
        gap = text[prev.end : m.start]
        if prev.kind == "year" and len(gap) <= 60 and not _YEAR_BEFORE_GAP.search(gap):
            head = text[max(0, prev.start - 14) : prev.start]
            tail = text[prev.end : prev.end + 14]
            if (
                _YEAR_INTRO.search(text[max(0, prev.start - 30) : prev.start])
                and _YEAR_CLOSE.match(tail)
                and not _SPAN_HEAD.search(head)
                and not _SPAN_TAIL.match(tail)
            ):
                return prev
    return None
