"""gaps41: the ``trace`` twins of tests/vectors/gaps41.json: a change since a year over result
rows by year (language.since_year), counts of years in digits (front.trace_keep), a movement in
every year but the ones named (rules.every_except), and a result column's scale read from its
name (rules.column_scale)."""

from __future__ import annotations

import pytest

import crossfoot

_SERIES = [{"year": 2020 + i, "revenue": v} for i, v in enumerate((80, 100, 105, 112))]
_SALES = [{"year": 2020 + i, "sales": v} for i, v in enumerate((100, 90, 95, 85, 99))]
_MOVES = [{"year": 2020 + i, "revenue": v} for i, v in enumerate((100, 110, 120, 115, 130))]


def _regions(column: str) -> list[dict[str, object]]:
    return [
        {"region": "East", column: 4.2},
        {"region": "West", column: 3.1},
        {"region": "North", column: 2.5},
    ]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        (_SERIES, "Revenue has grown 12% since 2021.", "derived"),
        (_SERIES, "Revenue has grown 5% since 2021.", "unsupported"),
        (_SERIES, "Revenue is up 40% since 2020.", "derived"),
        (_SALES, "Sales fell in 2 of the 4 years.", "derived"),
        (_SALES, "Sales fell in 3 of the 4 years.", "contradicted"),
        (_MOVES, "Revenue grew every year except 2023.", "derived"),
        (_MOVES, "Revenue grew every year except 2022.", "contradicted"),
        (_regions("revenue_musd"), "East revenue was $4.2M.", "supported_rounded"),
        (_regions("revenue_musd"), "East revenue was $4.2K.", "contradicted"),
        (_regions("revenue_usd_m"), "East revenue was $4,200,000.", "supported_rounded"),
        (_regions("revenue_usd_m"), "East revenue was $4.2 billion.", "contradicted"),
        (_regions("revenue_millions"), "Total revenue was $9.8M.", "derived"),
        (_regions("revenue_millions"), "Total revenue was $9.5M.", "unsupported"),
        (_regions("sales_k"), "East sales were $4.2K.", "supported_rounded"),
        (_regions("sales_k"), "East sales were $4.2M.", "contradicted"),
        # a bare "_m" names no scale without a word of money: meters
        (_regions("distance_m"), "East's route was $4.2M.", "unsupported"),
    ],
)
def test_gaps41_trace_twins(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert report.claims, report.explain()
    assert report.claims[0].status == status, report.explain()


def test_money_of_counts_over_result_rows() -> None:
    """A money figure summed from a count column is no match (rules.money_counts)."""
    rows = [
        {"month": "Jan", "customers": 20, "revenue": 1500},
        {"month": "Feb", "customers": 35, "revenue": 2000},
    ]
    assert crossfoot.trace("Customers totaled 55.", rows).passed
    assert not crossfoot.trace("The two months brought in $55 per order.", rows).passed
