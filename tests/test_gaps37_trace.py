"""gaps37: new users' sentences over result rows (``trace``). Both twins of each class; the
``check`` twins are tests/vectors/gaps37.json."""

from __future__ import annotations

import pytest

import crossfoot

_MONTHS = [
    {"month": "2024-01", "orders": 1200, "revenue": 54000.0},
    {"month": "2024-02", "orders": 1350, "revenue": 60750.0},
    {"month": "2024-03", "orders": 1280, "revenue": 58880.0},
    {"month": "2024-04", "orders": 1500, "revenue": 70500.0},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (2) a period named: the whole column's total or mean is not its figure
        # (rules._period_narrow)
        ("Orders in Q1 totaled 3,830.", "derived"),
        ("Orders in Q1 totaled 5,330.", "unsupported"),  # the four months' sum
        ("Orders totaled 5,330.", "derived"),
        ("Orders in 2024 totaled 5,330.", "derived"),  # every row is of 2024
        ("Orders averaged 1,332.5 a month.", "derived"),
        ("March orders averaged 1,332.5.", "unsupported"),
    ],
)
def test_a_named_period_narrows_the_column(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _MONTHS)
    assert [c.status for c in report.claims] == [status], report.explain()


_WEEKS = [
    {"week": "W1", "revenue": 4200},
    {"week": "W2", "revenue": 5000},
    {"week": "W3", "revenue": 5300},
]
_WEEKS_LONG = [{**r, "week": f"Week {i}"} for i, r in enumerate(_WEEKS, 1)]


@pytest.mark.parametrize("rows", [_WEEKS, _WEEKS_LONG], ids=["W2", "Week 2"])
@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (3) a week named in another spelling than the rows' (language.week_spelling)
        ("Revenue was 5,000 in week 2.", "supported_exact"),
        ("Revenue was 4,200 in week 2.", "wrong_row"),
        ("Revenue was 5,000 in W2.", "supported_exact"),
        ("Revenue was 4,200 in W2.", "wrong_row"),
        ("In week 2, revenue was 4,200.", "wrong_row"),
        ("Week 2 revenue was 5,000.", "supported_exact"),
    ],
)
def test_week_rows_named_either_way(
    rows: list[dict[str, object]], answer: str, status: str
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_REGIONS = [
    {"region": "North", "sales": 2500},
    {"region": "South", "sales": 950},
    {"region": "East", "sales": 1250},
]
_PLANS = [
    {"plan": "Basic", "churn_rate": 0.061},
    {"plan": "Pro", "churn_rate": 0.032},
    {"plan": "Enterprise", "churn_rate": 0.014},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # (6) a figure-free superlative ranks the column; (7) "worst" of a rate where more is
        # worse is its highest (rules._rank_free)
        (_REGIONS, "North was the largest region.", "derived"),
        (_REGIONS, "South was the largest region.", "contradicted"),
        (_REGIONS, "South was the smallest region by sales.", "derived"),
        (_REGIONS, "East was the smallest region by sales.", "contradicted"),
        (_PLANS, "Basic had the worst churn rate.", "derived"),
        (_PLANS, "Enterprise had the worst churn rate.", "contradicted"),
        (_PLANS, "Enterprise had the best churn rate.", "derived"),
        (_PLANS, "Pro had the highest churn rate.", "contradicted"),
    ],
)
def test_figure_free_superlatives(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_QUARTERS = [
    {"quarter": "Q1 2024", "revenue": 100},
    {"quarter": "Q2 2024", "revenue": 130},
    {"quarter": "Q3 2024", "revenue": 170},
    {"quarter": "Q4 2024", "revenue": 205},
]
_DIPPED = [*_QUARTERS[:3], {"quarter": "Q4 2024", "revenue": 150}]
_UNITS = [
    {
        "product": "Widget A",
        "units_2021": 100,
        "units_2022": 130,
        "units_2023": 170,
        "units_2024": 200,
    },
    {
        "product": "Widget B",
        "units_2021": 400,
        "units_2022": 420,
        "units_2023": 390,
        "units_2024": 410,
    },
    {
        "product": "Widget C",
        "units_2021": 300,
        "units_2022": 500,
        "units_2023": 650,
        "units_2024": 320,
    },
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # (8) a multiple or level word with no figure over a line of four periods: the named
        # span's ends, else the first and last (rules._multiple_series)
        (_QUARTERS, "Revenue doubled from Q1 to Q4.", "derived"),
        (_DIPPED, "Revenue doubled from Q1 to Q4.", "contradicted"),
        (_QUARTERS, "Revenue doubled over the year.", "derived"),
        (_DIPPED, "Revenue doubled over the year.", "contradicted"),
        (_UNITS, "Widget A units doubled.", "derived"),
        (_UNITS, "Widget C units doubled.", "contradicted"),
        (_UNITS, "Widget B units were flat.", "derived"),
        (_UNITS, "Widget C units were flat.", "contradicted"),
    ],
)
def test_multiples_over_a_line_of_periods(
    rows: list[dict[str, object]], answer: str, status: str
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()
