"""A count of rows by the way they moved (rules.moved_counts, language.moves).

The grid vectors (tests/vectors/lead15.json, class ``count_of_moves``) run the shapes through
``check`` in every table format; here: ``trace`` over result rows, the words of a move, and a
property over random pairs of years: the count passes exactly when it is the number of rows
that moved the way the sentence says.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.moves import moving

ROWS = [
    {"region": "North", "revenue_2023": 1_200_000, "revenue_2024": 3_800_000},
    {"region": "South", "revenue_2023": 2_000_000, "revenue_2024": 1_900_000},
    {"region": "East", "revenue_2023": 2_600_000, "revenue_2024": 2_500_000},
    {"region": "West", "revenue_2023": 2_300_000, "revenue_2024": 2_400_000},
]


@pytest.mark.parametrize(
    ("answer", "fails"),
    [
        ("Two regions saw revenue decline in 2024.", None),
        ("Three regions saw revenue decline in 2024.", "Three"),
        ("Revenue fell in 2 of the 4 regions from 2023 to 2024.", None),
        ("Revenue rose in 3 of the 4 regions from 2023 to 2024.", "3"),
    ],
)
def test_trace_counts_the_rows_that_moved(answer: str, fails: str | None) -> None:
    report = crossfoot.trace(answer, ROWS)
    failing = [c.text.strip() for c in report.claims if not c.passed]
    assert failing == ([fails] if fails else []), report.explain()
    if fails:
        claim = next(c for c in report.claims if c.text.strip() == fails)
        assert claim.status == "contradicted"
        assert "of the 4 rows" in claim.message, claim.message


@pytest.mark.parametrize(
    ("text", "up"),
    [
        ("How many regions saw revenue decline?", False),
        ("Sales grew in two segments.", True),
        ("Costs fell, then rose.", False),
        ("Revenue was higher in 2024.", None),
        ("The top line was flat.", None),
    ],
)
def test_the_first_word_of_a_move_decides(text: str, up: bool | None) -> None:
    assert moving(text) is up


NAMES = ("Iberia", "Nordic", "Benelux", "Alpine", "Baltic")


@settings(max_examples=80, deadline=None)
@given(
    before=st.lists(st.integers(100, 999), min_size=5, max_size=5),
    after=st.lists(st.integers(100, 999), min_size=5, max_size=5),
    stated=st.integers(0, 5),
    word=st.sampled_from(("rose", "fell", "grew", "declined")),
)
def test_the_count_passes_exactly_when_it_is_the_rows_that_moved(
    before: list[int], after: list[int], stated: int, word: str
) -> None:
    table = "| Region | Units 2023 | Units 2024 |\n|---|---|---|\n" + "".join(
        f"| {n} | {a} | {b} |\n" for n, a, b in zip(NAMES, before, after, strict=True)
    )
    up = word in ("rose", "grew")
    moved = sum((b > a) if up else (b < a) for a, b in zip(before, after, strict=True))
    answer = f"Units {word} in {stated} of the 5 regions from 2023 to 2024."
    report = crossfoot.check(answer, [table])
    claim = next(c for c in report.claims if c.text.strip() == str(stated))
    assert claim.status == ("derived" if stated == moved else "contradicted"), report.explain()
