"""lead37: a count of result rows past a bar ("Two plans have more than 3,000 subscribers") is
judged by the rows it counts in trace as in check: the noun counted names the rows (the key
column), not another column the figure should have come from (front.trace_checks._named_column
left count verdicts to the count)."""

from __future__ import annotations

import pytest

from crossfoot import trace

PLANS = [
    {"plan": "Basic", "plan_price": 10, "subscribers": 5200, "churn_rate": 0.052},
    {"plan": "Pro", "plan_price": 25, "subscribers": 3100, "churn_rate": 0.031},
    {"plan": "Team", "plan_price": 60, "subscribers": 1400, "churn_rate": 0.024},
    {"plan": "Enterprise", "plan_price": 200, "subscribers": 300, "churn_rate": 0.011},
]


@pytest.mark.parametrize(
    ("answer", "counted", "status"),
    [
        ("Two plans have more than 3,000 subscribers.", "Two", "derived"),
        ("Three plans have more than 3,000 subscribers.", "Three", "contradicted"),
        ("2 of the 4 plans have more than 3,000 subscribers.", "4", "derived"),
        ("2 of the 4 plans have more than 3,000 subscribers.", "2", "derived"),
        ("3 of the 4 plans have more than 3,000 subscribers.", "3", "contradicted"),
        ("Two plans have a churn rate below 3%.", "Two", "derived"),
        ("Three plans have a churn rate below 3%.", "Three", "contradicted"),
    ],
)
def test_counted_rows_in_trace(answer: str, counted: str, status: str) -> None:
    report = trace(answer, PLANS)
    claim = next(c for c in report.claims if c.text == counted)
    assert claim.status == status, report.explain()


SALES = [
    {"region": "North", "q1_sales": 1200, "q2_sales": 1350, "target": 1300},
    {"region": "South", "q1_sales": 800, "q2_sales": 760, "target": 900},
    {"region": "East", "q1_sales": 950, "q2_sales": 1100, "target": 1000},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # a difference or a percentage against a comparator column (language.comparators)
        ("South missed its target by 140 in Q2.", "derived"),
        ("South missed its target by 40 in Q2.", "unsupported"),
        ("East reached 110% of its target in Q2.", "derived"),
        ("East reached 120% of its target in Q2.", "unsupported"),
    ],
)
def test_against_a_target_in_trace(answer: str, status: str) -> None:
    report = trace(answer, SALES)
    (claim,) = [c for c in report.claims if c.mention.kind != "year"]
    assert claim.status == status, report.explain()
