"""A bar drawn over rows the sentence names (rules.row_bars, language.rowbars).

The grid vectors (tests/vectors/lead15.json, class ``bar_over_named_rows``) run the shapes
through ``check`` in every table format; here: ``trace`` over result rows (every row is read
for "only"), the words that are no quantity over rows, and a property over random columns,
named rows, bars and quantity words: the bar passes exactly when the sentence is true.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.rowbars import next_to_row, quantity_word

ROWS = [
    {"region": "North", "revenue_2024": 3_800_000},
    {"region": "South", "revenue_2024": 1_900_000},
    {"region": "East", "revenue_2024": 2_500_000},
    {"region": "West", "revenue_2024": 2_400_000},
]


@pytest.mark.parametrize(
    ("answer", "passes", "why"),
    [
        ("Only North exceeded $3M in 2024 revenue.", True, ""),
        ("Only East exceeded $2.45M in 2024 revenue.", False, "North (3,800,000) is above"),
        ("Only West exceeded $2.4M in 2024 revenue.", False, "West (2,400,000) is not above"),
        ("Neither South nor West had 2024 revenue above $2.45M.", True, ""),
        (
            "Neither South nor North had 2024 revenue above $3M.",
            False,
            "North (3,800,000) is above",
        ),
        ("North alone had 2024 revenue above $3M.", True, ""),
        ("Both East and West had 2024 revenue below $2M.", False, "East (2,500,000) is not below"),
    ],
)
def test_trace_judges_the_bar_over_the_rows_named(answer: str, passes: bool, why: str) -> None:
    report = crossfoot.trace(answer, ROWS)
    (claim,) = report.claims
    assert claim.status == ("derived" if passes else "contradicted"), report.explain()
    assert why in claim.message, claim.message


@pytest.mark.parametrize(
    "text",
    [
        "East's revenue was only slightly above $2.45M.",
        "Revenue was above $2M in each quarter.",
        "It was the only year above $2M.",
    ],
)
def test_a_quantity_word_not_next_to_a_row_is_none(text: str) -> None:
    word = quantity_word(text, 0, len(text))
    assert word is None or not any(next_to_row(text, word, r["region"]) for r in ROWS)


NAMES = ("Iberia", "Nordic", "Benelux", "Alpine", "Baltic")


@settings(max_examples=80, deadline=None)
@given(
    cells=st.lists(st.integers(10, 99), min_size=5, max_size=5, unique=True),
    picked=st.sets(st.integers(0, 4), min_size=1, max_size=2),
    bar=st.integers(10, 99),
    word=st.sampled_from(("only", "both", "neither")),
    above=st.booleans(),
)
def test_the_bar_passes_exactly_when_the_sentence_is_true(
    cells: list[int], picked: set[int], bar: int, word: str, above: bool
) -> None:
    assume(bar not in cells)
    names = [NAMES[i] for i in sorted(picked)]
    assume(word == "only" or len(names) == 2)
    table = "| Region | Units 2024 |\n|---|---|\n" + "".join(
        f"| {n} | {c * 1000:,} |\n" for n, c in zip(NAMES, cells, strict=True)
    )
    side = "above" if above else "below"
    rows = {
        "only": f"Only {' and '.join(names)}",
        "both": f"Both {names[0]} and {names[-1]}",
        "neither": f"Neither {names[0]} nor {names[-1]}",
    }[word]
    answer = f"{rows} had 2024 units {side} {bar * 1000:,}."
    report = crossfoot.check(answer, [table])
    (claim,) = [c for c in report.claims if c.text.strip() == f"{bar * 1000:,}"]
    past = {n for n, c in zip(NAMES, cells, strict=True) if (c > bar if above else c < bar)}
    true = {
        "only": past == set(names),
        "both": set(names) <= past,
        "neither": not set(names) & past,
    }[word]
    assert claim.status == ("derived" if true else "contradicted"), report.explain()
