"""A figure-free movement in every month or quarter of a named column: "Signups grew every month
from January to April" over a result set by month.

:mod:`crossfoot.rules.worded_rows` holds a row to "every year"; a result set by month or quarter
(``month, signups, churned``: :mod:`crossfoot.sources.rows_months`) runs its periods down its
rows instead, and the sentence names a column, not a row. The series is the one column whose
name a word of the sentence names ("signups"; "churn" for "churned"), one cell per period of the
unit the sentence says (months for "every month", quarters for "each quarter"), in period order,
from the first period it names to the last it names (every period of the column when it names
fewer than two; from the one it names after "since" or "from"). A column with two cells of one
period (a result set by region and month) is no series: which line is meant is unknown.

A table whose periods run across its columns ("Q1 2024", "Q2 2024") holds the series in a row:
the one row the sentence names by its fullest label (:func:`row_periods`), over the same span.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.period_columns import row_period
from crossfoot.language.rowtokens import fullest_named, tokens
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.language.years import YEAR_LABEL as _YEAR_ROW
from crossfoot.language.years import period
from crossfoot.model.types import SourceValue
from crossfoot.rules.extremes import same_noun
from crossfoot.rules.row_months import QUARTER_NAME, quarter_number
from crossfoot.sources.rows_months import MONTH_NUMBERS, QUARTER

__all__ = ["period_series", "period_unit", "row_periods"]

_UNIT = re.compile(
    r"(?i)\s*(?:\w+\s+){0,2}?(?:(?:in\s+)?(?:every|each)\s+(?:single\s+)?(?P<a>month|quarter)"
    r"|(?P<b>month|quarter)\s+(?:after|on|over)\s+(?:month|quarter))\b"
)
_MONTH = re.compile(r"\b([A-Z][a-z]{2,8})\b\.?")
_SINCE = re.compile(r"(?i)\b(?:since|from)\s+(?:the\s+)?$")
_WORDS = re.compile(r"[a-z]{3,}")
_Period = tuple[int | None, int]  # (year, month or QUARTER + q; 0 for a year)


def period_unit(sentence: str, after: int) -> str | None:
    """ "month" or "quarter" when the words right after a movement verb ending at ``after`` say
    it moved so in every such period; None otherwise."""
    m = _UNIT.match(sentence, after)
    if m is None:
        return None
    return (m.group("a") or m.group("b")).lower()


def _named_periods(sentence: str, unit: str) -> list[tuple[int, bool]]:
    """The periods of ``unit`` the sentence names, in order of writing, each with whether
    "since" or "from" precedes it."""
    found: list[tuple[int, int]] = []  # (the period, where its name starts)
    if unit == "year":
        found = [(int(m.group(1)), m.start()) for m in _YEAR.finditer(sentence)]
    elif unit == "month":
        for m in _MONTH.finditer(sentence):
            n = MONTH_NUMBERS.get(m.group(1).lower())
            if n is not None:
                found.append((n, m.start()))
    else:
        found = [(QUARTER + quarter_number(m), m.start()) for m in QUARTER_NAME.finditer(sentence)]
    return [(p, _SINCE.search(sentence, max(0, at - 12), at) is not None) for p, at in found]


def _period_of(v: SourceValue, unit: str) -> tuple[int | None, int] | None:
    """A cell's period of ``unit`` as (year, month or QUARTER + q; 0 for a year), from its row:
    None for a row of another unit (a day, a quarter among months) or of no period."""
    if unit == "year":
        row = (v.row or "").strip()
        return (v.year, 0) if v.year is not None and _YEAR_ROW.fullmatch(row) else None
    own = row_period(v)  # (a column's period: the series of its row, row_periods)
    if own is None:
        return None
    p = own[1]
    if (p > 12) != (unit == "quarter") or p > QUARTER + 4:
        return None
    return own


def _named_column(
    sentence: str, values: Sequence[SourceValue]
) -> tuple[str, int | None, int | None] | None:
    """The one column (source, table, column index) whose name a word of the sentence names."""
    said = {w.rstrip("s") for w in _WORDS.findall(sentence.lower())}
    found = set()
    names: dict[str, bool] = {}
    for v in values:
        if not v.column or (
            row_period(v) is None and not _YEAR_ROW.fullmatch((v.row or "").strip())
        ):
            continue
        hit = names.get(v.column)
        if hit is None:
            column = {w.rstrip("s") for w in _WORDS.findall(v.column.lower())}
            hit = names[v.column] = bool(column) and same_noun(said, column)
        if hit:
            found.add((v.source_id, v.table, v.col_index))
    return found.pop() if len(found) == 1 else None


def period_series(
    sentence: str, unit: str, values: Sequence[SourceValue]
) -> list[SourceValue] | None:
    """The named column's cells of the periods the sentence spans, in period order, or None
    (module docstring)."""
    key = _named_column(sentence, values)
    if key is None:
        return None
    cells: dict[_Period, SourceValue] = {}
    for v in values:
        if (v.source_id, v.table, v.col_index) != key or v.view == "true":
            continue
        when = _period_of(v, unit)
        if when is None:
            continue
        if when in cells and cells[when].row_index != v.row_index:
            return None  # two lines of one period: not one series
        cells[when] = v
    if len({y for y, _ in cells}) > 1 and any(y is None for y, _ in cells):
        return None
    order = sorted(cells, key=lambda p: (p[0] or 0, p[1]))
    # (a year's series runs along its years)
    spanned = _spanned(order, _named_periods(sentence, unit), 0 if unit == "year" else 1)
    return [cells[p] for p in spanned] if spanned is not None and len(spanned) >= 2 else None


def row_periods(
    sentence: str, unit: str, values: Sequence[SourceValue]
) -> list[SourceValue] | None:
    """The cells of the one row the sentence names (its fullest label) along columns of
    ``unit`` ("Q1 2024", "March 2024"), in period order over the span it names, or None."""
    labels = (
        ((v.source_id, v.table, v.row_index), v.row)
        for v in values
        if v.row and v.row_index is not None and v.column and _unit_column(v.column, unit)
    )
    rows = fullest_named(labels, frozenset(tokens(sentence)))
    if len(rows) != 1:
        return None
    cells: dict[_Period, SourceValue] = {}
    for v in values:
        if (v.source_id, v.table, v.row_index) != rows[0] or v.view == "true" or not v.column:
            continue
        found = period(v) if _unit_column(v.column, unit) else None
        if found is None or found[1] is None:
            continue
        when = (found[0], found[1])
        if when in cells and cells[when].col_index != v.col_index:
            return None  # two columns of one period: which is meant is unknown
        cells[when] = v
    # (a column's period is its month; a quarter named is its last month)
    named = [
        ((n - QUARTER) * 3 if n > QUARTER else n, since)
        for n, since in _named_periods(sentence, unit)
    ]
    spanned = _spanned(sorted(cells), named, 1)
    return [cells[p] for p in spanned] if spanned is not None and len(spanned) >= 2 else None


def _spanned(order: list[_Period], named: list[tuple[int, bool]], at: int) -> list[_Period] | None:
    """The periods of ``order`` (sorted) within the span the sentence names: from the first it
    names after "since" / "from" (else the earliest it names) to the latest it names (else the
    last of ``order``); all of them when it names fewer than two and no "since"; None when a
    named month or quarter could be of two years. ``at``: 0 compares years, 1 months."""
    subs = [p for p, _ in named]
    since = any(s for _, s in named)
    if len(set(subs)) < 2 and not since:
        return order
    if at and len({y for y, _ in order}) > 1:
        return None  # "from January to April" over two years: which January?
    first = subs[0] if since or len(subs) < 2 else min(subs)
    last = max(subs) if len(set(subs)) >= 2 else order[-1][at] or 0
    return [p for p in order if first <= (p[at] or 0) <= last]


def _unit_column(label: str, unit: str) -> bool:
    """Whether a column label names a period of ``unit`` (a quarter, or a month)."""
    if unit == "quarter":
        return QUARTER_NAME.search(label) is not None
    if unit == "month":
        return any(MONTH_NUMBERS.get(m.group(1).lower()) for m in _MONTH.finditer(label))
    return False
