"""A month (or quarter) the sentence names, over a monthly (or quarterly) result set: "North had
revenue of 4.2 in January" when 4.2 is North's February row.

A long result set by month (``region, month, revenue``; :mod:`crossfoot.sources.rows_months`)
gives its rows no year when two of them share one, so neither the year check nor the row names
could tell North's January figure from its February one: any month's cell met the claim. When
the claim's clause (or else its sentence) names one month, with or without its year, a matching
cell must sit in a row of that month. When none does, and the same label has a row of that
month in the same column, the claim is ``wrong_row``, naming both months. A sentence naming
several months ("from January to February", a "respectively" list) or none, a table without a
month column, and a source read only in part are left as they were: the words cannot choose.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from crossfoot.language.day_names import named_days
from crossfoot.language.direction import clause_bounds
from crossfoot.language.period_columns import named_halves, period_after, period_name
from crossfoot.language.years import label_date
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._absent_period import absent_period
from crossfoot.rules._column_periods import by_column, line_periods
from crossfoot.sources.rows import row_table
from crossfoot.sources.rows_months import (
    DAY,
    MONTH_NAMES,
    MONTH_NUMBERS,
    QUARTER,
    month_of,
    row_months,
)
from crossfoot.sources.rows_table import RowTable

__all__ = ["QUARTER_NAME", "month_verdict", "named_month", "quarter_number"]

# A capitalised month word, and the year right after it ("January 2024", "Jan. 2024").
_MONTH = re.compile(r"\b([A-Z][a-z]{2,8})\b\.?(?:\s+(?:\d{1,2},?\s+)?((?:19|20)\d\d)\b)?")
# A quarter: "Q3", "Q3 2024", "the third quarter (of 2024)"; its year right after it.
QUARTER_NAME = re.compile(
    r"(?i)\b(?:q([1-4])|(first|second|third|fourth)\s+quarter)\b(?:\s+(?:of\s+)?((?:19|20)\d\d)\b)?"
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def quarter_number(m: re.Match[str]) -> int:
    """The quarter (1-4) a :data:`QUARTER_NAME` match names."""
    return int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2).lower()]


_Named = tuple[int | None, int]


def named_month(text: str) -> tuple[_Named, ...]:
    """The one period ``text`` names, as ``(year, month)`` (year None when it writes none), or
    ``(year, QUARTER + q)`` for a quarter; a full date is also its day (``(year, DAY + 100 *
    month + day)``, first). Empty for no period or several.

    >>> named_month("North had 4.2 in January 2024."), named_month("In Feb, 4.2.")
    (((2024, 1),), ((None, 2),))
    >>> named_month("from January to February"), named_month("May I help?")
    ((), ((None, 5),))
    >>> named_month("in Q3 2024"), named_month("on March 5, 2024"), named_month("on March 5")
    (((2024, 103),), ((2024, 10305), (2024, 3)), ((None, 10305), (None, 3)))
    """
    found: set[_Named] = set()
    for m in _MONTH.finditer(text):
        month = MONTH_NUMBERS.get(m.group(1).lower())
        if month is not None:
            found.add((int(m.group(2)) if m.group(2) else None, month))
    if "q" in text or "Q" in text:
        for m in QUARTER_NAME.finditer(text):
            q = quarter_number(m)
            found.add((int(m.group(3)) if m.group(3) else None, QUARTER + q))
    found |= named_halves(text)  # ("H1 2024", "the second half")
    day: tuple[int | None, int, int] | None
    day = label_date(text) if found or "-" in text or "/" in text else None
    if day is not None:
        found.add((day[0], day[1]))
    elif found and len(days := named_days(text)) == 1 and days[0][0] is None:
        day = (None, days[0][1] // 100, days[0][1] % 100)  # "on January 22": a day of any year
    if len({month for _, month in found}) != 1:
        return ()
    dated = {got for got in found if got[0] is not None}
    one = next(iter(dated)) if len(dated) == 1 else next(iter(found)) if len(found) == 1 else None
    if one is None:
        return ()
    return ((day[0], DAY + 100 * day[1] + day[2]), one) if day is not None else (one,)


def _fits(row: _Named | None, said: tuple[_Named, ...]) -> bool:
    return row is not None and any(
        row[1] == got[1] and (got[0] is None or row[0] is None or row[0] == got[0]) for got in said
    )


def _months(table: RowTable) -> Mapping[int, _Named]:
    got = table.memo.get("months")
    if got is None:
        col = table.memo.get("month column")
        # rows labelled by their periods are one series: no label tells them apart
        labels = (None,) * table.rows if table.memo.get("month key") else table.labels
        got = row_months(col, labels) if isinstance(col, Sequence) else {}
        table.memo["months"] = got
    return got  # type: ignore[return-value]


def _say(period: _Named) -> str:
    year, code = period
    if code > DAY:
        name = f"{MONTH_NAMES[(code - DAY) // 100 - 1]} {(code - DAY) % 100}"
        return f"{name}, {year}" if year is not None else name
    name = period_name(code)
    return f"{name} {year}" if year is not None else name


def _periods(ctx: ClaimContext, sv: SourceValue) -> tuple[_Named, list[_Named]] | None:
    """The period of ``sv``'s row and those of the other rows of its label (and column), or
    None when its row has none that can be read."""
    if sv.table is None:
        return None
    source = ctx.scope.source(sv.source_id)
    if source is None:
        return None
    if (across := line_periods(source, sv)) is not None:  # a column's period: its row's
        return sv.period, across  # type: ignore[return-value]
    if sv.period is not None:  # a text table's row
        keyed = sv.row is not None and month_of(sv.row) is not None  # labelled by its period
        return sv.period, [
            v.period
            for v in source.values
            if v.period is not None and v.table == sv.table and (keyed or v.row == sv.row)
            and v.column == sv.column
        ]  # fmt: skip
    table = row_table(source)
    months = _months(table) if table is not None else None
    own = months.get(sv.row_index) if months and sv.row_index is not None else None
    if table is None or months is None or own is None:
        return None
    keyed = bool(table.memo.get("month key"))
    return own, [got for i, got in months.items() if keyed or table.labels[i] == sv.row]


def month_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the sentence names a month that no matching cell's row is of, and the
    cell's label has a row of that month (module docstring); None otherwise."""
    read: list[tuple[SourceValue, _Named, list[_Named]]] = []
    for sv in matches:
        got = _periods(ctx, sv)
        if got is None:
            return None  # a cell whose month cannot be read: the words cannot choose
        read.append((sv, *got))
    if not read:
        return None
    s, m = ctx.sentence, ctx.mention
    text = ctx.text
    if "respectively" in text[s.start : s.end]:
        return None
    lo, hi = clause_bounds(text, s.start, s.end, m.start, m.end)
    said = named_month(period_after(text, m.end, hi))  # ("from 135 in Q1 to 160 in Q4")
    said = said or named_month(text[lo:hi]) or named_month(text[s.start : s.end])
    if not said or any(_fits(own, said) for _, own, _ in read):
        return None
    for sv, own, others in read:
        if any(_fits(got, said) for got in others):
            line = "column" if by_column(sv) else "row"
            why = f"value is in the {_say(own)} {line} ({sv.label}), but the sentence says "
            why += _say(said[0])
            return Verdict("wrong_row", Evidence("rows", "wrong_row", why, (sv,)), why)
    return absent_period(ctx, read, said)  # "150 in Q4" over Q1 to Q3
