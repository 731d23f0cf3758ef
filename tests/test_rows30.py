"""Properties of rows30's figure-free readings over small tables (the vectors are
``tests/vectors/rows30.json``): a comparison of two rows in every period holds exactly when each
period keeps the order, and a superlative over the rows a word picks holds exactly for the
extreme of those rows."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

_CELLS = st.lists(st.integers(min_value=1, max_value=999), min_size=3, max_size=3)


@settings(max_examples=40, deadline=None)
@given(north=_CELLS, south=_CELLS)
def test_more_in_every_quarter_holds_when_each_quarter_keeps_the_order(
    north: list[int], south: list[int]
) -> None:
    grid = [["Orders", "Q1 2024", "Q2 2024", "Q3 2024"]]
    grid += [["North", *map(str, north)], ["South", *map(str, south)]]
    report = crossfoot.check(
        "South had more orders than North in every quarter.", [json.dumps(grid)]
    )
    (claim,) = report.claims
    assert claim.text == "had more orders than"
    assert claim.passed == all(s > n for s, n in zip(south, north, strict=True)), report.explain()


@settings(max_examples=40, deadline=None)
@given(
    prices=st.lists(st.integers(min_value=50, max_value=999), min_size=4, max_size=4, unique=True),
    pick=st.integers(min_value=0, max_value=3),
)
def test_the_cheapest_economy_flight_is_the_least_of_the_economy_rows(
    prices: list[int], pick: int
) -> None:
    cabins = ["Economy", "Business", "Economy", "Economy"]
    grid = [["Flight", "Cabin", "Price"]]
    grid += [[f"F{i}", c, f"${p}"] for i, (c, p) in enumerate(zip(cabins, prices, strict=True))]
    answer = f"The cheapest economy flight is F{pick} at ${prices[pick]}."
    report = crossfoot.check(answer, [json.dumps(grid)])
    cheapest = min(p for c, p in zip(cabins, prices, strict=True) if c == "Economy")
    want = cabins[pick] == "Economy" and prices[pick] == cheapest
    assert report.passed == want, report.explain()
