"""Round 42 (lead42): a sentence with a word of the mean is no column's total in ``trace``.

"The average revenue across regions was 90" was refused when the orders column summed to 90:
the column total matched first and the re-check against the revenue column found no total.
"""

from __future__ import annotations

import pytest

from crossfoot import trace

_ROWS = [
    {"region": "North", "revenue": 120, "orders": 30},
    {"region": "South", "revenue": 80, "orders": 25},
    {"region": "East", "revenue": 100, "orders": 20},
    {"region": "West", "revenue": 60, "orders": 15},
]
# The revenue mean is 94 here; the orders still sum to 90.
_OTHER = [dict(r, revenue=v) for r, v in zip(_ROWS, (130, 80, 104, 62), strict=True)]


@pytest.mark.parametrize(
    ("rows", "answer", "passed", "kind"),
    [
        (_ROWS, "The average revenue across regions was 90.", True, "column_mean"),
        (_ROWS, "Revenue averaged 90 per region.", True, "column_mean"),
        (_OTHER, "The average revenue across regions was 90.", False, None),
        (_ROWS, "Orders across regions totalled 90.", True, "column_sum"),
    ],
)
def test_a_mean_word_is_no_column_total(
    rows: list[dict[str, object]], answer: str, passed: bool, kind: str | None
) -> None:
    report = trace(answer, rows)
    assert report.claims and report.passed is passed, report.explain()
    if kind is not None:
        assert all(c.evidence is not None and c.evidence.kind == kind for c in report.claims)


_MONTHS = [
    {"month": f"2024-{i:02d}", "revenue": r, "orders": o}
    for i, (r, o) in enumerate(
        [(12000, 300), (13500, 320), (12800, 310), (15100, 350), (16000, 365), (15400, 355)],
        start=1,
    )
]
_LATER = [{"month": "2023-11", "revenue": 11000}, {"month": "2023-12", "revenue": 11500}] + [
    {"month": r["month"], "revenue": r["revenue"]} for r in _MONTHS
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        # "since" a month: from its row to the last (rules.series_span)
        (_MONTHS, "Revenue is up 28.3% since January.", "derived"),
        (_MONTHS, "Since January 2024, revenue is up $3,400.", "derived"),
        (_LATER, "Revenue is up 28.3% since January.", "derived"),
        (_LATER, "Revenue is up 40% since November.", "derived"),
        (_LATER, "Revenue is up 40% since January.", "unsupported"),
        (_LATER, "Revenue is down 28.3% since January.", "contradicted"),
        # quarters of a series of months: three rows each (rules.group_change)
        (_MONTHS, "Revenue grew 21.4% from Q1 to Q2.", "derived"),
        (_MONTHS, "Revenue grew 25.4% from Q1 to Q2.", "unsupported"),
        (_MONTHS, "Revenue rose 21.4% in Q2.", "derived"),
        (_MONTHS, "Revenue fell 21.4% in Q2.", "contradicted"),
        (_MONTHS, "Revenue rose by $8,200 from Q1 to Q2.", "derived"),
        (_MONTHS, "Revenue rose by $9,200 from Q1 to Q2.", "unsupported"),
    ],
)
def test_periods_of_a_series_of_months(
    rows: list[dict[str, object]], answer: str, status: str
) -> None:
    report = trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_CHANNELS = [
    {"channel": c, "visits": v, "revenue": r}
    for c, v, r in (
        ("Email", 12000, 24000),
        ("Search", 30000, 54000),
        ("Social", 18000, 10800),
        ("Direct", 10000, 30000),
    )
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # the named rows' sum, though another row's cell is the same figure (front.trace_own_rows)
        ("Email and Direct together brought in $54,000.", "derived"),
        ("Email and Social together brought in $54,000.", "wrong_row"),
        ("Email brought in $54,000.", "wrong_row"),
        ("Email and Direct together brought in $64,000.", "unsupported"),
    ],
)
def test_named_rows_sum_is_not_another_rows_cell(answer: str, status: str) -> None:
    report = trace(answer, _CHANNELS)
    assert [c.status for c in report.claims] == [status], report.explain()
