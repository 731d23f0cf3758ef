"""trace's per-table fast paths of round 9 (issue 19, speed11) give what the plain readings give.

- Plain dict rows whose keys are all in row 0's order are read in one pass from 400,000 cells
  (``sources.rows_read._same_order``: every value, then each column and its cell types as
  slices): the columns and types equal the look-up per column's (``FLAT_READ`` off) on random
  rows of one key order, other orders, missing and extra keys, non-str keys and every plain
  cell type; a shortcut that does not check the key order is caught.
- A table's row labels are their own lowercased labels when their joined text, lowercased,
  is itself (``sources.rows_names._Labels.lower``; was ``islower()``, which also wants a
  cased letter): the lowercased labels, the rows a text names and the labels it opens with
  equal the plain readings on random labels; a test that trusts ASCII alone is caught.
- Many row keys that all open with four ASCII letters are none of them a number
  (``sources.rows_cells._may_be_numbers``: counted on the keys with every letter made "a",
  before the pattern that enters at every key): the keys kept equal the pattern's on random
  lists of 64-90 keys; a count that takes digits for letters is caught.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import crossfoot.sources.rows_cells as rows_cells
import crossfoot.sources.rows_read as rows_read
from crossfoot import trace
from crossfoot.sources.rows_names import _Labels, labels_opening, rows_named
from crossfoot.sources.rows_read import _by_column, _dict_columns, _from_rows


@contextmanager
def _flat(on: bool) -> Iterator[None]:
    """The one-pass read on (for rows of any size: the tests' rows are few) or off."""
    saved = rows_read.FLAT_READ[0], rows_read._FLAT_CELLS
    rows_read.FLAT_READ[0], rows_read._FLAT_CELLS = on, 0
    try:
        yield
    finally:
        rows_read.FLAT_READ[0], rows_read._FLAT_CELLS = saved


def _both(rows: list[dict[Any, Any]]) -> tuple[Any, Any]:
    with _flat(True):
        fast = _dict_columns("Q1", rows)
    with _flat(False):
        slow = _dict_columns("Q1", rows)
    return fast, slow


def _shown(cs: Any) -> Any:
    """A reading compared by repr (NaN is not equal to itself; 1 and True are equal)."""
    if cs is None:
        return None
    return (cs.name, cs.columns, cs.rows, [list(map(repr, c)) for c in cs.data], cs.types)


_CELLS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=False, places=2, min_value=-(10**6), max_value=10**6),
    st.sampled_from(["x", "EU", " ", "", "$5", "1,200", "N/A"]),
    st.just({"nested": 1}),
    st.just([1, 2]),
)
_KEYS = ["region", "revenue", "orders", "k", 1, True, 2.0]


@st.composite
def _rows(draw: st.DrawFn) -> list[dict[Any, Any]]:
    """Rows mostly of one key order; some in another order, with a key missing, or another."""
    keys = draw(st.lists(st.sampled_from(_KEYS), min_size=1, max_size=5, unique=True))
    out: list[dict[Any, Any]] = []
    for _ in range(draw(st.integers(1, 7))):
        order = list(keys)
        change = draw(st.sampled_from(["same", "same", "same", "shuffle", "drop", "swap"]))
        if change == "shuffle":
            order = draw(st.permutations(order))
        elif change == "drop" and len(order) > 1:
            order.pop(draw(st.integers(0, len(order) - 1)))
        elif change == "swap":
            order[draw(st.integers(0, len(order) - 1))] = draw(st.sampled_from(_KEYS))
        out.append({k: draw(_CELLS) for k in order})
    return out


@settings(max_examples=300, deadline=None)
@given(_rows())
@example([{"a": 1, "b": 2}, {"b": 3, "a": 4}])  # one key set, another order
@example([{"a": 1, True: 2}, {"a": 3, 1: 4}])  # 1 == True: the look-up finds the same key
@example([{"a": 1, "b": 2}, {"a": 3, "c": 4}])  # as many keys, another one
def test_one_pass_read_equals_the_look_up_per_column(rows: list[dict[Any, Any]]) -> None:
    fast, slow = _both(rows)
    assert _shown(fast) == _shown(slow)
    if fast is not None:  # and what the general reader gives
        general = _by_column(_from_rows("Q1", rows, columns=None))
        assert _shown(fast)[1:] == _shown(general)[1:]


def test_one_pass_read_is_taken_for_many_rows_of_one_key_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (the threshold's own rows would take seconds to make)
    monkeypatch.setattr(rows_read, "_FLAT_CELLS", 3_000)
    n = rows_read._FLAT_CELLS // 3 + 1
    rows = [{"region": f"r{i}", "revenue": i * 10, "share": Decimal("0.5")} for i in range(n)]
    fast = rows_read._same_order(rows)
    assert fast is not None
    data, types = fast
    assert data[1] == tuple(i * 10 for i in range(n)) and types == [{str}, {int}, {Decimal}]
    assert rows_read._same_order([*rows, {"revenue": 1, "region": "x", "share": 2}]) is None
    assert rows_read._same_order(rows[: n - 2]) is None  # fewer cells: the look-up is faster


def test_a_read_that_trusts_the_key_order_unchecked_is_caught() -> None:
    def broken(rows: list[dict[Any, Any]]) -> Any:
        width = len(rows[0])
        if not rows_read.FLAT_READ[0] or len(set(map(len, rows))) != 1:
            return None
        values = [v for r in rows for v in r.values()]
        columns = [tuple(values[j::width]) for j in range(width)]
        return columns, [set(map(type, c)) for c in columns]

    saved = rows_read._same_order
    rows_read._same_order = broken
    try:
        fast, slow = _both([{"a": 1, "b": 2}, {"b": 3, "a": 4}])
        assert _shown(fast) != _shown(slow)
    finally:
        rows_read._same_order = saved


def test_trace_reads_reordered_rows_as_before() -> None:
    rows = [{"region": "EU", "revenue": 5200}, {"revenue": 3100, "region": "US"}]
    with _flat(True):
        fast = trace("US had 3,100 in revenue and EU 5,200.", rows).to_dict()
    with _flat(False):
        slow = trace("US had 3,100 in revenue and EU 5,200.", rows).to_dict()
    assert fast == slow


_LABEL_TEXT = st.text("aAbZ19 _-\u00e9\u212a\u0130", max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), _LABEL_TEXT), min_size=1, max_size=12), _LABEL_TEXT)
@example(["2019", "2020"], "in 2019")  # no cased letter: their own lowercase
@example(["eu", "Us"], "us and eu")
def test_labels_lowered_once_equal_the_plain_reading(labels: list[str | None], text: str) -> None:
    if all(isinstance(label, str) for label in labels):
        plain = tuple(label.lower() for label in labels if label is not None)
    else:  # (a NUL, which no answer holds, where a row has no label)
        plain = tuple(label.lower() if label else "\x00" for label in labels)
    fast = _Labels(labels)
    assert fast.lower() == plain
    low = text.lower()
    assert rows_named(fast, text) == rows_named(list(labels), text)
    assert labels_opening(fast, low) == labels_opening(list(labels), low)


def test_labels_that_trust_ascii_alone_are_caught() -> None:
    class Broken(_Labels):
        def lower(self) -> tuple[str, ...]:
            return tuple(self) if "".join(self).isascii() else _Labels.lower(self)

    assert Broken(["EU", "eu"]).lower() != _Labels(["EU", "eu"]).lower()


def _kept_by_the_pattern(texts: list[str]) -> list[str]:
    joined = "\x00" + "\x00".join(texts)
    return [m[1] for m in rows_cells._NOT_FOUR_LETTERS.finditer(joined)]


_KEY = st.one_of(
    st.from_regex(r"[A-Za-z]{4}[A-Za-z0-9 ]{0,4}", fullmatch=True),  # opens with four letters
    st.text("aZ9 _-.$(\u017f\u212a\u00e9\u00b2\x01", max_size=7),
)


_ITEMS = [f"item {i}" for i in range(64)]


# Each example draws 64 or more keys: 60 examples keep the run to a few seconds.
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.from_regex(r"[A-Za-z]{4}[A-Za-z0-9 ]{0,4}", fullmatch=True), min_size=64),
    st.lists(_KEY, max_size=3),
    st.integers(0, 63),
)
@example(_ITEMS, [], 0)
@example(_ITEMS, ["abc1"], 5)  # three letters and a digit
@example(_ITEMS, ["\u017fabc 1"], 0)  # a non-ASCII letter
def test_keys_opening_with_four_letters_are_no_numbers(
    keys: list[str], other: list[str], at: int
) -> None:
    texts = keys[:at] + other + keys[at:]
    assert list(rows_cells._may_be_numbers(texts)) == _kept_by_the_pattern(texts)


def test_a_count_that_takes_digits_for_letters_is_caught(monkeypatch: Any) -> None:
    broken = {i: "a" if chr(i).isalnum() else "." for i in range(1, 128)}
    monkeypatch.setattr(rows_cells, "_LETTER_A", broken)
    texts = [f"item {i}" for i in range(63)] + ["abc1"]
    assert list(rows_cells._may_be_numbers(texts)) != _kept_by_the_pattern(texts)
