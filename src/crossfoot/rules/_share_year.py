"""The one year whose share it is: "North's share of sales was 39.8%" over a table of years.

``rules.column_share`` reads a named row's share of its column's unwritten total in the year
the sentence names. A sentence that names no year over a table of two years or more says the
share of one of them without saying which: the share is supported when it holds in exactly one
of the named rows' years (the formula names that year), and stays unsupported when it holds in
none or in more than one (then which year is meant cannot be told).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._row_order import one_part

__all__ = ["share_years"]

_HUNDRED = Decimal(100)


def share_years(
    ctx: ClaimContext,
    rows: Mapping[Any, Mapping[int, SourceValue]],
    column_of: Callable[[SourceValue], dict[int, SourceValue] | None],
) -> set[int]:
    """The years of the named ``rows`` (cells by year) whose part of their column's total
    (``column_of``: every row's cell of a cell's column) meets the claim's percentage."""
    if not one_part(rows):
        return set()
    years = set.intersection(*({y for y in cells if y is not None} for cells in rows.values()))
    lo, hi = claim_interval(ctx)
    hits: set[int] = set()
    for year in sorted(years):
        column = column_of(next(iter(rows.values()))[year])
        if column is None:
            continue
        parts = [cells[year] for cells in rows.values()]
        if any(p.row_index not in column for p in parts):
            continue
        part = sum(
            (column[p.row_index].value for p in parts if p.row_index is not None), Decimal(0)
        )
        whole = sum((v.value for v in column.values()), Decimal(0))
        if whole > 0 and part > 0 and lo <= part / whole * _HUNDRED <= hi:
            hits.add(year)
    return hits
