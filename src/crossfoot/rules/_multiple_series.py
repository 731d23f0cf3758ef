"""A multiple or a level word with no figure over a line of periods (gaps37): "Revenue doubled
from Q1 to Q4" over a result set by quarter, "Signups were flat over the year" over one by month,
"Widget A units doubled" over a row of four years.

:mod:`crossfoot.rules.multiples` found the pair of such a word in two years the sentence names,
or in a row of exactly two years; a line of more periods, or one that runs down a column of
periods, gave it no pair and the word passed unread. The pair here is the line's first and last
period of the span the sentence names ("from Q1 to Q4", "since February"), else of the whole
line: the column the sentence names over rows by month or quarter
(:func:`crossfoot.rules._period_trend.period_series`), the one row it names over columns of
months or quarters (:func:`~crossfoot.rules._period_trend.row_periods`), or, over columns of
years, the one row it names from its first year to its last (:func:`ends_of_years`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.rules._period_trend import period_series, row_periods

__all__ = ["ends_of_years", "series_pair"]

_Pair = tuple[Decimal, Decimal, str, tuple[SourceValue, ...]]
_QUARTERS = ("q1", "q2", "q3", "q4", "quarter")


def ends_of_years(row: dict[int, list[SourceValue]]) -> dict[int, list[SourceValue]]:
    """A row's cells of its first and last years (every year of the row is the span when a
    sentence names none)."""
    years = sorted(row)
    return {y: row[y] for y in (years[0], years[-1])} if len(years) > 2 else row


def series_pair(sentence: str, named: set[int], values: Sequence[SourceValue]) -> _Pair | None:
    """``(first, last, formula, cells)`` of the line of periods the sentence names (module
    docstring), or None. ``named``: the years the sentence names; every cell of the span must
    be of one of them when it names any."""
    low = sentence.lower()
    units = ("quarter", "month") if any(q in low for q in _QUARTERS) else ("month", "quarter")
    for unit in units:
        line = period_series(sentence, unit, values) or row_periods(sentence, unit, values)
        if line is None or len(line) < 2:
            continue
        if named and any(_year(v) not in named for v in line):
            return None
        early, late = line[0], line[-1]
        if early.value < 0 and late.value < 0:
            return None  # two losses: which one "doubled" is the wording's, not the cells'
        formula = (
            f"{late.label or late.row} ({format_decimal(late.value)}) / "
            f"{early.label or early.row} ({format_decimal(early.value)})"
        )
        return early.value, late.value, formula, (early, late)
    return None


def _year(v: SourceValue) -> int | None:
    if v.year is not None:
        return v.year
    return v.period[0] if v.period is not None else None
