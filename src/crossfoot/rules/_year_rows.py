"""A table of years as rows: the line a coarse change is searched in is the column named.

Users often give a small table with a "Year" column and one column per quantity ("Year | New
stores | Closures"). "New stores rose by 25 in 2023" over it names the row "2023" (a year
label is read as a row the sentence names) and the column "New stores". The search of a coarse
figure ("25": two significant digits, the counts of such tables) is kept to the lines the
sentence names, so it looked only at the 2023 row (2023's new stores and closures) and found no
change; the same table with years as columns derives it. :func:`year_rows_column`: when every
row picked is a year row and the sentence names a column of those rows, the line is that column
over every year (``rules._year_focus.coarse_group``; the year the sentence names is kept there
by the derivation's own year focus).

>>> import json
>>> from crossfoot import check
>>> t = json.dumps([["Year", "New stores", "Closures"], ["2022", "95", "9"], ["2023", "120", "16"]])
>>> [c.status for c in check("New stores rose by 25 in 2023.", [t]).claims]
['derived']
>>> [c.status for c in check("New stores rose by 7 in 2023.", [t]).claims]
['unsupported']
"""

from __future__ import annotations

import re

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import names_row
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex

__all__ = ["year_rows_column"]

_YEAR_LABEL = re.compile(r"\s*(?:FY\s*)?(?:19|20)\d\d\s*")
_MEMO = "year_rows.column"


def _year_row(label: str | None) -> bool:
    return label is not None and _YEAR_LABEL.fullmatch(label) is not None


def year_rows_column(
    ctx: ClaimContext, group: ValueIndex, named: ValueIndex | None
) -> ValueIndex | None:
    """``named`` (the rows the sentence names), or, when those are all year rows and the
    sentence names a column of them, that column's cells over every year row (one index per
    group and sentence: the derivation keeps per-group data keyed by it)."""
    if named is None or not named.values or not all(_year_row(v.row) for v in named.values):
        return named
    # Keyed by the focus text itself, not the sentence's place: a final figure judged again in
    # the question's light (rules.alignment) reads the question's words too.
    memo: dict[tuple[int, str], tuple[ValueIndex, ValueIndex | None]]
    memo = ctx.shared.setdefault(_MEMO, {})  # type: ignore[assignment]
    text = focus_text(ctx)
    key = (id(group), text)
    hit = memo.get(key)
    if hit is not None and hit[0] is group:
        return hit[1] or named
    years = [v for v in group.values if _year_row(v.row) and v.column]
    columns = {v.column for v in years if v.column and names_row(v.column, text)}
    column = ValueIndex([v for v in years if v.column in columns]) if columns else None
    memo[key] = (group, column)
    return column or named
