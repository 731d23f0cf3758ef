"""A row the answer calls the highest or lowest of a column (rules.extremes, language.extremes).

The grid vectors (tests/vectors/lead14.json, class ``rank_against_column``) run the shapes
through ``check`` in every table format; here: ``trace`` over result rows, the words that rank
no other row, and a property: over random columns, the named row's figure fails exactly when
another row goes past it.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.extremes import extremes

ROWS = [
    {"region": "North", "revenue": 4_200_000, "orders": 1250},
    {"region": "South", "revenue": 3_100_000, "orders": 980},
    {"region": "East", "revenue": 5_000_000, "orders": 1610},
    {"region": "West", "revenue": 2_200_000, "orders": 720},
]


@pytest.mark.parametrize(
    ("answer", "fails"),
    [
        ("East had the highest revenue at $5.0M.", None),
        ("West had the highest revenue at $2.2M.", "$2.2M"),
        ("West posted the fewest orders with 720.", None),
        ("South posted the fewest orders with 980.", "980"),
        ("At $4.2M, North had the largest revenue.", "$4.2M"),
    ],
)
def test_trace_holds_the_rank_to_the_rows(answer: str, fails: str | None) -> None:
    report = crossfoot.trace(answer, ROWS)
    failing = [c.text.strip() for c in report.claims if not c.passed]
    assert failing == ([fails] if fails else []), report.explain()
    if fails:
        claim = next(c for c in report.claims if c.text.strip() == fails)
        assert claim.status == "contradicted" and " is not the " in claim.message


@pytest.mark.parametrize(
    "text",
    [
        "North had the second highest revenue.",
        "North is one of the largest regions.",
        "Revenue was its highest since 2019.",
        "Orders were the lowest in five years.",
        "Among the highest earners, North stood out.",
    ],
)
def test_words_that_rank_no_other_row(text: str) -> None:
    assert extremes(text, 0, len(text)) == []


NAMES = ("Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir")


@settings(max_examples=60, deadline=None)
@given(
    sales=st.lists(st.integers(100, 99_999), min_size=3, max_size=6, unique=True),
    pick=st.integers(0, 5),
    high=st.booleans(),
)
def test_the_named_figure_fails_exactly_when_another_row_goes_past_it(
    sales: list[int], pick: int, high: bool
) -> None:
    assume(pick < len(sales))
    rows = [{"store": n, "sales": v} for n, v in zip(NAMES, sales, strict=False)]
    word = "highest" if high else "lowest"
    answer = f"{NAMES[pick]} had the {word} sales at {sales[pick]:,}."
    report = crossfoot.trace(answer, rows)
    figure = next(c for c in report.claims if c.text.strip() == f"{sales[pick]:,}")
    extreme = sales[pick] == (max(sales) if high else min(sales))
    assert (figure.status == "contradicted") == (not extreme), report.explain()
