"""A table column's rows and its total line, as the rules that read a part of a column's whole
read them (``rules.column_rest``: the whole less named rows; ``rules.share_points``: a share's
change in points): one reading, so they agree on what the whole is.

The column is ``cell``'s (same source, table, column and view); year cells are no rows. A
summary line (``language.summary_lines``: a total, a subtotal, an average, a median) is no row;
its total line is ``summary_lines.whole_line``'s. A negative row makes no whole (None): a part
of it is no share and the rest no sum of parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from crossfoot.language.summary_lines import line_role, whole_line
from crossfoot.model.types import SourceValue

__all__ = ["column_part_whole", "column_whole"]

_MIN_ROWS = 3  # rows summed as the whole when the column writes no total line


def column_whole(
    values: Iterable[SourceValue], cell: SourceValue, same_kind: bool = False
) -> tuple[dict[int, SourceValue], SourceValue | None] | None:
    """``cell``'s column: its rows by row index and its total line (None: none), or None when
    a row is negative; ``same_kind``: only cells of ``cell``'s kind.

    >>> from decimal import Decimal
    >>> col = [SourceValue(Decimal(v), "S1", row=r, column="2023", table=0, row_index=i,
    ...                    col_index=1) for i, (r, v) in enumerate(
    ...        [("North", 3), ("South", 2), ("Average", 2.5), ("Total", 5)])]
    >>> rows, total = column_whole(col, col[0])
    >>> sorted(v.row for v in rows.values()), total.row
    (['North', 'South'], 'Total')
    """
    column: dict[int, SourceValue] = {}
    lines: list[SourceValue] = []
    for v in values:
        if v.source_id != cell.source_id or v.table != cell.table:
            continue
        if v.col_index != cell.col_index or v.row_index is None or v.view != cell.view:
            continue
        if v.kind == "year" or (same_kind and v.kind != cell.kind):
            continue
        if line_role(v.row) is not None:
            lines.append(v)
            continue
        if v.value < 0:
            return None
        column[v.row_index] = v
    return column, whole_line(lines, column.values())


def column_part_whole(
    values: Iterable[SourceValue], parts: Sequence[SourceValue], same_kind: bool = False
) -> tuple[Decimal, SourceValue | None, dict[int, SourceValue]] | None:
    """The whole of the column of ``parts`` (rows of it all, else None): its total line's
    value, else its rows summed (three or more); with that total line (None: summed) and the
    rows (:func:`column_whole`)."""
    found = column_whole(values, parts[0], same_kind)
    if found is None:
        return None
    column, total = found
    if any(p.row_index not in column for p in parts):
        return None
    if total is not None:
        return total.value, total, column
    if len(column) < _MIN_ROWS:
        return None
    return sum((v.value for v in column.values()), Decimal(0)), None, column
