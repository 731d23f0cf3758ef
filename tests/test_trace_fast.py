"""The shortcuts ``trace`` takes for speed give what the plain path gives.

* ``AnswerOperands.sources_for`` skips the value-window search in result sets of one or two rows
  (every row is picked whole there): the sources equal those of a search of every table;
* ``RowTable.near_many`` searches a small table's cells as one sorted list: the cells found equal
  those of the search column by column (by column, then value, then row);
* ``labels_named`` on a table's labels tests them against the text with its separators made
  single spaces (in C), when every label is ASCII words split by single spaces: the labels found
  equal those of the label-by-label scan;
* ``RowTable.cell`` reads an int column's kind and eligibility found once per column: the cells
  equal those made from :meth:`RowTable.kind` and :meth:`RowTable.eligible` at every cell.
"""

from __future__ import annotations

from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.sources import rows_table as _rows_table
from crossfoot.sources.rows import AnswerOperands, RowTable, _windows, labels_named, read_tables
from crossfoot.sources.rows_names import _Labels


def _operands(rows: list[dict[str, object]], max_rows: int = 12) -> AnswerOperands:
    tables, prose, order, issues = read_tables(rows)
    return AnswerOperands(tables, prose, order, issues, max_rows)


def _reference_values(ops: AnswerOperands, text: str) -> dict[str, list[SourceValue]]:
    """sources_for without the shortcut: every table's cells near a figure, searched."""
    mentions = ops.mentions(text)
    windows = _windows(mentions, ops.tolerance, ops.absolute)
    chosen = ops.rows_for(text, mentions)
    out: dict[str, list[SourceValue]] = {}
    for name, table in ops.tables.items():
        rows = set(chosen.get(name, ()))
        picked = set(chain.from_iterable(table.near_many(windows)))
        for i in rows:
            picked.update((i, j) for j, col in enumerate(table.cells) if i in col)
        out[name] = [table.cell(i, j, i in rows) for i, j in sorted(picked)]
    return out


def _fields(v: SourceValue) -> tuple[object, ...]:
    return (v.value, v.label, v.row, v.column, v.kind, v.year, v.operand, v.precision, v.currency)


_labels = st.sampled_from(["EU", "US", "UK", "2023", "2024", "North America", "APAC"])
_cells = st.one_of(
    st.integers(-5_000, 5_000),
    st.sampled_from(["$1,200", "12.5%", "n/a", "", "3.1M"]),
    st.floats(-1e4, 1e4, allow_nan=False).map(lambda x: round(x, 2)),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_labels, _cells, _cells), min_size=1, max_size=4, unique_by=lambda r: r[0]),
    st.lists(st.integers(-5_000, 5_000), min_size=1, max_size=3),
    st.sampled_from(["had", "grew by", "was down"]),
)
def test_sources_equal_a_search_of_every_table(
    rows: list[tuple[str, object, object]], figures: list[int], verb: str
) -> None:
    table = [{"region": r, "revenue": a, "pct_share": b} for r, a, b in rows]
    text = f"{rows[0][0]} {verb} " + " and ".join(f"{x:,}" for x in figures) + "."
    ops = _operands(table)
    got = {s.id: [_fields(v) for v in s.values] for s in ops.sources_for(text).sources}
    want = _reference_values(_operands(table), text)
    assert got == {k: [_fields(v) for v in vs] for k, vs in want.items()}


def test_a_two_row_table_gives_every_cell_and_a_three_row_table_only_near_ones() -> None:
    two = [{"r": "EU", "x": 1, "y": 900}, {"r": "US", "x": 2, "y": 7}]
    src = _operands(two).sources_for("Growth was 900.").sources[0]
    assert [v.label for v in src.values] == ["x[EU]", "y[EU]", "x[US]", "y[US]"]
    three = [*two, {"r": "UK", "x": 3, "y": 40}]
    src = _operands(three, max_rows=0).sources_for("Growth was 900.").sources[0]
    assert [v.label for v in src.values] == ["y[EU]"]


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["revenue", "year", "fiscal_year", "store_id", "margin_pct", "units 2023"]),
    st.lists(st.integers(1_990, 2_030), min_size=1, max_size=3),
)
def test_int_column_cells_equal_cells_read_one_by_one(column: str, values: list[int]) -> None:
    rows = [{"name": name, column: v} for name, v in zip(("EU", "US", "UK"), values, strict=False)]
    table: RowTable = read_tables(rows, key="name")[0][0]
    for i, v in enumerate(values):
        for operand in (False, True):
            cell = table.cell(i, 1, operand)
            kind = table.kind(1, cell.value)
            assert cell.kind == kind
            assert cell.operand == (operand and kind != "year" and table.eligible(1))
            assert cell.value == v


_column_cells = st.one_of(
    st.integers(-40, 40),
    st.sampled_from([2**60, -(2**60), 2**60 + 1, None, "n/a", "1.5", "$5", "-0.0", "12.5%"]),
    st.floats(-40, 40, allow_nan=False, allow_infinity=False).map(lambda x: round(x, 1)),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(_column_cells, _column_cells, st.integers(-40, 40)), min_size=1, max_size=25
    ),
    st.lists(st.tuples(st.floats(-50, 50), st.floats(0, 20)), min_size=1, max_size=8),
)
def test_merged_search_equals_the_search_column_by_column(
    cells: list[tuple[object, object, int]], windows: list[tuple[float, float]]
) -> None:
    rows = [{"k": f"r{i}", "a": a, "b": b, "c": c} for i, (a, b, c) in enumerate(cells)]
    bounds = [(c - w, c + w) for c, w in windows] + [(1e18, 2e18), (5.0, 5.0), (3.0, 1.0)]
    found: dict[int, list[list[tuple[int, int]]]] = {}
    for limit in (0, 10**9):  # never merged, always merged
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_rows_table, "_MERGED_CELLS", limit)
            table: RowTable = read_tables(rows, key="k")[0][0]
            found[limit] = table.near_many(bounds)
    assert found[0] == found[10**9]


def test_merged_search_orders_by_column_then_value_then_row() -> None:
    rows = [{"k": "a", "x": 5, "y": 1}, {"k": "b", "x": 1, "y": 5}, {"k": "c", "x": 5, "y": 3}]
    table: RowTable = read_tables(rows)[0][0]
    assert table.near_many([(0.0, 9.0)]) == [[(1, 1), (0, 1), (2, 1), (0, 2), (2, 2), (1, 2)]]


_words = st.sampled_from(["item", "Item", "north", "AMERICA", "1", "12", "eu", "q3", "x"])
_separators = st.sampled_from([" ", " ", " ", "_", "-", "  ", "\t", " - ", "\x1f"])
_phrases = st.lists(st.tuples(_words, _separators), min_size=1, max_size=3).map(
    lambda parts: "".join(w + sep for w, sep in parts)
)
_row_labels = st.one_of(
    _phrases.map(str.strip),  # the usual: words and single spaces
    _phrases,  # a separator at the end
    st.none(),
    st.sampled_from(["Nord-Süd", "Région 1", " eu", "K"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_row_labels, min_size=1, max_size=8), st.lists(_phrases, max_size=4))
def test_labels_named_on_table_labels_equals_the_scan(
    labels: list[str | None], phrases: list[str]
) -> None:
    text = "In " + ", ".join(phrases) + " grew. Item-1 and north_america too."
    assert labels_named(_Labels(labels), text) == labels_named(list(labels), text)


_spaced_labels = st.lists(_words, min_size=1, max_size=3).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(_spaced_labels, min_size=1, max_size=8), st.lists(_phrases, max_size=4))
def test_labels_named_on_spaced_labels_equals_the_scan(
    labels: list[str], phrases: list[str]
) -> None:
    table_labels = _Labels(labels)
    assert table_labels.spaced()  # the fast path is taken
    text = "In " + ", ".join(phrases) + " grew."
    assert labels_named(table_labels, text) == labels_named(list(labels), text)
