"""A figure a sentence gives as a row's yearly average is not one year's cell.

"North's sales averaged 1,200 a year" over a table of North's 2021-2023 sales (800, 1,200,
2,500): the figure equals 2022's cell, so it passed as ``supported_exact``, yet the row's mean
is 1,500. When the sentence says a mean per year ("averaged ... a year", "an annual average
of") and the figure met only cells of one row in year columns, the row's mean over its year
columns (over the years the sentence names, when it names two or more) is what it claims: a
figure outside that at its stated precision is ``contradicted``. Called by
``rules._aggregate_named``; a row of fewer than two years is left alone.

>>> from crossfoot import check
>>> t = '[["Region", "2021", "2022", "2023"], ["North", "800", "1,200", "2,500"]]'
>>> check("North's sales averaged 1,200 a year.", [t]).claims[0].status
'contradicted'
>>> check("North's sales averaged 1,500 a year.", [t]).passed
True
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import claim_interval

__all__ = ["year_mean_verdict"]


def year_mean_verdict(
    ctx: ClaimContext, values: Sequence[SourceValue], said: str
) -> Verdict | None:
    """``contradicted`` when the figure met one row's year cells only and is off the row's
    mean over its years (module docstring); else None."""
    cells = [v for v in values if v.table is not None and v.row_index is not None]
    if not cells or len(cells) != len(values) or any(v.year is None for v in cells):
        return None
    v = cells[0]
    if any(
        (w.source_id, w.table, w.row_index) != (v.source_id, v.table, v.row_index) for w in cells
    ):
        return None
    family = kind_family(v.kind)
    row = {
        w.year: w.value
        for w in ctx.scope.values()
        if (w.source_id, w.table, w.row_index, w.view)
        == (v.source_id, v.table, v.row_index, v.view)
        and w.year is not None
        and kind_family(w.kind) == family
    }
    named = sorted({int(y) for y in YEAR.findall(ctx.sentence.text)} & set(row))
    if len(named) >= 2:
        row = {y: x for y, x in row.items() if named[0] <= y <= named[-1]}
    if len(row) < 2:
        return None
    mean = sum(row.values(), Decimal(0)) / len(row)
    lo, hi = claim_interval(ctx)
    if lo <= mean <= hi:
        return None
    shown = format_decimal(mean.quantize(Decimal("0.01")).normalize())
    years = f"{min(row)}-{max(row)}"
    why = (
        f"the sentence gives a yearly average ({said!r}); {v.row}'s mean over {years} is "
        f"{shown}, and the figure is {v.describe()}, one year's cell"
    )
    return Verdict("contradicted", Evidence("direct", "cell", v.describe(), (v,), v.value), why)
