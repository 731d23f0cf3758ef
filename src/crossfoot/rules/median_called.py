"""A figure called the median is the median of a column, not any cell of it.

"The median rep closed 12 deals" over rows whose deals are 12, 7, 10, 9, 11 names the middle
cell (10): the 12 is a cell of the column, but not its median. Before the cell match, a figure
whose own clause says "median" (:func:`crossfoot.rules._rowsums_groups.claim_clause`) is
``contradicted`` (as :mod:`crossfoot.rules._aggregate_named` says of "the median region")
when a column of three rows or more holds it as a cell and no column's median
meets it; a column's median that meets it is ``derived`` ("Ana closed 12, above the median of
10": no row's cell, though the sentence names Ana; :mod:`crossfoot.rules.column_median` over
tables in text, rowsums' median over result rows); a cell of a row or column that is itself a
median ("Median income") is left to the rules after.

>>> from crossfoot import check
>>> t = "| rep | deals |\\n|---|---|\\n| Ana | 12 |\\n| Ben | 7 |\\n| Cai | 10 |"
>>> [c.status for c in check("The median rep closed 12 deals.", t).claims]
['contradicted']
>>> [c.status for c in check("Ana closed 12 deals, above the median of 10.", t).claims]
['supported_exact', 'derived']
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from crossfoot.arithmetic.middle import median_of
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._rowsums_groups import claim_clause
from crossfoot.rules._rowsums_tables import fmt_total, scope_tables
from crossfoot.rules.column_median import column_median, columns_of

__all__ = ["median_called"]


def median_called(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure its clause calls the median that is only some other cell of the column."""
    m = ctx.mention
    text = ctx.sentence.text
    if ("edian" not in text and "EDIAN" not in text) or not m.claim or m.high is not None:
        return None  # ("Median", "median", "MEDIAN": a substring gate before any reading)
    if m.kind not in ("money", "number", "percent") or not ctx.options.allow_derived:
        return None
    before, after = claim_clause(ctx)
    if "median" not in before.lower() and "median" not in after.lower():
        return None
    lo, hi = claim_interval(ctx)
    cell: tuple[str, Decimal, SourceValue] | None = None
    for name, values, cells in _columns(ctx):
        mid = median_of(values)
        if lo <= mid <= hi:  # a column's median ("above the median of 10": no row's cell)
            if not ctx.options.result_rows:
                return column_median(ctx)  # (its own reading: the year, the precision)
            formula = f"median of {name} over {len(values)} rows = {fmt_total(mid)}"
            return Verdict("derived", Evidence("rowsums", "median", formula, (), mid))
        for v in cells:
            if lo <= v.value <= hi:
                if "median" in f"{v.row} {v.column}".lower():
                    return None  # a cell that is itself a median
                if cell is None:
                    cell = (name, mid, v)
    if cell is None:
        return None
    why = (
        f"called the median, but it is one cell of {cell[0]}, whose median is "
        f"{format_decimal(cell[1])}"
    )
    v = cell[2]
    return Verdict("contradicted", Evidence("direct", "cell", v.describe(), (v,), v.value), why)


def _columns(ctx: ClaimContext) -> Iterator[tuple[str, list[Decimal], list[SourceValue]]]:
    """Each column of the claim's family of three rows or more: its name, its values, and the
    cells of it the claim's window may hold (made only for result rows' columns near it)."""
    m = ctx.mention
    family = kind_family(m.kind)
    if not ctx.options.result_rows:  # (trace's scope holds only the cells near the answer)
        for cells in columns_of(ctx.scope.values(), family):
            yield cells[0].column or "its column", [v.value for v in cells], cells
        return
    lo, hi = claim_interval(ctx)
    for table in scope_tables(ctx):
        for col in table.columns:
            if col.count < 3 or col.percent != (m.kind == "percent"):
                continue
            near = [i for i, x in col.values.items() if lo <= x <= hi]
            yield col.name, list(col.values.values()), [col.get(i) for i in near]
