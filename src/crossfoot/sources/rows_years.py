"""The year of each row of a long result set: ``region, year, revenue`` holds North's 2023 and
2024 revenue in two rows, their year in a column of its own, not in a header or a field name.

A cell's year is read from its column's name ("revenue_2024") or its row's label ("FY2024");
without either, the row's cell in the one column named as a year ("year", "fiscal_year", "fy")
gives it, so "North had 3.8 in 2024" over North's 2023 row is a wrong year, as it is over a
wide table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

__all__ = ["row_years"]

_FIRST, _LAST = 1900, 2100


def row_years(
    meta: Sequence[tuple[bool, bool, bool]],
    key_col: int | None,
    ints: Sequence[Sequence[int] | None],
    cells: Sequence[Mapping[int, object]],
) -> Mapping[int, int]:
    """The year of each row (by index) from the one year column other than the key, when it
    holds plausible years; {} when there is no such column or several.

    >>> row_years([(False, False, False), (False, True, False)], 0, [None, (2023, 2024)], [{}, {}])
    {0: 2023, 1: 2024}
    >>> row_years([(False, True, False), (False, True, False)], None, [(1,), (2,)], [{}, {}])
    {}
    """
    cols = [j for j, m in enumerate(meta) if m[1] and j != key_col]
    if len(cols) != 1:
        return {}
    j = cols[0]
    col = ints[j]
    pairs: list[tuple[int, object]] = (
        list(enumerate(col))
        if col is not None
        else [(i, getattr(c, "value", None)) for i, c in cells[j].items()]
    )
    out: dict[int, int] = {}
    for i, v in pairs:
        if isinstance(v, (int, Decimal)) and v == int(v) and _FIRST <= v <= _LAST:
            out[i] = int(v)
    return out
