"""The shortcut of the table-row check gives what the full check gives.

``row_verdict`` returns at once when every matched table is *mute* (no row label can be named,
no bare "Total" row, and a matched cell has no year) and no figure stands in the sentence
before (so the answer-line check cannot fail either). Here the verdicts of whole answers with
the shortcut equal those with it switched off, over tables that mix nameable, generic, total
and year rows and columns, and answers that use the words each check reads.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check, trace
from crossfoot.front import trace_fast
from crossfoot.language import rowmatch as _rowmatch
from deep import examples

# Mostly labels that name nothing (the shortcut's tables), some that do.
_ROW_LABELS = ["item 1", "item 2", "3", "Other", "Total", "Net total", "Net sales", "2019", "2020"]
_COLUMNS = ["2019", "2020", "revenue", "Change", "Average balance"]
_VALUES = [5, 7, 12]
_LEADS = [
    "",
    "Total sales were",
    "The change in sales is",
    "The change is",
    "The average item 1 is",
    "Answer:",
    "In 2020, item 1 had",
    "Net sales were",
    "Other was",
    "Revenue rose",
]
_TAILS = ["", " in 2019", " in 2020", " in 2020", " of revenue"]
_BEFORE = ["", "Item 1 was 7 in 2019. ", "What was the total? ", "Net sales were 450. "]


def _verdicts(answer: str, table: list[list[str]]) -> list[tuple[str, str, str | None]]:
    source = {"id": "R1", "text": "Results " + json.dumps(table)}
    report = check(answer, [source])
    return [(c.text, c.status, c.message) for c in report.claims]


def _full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_rowmatch, "_mute", lambda ctx, matches: False)


_tables = st.tuples(
    st.lists(st.sampled_from(_ROW_LABELS), min_size=1, max_size=3, unique=True),
    st.lists(st.sampled_from(_COLUMNS), min_size=1, max_size=3, unique=True),
    st.data(),
)


@settings(max_examples=examples(300, 1500), deadline=None)
@given(
    _tables,
    st.sampled_from(_BEFORE),
    st.sampled_from(_LEADS),
    st.sampled_from(_VALUES),
    st.sampled_from(_TAILS),
)
def test_the_mute_table_shortcut_gives_the_full_check(
    shape: tuple[list[str], list[str], st.DataObject],
    before: str,
    lead: str,
    value: int,
    tail: str,
) -> None:
    labels, columns, data = shape
    body = [
        [label, *(str(data.draw(st.sampled_from(_VALUES))) for _ in columns)] for label in labels
    ]
    table = [["", *columns], *body]
    answer = f"{before}{lead} {value}{tail}.".strip()
    fast = _verdicts(answer, table)
    with pytest.MonkeyPatch.context() as mp:
        _full(mp)
        slow = _verdicts(answer, table)
    assert fast == slow


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_ROW_LABELS), min_size=1, max_size=3, unique=True),
    st.sampled_from(_LEADS),
    st.sampled_from(_VALUES),
    st.sampled_from(_TAILS),
)
def test_the_shortcut_gives_the_full_check_in_trace(
    labels: list[str], lead: str, value: int, tail: str
) -> None:
    rows = [{"name": label, "revenue": _VALUES[i], "orders": 7} for i, label in enumerate(labels)]
    answer = f"{lead} {value}{tail}.".strip()
    fast = [(c.text, c.status, c.message) for c in trace(answer, rows).claims]
    with pytest.MonkeyPatch.context() as mp:
        _full(mp)
        slow = [(c.text, c.status, c.message) for c in trace(answer, rows).claims]
    assert fast == slow


def test_the_shortcut_is_taken_for_a_table_of_generic_labels() -> None:
    # "item 1" and "item 2" name nothing: the words are never read (the gate would pass).
    rows = [{"name": "item 1", "revenue": 299}, {"name": "item 2", "revenue": 11150}]
    taken: list[bool] = []
    real = _rowmatch._mute

    def spy(ctx: object, matches: object) -> bool:
        taken.append(real(ctx, matches))  # type: ignore[arg-type]
        return taken[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_rowmatch, "_mute", spy)
        mp.setattr(trace_fast, "ON", [False])  # (the engine's shortcut: front/trace_fast's off)
        report = trace("item 1 had 299 in revenue.", rows)
    assert taken == [True]
    assert [c.status for c in report.claims] == ["supported_exact"]


def test_a_bare_total_row_keeps_a_table_of_generic_labels_judged() -> None:
    # "Other" names nothing, but the sentence names the bare "Total" row: the part's figure fails.
    table = [["", "2019"], ["Other", "934"], ["Total", "1200"]]
    assert _verdicts("Total sales in 2019 were 934.", table)[0][1] == "wrong_row"
