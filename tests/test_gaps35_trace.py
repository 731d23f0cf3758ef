"""gaps35: figures over result rows that only a whole line of periods gives (``trace``): a
year's halves set against each other over rows by quarter (rules.half_change) and a growth rate
stated per week, month or quarter (rules.period_rate); the rows are every period's operand
(language.period_rates.needs_whole_line, read by sources.rows). Both twins."""

from __future__ import annotations

import pytest

import crossfoot

_QUARTERS = [
    {"quarter": "Q1 2023", "sales": 1000},
    {"quarter": "Q2 2023", "sales": 1100},
    {"quarter": "Q3 2023", "sales": 1250},
    {"quarter": "Q4 2023", "sales": 1350},
]
_WEEKS = [
    {"week": "Week 1", "signups": 1000},
    {"week": "Week 2", "signups": 1060},
    {"week": "Week 3", "signups": 1090},
    {"week": "Week 4", "signups": 1120},
    {"week": "Week 5", "signups": 1170},
]
_MONTHS = [
    {"month": "2024-01", "revenue": 50000},
    {"month": "2024-02", "revenue": 52400},
    {"month": "2024-03", "revenue": 55300},
    {"month": "2024-04", "revenue": 57900},
    {"month": "2024-05", "revenue": 60800},
]


@pytest.mark.parametrize(
    ("rows", "answer", "statuses"),
    [
        (_QUARTERS, "H2 sales rose 23.8% over H1.", ["derived"]),
        (_QUARTERS, "Sales in H2 were 2,600, up 23.8% from H1.", ["derived", "derived"]),
        (_QUARTERS, "Second-half sales rose 23.8% over the first half.", ["derived"]),
        (_QUARTERS, "H2 sales rose 28.6% over H1.", ["unsupported"]),
        (_QUARTERS, "H2 sales fell 23.8% from H1.", ["unsupported"]),
        (_WEEKS, "Signups grew 4.0% a week over the four weeks.", ["derived"]),
        (_WEEKS, "Signups grew at a compound weekly rate of 4.0%.", ["derived"]),
        (_WEEKS, "Signups grew 5.0% a week over the four weeks.", ["unsupported"]),
        (_MONTHS, "Revenue grew 5.0% month over month.", ["derived"]),
        (_MONTHS, "Revenue compounded at 5.0% monthly from January to May.", ["derived"]),
        (_MONTHS, "Revenue grew 6.5% month over month.", ["unsupported"]),
        (_MONTHS, "Revenue fell 5.0% a month.", ["contradicted"]),
    ],
)
def test_a_whole_line_of_periods(
    rows: list[dict[str, object]], answer: str, statuses: list[str]
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == statuses, report.explain()


_SHORT = [
    {"month": "2024-01", "orders": 1200, "revenue": 54000, "aov": 45.0},
    {"month": "2024-02", "orders": 1350, "revenue": 62100, "aov": 46.0},
    {"month": "2024-03", "orders": 1500, "revenue": 72000, "aov": 48.0},
]
_LONG = [
    {"month": r["month"], "orders": r["orders"], "average_order_value": r["aov"]} for r in _SHORT
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # a field named short, the sentence in full (language.short_forms; trace's column check)
        # ("... in March 2024" is still read as "the average of the row's months": the cell's own
        # column, named short, does not say it is an average: rowmatch._level_not_average)
        (_SHORT, "Average order value was 48.00 in Mar.", "supported_exact"),
        (_SHORT, "Average order value was 46.00 in Mar.", "wrong_row"),
        # a field named in full, the sentence by its initials
        (_LONG, "The March 2024 AOV was 48.00.", "supported_exact"),
        (_LONG, "The March 2024 AOV was 1,500.", "wrong_row"),
    ],
)
def test_a_column_named_short(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_MONTH_ABBR = [
    {"month": "2024-01", "orders": 1200, "marketing": 5200},
    {"month": "2024-02", "orders": 1350, "marketing": 5400},
    {"month": "2024-03", "orders": 1500, "marketing": 5600},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # read35a: a month written short ("Mar", "Dec", "Sep") is no cut of a column's word
        # ("marketing", "decrease", "separate"): "Mar orders" names the orders column only
        ("Mar orders were 1,500.", "supported_exact"),
        ("Mar orders were 5,600.", "wrong_row"),
        ("Mar marketing was 5,600.", "supported_exact"),
    ],
)
def test_a_month_written_short_names_no_column(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _MONTH_ABBR)
    assert [c.status for c in report.claims] == [status], report.explain()


_OPEX = [
    {"month": "2024-01", "revenue": 50000, "operating_expenses": 31000},
    {"month": "2024-03", "revenue": 55300, "operating_expenses": 33500},
]
_OPEX_SHORT = [
    {"month": r["month"], "revenue": r["revenue"], "opex": r["operating_expenses"]} for r in _OPEX
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # read35a: a short form of several words ("opex", "operating expenses") names its column
        # either way (language.short_forms.SHORT)
        (_OPEX, "March opex was 33,500.", "supported_exact"),
        (_OPEX, "March opex was 55,300.", "wrong_row"),
        (_OPEX_SHORT, "March operating expenses were 33,500.", "supported_exact"),
        (_OPEX_SHORT, "March operating expenses were 55,300.", "wrong_row"),
    ],
)
def test_a_short_form_of_several_words(
    rows: list[dict[str, object]], answer: str, status: str
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_QUARTER_GRID = (
    '[["Quarter", "Revenue"], ["Q1 2023", "1,000"], ["Q2 2023", "1,100"], ["Q3 2023", "1,150"],'
    ' ["Q4 2023", "1,216"]]'
)


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # read35a: "quarterly revenue", "monthly active users" name the figure's kind, no rate a
        # period (language.period_rates.rate_period): the change Q1 to Q4 is that change
        ("Quarterly revenue rose 21.6% from Q1 to Q4.", "derived"),
        ("Monthly revenue rose 21.6% from Q1 to Q4.", "derived"),
        ("Revenue per quarter rose 21.6% from Q1 to Q4.", "derived"),
        # ... while a rate stated per period is still one
        ("Revenue rose 21.6% quarter over quarter.", "contradicted"),
        ("Revenue grew 21.6% quarterly.", "contradicted"),
        ("Revenue grew 21.6% per quarter.", "contradicted"),
    ],
)
def test_a_period_adjective_of_a_noun_states_no_rate(answer: str, status: str) -> None:
    report = crossfoot.check(answer, [_QUARTER_GRID])
    assert [c.status for c in report.claims] == [status], report.explain()
