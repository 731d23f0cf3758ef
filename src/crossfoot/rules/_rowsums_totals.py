"""Two more figures a result set implies, for :mod:`crossfoot.rules.rowsums`.

- ``rows_share``: the share of two or more named rows, together, in their column's total
  ("Widgets and Gadgets together made up 79.6% of revenue"): one figure, the sum of exactly
  the rows the sentence names, never a search over subsets.
- ``totals_ratio``: the ratio of two columns' totals, for a sentence that gathers every row
  ("revenue per unit across all products was $42.50", "overall, 3.8% of units were
  returned"). Money is an amount that counts no things over a column that is not money (a
  price, a per-unit amount); a percentage is of two columns that are not money (returns of
  units sold), the smaller over the larger.

Both are fine figures of few candidates (one per column, one per pair of columns), so a
coincidence has little room; the caller asks only for fine figures.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal

from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.rules._rowsums_tables import _Column, _Table, fmt_total, inside
from crossfoot.rules.direct import currencies_agree
from crossfoot.sources.rows import is_count_column

__all__ = ["rows_share", "totals_ratios"]

_HUNDRED = Decimal(100)
_Hit = tuple[str, Decimal, str, tuple[SourceValue, ...]]


def rows_share(
    col: _Column, named: Sequence[int], lo: Decimal, hi: Decimal, scale: Decimal
) -> Iterator[_Hit]:
    """The share of the named rows' sum in the column total (two named rows or more, not all)."""
    total = col.total
    if len(named) < 2 or total <= 0 or not col.nonnegative or len(named) >= col.count:
        return
    present = [i for i in named if i in col.values]
    if len(present) != len(named):
        return
    part = sum((col.values[i] for i in present), Decimal(0))
    share = part / total * scale
    if lo <= share <= hi:
        cells = tuple(col.get(i) for i in present)
        unit = "%" if scale == _HUNDRED else ""
        names = " + ".join(f"{c.label} ({format_decimal(c.value)})" for c in cells)
        yield (
            "rows_share",
            share,
            f"({names}) / sum of {col.name} ({format_decimal(total)}) = {fmt_total(share)}{unit}",
            cells,
        )


def totals_ratios(
    table: _Table, percent: bool, currency: str | None, windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    """The ratio of two column totals: money per unit, or a percentage of two counts."""
    cols = [c for c in table.columns if not c.percent and c.count > 1 and c.nonnegative]
    if percent:
        tops = [c for c in cols if not c.money]
        bottoms = tops
    else:
        # as rowsums' per-row ratios: an amount that counts no things over any other amount
        # that is no money
        tops = [
            c
            for c in cols
            if not is_count_column(c.name) and currencies_agree(currency, c.currency)
        ]
        bottoms = [c for c in cols if not c.money]
    scale = _HUNDRED if percent else Decimal(1)
    for top in tops:
        for bottom in bottoms:
            if bottom is top or bottom.total <= 0 or (percent and top.total > bottom.total):
                continue
            ratio = top.total / bottom.total * scale
            if inside(ratio, windows):
                unit = "%" if percent else ""
                yield (
                    "totals_ratio",
                    ratio,
                    f"sum of {top.name} ({format_decimal(top.total)}) / sum of {bottom.name} "
                    f"({format_decimal(bottom.total)}) = {fmt_total(ratio)}{unit}",
                    (),
                )
