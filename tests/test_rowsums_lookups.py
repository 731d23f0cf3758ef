"""The row-sum rule's shortcuts read the result set's own structures (its row labels and the
int bounds of its columns) instead of scanning again; each must give what the scan gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.rules._rowsums_tables import _Column, _Table
from crossfoot.sources.rows_cells import IntNumbers
from crossfoot.sources.rows_names import _Labels

_WORDS = ["item", "Europe", "North", "America", "EU", "1", "2", "10", "12", "store"]
label_strategy = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3).map(" ".join)


def _table(labels: list[str | None], with_seq: bool) -> _Table:
    named = {i: label for i, label in enumerate(labels) if label is not None}
    seq = _Labels(labels) if with_seq else None
    return _Table("Q1", len(labels), [], [], named, label_seq=seq)


@given(
    st.lists(st.one_of(st.none(), label_strategy), min_size=3, max_size=40),
    st.lists(st.sampled_from([*_WORDS, "and", "'s", ",", "item 1", "EUR"]), max_size=12),
    st.one_of(st.none(), st.integers(1, 5)),
)
def test_named_rows_from_the_result_labels_match_the_key_scan(
    labels: list[str | None], words: list[str], limit: int | None
) -> None:
    sentence = " ".join(words)
    fast = _table(labels, True).rows_named(sentence, limit)
    slow = _table(labels, False).rows_named(sentence, limit)
    assert fast == slow


def test_named_rows_by_label_sequence_on_many_similar_keys() -> None:
    # "item 1" must not name "item 10".."item 1999": the case where a substring scan is slow
    labels: list[str | None] = [f"item {i + 1}" for i in range(2000)]
    table = _table(labels, True)
    assert table.rows_named("item 1 had 299 and item 2 had 11,150.") == [0, 1]
    assert table.rows_named("item 1999 led; item 20 lagged", 1) == [19]


@given(st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=30))
def test_known_int_range_gives_the_same_total_and_sign(ints: list[int]) -> None:
    def column(known: tuple[int, int] | None) -> _Column:
        return _Column(
            "revenue",
            "revenue",
            False,
            False,
            None,
            IntNumbers(tuple(ints)),
            _no_cell,
            int_range=known,
        )

    with_range = _Table("Q1", len(ints), [column((min(ints), max(ints)))], [], {}).finish()
    scanned = _Table("Q1", len(ints), [column(None)], [], {}).finish()
    a, b = with_range.columns[0], scanned.columns[0]
    assert (a.total, a.nonnegative, a.count) == (b.total, b.nonnegative, b.count)
    assert a.total == sum(ints)


def _no_cell(i: int) -> SourceValue:
    raise AssertionError(f"a column total makes no cell (asked for row {i})")
