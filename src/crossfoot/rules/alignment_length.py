"""Final figures from a column (or row) of another period than the question asks about.

A table of quarters ("First Quarter ... Fourth Quarter, Total"; "Q1 2019 ... Q4 2019") or of two
period lengths ("Three Months Ended December 31, 2019" beside "Year Ended December 31, 2019")
holds every year's value several times over: the year alone does not say which cell answers.
"What was the gross profit in the three months ended December 31, 2019?" answered with the year's
cell, or "the change in revenue from the first to the second quarter" computed over the third,
uses values of the row asked, of the year asked, and answers another question. For
:func:`crossfoot.rules.alignment.misfit` (through ``rules.alignment_periods.period_misfit``):

- **quarters**: the question names quarters ("Q2", "the second quarter", "first and second
  quarters") and the operand's line names another quarter, or is the Total column of a table of
  quarters when the question asks for no total. A question of two quarters or more needs every
  operand in one of them; a question of one quarter needs one (another may be its base, or the
  year's total its whole).
- **length**: the question names a period length ("three months", "quarter", "six months",
  "year ended", "fiscal year", "twelve months") that some line of the operand's table has, and
  every operand's line is of another length.

Lines of no period reading, tables without the asked period, and questions that name none are
not judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.model.types import SourceValue

__all__ = ["length_misfit", "period_length", "quarters_named"]

_ORD = r"(?:first|second|third|fourth|1st|2nd|3rd|4th)"
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
}
# an ordinal in a list that ends in "quarter(s)": "the first and second quarters", "Q3"
_QUARTER = re.compile(
    rf"(?i)\b({_ORD})\b(?=(?:\s*(?:,|and|&|to|through|-|or)\s*(?:the\s+)?{_ORD}\b)*"
    rf"\s*(?:fiscal\s+)?(?:quarters?|qtrs?)\b)|\bq([1-4])\b|\bquarter\s+([1-4])\b"
)
_LENGTHS: tuple[tuple[int, re.Pattern[str]], ...] = (
    (
        3,
        re.compile(
            r"(?i)\b(?:three|3)[-\s]months?\b|\bquarters?\b|\bqtrs?\b|\bq[1-4]\b|\b13[-\s]weeks?\b"
        ),
    ),
    (6, re.compile(r"(?i)\b(?:six|6)[-\s]months?\b|\bhalf[-\s]years?\b|\b26[-\s]weeks?\b")),
    (9, re.compile(r"(?i)\b(?:nine|9)[-\s]months?\b|\b39[-\s]weeks?\b")),
    (
        12,
        re.compile(
            r"(?i)\b(?:twelve|12)[-\s]months?\b|\byears?\s+end(?:ed|ing)\b|\bfiscal\s+years?\b|"
            r"\bfull[-\s]years?\b|\bannual\b|\b52[-\s]weeks?\b"
        ),
    ),
)
# A question that asks for the whole year: a table's Total column answers it
_WHOLE = re.compile(r"(?i)\btotal|\bsum\b|\bfull[-\s]year|\bannual\b|\bwhole\b|\byears?\s+end")
_TOTAL = re.compile(r"(?i)^\s*(?:total|full[-\s]year|fiscal\s+year)\b")


@lru_cache(maxsize=4096)
def quarters_named(text: str) -> frozenset[int]:
    """The quarters ``text`` names, by number.

    >>> sorted(quarters_named("the change from the first to the second quarter of 2019"))
    [1, 2]
    >>> sorted(quarters_named("Q3 2019")), sorted(quarters_named("first-time adopters"))
    ([3], [])
    """
    out: set[int] = set()
    for m in _QUARTER.finditer(text):
        word, q, n = m.groups()
        out.add(_ORDINALS[word.lower()] if word else int(q or n))
    return frozenset(out)


@lru_cache(maxsize=4096)
def period_length(text: str) -> int | None:
    """The length in months of the one period ``text`` names, or None (none, or several).

    >>> period_length("Three Months Ended December 31, 2019"), period_length("Year Ended 2019")
    (3, 12)
    >>> period_length("2019") is None
    True
    """
    found = {n for n, pattern in _LENGTHS if pattern.search(text)}
    return min(found) if len(found) == 1 else None


def _quarters_of(v: SourceValue) -> frozenset[int]:
    """The quarters ``v``'s column label names, else its row label."""
    for label in (v.column, v.row):
        if label and (got := quarters_named(label)):
            return got
    return frozenset()


def _length_of(v: SourceValue) -> int | None:
    """The period length ``v``'s column label names, else its row label."""
    for label in (v.column, v.row):
        if label and (got := period_length(label)) is not None:
            return got
    return None


def _table(v: SourceValue, values: Sequence[SourceValue]) -> list[SourceValue]:
    return [x for x in values if x.source_id == v.source_id and x.table == v.table]


def _quarter_misfit(
    asked: frozenset[int], ops: Sequence[SourceValue], ask: Ask, values: Sequence[SourceValue]
) -> str | None:
    table = _table(ops[0], values)
    have = {q for x in table for q in _quarters_of(x)}
    if not asked <= have:
        return None  # (the asked quarters are no lines of this table)
    whole = _WHOLE.search(ask.text) is not None
    others, inside = [], False
    for v in ops:
        qs = _quarters_of(v)
        if qs:
            inside = inside or bool(qs & asked)
            if not qs & asked:
                others.append(v)
        elif not whole and v.column and _TOTAL.search(v.column):
            others.append(v)
    if not others or (len(asked) == 1 and inside):
        return None
    q = ", ".join(f"Q{n}" for n in sorted(asked))
    return f"the question asks about {q}; this figure comes from {others[0].label}"


def length_misfit(
    ask: Ask, ops: Sequence[SourceValue], values: Sequence[SourceValue]
) -> str | None:
    """Why a figure over ``ops`` is of another period than the question asks, or None.

    >>> from decimal import Decimal
    >>> cell = lambda v, col: SourceValue(Decimal(v), "S1", table=0, row="Revenue", column=col,
    ...     label=f"Revenue / {col}")
    >>> values = [cell(1240, "Three Months Ended December 31, 2019"),
    ...           cell(4610, "Year Ended December 31, 2019")]
    >>> ask = Ask("What was the revenue in the three months ended December 31, 2019?")
    >>> length_misfit(ask, values[1:], values)[:60]
    'the question asks about 3 months; this figure comes from Rev'
    >>> length_misfit(ask, values[:1], values) is None
    True
    """
    if not ops or any(v.table is None for v in ops):
        return None
    text = ask.text
    asked = quarters_named(text)
    if asked:
        why = _quarter_misfit(asked, ops, ask, values)
        if why is not None:
            return why
    length = period_length(text)
    if length is None:
        return None
    lens = [_length_of(v) for v in ops]
    if any(n is None or n == length for n in lens):
        return None
    if not any(_length_of(x) == length for x in _table(ops[0], values)):
        return None
    return f"the question asks about {length} months; this figure comes from {ops[0].label}"
