"""lead36: a figure a sentence gives as the rows' average or median of a result set, met only by
one row's cell, is contradicted when the column's mean or median differs (rules._aggregate_named:
trace's scope indexes only the cells a claim met, so the column is read from the result set)."""

from __future__ import annotations

import pytest

from crossfoot import trace

ROWS = [
    {"region": "North", "sales": 2500},
    {"region": "South", "sales": 950},
    {"region": "East", "sales": 1250},
    {"region": "West", "sales": 690},
]
TOTALLED = [*ROWS, {"region": "Total", "sales": 5390}]


@pytest.mark.parametrize("rows", [ROWS, TOTALLED], ids=["plain", "with a total row"])
@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("The average region sold 1,347.5.", "derived"),
        ("The average region sold 1,250.", "contradicted"),
        ("The median region sold 1,250.", "contradicted"),
        ("East sold 1,250, below the average region.", "supported_exact"),
    ],
)
def test_aggregate_named_in_trace(rows: list[dict[str, object]], answer: str, status: str) -> None:
    (claim,) = trace(answer, rows).claims
    assert claim.status == status, trace(answer, rows).explain()


def test_aggregate_named_explains_both_figures() -> None:
    text = trace("The average region sold 1,250.", ROWS).explain()
    assert "1,347.5" in text and "East" in text
