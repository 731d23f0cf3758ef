"""rows31 (issue 15): the classes of tests/vectors/rows31.json over generated small tables.

A plus apart from its figure ("North + 150 in 2023") is read as the glued one ("+150"): the
change passes over a rise and fails over a fall. A count written alone ("2") answers "How many
years had more than B ...?" exactly when it is the number of years past the bar (at or past it
for "at least B"). Two years of a line with equal values: the evidence is of the year named.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

_AMOUNTS = st.integers(min_value=10, max_value=5000)


@settings(max_examples=25, deadline=None)
@given(a=_AMOUNTS, b=_AMOUNTS, glued=st.booleans())
def test_a_plus_apart_reads_as_the_glued_plus(a: int, b: int, glued: bool) -> None:
    if a == b:
        return
    grid = [["Region", "2022", "2023"], ["North", f"{a:,}", f"{b:,}"]]
    plus = "+" if glued else "+ "
    answer = f"North {plus}{abs(b - a):,} in 2023."
    report = crossfoot.check(answer, [json.dumps(grid)])
    assert report.passed == (b > a), (answer, grid, [c.status for c in report.claims])


@settings(max_examples=30, deadline=None)
@given(
    values=st.lists(st.integers(min_value=50, max_value=150), min_size=3, max_size=6),
    bar=st.sampled_from([80, 100, 120]),
    inclusive=st.booleans(),
    stated=st.integers(min_value=0, max_value=6),
)
def test_a_count_alone_is_checked_against_the_rows(
    values: list[int], bar: int, inclusive: bool, stated: int
) -> None:
    grid = [["Year", "New stores"]] + [[str(2018 + i), str(v)] for i, v in enumerate(values)]
    words = "at least" if inclusive else "more than"
    question = f"How many years had {words} {bar} new stores?"
    right = sum(1 for v in values if (v >= bar if inclusive else v > bar))
    claim = crossfoot.check(str(stated), [json.dumps(grid)], question=question).claims[0]
    assert claim.status == ("derived" if stated == right else "contradicted"), (grid, question)


_ROWS = [["Year", "New stores"], ["2020", "80"], ["2021", "120"], ["2022", "95"], ["2023", "120"]]
_COLUMNS = [["", "2020", "2021", "2022", "2023"], ["New stores", "80", "120", "95", "120"]]


@pytest.mark.parametrize("grid", [_ROWS, _COLUMNS], ids=["years as rows", "years as columns"])
@pytest.mark.parametrize(
    ("answer", "question", "years"),
    [
        ("New stores were 120 in 2023.", None, {2023}),
        ("Answer: 120", "How many new stores opened in 2023?", {2023}),
        (
            "Answer: 50%",
            "What was the percentage change in new stores from 2020 to 2023?",
            {2020, 2023},
        ),
    ],
)
def test_equal_values_of_two_years_read_the_year_named(
    grid: list[list[str]], answer: str, question: str | None, years: set[int]
) -> None:
    claim = crossfoot.check(answer, [json.dumps(grid)], question=question).claims[0]
    assert claim.passed and claim.evidence is not None
    assert {v.year for v in claim.evidence.operands} == years, claim.evidence.formula
