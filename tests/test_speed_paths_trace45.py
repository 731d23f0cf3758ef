"""trace's large result sets, round 34 (issue 19, trace45): what is read once per table.

- Whether two rows hold one label (``rules._rowsums_tables._Table.grouped``) is answered, for a
  table of more than 64 rows, by the lowercased labels' index that the look-up of a sentence's
  rows makes (``sources.rows_names._Labels.repeated``): every lowercased label once means
  every label once. It equals the set of the labels on random labels (repeats, labels equal
  but for their case, rows without one), and a test that trusts the index alone is caught.
- Plain dict rows are read by a look-up per column up to 400,000 cells (the one-pass read,
  ``rows_read._same_order``, from there: ``test_speed_paths_speed11`` proves the two equal);
  an int column's types are tested without a set of them, and give ``{int}`` as the set did.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.sources import rows_names
from crossfoot.sources.rows_names import _Labels, repeated_labels
from crossfoot.sources.rows_read import _dict_columns

_WORDS = ("North", "north", "NORTH", "South", "East", "West", "Item 7", "item 7")


def _plain(labels: list[str | None]) -> bool:
    named = [x for x in labels if x is not None]
    return len(set(named)) < len(named)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.sampled_from(_WORDS)), max_size=6),
    st.integers(min_value=0, max_value=140),
)
@example(["North", "north"], 70)  # equal but for their case: two labels, none repeated
@example([None, None], 70)  # rows without a label are not counted
@example(["item 3"], 70)  # a label the numbered ones already hold
def test_repeated_labels_equal_the_set_of_the_labels(extra: list[str | None], n: int) -> None:
    labels = [f"item {i}" for i in range(n)] + extra
    random.Random(n).shuffle(labels)
    held = _Labels(labels)
    if n % 2:  # the index made first (as the look-up of a sentence's rows makes it), or not
        held.rows_in("item 5 and item 12 grew")
    assert repeated_labels(held) == _plain(labels) == repeated_labels(list(labels))


def test_an_index_trusted_alone_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    labels = _Labels([f"item {i}" for i in range(100)] + ["Item 1"])  # "item 1" twice, lowered
    assert not repeated_labels(labels)  # the set of the labels decides: none is held twice

    def broken(self: Any) -> bool:
        return len(self._index()) < len(self)

    monkeypatch.setattr(_Labels, "repeated", broken)
    assert repeated_labels(labels)
    monkeypatch.undo()
    assert rows_names._INDEXED < 100


def test_int_columns_read_with_the_types_the_set_gave() -> None:
    rows = [{"k": f"r{i}", "a": i, "b": float(i), "c": True if i == 3 else i} for i in range(50)]
    cs = _dict_columns("Q1", rows)
    assert cs is not None
    assert cs.types == [{str}, {int}, {float}, {int, bool}]
