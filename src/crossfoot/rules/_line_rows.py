"""Sums and means of a table column's rows that are no run of the column.

The search of sums and means (``rules.multi``) reads a table column only in runs of adjacent
cells (a block of segments, consecutive years) and as a whole, so a line between rows hides them:

- "The average region sold 3,046" over five regions and an "All regions" line is neither a run
  (at most ``max_sum_operands`` long) nor the whole column (that holds the total, counted twice).
  A column that holds summary lines (``language.summary_lines.line_role``: a total, a subtotal,
  an average) offers its rows alone as one more subset (:func:`rows_alone`): their sum and mean,
  never their runs (a run across a left-out line is a new chance to meet a wrong figure).
- "North, West and South together sold 11,979" with another row or a section's block and its
  subtotal between them: a sentence that names three or more rows of one table is also searched
  in those rows alone (:func:`named_rows`), where a column's named cells are one line.

>>> from decimal import Decimal as D
>>> from crossfoot.model.types import SourceValue
>>> col = [SourceValue(D(v), "S", row=r, table=0, row_index=i, col_index=1)
...        for i, (r, v) in enumerate([("North", 4), ("Subtotal East", 2), ("West", 3),
...                                    ("South", 5)])]
>>> [v.row for v in rows_alone(tuple(col))[0][2]]
['North', 'West', 'South']
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.rowfocus import focus_group
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._focus_rows import named_table_rows

__all__ = ["named_rows", "rows_alone"]

_MIN_ROWS = 3  # (the search's least subset)


def rows_alone(
    line: tuple[SourceValue, ...],
) -> list[tuple[Decimal, Decimal, tuple[SourceValue, ...], tuple[SourceValue, ...]]]:
    """For a table column ``line`` that holds summary lines, its rows alone as one subset of the
    search (sum, mean, the rows, the rows as their line); nothing otherwise."""
    first = line[0]
    if first.table is None or first.col_index is None:
        return []
    if any(v.col_index != first.col_index or v.table != first.table for v in line):
        return []  # (a row's cells across its columns: no summary line by row label)
    rows = tuple(v for v in line if line_role(v.row) is None)
    if not _MIN_ROWS <= len(rows) < len(line):
        return []
    total = sum((v.value for v in rows), Decimal(0))
    mean = total / len(rows)
    if any(_states(v.value, total) for v in line if line_role(v.row) == "whole"):
        # The column's total line states the sum already: a figure equal to it is that cell
        # (the direct rules judge it, and the question's fit with it), never a new derivation.
        # Only the mean is offered: an infinite sum meets no window.
        total = _NEVER
    return [(total, mean, rows, rows)]


_NEVER = Decimal("Infinity")


def _states(cell: Decimal, total: Decimal) -> bool:
    """Whether a total line's ``cell`` is the rows' ``total`` (within 0.5%: rounded cells)."""
    return abs(cell - total) <= abs(cell) * Decimal("0.005")


def named_rows(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The cells of ``group`` in the rows the claim's sentence names, when it names three or
    more of one table (``language.rowfocus.focus_group``): "North, West and South together sold
    11,979" sums three rows that need not be adjacent (another row, or a section's block and its
    subtotal, between them). In the named rows alone, a column's named cells are one line.
    Read only when the sentence names three rows of one table by their labels (the derivations'
    focus's rows, made once per answer and sentence: ``rules._focus_rows``): most claims name
    fewer, and the focus of the group costs more."""
    if not any(len(r) >= _MIN_ROWS for r in named_table_rows(ctx).values()):
        return None
    focused = focus_group(ctx, group)
    if focused is None:
        return None
    rows: dict[tuple[str, int | None], set[int | None]] = {}
    for v in focused.values:
        if v.table is not None:
            rows.setdefault((v.source_id, v.table), set()).add(v.row_index)
    return focused if any(len(r) >= _MIN_ROWS for r in rows.values()) else None
