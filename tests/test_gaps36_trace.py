"""gaps36: new users' sentences over result rows (``trace``). Both twins of each class."""

from __future__ import annotations

import pytest

import crossfoot

_MONTHS = [
    {"month": "2024-01", "revenue": 50000, "orders": 1200, "aov": 45.0, "arpu": 12.1},
    {"month": "2024-02", "revenue": 52000, "orders": 1350, "aov": 46.0, "arpu": 12.4},
    {"month": "2024-03", "revenue": 60268, "orders": 1500, "aov": 48.0, "arpu": 12.9},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (5) a field named short that holds averages, spelled out with a month and its year
        # (language.average_columns): the month's cell, not a mean of the months
        ("Average order value was 48.00 in March 2024.", "supported_exact"),
        ("Average order value was 46.00 in March 2024.", "wrong_row"),
        ("Average revenue per user was 12.40 in February 2024.", "supported_exact"),
        ("Average revenue per user was 12.10 in February 2024.", "wrong_row"),
        # (6) a month's short form with a dot names its row (language.month_short)
        ("Revenue rose 15.9% in Mar.", "derived"),
        ("In Mar. revenue rose 15.9%.", "derived"),
        ("Revenue rose 4.0% in Mar.", "unsupported"),
        ("Revenue rose 15.9% in Feb.", "unsupported"),
        ("Revenue rose 4.0% in Feb.", "derived"),
    ],
)
def test_monthly_rows(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _MONTHS)
    assert [c.status for c in report.claims] == [status], report.explain()


_SERIES = [
    {"month": "2024-01", "revenue": 50000},
    {"month": "2024-02", "revenue": 47000},
    {"month": "2024-03", "revenue": 57200},
    {"month": "2024-04", "revenue": 53100},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (3) "best" / "worst" / "strongest" / "weakest" month rank a series by month
        # (language.best_worst, rules.extremes)
        ("March was the best month, with revenue of 57,200.", "supported_exact"),
        ("February was the best month, with revenue of 47,000.", "contradicted"),
        ("The worst month was February at 47,000.", "supported_exact"),
        ("The worst month was April at 53,100.", "contradicted"),
        ("The strongest month was March (57,200).", "supported_exact"),
        ("The weakest month was April (53,100).", "contradicted"),
    ],
)
def test_best_and_worst_month(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _SERIES)
    assert [c.status for c in report.claims] == [status], report.explain()


_SIGNUPS = [
    {"month": "2024-01", "signups": 500},
    {"month": "2024-02", "signups": 480},
    {"month": "2024-03", "signups": 450},
    {"month": "2024-04", "signups": 430},
    {"month": "2024-05", "signups": 400},
]


@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        # (4) a move in each of N periods: the count and the direction over the whole line
        # (rules.each_period; language.each_periods keeps every row)
        (
            "Signups fell in each of the last four months, to 400 in May.",
            ["derived", "supported_exact"],
        ),
        (
            "Signups rose in each of the last four months, to 400 in May.",
            ["contradicted", "supported_exact"],
        ),
        ("Signups fell for three straight months.", ["derived"]),
        ("Signups fell in each of the last seven months.", ["contradicted"]),
    ],
)
def test_a_move_in_each_period(answer: str, statuses: list[str]) -> None:
    report = crossfoot.trace(answer, _SIGNUPS)
    assert [c.status for c in report.claims] == statuses, report.explain()


_YEARS = [{"year": 2021, "sales": 800}, {"year": 2022, "sales": 900}, {"year": 2023, "sales": 990}]
_GROWTH = [
    {"month": "2024-01", "revenue": 50000},
    {"month": "2024-02", "revenue": 52000},
    {"month": "2024-03", "revenue": 57200},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # (1) a change period over period with no period named: the latest step of the line
        # (language.latest_step), in either row order; an earlier step or another figure fails
        (_GROWTH, "Revenue grew 10% month over month.", "derived"),
        (_GROWTH[::-1], "Revenue grew 10% month-over-month.", "derived"),
        (_GROWTH, "Revenue grew 4% month over month.", "unsupported"),
        (_GROWTH, "Revenue grew 12% month over month.", "unsupported"),
        (_GROWTH, "Revenue grew 4% month over month in January.", "unsupported"),
        (_YEARS, "Sales grew 10% year over year.", "derived"),
        (_YEARS, "Sales were up 10% YoY.", "derived"),
        (_YEARS, "Sales grew 12.5% year over year.", "unsupported"),
    ],
)
def test_the_latest_step(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_RATES = [
    {"region": "North", "churn_rate": 0.042},
    {"region": "South", "churn_rate": 0.031},
    {"region": "West", "churn_rate": 0.05},
    {"region": "East", "churn_rate": 0.027},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (2) a gap in points between two named rows' fractions (rules.fraction_points)
        ("North's churn rate was 1.1 points higher than South's.", "derived"),
        ("North's churn rate was 1.1 points lower than South's.", "unsupported"),
        ("West's churn rate was 2.3 pp higher than East's.", "derived"),
        ("West's churn rate was 1.9 pp higher than East's.", "unsupported"),
    ],
)
def test_a_gap_in_points_of_fractions(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _RATES)
    assert [c.status for c in report.claims] == [status], report.explain()
