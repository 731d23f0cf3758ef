"""lead40 over result rows (``trace``): a figure called a line's high or low is held to the
column's other periods when the rows are periods (rules.line_extreme), and a figure named as a
quotient of the named row is derived before another row's equal cell makes it the wrong row
(rules._quotient_words). Both twins; the ``check`` twins are in tests/vectors/lead40.json."""

from __future__ import annotations

import pytest

import crossfoot

_MONTHS = [
    {"month": "2024-01", "signups": 1200, "churned": 60},
    {"month": "2024-02", "signups": 1350, "churned": 54},
    {"month": "2024-03", "signups": 1100, "churned": 77},
    {"month": "2024-04", "signups": 1500, "churned": 45},
]
# thirty days: more rows than the fast path reads whole (front.trace_scope.ALL_CELLS)
_DAYS = [{"day": f"2024-05-{d:02d}", "orders": 300 + (d * 37) % 101} for d in range(1, 31)]
_LOW_DAY = min(_DAYS, key=lambda r: r["orders"])
_OTHER_DAY = next(r for r in _DAYS if r["orders"] > _LOW_DAY["orders"] + 20)
_REGIONS = [
    {"region": "West", "customers": 40, "orders": 120, "revenue": 6000.0},
    {"region": "East", "customers": 25, "orders": 90, "revenue": 4050.0},
    {"region": "North", "customers": 20, "orders": 50, "revenue": 2700.0},
    {"region": "South", "customers": 15, "orders": 40, "revenue": 1250.0},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        (_MONTHS, "Churn hit its low of 45 in April.", "supported_exact"),
        (_MONTHS, "Churn hit its low of 54 in February.", "contradicted"),
        (_MONTHS, "Signups peaked at 1,500 in April.", "supported_exact"),
        (_MONTHS, "Signups reached a high of 1,350 in February.", "contradicted"),
        (_DAYS, f"Orders hit a low of {_LOW_DAY['orders']} on May {_LOW_DAY['day'][-2:]}.",
         "supported_exact"),
        (_DAYS, f"Orders hit a low of {_OTHER_DAY['orders']} on May {_OTHER_DAY['day'][-2:]}.",
         "contradicted"),
        (_REGIONS, "West's average order value was $50.", "derived"),
        (_REGIONS, "In the West, revenue per order was $50.", "derived"),
        (_REGIONS, "West had 50 orders.", "wrong_row"),
    ],
)  # fmt: skip
def test_lead40_over_result_rows(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims][:1] == [status], report.explain()
