"""A figure that a large result set holds by chance: no evidence.

In a result set of thousands of rows of spread-out amounts, nearly every whole number of their
range is *some* cell: "We saw 138 orders, and 415 in total." finds 415 as ``visits[item 306]``
without the answer ever naming item 306. A cell of a row the answer does not name grounds a
figure only when such a match is unlikely by chance. The chance is estimated from the columns'
spread, not from the hits: a stride sample of each column counts the cells in a wide window
around the figure (half to one and a half times it), which gives the cells' density there; the
density times the width of the figure's precision interval times the column's cell count is the
number of cells expected in that interval by chance. When that number, summed over the columns
the figure could have come from (the one column the sentence names, else every column of the
hit's unit), is :data:`EXPECTED` or more, the match says nothing: the claim is ``unsupported``
with a message that says so.

Kept as they are: a figure whose row the answer or the question names ("item 306 had 415
visits"), or that matches a cell of a named row too; column aggregates and derivations (only a
single cell's evidence is tested); and result sets under :data:`MIN_ROWS` rows, which people
read whole, and where naming no row is how they write ("one store sold 138").

>>> import random
>>> rng = random.Random(5)
>>> rows = [{"item": f"item {i}", "visits": int(10 ** rng.uniform(2, 6))} for i in range(5000)]
>>> from crossfoot import trace
>>> hit = next(r for r in rows if r["visits"] < 1000)
>>> trace(f"We saw {hit['visits']} in total.", rows).claims[0].status
'unsupported'
>>> trace(f"{hit['item']} had {hit['visits']} visits.", rows).ok
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from itertools import islice
from typing import cast

from crossfoot.model.types import Claim, SourceValue
from crossfoot.sources.load import SourceSet
from crossfoot.sources.rows import row_table
from crossfoot.sources.rows_days import day_named
from crossfoot.sources.rows_names import row_named
from crossfoot.sources.rows_table import RowTable

__all__ = ["EXPECTED", "MIN_ROWS", "by_chance", "expected_matches"]

#: Result sets with fewer rows are read whole by people; a figure naming no row is ordinary there.
MIN_ROWS = 100
#: Cells expected in a figure's interval by chance from which a match is no evidence (one: the
#: match is what chance alone would give).
EXPECTED = 1.0
#: Cells of a column read for its density (a stride sample, sorted once per table).
SAMPLE = 300


def by_chance(c: Claim, text: str, sources: SourceSet, column_named: bool) -> tuple[Claim, bool]:
    """``(c, False)``, or ``(unsupported c, True)`` when its only evidence is a cell of a row
    ``text`` (the answer and the question) does not name, in a result set where a cell that
    near the figure is expected by chance (:func:`expected_matches`). ``column_named``: the
    sentence ties the figure to the cell's column (only that column is counted)."""
    ev = c.evidence
    if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return c, False
    cell = ev.operands[0]
    source = sources.get(cell.source_id)
    table = row_table(source) if source is not None else None
    if table is None or table.rows < MIN_ROWS or cell.row is None or cell.col_index is None:
        return c, False
    m = c.mention
    if not m.value or not cell.value or row_named(cell.row, text) or day_named(cell.row, text):
        return c, False  # (zeros: no scale to read a density on)
    # The figure's interval in the cell's own scale ("41.5K" for 41,498; "9.9%" for 0.099).
    half = abs(m.precision * cell.value / m.value)
    columns = [cell.col_index] if column_named else _same_unit(table, cell.col_index)
    expected = expected_matches(table, columns, float(cell.value), float(half))
    if expected < EXPECTED or _texts_name(table, cell, text):  # (read only when it counts)
        return c, False
    if _named(table, cell, text, source.values if source else (), half):
        return c, False
    why = (
        f"only {ev.formula} matches, from a row the answer does not name; in "
        f"{table.rows:,} rows about {expected:,.0f} cells are expected to match {m.text} by "
        "chance (the columns' spread), so the match is no evidence"
    )
    return replace(c, status="unsupported", message=why), True


def expected_matches(table: RowTable, columns: Sequence[int], centre: float, half: float) -> float:
    """Cells of ``columns`` expected in ``[centre - half, centre + half]`` by chance: each
    column's density near ``centre`` (from a stride sample, in a window of half ``centre``
    either side, at least four interval widths) times the interval's width and its cell count.

    >>> from crossfoot.sources.rows import read_tables
    >>> rows = [{"k": f"r{i}", "v": i} for i in range(4000)]  # one cell per whole number
    >>> t = read_tables(rows)[0][0]
    >>> round(expected_matches(t, [1], 2000.0, 0.5), 1), expected_matches(t, [1], 9e9, 0.5)
    (1.0, 0.0)
    """
    reach = max(abs(centre) / 2, 8 * half)
    lo, hi = centre - reach, centre + reach
    total = 0.0
    for j in columns:
        values, count = _sample(table, j)
        if values:
            near = bisect_right(values, hi) - bisect_left(values, lo)
            total += count * near / len(values) * (2 * half) / (2 * reach)
    return total


def _sample(table: RowTable, j: int) -> tuple[list[float], int]:
    """About :data:`SAMPLE` values of column ``j`` taken at a fixed stride, sorted, and its cell
    count (made once per table: the table's memo)."""
    kept = cast("dict[int, tuple[list[float], int]]", table.memo.setdefault("chance samples", {}))
    made = kept.get(j)
    if made is None:
        made = kept[j] = _stride_sample(table, j)
    return made


def _stride_sample(table: RowTable, j: int) -> tuple[list[float], int]:
    if not 0 <= j < len(table.cells):
        return [], 0
    cells = table.cells[j]
    count = len(cells)
    step = max(1, count // SAMPLE)
    ints = getattr(cells, "ints", None)  # (a column of plain ints: read without its cells)
    if ints is not None:
        return sorted(ints[::step]), count
    return sorted(float(v[0]) for v in islice(cells.values(), 0, None, step)), count


def _same_unit(table: RowTable, j: int) -> list[int]:
    """The columns a figure naming no column could have been found in: every numeric column
    of the same currency as column ``j``, ids aside."""
    unit = table.currency(j)
    return [
        k
        for k, cells in enumerate(table.cells)
        if cells and k != table.key_col and not table.is_id(k) and table.currency(k) == unit
    ]


def _named(
    table: RowTable, cell: SourceValue, text: str, values: Sequence[SourceValue], half: Decimal
) -> bool:
    """Whether another cell in the interval, among the cells picked near the answer's figures
    (``values``: every cell that near the figure), is in a row ``text`` names (the cell's own
    row is not named: :func:`by_chance` asked first)."""
    lo, hi = cell.value - half, cell.value + half
    near = [
        v
        for v in values
        if v.source_id == cell.source_id
        and v.table == cell.table
        and lo <= v.value <= hi
        and (v.row_index, v.row) != (cell.row_index, cell.row)
    ]
    if not near:
        return False
    # (no text column of unique cells, the usual result set: _texts_name is False for every
    # cell, and a figure near hundreds of cells of 20,000 rows asked it of each)
    if not _unique_texts(table, cast("list[Sequence[object]]", table.memo.get("texts", []))):
        return any(row_named(v.row, text) for v in near)
    return any(row_named(v.row, text) or _texts_name(table, v, text) for v in near)


def _texts_name(table: RowTable, cell: SourceValue, text: str) -> bool:
    """Whether ``text`` names the row of ``cell`` by a text cell no other row of its column
    holds ("Client MV1 ordered 621." over an order id key and a customer column; read-through
    40: only the key's label was read, and the figure of the row the answer names was judged
    a chance match). A repeated text ("East") names no one row."""
    i = cell.row_index
    if i is None:
        return False
    texts = cast("list[Sequence[object]]", table.memo.get("texts", []))
    return any(
        isinstance(t := texts[j][i], str) and row_named(t, text)
        for j in _unique_texts(table, texts)
        if i < len(texts[j])
    )


def _unique_texts(table: RowTable, texts: list[Sequence[object]]) -> list[int]:
    """The columns of text, other than the key, whose cells are all different (made once per
    table, on the first figure the gate would refuse)."""
    kept = cast("list[int] | None", table.memo.get("chance unique texts"))
    if kept is None:
        kept = table.memo["chance unique texts"] = [
            j
            for j, col in enumerate(texts)
            if j != table.key_col
            and col
            and all(isinstance(t, str) for t in col)
            and len(set(col)) == len(col)
        ]
    return kept
