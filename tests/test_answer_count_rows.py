"""Counts over the rows of one year's column and the years a line moved (rules.answer_count_rows).

The grid vectors (tests/vectors/flag21.json, classes ``rows_past_bar`` and ``years_moved``) run
the shapes in six table formats; here a property over random lines and columns: the count
passes exactly when it is the number of years the line rose (or of rows past the bar).
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

_VALUES = st.integers(min_value=100, max_value=999)


@settings(max_examples=40, deadline=None)
@given(st.lists(_VALUES, min_size=3, max_size=6), st.booleans(), st.integers(0, 6))
def test_years_a_line_rose(series: list[int], up: bool, stated: int) -> None:
    years = [2019 - i for i in range(len(series))]  # newest first, as filings print them
    grid = [["", *map(str, years)], ["Revenue", *map(str, series)], ["Cost", "1", "2", "3"]]
    grid[2] += ["4"] * (len(series) - 3)
    by_year = dict(zip(years, series, strict=True))
    moved = sum(
        1
        for y in years[:-1]
        if (by_year[y] > by_year[y - 1] if up else by_year[y] < by_year[y - 1])
    )
    word = "rise" if up else "fall"
    q = f"In how many years did revenue {word}?"
    report = crossfoot.check(f"Answer: {stated}", [json.dumps(grid)], question=q)
    (claim,) = report.claims
    assert claim.status == ("derived" if stated == moved else "contradicted"), report.explain()


@settings(max_examples=40, deadline=None)
@given(st.lists(_VALUES, min_size=2, max_size=6), st.sampled_from([300, 500, 700]), st.booleans())
def test_rows_of_the_asked_year_past_the_bar(column: list[int], bar: int, right: bool) -> None:
    names = ["North", "South", "East", "West", "Central", "Overseas"][: len(column)]
    grid = [["($ millions)", "2020", "2019"]]
    grid += [[n, str(v), str(v + 7)] for n, v in zip(names, column, strict=True)]
    past = sum(1 for v in column if v > bar)
    stated = past if right else past + 1
    q = f"How many regions had sales above ${bar} million in 2020?"
    report = crossfoot.check(f"Answer: {stated}", [json.dumps(grid)], question=q)
    (claim,) = report.claims
    assert claim.status == ("derived" if right else "contradicted"), report.explain()
