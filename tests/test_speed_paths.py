"""The fast paths of issue 19 (do less work per claim) give what the plain readings give.

Each fast path is checked against a direct reference implementation, on fixed cases and on
hypothesis-generated ones, so a gate that drops a row, a cell or a claim fails here.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.sources.rows_names import _Labels, labels_named, row_named


def _reference_rows_in(labels: list[str | None], low: str) -> list[int]:
    lower = [label.lower() if label else "\x00" for label in labels]
    return [i for i, label in enumerate(lower) if label in low]


def _reference_labels_named(labels: list[str | None], text: str) -> list[str]:
    return [label for label in labels if label and row_named(label, text)]


def test_rows_in_by_label_index_on_many_rows() -> None:
    labels: list[str | None] = [f"item {i}" for i in range(1, 5000)]
    labels += [None, "Europe", "item 7", "item 7"]  # a label held by three rows
    low = "item 7 and item 4999 beat europe; item 70 too."
    got = list(_Labels(labels).rows_in(low))
    assert got == _reference_rows_in(labels, low)
    assert {6, 69, 4998, 5000, 5001, 5002} <= set(got)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text("abE 1_-", min_size=1, max_size=4)), max_size=60),
    st.text("abE 1_-.", max_size=8),
)
def test_rows_in_property(labels: list[str | None], text: str) -> None:
    # short texts against many labels take the label index; long ones the per-label search
    low = text.lower()
    assert list(_Labels(labels).rows_in(low)) == _reference_rows_in(labels, low)
    assert list(_Labels(labels).rows_in(low * 9)) == _reference_rows_in(labels, low * 9)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.sampled_from(["a b", "ab", "E 1", "b", "a  b", "1"])), max_size=80
    ),
    st.text("abE 1_-.", max_size=10),
)
def test_labels_named_property(labels: list[str | None], text: str) -> None:
    labels = [label.strip() or None if label else None for label in labels]
    assert labels_named(_Labels(labels), text) == _reference_labels_named(labels, text)


# ------------------------------------------------------------------ check() reuses read sources


def test_check_reuses_the_sources_of_the_same_strings_only() -> None:
    from crossfoot import check
    from crossfoot.front.check import Checker

    passages = ["Revenue was $3,214 million in 2024.", "Costs were $1,100 million."]
    first = Checker(passages).sources
    assert Checker(list(passages)).sources is first  # equal strings: read once
    assert Checker(tuple(passages)).sources is first
    changed = ["Revenue was $3,215 million in 2024.", passages[1]]
    assert Checker(changed).sources is not first
    # the verdicts follow the text given, never a list read before
    assert check("Revenue was $3,214 million [1].", passages).passed
    assert not check("Revenue was $3,214 million [1].", changed).passed
    assert check("Revenue was $3,215 million [1].", changed).passed
    records = [{"id": "R1", "fields": {"revenue": 5}}]
    assert Checker(records).sources is not Checker(records).sources  # records: read each time
