"""lead35: a rate named "month over month" or "year-over-year" names no base row: "Signups rose
19.3% month over month in March" is March against February. Before, the words after "over" were
read as the base of a comparison ("A rose 19% over B": front.trace_checks._comparison) and the
right figure was ``contradicted``."""

from __future__ import annotations

import pytest

import crossfoot

_MONTHS = [
    {"month": "2024-01", "signups": 1200},
    {"month": "2024-02", "signups": 1350},
    {"month": "2024-03", "signups": 1610},
]
_YEARS = [
    {"year": 2022, "revenue": 100},
    {"year": 2023, "revenue": 110},
    {"year": 2024, "revenue": 121},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        (_MONTHS, "Signups rose 19.3% month over month in March.", "derived"),
        (_MONTHS, "Signups rose 19.3% month-over-month in March.", "derived"),
        (_MONTHS, "Signups rose 12.5% month over month in March.", "unsupported"),
        (_MONTHS, "Signups fell 19.3% month over month in March.", "contradicted"),
        (_YEARS, "Revenue grew 10% year over year in 2024.", "derived"),
        (_YEARS, "Revenue grew 10% year-on-year in 2024.", "derived"),
        (_YEARS, "Revenue grew 12% year over year in 2024.", "unsupported"),
    ],
)
def test_period_over_period_names_no_base(
    rows: list[dict[str, object]], answer: str, status: str
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


def test_a_row_after_over_is_still_the_base() -> None:
    rows = [{"region": "North", "sales": 4650}, {"region": "South", "sales": 2900}]
    good = crossfoot.trace("North's sales were 60.3% over South.", rows)
    bad = crossfoot.trace("South's sales were 60.3% over North.", rows)
    assert [c.status for c in good.claims] == ["derived"], good.explain()
    # (the base read the wrong way round: North is 60.3% over South, not South over North)
    assert [c.status for c in bad.claims] == ["contradicted"], bad.explain()


_QUARTERS = [
    {"region": "North", "q1": 4200, "q2": 4650},
    {"region": "South", "q1": 3100, "q2": 2900},
    {"region": "West", "q1": 2800, "q2": 3300},
]


@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        ("Total sales rose 7.4% from Q1 to Q2.", ["derived"]),
        ("Total sales rose 9.4% from Q1 to Q2.", ["unsupported"]),
        ("Total Q2 sales were 10,850, up 7.4% from Q1.", ["derived", "derived"]),
        ("Combined sales grew by 750 in Q2.", ["derived"]),
        ("Combined sales fell by 750 in Q2.", ["contradicted"]),
    ],
)
def test_total_change_between_quarter_columns(answer: str, statuses: list[str]) -> None:
    """lead35: the change of a result set's column total between two quarter columns
    (rules.period_totals); before, each was unsupported."""
    report = crossfoot.trace(answer, _QUARTERS)
    assert [c.status for c in report.claims] == statuses, report.explain()


_DAYS = [
    {"date": "2024-03-01", "dau": 10250},
    {"date": "2024-03-02", "dau": 9870},
    {"date": "2024-03-03", "dau": 11020},
    {"date": "2024-03-04", "dau": 10900},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("DAU rose 11.7% from March 2 to March 3.", "derived"),
        ("DAU rose 11.7% day over day on March 3.", "derived"),
        ("DAU rose 11.7% on 3 March.", "derived"),
        ("DAU rose 12.7% from March 2 to March 3.", "unsupported"),
        ("DAU rose 7.5% on March 3.", "unsupported"),  # (from March 1: not the day before)
        ("DAU fell 11.7% on March 3.", "contradicted"),
        ("DAU slipped 1.1% on March 4.", "derived"),
        ("DAU rose 1.1% on March 4.", "contradicted"),
    ],
)
def test_days_named_over_a_daily_series(answer: str, status: str) -> None:
    """lead35: a daily series' rows named by their day ("March 3" of "2024-03-03":
    sources.rows_days), a change from the day before, the two days in date order (before, a
    change between two named days of a series longer than two rows was unsupported, and a
    rise worded as a fall passed)."""
    report = crossfoot.trace(answer, _DAYS)
    assert [c.status for c in report.claims] == [status], report.explain()


_WEEKS = [
    {"week": "2024-W01", "orders": 812},
    {"week": "2024-W02", "orders": 905},
    {"week": "2024-W03", "orders": 1012},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Orders rose 11.8% from 2024-W02 to 2024-W03.", "derived"),
        ("Orders fell 11.8% from 2024-W02 to 2024-W03.", "contradicted"),
        ("Orders rose 11.8% in week 3.", "derived"),
        ("Orders rose 13.8% in week 3.", "unsupported"),
        pytest.param(
            "Orders were 905 in week 3.",
            "wrong_row",
            marks=pytest.mark.xfail(
                strict=True,
                reason="the row check (rules.row_months) reads days and months, not 'week N'",
            ),
        ),
    ],
)
def test_iso_weeks_are_a_series_by_day(answer: str, status: str) -> None:
    """lead35: rows keyed by ISO week ("2024-W03", language.iso_weeks) are a series by day
    (each week its Monday), in date order, named by their label or "week 3"; before, no change
    between two weeks was found."""
    report = crossfoot.trace(answer, _WEEKS)
    assert [c.status for c in report.claims] == [status], report.explain()
