"""The re-runs of an answer share ``per_answer``'s memos (round 39, issue 19, speed54).

``engine._Answer.rerun`` judges a figure again over the values that fit the question, each time
with a new per-answer store (``ClaimContext.shared``): the rules' memos there may read the claims
grounded, which differ from re-run to re-run. The memos of ``model.memo.per_answer`` read only
their key (a scope, its index or a group, held by identity) and the answer, so every re-run of
an answer now finds those the re-runs before it made (``model.memo.SHELF``): the readings of a
cut scope (a multi-operand rule's lines, the table chains' operands) are made once. Switched by
``model.memo.SHELVED``: answers whose final figures are judged again give the same report with
the shelf as without it, and the shelf is filled on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check, engine
from crossfoot.model import memo
from strategies import two_year_table


@contextmanager
def _shelves(shelved: bool) -> Iterator[list[int]]:
    """The re-runs counted, and the memos their shelves hold, with the shelf on or off."""
    seen = [0, 0]  # re-runs, memos on the shelves
    plain = engine._Answer.rerun

    def counted(self: Any, *args: Any) -> Any:
        seen[0] += 1
        before = sum(len(m) for m in self.shelf.values())
        try:
            return plain(self, *args)
        finally:
            seen[1] += sum(len(m) for m in self.shelf.values()) - before

    with patch.object(memo, "SHELVED", shelved), patch.object(engine._Answer, "rerun", counted):
        yield seen


def _reports(answer: str, sources: list[str], question: str) -> tuple[Any, Any, list[int]]:
    with _shelves(True) as shelved:
        short = check(answer, sources, question=question).to_dict()
    with _shelves(False) as plain:
        full = check(answer, sources, question=question).to_dict()
    assert shelved[0] == plain[0] and plain[1] == 0
    return short, full, shelved


_QUESTIONS = (
    "What was the change in Revenue from 2018 to 2019?",
    "What was the Revenue in 2019?",
    "What was the percentage change in Revenue from 2018 to 2019?",
    "What was the total Revenue in 2018 and 2019?",
)
_ANSWERS = [
    # another row's change, level or sum, two figures judged again, or the named row's own
    "The change is $50 million.",
    "Cost of sales rose from $250 million to $300 million, so the change is $50 million.",
    "Cost of sales was $300 million and $250 million; the total is $550 million.",
    "The figures are $300 million and $550 million. Answer: $550 million.",
    "Revenue in 2019 was $500 million.",
]


def test_reruns_report_the_same_with_the_shelf() -> None:
    rows = {"Revenue": (Decimal(500), Decimal(400)), "Cost of sales": (Decimal(300), Decimal(250))}
    kept = 0
    for layout in ("markdown", "pipes", "tabs"):
        sources = [two_year_table(rows, layout)]
        for question in _QUESTIONS:
            for answer in _ANSWERS:
                short, full, shelved = _reports(answer, sources, question)
                assert short == full, (layout, question, answer)
                kept += shelved[1]
    assert kept > 0  # the re-runs made memos the shelf keeps for the next ones


_VALUES = st.integers(1, 9_000).map(Decimal)


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(_VALUES, _VALUES, _VALUES, _VALUES),
    st.sampled_from(["markdown", "pipes", "tabs"]),
    st.sampled_from(["change", "other", "level", "sum", "own"]),
    st.sampled_from(_QUESTIONS),
    st.booleans(),
)
def test_reports_are_the_same_with_and_without_the_shelf(
    values: tuple[Decimal, Decimal, Decimal, Decimal],
    layout: str,
    said: str,
    question: str,
    marked: bool,
) -> None:
    a, b, c, d = values
    rows = {"Revenue": (a, b), "Cost of sales": (c, d)}
    figure = {"change": a - b, "other": c - d, "level": c, "sum": c + d, "own": a}[said]
    answer = f"Cost of sales was ${c:,} million in 2019. The figure is ${figure:,} million."
    if marked:
        answer = f"Explanation: ${c:,} million and ${d:,} million. Answer: ${figure:,} million."
    short, full, _ = _reports(answer, [two_year_table(rows, layout)], question)
    assert short == full
