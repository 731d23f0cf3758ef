"""The lead's round-17 classes through ``trace`` (the grid vectors, tests/vectors/lead17.json,
run them through ``check`` in six table formats):

- the year of a row of a long result set (``region, year, revenue``) is its year column's cell
  (``sources.rows_years``), so a figure of North's 2023 row stated for 2024 is a wrong year;
- a bar over one named row's change ("grew by more than 0.3 in 2024": ``rules.change_bar``),
  in wide and long result sets;
- a figure compared with "the prior year" is the clause's row's (``language.prior_year``).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import trace
from crossfoot.sources.rows_years import row_years

LONG = [
    {"region": "North", "year": 2023, "revenue": 3.8},
    {"region": "North", "year": 2024, "revenue": 4.2},
    {"region": "East", "year": 2023, "revenue": 1.65},
    {"region": "East", "year": 2024, "revenue": 4.9},
]
WIDE = [
    {"region": "North", "revenue_2023": 3.8, "revenue_2024": 4.2},
    {"region": "East", "revenue_2023": 1.65, "revenue_2024": 4.9},
]


def statuses(answer: str, rows: list[dict[str, object]]) -> list[str]:
    return [c.status for c in trace(answer, rows).claims]


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("North had 4.2 in 2024.", ["supported_exact"]),
        ("North had 3.8 in 2024.", ["wrong_row"]),
        ("East had 1.65 in 2023.", ["supported_exact"]),
        ("East had 4.9 in 2023.", ["wrong_row"]),
        ("East exceeded 4.5 in 2024.", ["derived"]),
        ("North exceeded 4.5 in 2024.", ["contradicted"]),
        ("In 2024 North had 4.2, versus 3.8 in the prior year.", ["supported_exact"] * 2),
        ("In 2024 North had 4.2, versus 1.65 in the prior year.", ["supported_exact", "wrong_row"]),
    ],
)
def test_a_long_result_sets_rows_have_their_year(answer: str, want: list[str]) -> None:
    assert statuses(answer, LONG) == want


def test_the_wrong_year_of_a_long_row_is_explained_as_a_row() -> None:
    text = trace("North had 3.8 in 2024.", LONG).explain()
    assert "value is in the 2023 row" in text and "the sentence says 2024" in text


@pytest.mark.parametrize("rows", [LONG, WIDE], ids=["long", "wide"])
@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("North's revenue grew by more than 0.3 in 2024.", "derived"),
        ("North's revenue grew by more than 0.9 in 2024.", "contradicted"),
        ("North's revenue fell by more than 0.3 in 2024.", "contradicted"),
        ("East's revenue grew by less than 4 in 2024.", "derived"),
        ("East's revenue grew by less than 3 in 2024.", "contradicted"),
    ],
)
def test_a_bar_over_one_rows_change(rows: list[dict[str, object]], answer: str, want: str) -> None:
    assert statuses(answer, rows) == [want]


def test_the_change_bar_names_the_two_cells() -> None:
    text = trace("North's revenue grew by more than 0.9 in 2024.", WIDE).explain()
    assert "3.8 (2023) to 4.2 (2024)" in text and "not more than 0.9" in text


def test_a_year_column_needs_plausible_years() -> None:
    meta = [(False, False, False), (False, True, False)]
    assert row_years(meta, 0, [None, (2023, 7)], [{}, {}]) == {0: 2023}
    assert row_years(meta, 1, [None, (2023, 2024)], [{}, {}]) == {}  # the key column itself


@settings(max_examples=50, deadline=None)
@given(
    old=st.integers(100, 900),
    new=st.integers(100, 900),
    bar=st.sampled_from([10, 20, 50, 100, 200, 300]),
    above=st.booleans(),
)
def test_a_change_bar_is_never_passed_on_the_wrong_side(
    old: int, new: int, bar: int, above: bool
) -> None:
    """Whatever the cells, a bar over the named row's change on the wrong side of it (or the
    wrong way) never passes; and the verdict agrees with the arithmetic when it is judged."""
    rows = [
        {"region": "North", "sales_2023": old, "sales_2024": new},
        {"region": "South", "sales_2023": 555, "sales_2024": 444},
    ]
    word = "more" if above else "less"
    claim = trace(f"North's sales grew by {word} than {bar} in 2024.", rows).claims[0]
    change = Decimal(new - old)
    right = change > 0 and (change > bar if above else change < bar)
    if not right:
        assert not claim.passed, (old, new, bar, above, claim.status)
    elif claim.status in ("derived", "contradicted"):
        assert claim.status == "derived", (old, new, bar, above)
