"""A sum that counts a total twice: a "Total" row and a row of the block it totals.

"Debt 65 + Total 105 = 170" adds a line to the total that already holds it: no analyst writes
such a sum, so a figure it lands on is a coincidence (a wrong figure passed as "another
reading", or an injected one). Two cells of one column of one table, one on a row labelled as
a total or subtotal line (``language.summary_lines``: "Total", "Total liabilities",
"Subtotal", "All regions", "Overall", a result set's ROLLUP row) and the other on a row above
it under the same section row, neither add up nor average into anything.
"""

from __future__ import annotations

from crossfoot.language.rowtables import section_of
from crossfoot.language.summary_lines import line_role
from crossfoot.model.types import SourceValue

__all__ = ["double_counted"]


def double_counted(x: SourceValue, y: SourceValue) -> bool:
    """Whether ``x`` and ``y`` are a total and a line above it in its column (same section).

    >>> def cell(row, i, label=None):
    ...     return SourceValue(1, "S1", row=row, table=0, row_index=i, col_index=1,
    ...                        label=label or f"{row} / 2024")
    >>> double_counted(cell("Debt", 2), cell("Total", 3))
    True
    >>> double_counted(cell("Total", 3), cell("Cost of sales", 4))
    False
    >>> double_counted(cell("Debt", 2, "Liabilities: Debt / 2024"),
    ...                cell("Total", 3, "Assets: Total / 2024"))
    False
    """
    if x.table is None or x.table != y.table or x.source_id != y.source_id:
        return False
    if x.col_index != y.col_index or x.row_index is None or y.row_index is None:
        return False
    tx, ty = _total(x.row), _total(y.row)
    if tx == ty:
        return False
    if tx:
        total, part, t_at, p_at = x, y, x.row_index, y.row_index
    else:
        total, part, t_at, p_at = y, x, y.row_index, x.row_index
    return p_at < t_at and section_of(part) == section_of(total)


def _total(label: str | None) -> bool:
    return line_role(label) in ("whole", "subtotal")
