"""gaps42: the ``trace`` twins of tests/vectors/gaps42.json: a bare "lowest at" / "highest at"
over result rows by year (language.line_words), and result columns whose name ends in a unit
that reads like a scale word (rules.column_scale: "rainfall_mm" is millimetres, "temp_k"
kelvins, where "revenue_mm" is millions and "sales_k" thousands); a share said "about" over
result rows (rules.rowsums: as written, as rules.derive reads it)."""

from __future__ import annotations

import pytest

import crossfoot

_YEARS = [{"year": 2020 + i, "revenue": v} for i, v in enumerate((100, 112, 121, 133))]
_RAIN = [
    {"city": "Seattle", "rainfall_mm": 42.0},
    {"city": "Denver", "rainfall_mm": 18.5},
    {"city": "Miami", "rainfall_mm": 60.2},
]
_STARS = [
    {"star": "Sirius", "temp_k": 9940},
    {"star": "Vega", "temp_k": 9602},
    {"star": "Sun", "temp_k": 5772},
]
_MONEY = [{"region": "East", "revenue_mm": 4.2}, {"region": "West", "revenue_mm": 3.1}]
_SEGMENTS = [
    {"segment": "Cloud", "q3": 498, "q4": 530},
    {"segment": "Devices", "q3": 190, "q4": 240},
    {"segment": "Services", "q3": 110, "q4": 118},
]


@pytest.mark.parametrize(
    ("rows", "answer", "status"),
    [
        (_YEARS, "Revenue was lowest at 112.", "contradicted"),
        (_YEARS, "Revenue was lowest at 100.", "supported_exact"),
        (_YEARS, "Revenue was highest, at 121.", "contradicted"),
        (_YEARS, "Revenue was highest at 133.", "supported_exact"),
        (_RAIN, "Seattle got 42mm of rain.", "supported_exact"),
        (_RAIN, "Seattle got 18.5mm of rain.", "wrong_row"),
        (_RAIN, "Seattle's rainfall was 42 million.", "unsupported"),
        (_RAIN, "Seattle's rainfall was 42,000,000.", "unsupported"),
        (_STARS, "Sirius burns at 9,940K.", "supported_exact"),
        (_STARS, "Sirius burns at 9,940,000.", "unsupported"),
        (_MONEY, "East revenue was $4.2 million.", "supported_rounded"),
        (_MONEY, "East revenue was $4.2 thousand.", "contradicted"),
        # "about 60%" is derived as "60%" is (rules.rowsums reads it as written)
        (_SEGMENTS, "Cloud made up about 60% of Q4 revenue.", "derived"),
        (_SEGMENTS, "Cloud made up about 62% of Q4 revenue.", "unsupported"),
    ],
)
def test_gaps42_trace_twins(rows: list[dict[str, object]], answer: str, status: str) -> None:
    report = crossfoot.trace(answer, rows)
    assert report.claims, report.explain()
    assert report.claims[0].status == status, report.explain()
