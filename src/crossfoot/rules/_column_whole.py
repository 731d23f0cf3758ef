"""One column of a table as a whole: its rows' cells and its total line (rules.column_rest,
rules.share_points).

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue, kind_family
>>> cells = [SourceValue(Decimal(v), "S1", row=r, table=0, row_index=i, col_index=1)
...          for i, (r, v) in enumerate([("North", 4), ("South", 3), ("Total", 7)])]
>>> rows, total = column_whole(cells, cells[0])
>>> sorted(rows), total.row
([0, 1], 'Total')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from crossfoot.language.extremes import ASIDE
from crossfoot.model.types import SourceValue, kind_family

__all__ = ["column_whole"]

_TOTAL_LINE = re.compile(r"(?i)^\s*(?:grand\s+)?total\b")


def column_whole(
    values: Iterable[SourceValue], first: SourceValue
) -> tuple[dict[int, SourceValue], SourceValue | None] | None:
    """The cells of ``first``'s column (its view and kind family) by row, total, subtotal and
    average lines aside, and its total line if it has one; None when a cell is negative (a
    whole of a net sum is no whole)."""
    column: dict[int, SourceValue] = {}
    total: SourceValue | None = None
    for v in values:
        if v.source_id != first.source_id or v.table != first.table:
            continue
        if v.col_index != first.col_index or v.row_index is None or v.view != first.view:
            continue
        if kind_family(v.kind) != kind_family(first.kind):
            continue
        if ASIDE.search(v.row or ""):
            if total is None and _TOTAL_LINE.match(v.row or ""):
                total = v
            continue
        if v.value < 0:
            return None
        column[v.row_index] = v
    return column, total
