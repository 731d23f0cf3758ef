"""A column's median, worded: "The median region sold 2,975 units in 2023".

A figure of a sentence that says "median" is the median of one column of a table: the middle
cell of its rows (the mean of the two middle cells when the count is even), every row of the
table aside its total and average lines, three rows or more, of the figure's kind. When the
sentence names a year, the column is that year's. The figure is met at its stated precision;
a "median" figure that no column's median meets is left to the other rules (it stays
``unsupported``).

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,802", "3,540"],'
...      ' ["East", "1,650", "1,643"], ["West", "2,010", "2,410"]]')
>>> check("The median region sold 2,975 units in 2023.", [t]).claims[0].evidence.formula
'median of 2023 (4 rows: 1,643, 2,410, 3,540, 4,637) = 2,975'
>>> check("The median region sold 3,089 units in 2023.", [t]).passed
False
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.arithmetic.middle import median_of
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._low import sentence_low

__all__ = ["column_median", "columns_of", "median_of"]


def column_median(ctx: ClaimContext) -> Verdict | None:
    """Rule: the median of one column of a table (module docstring)."""
    m = ctx.mention
    if not m.claim or m.high is not None or m.kind == "year":
        return None
    if not ctx.options.allow_derived or not kind_allowed(ctx, "median"):
        return None
    if "median" not in sentence_low(ctx):
        return None
    years = {x.value for x in ctx.sentence_mentions if x.kind == "year"}
    lo, hi = claim_interval(ctx)
    family = kind_family(m.kind)
    for cells in columns_of(ctx.scope.values(), family):
        year = cells[0].year
        if years and (year is None or Decimal(year) not in years):
            continue
        ordered = sorted(cells, key=lambda v: v.value)
        n = len(ordered)
        mid = median_of(v.value for v in ordered)
        if lo <= mid <= hi:
            listed = ", ".join(format_decimal(v.value) for v in ordered[:8])
            more = ", ..." if n > 8 else ""
            column = cells[0].column or "its column"
            formula = f"median of {column} ({n} rows: {listed}{more}) = {fmt_result(ctx, mid)}"
            ev = Evidence("derive", "median", formula, tuple(ordered), mid, "a column's median")
            return Verdict("derived", ev)
    return None


def columns_of(values: tuple[SourceValue, ...], family: str) -> list[list[SourceValue]]:
    """Each table column's cells of ``family``, one per row, total and average lines aside;
    columns of three rows or more."""
    cols: dict[tuple[str, int, int, str], dict[int, SourceValue]] = {}
    for v in values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        if kind_family(v.kind) != family or line_role(v.row) is not None:
            continue
        cols.setdefault((v.source_id, v.table, v.col_index, v.view), {}).setdefault(v.row_index, v)
    return [list(c.values()) for c in cols.values() if len(c) >= 3]
