"""trace's per-table fast paths of round 12 (issue 19, speed17) give what the plain readings give.

- The whole numbers of long int columns are looked for with a flag per cell in a bytearray
  (``sources.rows_cells.rows_of``; round 35, trace46: was one pass over the columns zipped in
  row order): the rows of every value found equal a ``compress`` pass per column's
  (``BYTE_FLAGS`` off), directly on random columns and through ``RowTable.near_many`` on random
  tables long enough to take that search; flags read one place off, or a column's first row
  skipped, are caught.
- A table's row labels are indexed in row order when no label is held twice
  (``sources.rows_names._Labels._index``): the index, the rows held by several labels and the
  rows a text names equal the reversed reading's (``FORWARD_INDEX`` off) on random labels with
  and without repeats; an index in row order without the test for repeats is caught.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import crossfoot.sources.rows_cells as rows_cells
import crossfoot.sources.rows_names as rows_names
from crossfoot import trace
from crossfoot.sources.rows import read_tables
from crossfoot.sources.rows_names import _Labels, rows_named


@contextmanager
def _byte_flags(on: bool) -> Iterator[None]:
    saved = rows_cells.BYTE_FLAGS[0]
    rows_cells.BYTE_FLAGS[0] = on
    try:
        yield
    finally:
        rows_cells.BYTE_FLAGS[0] = saved


def _rows_of_both(columns: list[tuple[int, ...]], wanted: set[int]) -> tuple[Any, Any]:
    with _byte_flags(True):
        fast = rows_cells.rows_of(columns, wanted)
    with _byte_flags(False):
        slow = rows_cells.rows_of(columns, wanted)
    return fast, slow


@st.composite
def _columns(draw: st.DrawFn) -> tuple[list[tuple[int, ...]], set[int]]:
    n = draw(st.integers(0, 40))
    width = draw(st.integers(1, 6))
    value = st.integers(-6, 6) | st.integers(-(2**70), 2**70)
    columns = [tuple(draw(st.lists(value, min_size=n, max_size=n))) for _ in range(width)]
    wanted = set(draw(st.lists(st.integers(-8, 8) | st.sampled_from([2**64, -(2**64)]))))
    return columns, wanted


@settings(max_examples=300, deadline=None)
@given(_columns())
@example(([(5, 7, 5), (1, 5, 2)], {5}))
@example(([(5,), (5,), (5,)], {5}))
@example(([(), ()], {1}))
def test_rows_of_by_byte_flags_equals_a_pass_per_column(
    case: tuple[list[tuple[int, ...]], set[int]],
) -> None:
    fast, slow = _rows_of_both(*case)
    assert fast == slow
    # (and the order of each value's rows: ascending, as the pass per column finds them)
    assert [[list(v) for v in d.values()] for d in fast] == [
        [list(v) for v in d.values()] for d in slow
    ]


def _near(rows: list[dict[str, Any]], windows: list[tuple[float, float]]) -> list[Any]:
    table = read_tables(rows)[0][0]
    return [list(found) for found in table.near_many(windows)]


@st.composite
def _long_tables(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[tuple[float, float]]]:
    n = draw(st.sampled_from([512, 600, 900]))  # from 512 rows: the whole-number search
    cols = draw(st.integers(1, 4))
    seed = draw(st.integers(0, 2**32 - 1))

    rng = random.Random(seed)
    spread = draw(st.sampled_from([10, 300, 5000]))
    rows = [
        {"name": f"item {i}", **{f"m{c}": rng.randint(-spread, spread) for c in range(cols)}}
        for i in range(n)
    ]
    windows = []
    for _ in range(draw(st.integers(1, 8))):
        centre = draw(st.floats(-1.2 * spread, 1.2 * spread, allow_nan=False))
        half = draw(st.sampled_from([0.0, 0.4, 0.5, 1.0, 2.5, 7.0]))
        windows.append((centre - half, centre + half))
    return rows, windows


@settings(max_examples=60, deadline=None)
@given(_long_tables())
def test_near_many_on_long_int_columns_finds_the_same_cells(
    case: tuple[list[dict[str, Any]], list[tuple[float, float]]],
) -> None:
    with _byte_flags(True):
        fast = _near(*case)
    with _byte_flags(False):
        slow = _near(*case)
    assert fast == slow


def test_trace_on_a_long_table_reads_alike_by_byte_flags() -> None:
    rows = [{"name": f"item {i}", "a": 100 + i % 97, "b": 5_000 + i} for i in range(800)]
    text = "item 3 had 103 of a and item 4 had 5,004 of b; a total of 5,103,  and 5,900 more."
    with _byte_flags(True):
        fast = trace(text, rows).to_dict()
    with _byte_flags(False):
        slow = trace(text, rows).to_dict()
    assert fast == slow


def test_flags_read_one_place_off_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    columns: list[tuple[int, ...]] = [(5, 7, 5, 1), (1, 5, 2, 5), (5, 5, 5, 5)]
    _, slow = _rows_of_both(columns, {5})
    real = bytearray
    monkeypatch.setattr(rows_cells, "bytearray", lambda it: b"\0" + real(it)[:-1], raising=False)
    with _byte_flags(True):
        assert rows_cells.rows_of(columns, {5}) != slow


def test_a_pass_that_skips_the_first_row_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    columns: list[tuple[int, ...]] = [(5, 7, 5, 1), (1, 5, 2, 5), (5, 5, 5, 5)]
    fast, slow = _rows_of_both(columns, {5})
    assert fast == slow
    real = bytearray
    monkeypatch.setattr(rows_cells, "bytearray", lambda it: b"\0" + real(it)[1:], raising=False)
    with _byte_flags(True):
        assert rows_cells.rows_of(columns, {5}) != slow


def _index_both(labels: list[str | None], text: str) -> tuple[Any, Any]:
    out = []
    for on in (True, False):
        saved = rows_names.FORWARD_INDEX[0]
        rows_names.FORWARD_INDEX[0] = on
        try:
            made = _Labels(labels)
            index = made._index()
            out.append((index, made._repeated, rows_named(made, text), made.opening(text.lower())))
        finally:
            rows_names.FORWARD_INDEX[0] = saved
    return out[0], out[1]


_LABEL = st.sampled_from(["EU", "US", "eu", "Item 1", "item 1", "item 12", "UK ", None]) | st.text(
    alphabet="abAB1 ", max_size=4
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_LABEL, max_size=30), st.sampled_from(["EU and item 1 grew", "item 12 ab", "b"]))
@example(["EU", "US", "EU"], "EU grew")
@example(["a", "b"], "a and b")
def test_the_labels_index_in_row_order_equals_the_reversed_one(
    labels: list[str | None], text: str
) -> None:
    fast, slow = _index_both(labels, text)
    assert fast == slow
    lowered = list(_Labels(labels).lower())
    assert all(lowered.index(label) == row for label, row in fast[0].items())  # (first rows)


def test_an_index_in_row_order_that_ignores_repeats_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    labels: list[str | None] = ["EU", "US", "EU", "UK"]
    _, slow = _index_both(labels, "EU grew")
    real_len = len

    def no_repeats(obj: Any) -> int:  # (the test for repeats always passes)
        return real_len(obj) if not isinstance(obj, dict) else real_len(labels)

    monkeypatch.setattr(rows_names, "len", no_repeats, raising=False)
    made = _Labels(labels)
    assert (made._index(), made._repeated) != slow[:2]
