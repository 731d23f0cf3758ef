"""gaps40: the ``trace`` twins of tests/vectors/gaps40.json: the top N rows called by the key
column's name (rules._label_noun, rules.top_rows) and counts of years by a column's sign or
movement over result rows by year (rules.signed_years)."""

from __future__ import annotations

import pytest

import crossfoot

_REPS = [
    {"rep": "Ann", "sales": 420},
    {"rep": "Bob", "sales": 510},
    {"rep": "Cy", "sales": 300},
    {"rep": "Di", "sales": 270},
]
# a column in millions, its unit in the name (not read from a result set's column today)
_MILLIONS = [
    {"region": "East", "revenue_musd": 0.42},
    {"region": "West", "revenue_musd": 0.78},
    {"region": "North", "revenue_musd": 0.30},
    {"region": "South", "revenue_musd": 0.27},
]
_YEARS = [
    {"year": 2020, "revenue": 100, "net_income": -5},
    {"year": 2021, "revenue": 120, "net_income": 3},
    {"year": 2022, "revenue": 130, "net_income": -8},
    {"year": 2023, "revenue": 125, "net_income": -2},
    {"year": 2024, "revenue": 140, "net_income": 6},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        (_REPS, "The top 2 reps brought in $930.", "derived"),
        (_REPS, "The top 2 reps brought in $830.", "contradicted"),
        # (the right sum as written, over the column's unread unit: no contradiction; the
        # wrong one still is)
        (_MILLIONS, "The top 2 regions brought in $1.2M.", "unsupported"),
        (_MILLIONS, "The top 2 regions brought in $1.4M.", "contradicted"),
        (_YEARS, "The company lost money in three of the five years.", "derived"),
        (_YEARS, "The company lost money in two of the five years.", "contradicted"),
        (_YEARS, "Net income was positive in two of the five years.", "derived"),
        (_YEARS, "Net income was positive in three of the five years.", "contradicted"),
        (_YEARS, "Revenue grew in three of the four years.", "derived"),
        (_YEARS, "Revenue grew in two of the four years.", "contradicted"),
        (_YEARS, "Revenue grew every year but one.", "derived"),
        (_YEARS, "Revenue fell every year but one.", "contradicted"),
    ],
)
def test_gaps40_trace_twins(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert report.claims, report.explain()
    assert report.claims[0].status == status, report.explain()
