"""gaps34: a share's change in points over result rows (``trace``), wide (a column a year) and
long (a year column), both twins (rules.rows_share_points)."""

from __future__ import annotations

import pytest

import crossfoot


def _long(wide: list[dict[str, object]]) -> list[dict[str, object]]:
    """The rows of ``wide`` (a ``sales_{year}`` column a year) with a year column instead."""
    return [
        {"region": r["region"], "year": y, "sales": r[f"sales_{y}"]}
        for r in wide
        for y in (2022, 2023)
    ]


_WIDE = [
    {"region": "North", "sales_2022": 4000, "sales_2023": 4637},
    {"region": "South", "sales_2022": 3600, "sales_2023": 3540},
    {"region": "West", "sales_2022": 3400, "sales_2023": 3802},
]
_LONG = _long(_WIDE)


@pytest.mark.parametrize("rows", [_WIDE, _LONG], ids=["wide", "long"])
@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("North's share of sales rose 2.3 percentage points.", "derived"),
        ("North's share of sales rose 235 basis points in 2023.", "derived"),
        ("South's share of sales fell 3.2 points from 2022 to 2023.", "derived"),
        ("North's share of sales fell 2.3 percentage points.", "contradicted"),
        ("North's share of sales rose 3.3 percentage points.", "unsupported"),
        ("North and West's share of sales rose 4.1 points in 2023.", "unsupported"),
    ],
)
def test_share_points_over_rows(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == [status], report.explain()


_FOUR = [
    {"region": "North", "sales_2022": 3500, "sales_2023": 4637},
    {"region": "South", "sales_2022": 3600, "sales_2023": 3540},
    {"region": "West", "sales_2022": 3400, "sales_2023": 3802},
    {"region": "East", "sales_2022": 2000, "sales_2023": 2100},
]
_FOUR_LONG = _long(_FOUR)


@pytest.mark.parametrize("rows", [_FOUR, _FOUR_LONG], ids=["wide", "long"])
@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        # the change of a column's total between two years (rules.column_share, rules.rows_years)
        ("Total sales grew 12.6% in 2023.", ["derived"]),
        ("Total sales rose by 1,579 in 2023.", ["derived"]),
        ("Total sales fell 12.6% in 2023.", ["contradicted"]),
        ("Total sales grew 22.6% in 2023.", ["unsupported"]),
        # a year's total or mean as the end of a move (rules.rowsums: a dated column's level)
        ("Total sales rose from 12,500 in 2022 to 14,079 in 2023.", ["derived", "derived"]),
        ("Average sales per region rose to 3,520 in 2023.", ["derived"]),
        ("Total sales rose from 12,500 in 2022 to 14,179 in 2023.", ["derived", "unsupported"]),
    ],
)
def test_year_totals_over_rows(
    rows: list[dict[str, object]], answer: str, statuses: list[str]
) -> None:
    report = crossfoot.trace(answer, rows)
    assert [c.status for c in report.claims] == statuses, report.explain()
