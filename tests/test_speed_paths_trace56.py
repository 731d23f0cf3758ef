"""trace's large result sets, round 41 (issue 19, trace56): exact cuts of the per-trace passes.

- ``front.trace_chance._named`` picks the cells near the figure first, and asks
  ``_texts_name`` of them only when the table has a text column of unique cells (else it is
  False for every cell): it equals the plain reading (one ``any`` over every cell) on random
  tables with and without such a column.
- ``sources.rows_names._Labels.spaced`` searches for two spaces (and a space beside the
  separator) by a literal pattern instead of ``in``: ``test_speed_paths_trace47`` and
  ``test_speed_paths_trace54`` compare it with the padded join on random labels.
- ``AnswerOperands.rows_for`` adds the rows of the cells near the anchors without a list
  look-up per cell (the repeats go in the ``dict.fromkeys`` after it): the reports of
  ``trace_vs_figured --claims-only`` are unchanged (docs/speed.md, round 41).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.front import trace_chance
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows import AnswerOperands, read_tables, row_table


def _plain_named(
    table: Any, cell: SourceValue, text: str, values: tuple[SourceValue, ...], half: Decimal
) -> bool:
    """``_named`` before round 41: one ``any`` over every cell."""
    lo, hi = cell.value - half, cell.value + half
    return any(
        lo <= v.value <= hi
        and (v.row_index, v.row) != (cell.row_index, cell.row)
        and (trace_chance.row_named(v.row, text) or trace_chance._texts_name(table, v, text))
        for v in values
        if v.source_id == cell.source_id and v.table == cell.table
    )


_ROWS = st.lists(
    st.tuples(st.integers(1, 30), st.integers(1, 30), st.sampled_from(["x", "y", "z"])),
    min_size=3,
    max_size=30,
)


@settings(max_examples=50, deadline=None)
@given(_ROWS, st.booleans(), st.integers(0, 29), st.integers(0, 3), st.integers(0, 40))
def test_named_equals_the_plain_reading(
    cells: list[tuple[int, int, str]], unique: bool, at: int, half: int, named: int
) -> None:
    rows: list[dict[str, Any]] = []
    for i, (a, b, tag) in enumerate(cells):
        row: dict[str, Any] = {"item": f"item {i + 1}", "a": a, "b": b}
        row["code"] = f"C{i}" if unique else tag  # a text column of unique cells, or not
        rows.append(row)
    tables, prose, order, issues = read_tables(rows)
    ops = AnswerOperands(tables, prose, order, issues, max_rows=12)
    text = f"item {named} and C{named} had {cells[at % len(cells)][0]}."
    source = ops.sources_for(text).sources[0]
    table = row_table(source)
    assert table is not None
    values = source.values
    for cell in values[:6]:
        got = trace_chance._named(table, cell, text, values, Decimal(half))
        want = _plain_named(
            table, cell, text, cast("tuple[SourceValue, ...]", values), Decimal(half)
        )
        assert got == want
