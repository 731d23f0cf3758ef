"""trace's large result sets, round 36 (issue 19, trace47): passes shared or cheapened.

- ``sources.rows_names._Labels.spaced`` reads the labels' join that ``lower()`` made (of the
  labels as given, not lowercased: lowercasing ASCII changes letters only, and a text that is
  not ASCII is not spaced either way) instead of joining the lowercased labels again with a
  separator at each end; a label opening or ending with a space is then found at the join's
  ends. It equals the padded reading of the lowercased labels on random labels.
- ``sources.rows_read._dict_columns`` tests a column for plain ints by counting its types only
  when its first cell is an int (the key column goes straight to the set of its types), and
  ``_same_keys`` counts the rows of row 0's width instead of making the set of the widths: the
  columns and types equal the plain reading's.
- ``sources.rows_cells.rows_of`` flags hits in a ``bytearray`` (``bytearray.index`` finds them
  as ``bytes.index`` does): ``test_speed_paths_speed17`` compares it with the ``compress`` pass.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.sources.rows_names import _ODD_SPACE, _Labels
from crossfoot.sources.rows_read import _dict_columns

_PIECES = ("item", "North", "south", " ", "  ", "-", "_", "\t", "é", "7", "Q1", "\x01")


def _padded(labels: list[str | None]) -> bool:
    """The reading before round 36: the lowercased labels joined, a separator at each end."""
    lower = _Labels(labels).lower()
    joined = "\x01" + "\x01".join(lower) + "\x01"
    odd = ("\x01 ", " \x01", "  ", *_ODD_SPACE)
    return joined.isascii() and not any(map(joined.__contains__, odd))


_LABEL = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map("".join)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.one_of(st.none(), _LABEL), max_size=8))
@example(["North", " south"])  # a space at the start of a label (not the first)
@example([" North", "south"])  # and of the first label: the join's start
@example(["North ", "south"])
@example(["North", "south "])  # a space at the end of the last label: the join's end
@example(["Norté", "south"])  # not ASCII
@example([])
def test_spaced_reads_as_the_padded_join(labels: list[str | None]) -> None:
    assert _Labels(labels).spaced() == _padded(labels)


def _plain_columns(rows: list[dict[str, Any]]) -> tuple[list[tuple[object, ...]], list[set[type]]]:
    keys = list(rows[0])
    data = [tuple(r[k] for r in rows) for k in keys]
    return data, [set(map(type, c)) for c in data]


_CELL = st.one_of(
    st.integers(-5, 5), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3)
)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(_CELL, _CELL, st.integers(0, 9)), min_size=1, max_size=12))
@example([(1, 2, 3), (True, 2, 3)])  # an int column but for a bool
@example([("a", 2, 3), (1, 2, 3)])  # a first cell that is no int, then ints
def test_dict_columns_types_equal_the_set_of_the_types(cells: list[tuple[Any, Any, int]]) -> None:
    rows = [{"k": a, "x": b, "n": n} for a, b, n in cells]
    read = _dict_columns("q", rows)
    assert read is not None
    assert (read.data, read.types) == _plain_columns(rows)


def test_rows_of_another_width_are_read_by_their_keys() -> None:
    rows = [{"k": "a", "x": 1}, {"k": "b", "x": 2, "y": 3}]
    read = _dict_columns("q", rows)
    assert read is not None
    assert read.columns == ("k", "x", "y") and read.data[2] == (None, 3)
