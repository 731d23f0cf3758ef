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


MONTHS = [
    {"month": "2024-01", "orders": 1200, "revenue": 54000.0},
    {"month": "2024-02", "orders": 1350, "revenue": 60750.0},
    {"month": "2024-03", "orders": 1280, "revenue": 58880.0},
    {"month": "2024-04", "orders": 1500, "revenue": 70500.0},
]


@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        # each figure of its own month: a change "in March" runs from February
        ("Orders fell 5.2% in March, then rose 17.2% in April.", ["derived", "derived"]),
        ("Orders fell 5.2% in March before rebounding 17.2% in April.", ["derived", "derived"]),
        ("Orders rose 12.5% in February and fell 5.2% in March.", ["derived", "derived"]),
        ("Orders fell 70 in March, then rose 220 in April.", ["derived", "derived"]),
        # the failing twins: a wrong figure, or the months swapped
        ("Orders fell 8.2% in March, then rose 17.2% in April.", ["unsupported", "derived"]),
        ("Orders fell 5.2% in April, then rose 17.2% in March.", ["unsupported", "unsupported"]),
        ("Orders fell 80 in March, then rose 220 in April.", ["unsupported", "derived"]),
    ],
)
def test_each_figure_of_its_own_month(answer: str, statuses: list[str]) -> None:
    report = trace(answer, MONTHS)
    assert [c.status for c in report.claims] == statuses, report.explain()


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Q1 revenue totaled $173,630.", "derived"),
        ("Revenue in Q1 2024 was $173,630.", "derived"),
        ("Q1 revenue totaled $183,630.", "unsupported"),
        ("Revenue in Q1 2024 was $231,630.", "unsupported"),  # no sum of the months
        # a quarter's mean over its months (rules._rowsums_reach lists the quarter's groups)
        ("Q1 orders averaged 1,276.7 a month.", "derived"),
        ("Orders averaged 1,276.7 a month in Q2.", "unsupported"),
        ("Q1 orders averaged 1,286.7 a month.", "unsupported"),
        # Q1 and April: the whole column's sum, not the named quarter's (rules._period_narrow)
        ("Revenue in Q1 2024 was $244,130.", "unsupported"),
        ("Revenue in March was $244,130.", "unsupported"),
        ("Revenue in 2024 was $244,130.", "derived"),  # every row is of 2024
    ],
)
def test_a_quarter_total_over_monthly_rows(answer: str, status: str) -> None:
    (claim,) = trace(answer, MONTHS).claims
    assert claim.status == status, trace(answer, MONTHS).explain()


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Orders averaged 1,332.5 a month.", "derived"),
        ("Orders averaged 1,350 a month.", "contradicted"),  # February's cell
        ("Q1 orders averaged 1,350 a month.", "contradicted"),
        ("The monthly average was 1,280 orders.", "contradicted"),
        ("February orders were 1,350, above the monthly average.", "supported_exact"),
    ],
)
def test_a_period_average_met_by_one_month(answer: str, status: str) -> None:
    (claim,) = trace(answer, MONTHS).claims
    assert claim.status == status, trace(answer, MONTHS).explain()


CHANNELS = [
    {"channel": "Organic", "sessions": 42000, "conversions": 1260},
    {"channel": "Paid search", "sessions": 31000, "conversions": 1085},
    {"channel": "Email", "sessions": 9000, "conversions": 540},
    {"channel": "Social", "sessions": 18000, "conversions": 270},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Social converted at 1.5%.", "derived"),  # a rate worded by its column's verb
        ("Social converted at 2.5%.", "unsupported"),
        ("Social was 1.5%.", "unsupported"),  # no rate named: two units combined
    ],
)
def test_a_rate_worded_by_its_verb(answer: str, status: str) -> None:
    (claim,) = trace(answer, CHANNELS).claims
    assert claim.status == status, trace(answer, CHANNELS).explain()


GROWTH = [
    {"product": "Widget A", "units_2023": 1200, "units_2024": 1500, "yoy_pct": 25.0},
    {"product": "Widget B", "units_2023": 800, "units_2024": 720, "yoy_pct": -10.0},
    {"product": "Widget C", "units_2023": 400, "units_2024": 460, "yoy_pct": 15.0},
]


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("The average growth rate across products was 15%.", False),  # Widget C's cell
        ("The average growth rate across products was 10%.", True),  # the mean
    ],
)
def test_an_average_across_rows_named(answer: str, passed: bool) -> None:
    report = trace(answer, GROWTH)
    assert report.passed is passed, report.explain()


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Widget B units were roughly flat in 2024.", "contradicted"),  # -10%: no level kept
        ("Widget C units were flat in 2024.", "contradicted"),  # +15%
        ("Widget A units doubled in 2024.", "contradicted"),  # x1.25
    ],
)
def test_level_words_over_wide_result_rows(answer: str, status: str) -> None:
    (claim,) = trace(answer, GROWTH).claims
    assert claim.status == status, trace(answer, GROWTH).explain()


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Email had the best conversion rate, at 6.0%.", "derived"),
        ("Social had the best conversion rate, at 1.5%.", "contradicted"),
        ("Social had the worst conversion rate, at 1.5%.", "derived"),
        ("Email had the worst conversion rate, at 6.0%.", "contradicted"),
    ],
)
def test_best_and_worst_rank_a_derived_rate(answer: str, status: str) -> None:
    (claim,) = trace(answer, CHANNELS).claims
    assert claim.status == status, trace(answer, CHANNELS).explain()
