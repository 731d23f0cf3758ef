"""groups38: figures of one category of result rows keyed by another column (``trace``): rows
by rep with a column of regions. Both twins of each class, over several row shapes."""

from __future__ import annotations

from typing import Any

import pytest

import crossfoot
from rep_rows import COLUMNS, RECORDS, ROWS

_SHAPES: dict[str, Any] = {
    "records": RECORDS,
    "columns and rows": {"columns": COLUMNS, "rows": [list(r) for r in ROWS]},
    "header row": [tuple(COLUMNS), *ROWS],
    "strings": [{k: str(v) if k == "revenue" else v for k, v in r.items()} for r in RECORDS],
    "region in the middle": [
        {"rep": r[0], "deals": r[2], "region": r[1], "revenue": r[3], "quota": r[4]} for r in ROWS
    ],
}


@pytest.mark.parametrize("shape", list(_SHAPES))
@pytest.mark.parametrize(
    ("answer", "status"),
    [
        # (1) a group by a text column that is not the key (rules._rowsums_categories)
        ("EMEA brought in $390,000.", "derived"),
        ("EMEA brought in $380,000.", "unsupported"),
        ("Revenue in EMEA totaled $390,000.", "derived"),
        ("Revenue in EMEA totaled $400,000.", "unsupported"),
        ("AMER averaged 8 deals.", "derived"),
        ("AMER averaged 8.5 deals.", "unsupported"),
        ("EMEA accounted for 51.0% of revenue.", "derived"),
        ("EMEA accounted for 56.0% of revenue.", "unsupported"),
        # (3) a share of rows by count
        ("40% of reps are in EMEA.", "derived"),
        ("60% of reps are in EMEA.", "unsupported"),
        ("Two of five reps, 40% of rows, sit in AMER.", "derived"),
        # a rep named: the row's own cell, never the group's
        ("Ana in EMEA brought in $180,000.", "supported_exact"),
    ],
)
def test_a_category_column_groups_rows(shape: str, answer: str, status: str) -> None:
    report = crossfoot.trace(answer, _SHAPES[shape])
    assert [c.status for c in report.claims][-1] == status, report.explain()


def test_a_column_of_unique_names_is_no_category() -> None:
    rows = [{**r, "city": r["rep"] + "ville"} for r in RECORDS]
    report = crossfoot.trace("Anaville brought in $390,000.", rows)
    assert [c.status for c in report.claims] == ["unsupported"], report.explain()


_MARKDOWN = "| rep | deals |\n|---|---|\n" + "".join(f"| {r[0]} | {r[2]} |\n" for r in ROWS)
_JSON_ROWS = '[["rep", "deals"], ' + ", ".join(f'["{r[0]}", "{r[2]}"]' for r in ROWS) + "]"


@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        # (5) a figure called the median is the column's median (rules.median_called)
        ("The median rep closed 10 deals.", ["derived"]),
        ("The median rep closed 12 deals.", ["contradicted"]),  # Ana's cell
        ("Ana closed 12 deals, above the median of 10.", ["supported_exact", "derived"]),
        ("Ana closed 12 deals, above the median of 11.", ["supported_exact", "contradicted"]),
        ("The median was 10 deals; Ana closed 12.", ["derived", "supported_exact"]),
    ],
)
@pytest.mark.parametrize("source", ["records", "columns and rows", "markdown", "json"])
def test_a_median_is_the_columns_median(source: str, answer: str, statuses: list[str]) -> None:
    if source in ("markdown", "json"):
        report = crossfoot.check(answer, _MARKDOWN if source == "markdown" else _JSON_ROWS)
    else:
        report = crossfoot.trace(answer, _SHAPES[source])
    assert [c.status for c in report.claims] == statuses, report.explain()


def test_a_median_row_of_a_table_is_its_own_cell() -> None:
    table = "| item | 2023 | 2024 |\n|---|---|---|\n| Median price | 310 | 325 |\n" + (
        "| Mean price | 330 | 350 |\n| Top price | 900 | 980 |\n"
    )
    report = crossfoot.check("The median price was 325 in 2024.", table)
    assert [c.status for c in report.claims] == ["supported_exact"], report.explain()


@pytest.mark.parametrize("key", [None, "region"])
@pytest.mark.parametrize(
    ("answer", "statuses"),
    [
        # (2) a figure worded as a group's mean is the mean of its rows (rules.group_mean_called)
        ("AMER averaged 8 deals.", ["derived"]),
        ("AMER averaged 9 deals.", ["contradicted"]),  # Dee's cell
        ("AMER averaged 12 deals.", ["contradicted"]),  # Ana's cell, of EMEA
        ("On average, EMEA reps closed 11 deals.", ["derived"]),
        ("On average, EMEA reps closed 10 deals.", ["contradicted"]),  # Cai's cell
        ("EMEA averaged 11 deals, and APAC's Eve closed 11.", ["derived", "supported_exact"]),
    ],
)
def test_a_groups_mean_is_the_mean_of_its_rows(
    key: str | None, answer: str, statuses: list[str]
) -> None:
    report = crossfoot.trace(answer, RECORDS, key=key)
    assert [c.status for c in report.claims] == statuses, report.explain()
