"""A row the answer picks for a superlative, an ordinal or a bar (rules.answer_pick).

The grid vectors (tests/vectors/pick16.json) run the shapes through ``check`` in six table
formats; here: a property over random columns (the pick fails exactly when another row is the
extreme, or when the set named is not the set past the bar) and the questions it leaves alone.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

REGIONS = ["North", "South", "East", "West", "Central"]


def _table(cells: list[int]) -> str:
    rows = [["", "2025"], *([r, f"{v:,}"] for r, v in zip(REGIONS, cells, strict=False))]
    return json.dumps(rows)


def _picks(answer: str, cells: list[int], question: str) -> list[str]:
    report = crossfoot.check(answer, [_table(cells)], question=question)
    return [c.text for c in report.claims if c.evidence and c.evidence.rule == "answer_pick"]


@settings(max_examples=40, deadline=None)
@given(
    cells=st.lists(st.integers(1, 9_999), min_size=3, max_size=5, unique=True),
    pick=st.integers(0, 4),
    high=st.booleans(),
)
def test_the_pick_fails_exactly_when_another_row_is_the_extreme(
    cells: list[int], pick: int, high: bool
) -> None:
    pick %= len(cells)
    word = "highest" if high else "lowest"
    question = f"Which region had the {word} revenue in 2025?"
    best = max(cells) if high else min(cells)
    flagged = _picks(f"Answer: {REGIONS[pick]}", cells, question)
    assert flagged == ([] if cells[pick] == best else [REGIONS[pick]])


@settings(max_examples=30, deadline=None)
@given(
    cells=st.lists(st.integers(1, 9_999), min_size=3, max_size=5, unique=True),
    bar=st.integers(1, 9_999),
    chosen=st.sets(st.integers(0, 4), min_size=1, max_size=5),
)
def test_the_set_fails_exactly_when_it_is_not_the_rows_past_the_bar(
    cells: list[int], bar: int, chosen: set[int]
) -> None:
    chosen = {i % len(cells) for i in chosen}
    names = [REGIONS[i] for i in sorted(chosen)]
    question = f"Which regions had revenue above {bar:,} in 2025?"
    flagged = _picks("Answer: " + ", ".join(names), cells, question)
    right = {i for i, v in enumerate(cells) if v > bar} == chosen
    assert bool(flagged) != right


@pytest.mark.parametrize(
    "question",
    [
        "Which region had the highest revenue?",  # no column named (one here: a year asked)
        "Which region, other than North, had the highest revenue in 2025?",
        "Which region had the largest increase in revenue in 2025?",
        "Why did North have the highest revenue in 2025?",
        "Which year had the highest revenue for North?",  # a year: rules.which_period
    ],
)
def test_questions_left_alone(question: str) -> None:
    table = json.dumps([["", "2025", "2024"], ["North", "1", "3"], ["East", "5", "4"]])
    report = crossfoot.check("Answer: North", [table], question=question)
    assert not [c for c in report.claims if c.evidence and c.evidence.rule == "answer_pick"]


ROWS = [
    {"region": "North", "revenue": 4_200_000, "orders": 1250},
    {"region": "South", "revenue": 3_100_000, "orders": 980},
    {"region": "East", "revenue": 5_000_000, "orders": 1610},
    {"region": "West", "revenue": 2_200_000, "orders": 720},
]


@pytest.mark.parametrize(
    ("question", "answer", "fails"),
    [
        ("Which region had the highest revenue?", "Answer: East", None),
        ("Which region had the highest revenue?", "Answer: North", "North"),
        ("Which region had the fewest orders?", "West", None),
        ("Which region had the fewest orders?", "South", "South"),
        ("Which region had the second highest revenue?", "Answer: North", None),
        ("Which regions had revenue above $4,000,000?", "Answer: North and East", None),
        ("Which regions had revenue above $4,000,000?", "Answer: East", "East"),
    ],
)
def test_trace_reads_every_row_for_a_pick(question: str, answer: str, fails: str | None) -> None:
    """``trace`` indexes the rows an answer names; a question that asks a pick reads them all
    (sources.rows: ``asks_pick``), so the pick is judged over the whole column."""
    report = crossfoot.trace(answer, ROWS, question=question)
    failing = [c.text for c in report.claims if not c.passed]
    assert failing == ([fails] if fails else []), report.explain()
