"""A figure that is the sum of the rows its sentence names, where a total row holds it too.

"Cash and receivables came to 175 in 2023" over a table whose "Total" row under them is 175:
the figure matches the Total cell, and the wrong-row reading, seeing "Cash" named and the cell
in another row, said ``wrong_row``. The sentence names two rows and their cells add up to the
figure: it is their total, stated as such. The wrong-row reading asks :func:`named_sum` before
it calls such a figure the wrong row.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.rowtables import LabelTable, rows_named_by
from crossfoot.model.types import SourceValue

__all__ = ["named_sum"]


def named_sum(
    value: Decimal,
    precision: Decimal,
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    glued: str,
    year: int | None,
) -> bool:
    """Whether two or more rows the words name have cells of one column (of ``year`` when one
    is stated; in the matched cells' views) that add up to ``value`` at ``precision``."""
    named = rows_named_by(table, words, glued)
    if len(named) < 2:
        return False
    views = {c.view for c in cells} | {"both"}
    by_column: dict[object, dict[str, Decimal]] = {}
    for sv in table.cells:
        if sv.row in named and sv.view in views and (year is None or sv.year == year):
            by_column.setdefault(sv.col_index, {}).setdefault(sv.row, sv.value)
    return any(
        len(rows) == len(named) and abs(sum(rows.values()) - value) <= precision
        for rows in by_column.values()
    )
