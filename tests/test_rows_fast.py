"""The fast paths of result-row reading and cell lookup give what the plain readings give.

Each fast path (columns read in C, a batched window search, label look-ups by set) is checked
against a direct reference implementation, on fixed cases and on hypothesis-generated ones.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import chain

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.model.types import Source
from crossfoot.sources.rows import (
    RowTable,
    read_tables,
    register,
    row_table,
    rows_named,
    rows_to_sources,
)
from crossfoot.sources.rows_cells import _CELL, _may_be_numbers, parse_cell
from crossfoot.sources.rows_names import _Labels, labels_opening, row_named
from crossfoot.sources.rows_read import _by_column, _dict_columns, _from_rows


def _reference_near(table: RowTable, lo: float, hi: float) -> list[tuple[int, int]]:
    """By column, then value, then row: what a stable sort of each column gives."""
    out: list[tuple[int, int]] = []
    for j, cells in enumerate(table.cells):
        by_row = {i: float(c.value) for i, c in cells.items()}
        rows = sorted(by_row, key=by_row.__getitem__)
        out.extend((i, j) for i in rows if lo <= by_row[i] <= hi)
    return out


def _table(rows: list[dict[str, object]]) -> RowTable:
    tables, _, _, _ = read_tables(rows)
    return tables[0]


# ------------------------------------------------------------------ columns read in C


def test_dict_columns_equal_rows_read_one_by_one() -> None:
    rows: list[dict[str, object]] = [
        {"region": "EU", "revenue": 5, "flag": True},
        {"revenue": 7.5, "region": "US", "extra": None},  # other key order, a new key
        {"region": "UK"},  # missing keys read None
    ]
    fast = _dict_columns("Q1", rows)
    assert fast is not None
    assert fast == _by_column(_from_rows("Q1", rows, columns=None))
    assert fast.columns == ("region", "revenue", "flag", "extra")
    assert fast.data[1] == (5, 7.5, None)


def test_dict_columns_of_rows_with_one_key_set_in_any_order() -> None:
    rows: list[dict[str, object]] = [{"k": "EU", "n": 1}, {"n": 2, "k": "US"}]
    fast = _dict_columns("Q1", rows)
    assert fast is not None and fast == _by_column(_from_rows("Q1", rows, columns=None))
    assert fast.columns == ("k", "n") and fast.data == [("EU", "US"), (1, 2)]
    other: list[dict[str, object]] = [{"k": "EU", "n": 1}, {"k": "US", "m": 2}]  # same width
    fast = _dict_columns("Q1", other)
    assert fast is not None and fast.data == [("EU", "US"), (1, None), (None, 2)]


def test_dict_columns_leave_other_shapes_to_the_general_reader() -> None:
    assert _dict_columns("Q1", [{"a": {"b": 1}}]) is None  # nested: flattened to "a.b"
    assert _dict_columns("Q1", [{1: 2}]) is None  # a non-str key
    assert _dict_columns("Q1", [[1, 2]]) is None
    assert _dict_columns("Q1", []) is None
    assert _dict_columns("Q1", ({"a": 1},)) is None  # a tuple of rows, not a list
    # and those shapes still read as before
    assert [v.label for v in rows_to_sources([{"a": {"b": 1}, "k": "x"}])[0].values] == ["a.b[x]"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(["k", "a", "b", "c"]),
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(-(10**6), 10**6),
                st.floats(allow_nan=True, allow_infinity=True),
                st.sampled_from(["x", "y", " ", "$5", "1,200", "N/A"]),
            ),
            min_size=1,
        ),
        min_size=1,
        max_size=8,
    )
)
def test_dict_columns_property(rows: list[dict[str, object]]) -> None:
    fast = _dict_columns("Q1", rows)
    assert fast is not None
    slow = _by_column(_from_rows("Q1", rows, columns=None))
    assert (fast.columns, fast.rows) == (slow.columns, slow.rows)
    assert [tuple(map(repr, c)) for c in fast.data] == [tuple(map(repr, c)) for c in slow.data]


# ------------------------------------------------------------------ batched window search


def test_near_many_matches_a_stable_sort_per_column() -> None:
    rows: list[dict[str, object]] = [
        {"k": f"r{i}", "a": v, "b": w, "c": x}
        for i, (v, w, x) in enumerate(
            [
                (5, 2**60, "1.5"),
                (5, -(2**60), None),
                (-3, 2**60 + 1, "$5"),  # float(2**60 + 1) == float(2**60): ties in row order
                (0, 7, "-0.0"),
                (5, 7, "n/a"),
            ]
        )
    ]
    t = _table(rows)
    windows = [(4.0, 6.0), (-1.0, 1.0), (1e18, 2e18), (-10.0, 10.0), (100.0, 50.0), (5.0, 5.0)]
    expected = [_reference_near(t, lo, hi) for lo, hi in windows]
    assert t.near_many(windows) == expected
    assert [t.near(lo, hi) for lo, hi in windows] == expected  # from the kept results
    fresh = _table(rows)
    assert [fresh.near(lo, hi) for lo, hi in windows] == expected  # one window at a time


def test_near_many_on_int_columns_by_their_whole_numbers() -> None:
    values = [7, 3, 7, 100, -2, 7, 3, *range(1000, 1600)]  # long: not worth sorting
    t = _table([{"k": f"r{i}", "n": v} for i, v in enumerate(values)])
    narrow = [(6.5, 7.0), (2.2, 3.9), (-2.0, -1.5), (99.99, 100.0), (8.0, 9.0), (1598.5, 2e3)]
    assert t.near_many(narrow) == [
        [(0, 1), (2, 1), (5, 1)],
        [(1, 1), (6, 1)],
        [(4, 1)],
        [(3, 1)],
        [],
        [(606, 1)],
    ]
    assert 1 not in t._keys  # found without sorting the column
    wide = [(-1e4, 1e4)]  # 20,001 whole numbers: sorting is cheaper
    assert t.near_many(wide) == [_reference_near(t, -1e4, 1e4)]
    assert 1 in t._keys


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-50, 50), min_size=3, max_size=30),
    st.lists(st.floats(-60, 60), min_size=1, max_size=6),
)
def test_near_many_property(values: list[int], centres: list[float]) -> None:
    rows: list[dict[str, object]] = [
        {"k": f"r{i}", "n": v, "s": f"{v / 4}"} for i, v in enumerate(values)
    ]
    t = _table(rows)
    windows = [(c - 2.5, c + 2.5) for c in centres]
    assert t.near_many(windows) == [_reference_near(t, lo, hi) for lo, hi in windows]


# ------------------------------------------------------------------ labels


def _reference_rows_named(labels: list[str | None], text: str) -> list[int]:
    low = text.lower()
    return [
        i
        for i, label in enumerate(labels)
        if label and label.lower() in low and row_named(label, text)
    ]


def test_rows_named_on_many_labels_of_few_lengths() -> None:
    labels: list[str | None] = [f"item {i}" for i in range(1, 2000)]
    labels += [None, "Europe"]
    text = "item 1 had 299 and item 20 beat item 1999; Europe's item 7x did not."
    want = _reference_rows_named(labels, text)
    assert want == [0, 19, 1998, 2000]
    assert rows_named(_Labels(labels), text) == want  # the set-of-pieces path
    assert rows_named(labels, text) == want  # a plain sequence
    few = labels[:50] + labels[-2:]  # the per-label search path
    assert rows_named(_Labels(few), text) == _reference_rows_named(few, text)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text("abE 1_-", min_size=1, max_size=5)), max_size=12),
    st.text("abE 1_-.", max_size=30),
)
def test_rows_named_property(labels: list[str | None], text: str) -> None:
    labels = [label.strip() or None if label else None for label in labels]
    assert rows_named(_Labels(labels), text) == _reference_rows_named(labels, text)


def test_may_be_numbers_keeps_every_text_the_cell_pattern_matches() -> None:
    texts = [
        "item 1",
        "USD 5",
        "EUR5",
        "ABCD 5",
        "abc",
        "5",
        " item 3",
        "(1,2)",
        "Nordics",
        "ſſſſ1",
    ]
    kept = list(_may_be_numbers(texts))
    assert [t for t in texts if _CELL.match(t)] == [t for t in kept if _CELL.match(t)]
    assert "item 1" not in kept and "Nordics" not in kept


@settings(max_examples=300, deadline=None)
@given(st.text("aZſK $€(-+−., 1%Mk\n\u00a0", max_size=12))
def test_may_be_numbers_property(text: str) -> None:
    if _CELL.match(text):
        assert list(_may_be_numbers([text])) == [text]
        return
    if not list(_may_be_numbers([text])):
        assert parse_cell(text) is None


# ------------------------------------------------------------------ registry


def test_register_keeps_the_newest_sources_when_full() -> None:
    sources = [Source(id=f"S{i}") for i in range(600)]
    t = _table([{"k": "a", "n": 1}, {"k": "b", "n": 2}])
    for s in sources:
        register(s, t)
    assert all(row_table(s) is t for s in sources[-500:])
    assert row_table(sources[0]) is None


def test_int_cells_and_parsed_cells_make_the_same_values() -> None:
    rows: list[dict[str, object]] = [{"k": "EU", "n": 3, "year": 2024}, {"k": "US", "n": 4}]
    ints = _table(rows)
    as_text = _table([{k: str(v) for k, v in r.items()} for r in rows])
    for i, j in chain.from_iterable([(i, 1), (i, 2)] for i in range(2)):
        if i in ints.cells[j]:
            assert ints.cell(i, j, True) == as_text.cell(i, j, True)
    assert ints.cell(0, 2).kind == "year" and ints.cell(0, 1).value == Decimal(3)


@settings(max_examples=200)
@given(
    st.lists(st.one_of(st.none(), st.sampled_from(["EU", "Europe", "", "İ", "US", "us east"]))),
    st.sampled_from(["europe grew", "eu", "us east rose", "i̇ fell", "", "none"]),
)
def test_labels_opening_equals_a_plain_prefix_scan(labels: list[str | None], low: str) -> None:
    want = [label for label in labels if label and low.startswith(label.lower())]
    assert labels_opening(_Labels(labels), low) == want
    assert labels_opening(labels, low) == want
