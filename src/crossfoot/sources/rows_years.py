"""The year of each row of a long result set: ``region, year, revenue`` holds North's 2023 and
2024 revenue in two rows, their year in a column of its own, not in a header or a field name.

A cell's year is read from its column's name ("revenue_2024") or its row's label ("FY2024");
without either, the row's cell in the one column named as a year ("year", "fiscal_year", "fy")
gives it, so "North had 3.8 in 2024" over North's 2023 row is a wrong year, as it is over a
wide table.

Without a year column, one column of dates ("2023-12-31", "Dec 2023", "FY2024", a ``date``)
gives the year when the result set is long by it: some label has several rows, and no label
has two rows of one year (monthly or quarterly rows of a year are left yearless: the year
alone cannot tell them apart, and a change between two of them is no year's change).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal

from crossfoot.sources.rows_months import month_column

__all__ = ["date_years", "month_column", "row_years"]

_FIRST, _LAST = 1900, 2100


def row_years(
    meta: Sequence[tuple[bool, bool, bool]],
    key_col: int | None,
    ints: Sequence[Sequence[int] | None],
    cells: Sequence[Mapping[int, object]],
) -> Mapping[int, int]:
    """The year of each row (by index) from the one year column other than the key, when it
    holds plausible years; {} when there is no such column or several.

    >>> row_years([(False, False, False), (False, True, False)], 0, [None, (2023, 2024)], [{}, {}])
    {0: 2023, 1: 2024}
    >>> row_years([(False, True, False), (False, True, False)], None, [(1,), (2,)], [{}, {}])
    {}
    """
    cols = [j for j, m in enumerate(meta) if m[1] and j != key_col]
    if len(cols) != 1:
        return {}
    j = cols[0]
    col = ints[j]
    pairs: list[tuple[int, object]] = (
        list(enumerate(col))
        if col is not None
        else [(i, getattr(c, "value", None)) for i, c in cells[j].items()]
    )
    out: dict[int, int] = {}
    for i, v in pairs:
        if isinstance(v, (int, Decimal)) and v == int(v) and _FIRST <= v <= _LAST:
            out[i] = int(v)
    return out


# A date or period written as text: "12/31/2023", "31.12.2023", "Dec 2023", "December 31, 2023",
# "FY2024", "FY 2024" (ISO "2023-12-31" and "2023-12" are read by slicing, before this).
_DATED = re.compile(
    r"(?i)\s*(?:\d{1,2}[-/.]\d{1,2}[-/.]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.?\s+(?:\d{1,2},?\s+)?|fy\s?)((?:19|20)\d\d)\s*"
)


def _date_year(v: object) -> int | None:
    """The year of a date cell, or None for anything else."""
    if isinstance(v, date):
        return v.year
    if not isinstance(v, str) or len(v) < 6:
        return None
    if v[:4].isdigit() and v[4] in "-/" and v[5:7].isdigit():  # ISO: 2023-12-31, 2023-12
        y = int(v[:4])
        return y if _FIRST <= y <= _LAST else None
    m = _DATED.fullmatch(v)
    return int(m.group(1)) if m else None


def date_years(
    raw: Sequence[Sequence[object]], key_col: int | None, labels: Sequence[str | None]
) -> dict[int, int]:
    """The year of each row (by index) from the one column of dates other than the key, when
    the result set is long by it (module docstring); {} otherwise.

    >>> date_years([("N", "N", "S"), ("2023-12-31", "2024-12-31", "2024-12-31")], 0, "NNS")
    {0: 2023, 1: 2024, 2: 2024}
    >>> date_years([("N", "N"), ("2024-01", "2024-02")], 0, "NN")  # months of one year
    {}
    >>> date_years([("N", "S"), ("2023-12-31", "2024-12-31")], 0, "NS")  # one row a label
    {}
    """
    if key_col is None:
        return {}
    found: list[list[int | None]] = []
    for j, col in enumerate(raw):
        if j == key_col or not col:
            continue
        first = next((v for v in col if v is not None), None)
        if first is None or _date_year(first) is None:
            continue  # (a cheap test: most columns hold no date)
        years = [None if v is None else _date_year(v) for v in col]
        if all(y is not None or v is None for y, v in zip(years, col, strict=True)):
            found.append(years)
    if len(found) != 1:
        return {}
    seen: set[tuple[str | None, int]] = set()
    for label, y in zip(labels, found[0], strict=True):
        if y is None:
            continue
        if (label, y) in seen:
            return {}  # two rows of one label in a year: months, quarters, or another axis
        seen.add((label, y))
    if len(seen) == len({label for label, _ in seen}):
        return {}  # each label once: a list of entities with a date, not a series
    return {i: y for i, y in enumerate(found[0]) if y is not None}
