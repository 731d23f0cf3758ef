"""The category columns of a result set: text columns other than the key whose values repeat
("region" of rows by rep), read by :mod:`crossfoot.rules._rowsums_categories` for the totals,
means and shares of one category's rows. Made on the first claim that asks (never for a table
whose every column is the key or numbers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: One category column: its name and the rows of each value (two rows at least each)
Category = tuple[str, dict[str, list[int]]]

__all__ = ["Category", "categories"]

_MAX_VALUES = 40  # a column of more distinct values is a name or a note, not a category
_NUMERIC = re.compile(r"\s*[-+(]?[$€£]?\d[\d,.]*%?\s*$")


def categories(
    columns: Sequence[str],
    texts: Sequence[Sequence[object]],
    key_col: int | None,
    rows: int,
    skip: object = None,
) -> list[Category]:
    """The category columns of a result set (module docstring), by the columns' raw cells.

    >>> categories(["rep", "region"], [["A", "B", "C"], ["EU", "US", "EU"]], 0, 3)
    [('region', {'EU': [0, 2]})]
    >>> from decimal import Decimal
    >>> categories(["rep", "x"], [["A", "B", "C"], [Decimal("sNaN"), "EU", "EU"]], 0, 3)
    []
    """
    out: list[Category] = []
    if rows < 3:
        return out
    for j, col in enumerate(texts):
        if j == key_col or len(col) != rows or col is skip:  # (``skip``: the months)
            continue
        if not all(type(v) is str for v in col):
            continue  # (strings only: a number or a NaN cell is no category, nor hashable)
        distinct = {str(v) for v in col}
        if not 2 <= len(distinct) <= min(_MAX_VALUES, rows - 1):
            continue
        if not all(v.strip() and not _NUMERIC.match(v) for v in distinct):
            continue  # (numbers as strings, flags "0" / "1": no category)
        by: dict[str, list[int]] = {}
        for i, v in enumerate(col):
            by.setdefault(str(v).strip(), []).append(i)
        groups = {v: r for v, r in by.items() if len(r) > 1}
        if groups:
            out.append((columns[j], groups))
    return out
