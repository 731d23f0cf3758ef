"""The lead's round-18 classes through ``trace`` (the grid vectors, tests/vectors/lead18.json,
run them through ``check`` in six table formats):

- strict bound words leave the line itself out ("more than 4.2" is not true of 4.2; "at least
  4.2" is: ``language.bounds.bound_before``), and "crossed" / "passed the ... mark" are bars;
- a figure set against another row shares the year of the figure before it
  (``language.cross_row_year``);
- a spaced "-" or "/" in a written calculation makes a year-like number an operand;
- a column of dates gives the rows of a long result set their year (``sources.rows_years``).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import trace
from crossfoot.language.bounds import bound_before
from crossfoot.sources.rows_cells import parse_cell

WIDE = [
    {"region": "North", "revenue_2023": 3.8, "revenue_2024": 4.2},
    {"region": "South", "revenue_2023": 2.9, "revenue_2024": 2.5},
]
LONG = [
    {"region": "North", "year": 2023, "revenue": 3.8},
    {"region": "North", "year": 2024, "revenue": 4.2},
    {"region": "South", "year": 2023, "revenue": 2.9},
    {"region": "South", "year": 2024, "revenue": 2.5},
]


def statuses(answer: str, rows: list[dict[str, object]]) -> list[str]:
    return [c.status for c in trace(answer, rows).claims]


@pytest.mark.parametrize(
    ("words", "want"),
    [
        ("more than", (">", True)),
        ("exceeded", (">", True)),
        ("at least", (">", False)),
        ("no less than", (">", False)),
        ("not more than", ("<", False)),
        ("up to", ("<", False)),
        ("below", ("<", True)),
        ("not at least", ("<", True)),
        ("crossed", (">", True)),
        ("passed the", (">", True)),
        ("reported", None),
    ],
)
def test_bound_words_say_their_side_and_whether_the_line_counts(
    words: str, want: tuple[str, bool] | None
) -> None:
    text = f"Revenue {words} 5 million."
    assert bound_before(text, text.index("5 million")) == want


@pytest.mark.parametrize("rows", [WIDE, LONG], ids=["wide", "long"])
@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("North's revenue exceeded 4.2 in 2024.", ["contradicted"]),
        ("North's revenue was at least 4.2 in 2024.", ["supported_exact"]),
        ("North's revenue grew by more than 0.4 in 2024.", ["contradicted"]),
        ("North's revenue grew by at least 0.4 in 2024.", ["derived"]),
        ("North's revenue crossed 4.5 in 2024.", ["contradicted"]),
        ("North had 4.2 in 2024, versus 2.5 for South.", ["supported_exact"] * 2),
        ("North had 4.2 in 2024, versus 2.9 for South.", ["supported_exact", "wrong_row"]),
        ("North had 4.2 in 2024, versus 3.8.", ["supported_exact"] * 2),
    ],
)
def test_round_18_classes(rows: list[dict[str, object]], answer: str, want: list[str]) -> None:
    assert statuses(answer, rows) == want


def test_the_other_rows_year_is_explained() -> None:
    text = trace("North had 4.2 in 2024, versus 2.9 for South.", WIDE).explain()
    assert "2023" in text and "the sentence says 2024" in text


@settings(max_examples=50, deadline=None)
@given(
    cell=st.integers(10, 99),
    bar=st.integers(10, 99),
    words=st.sampled_from(["exceeded", "was more than", "was at least", "was no less than"]),
)
def test_a_level_bar_at_or_past_the_cell(cell: int, bar: int, words: str) -> None:
    """A bar over one named row's level passes only on its side of the cell, and a strict word
    never passes when the bar is the cell itself."""
    rows = [
        {"region": "North", "sales_2024": Decimal(cell) / 10},
        {"region": "South", "sales_2024": Decimal("0.5")},
    ]
    claim = trace(f"North's sales {words} {Decimal(bar) / 10} in 2024.", rows).claims[0]
    strict = words in ("exceeded", "was more than")
    right = cell > bar if strict else cell >= bar
    if not right:
        assert not claim.passed, (cell, bar, words, claim.status)
    elif claim.status == "contradicted":
        raise AssertionError((cell, bar, words))


@pytest.mark.parametrize(
    "periods",
    [
        ["2023-12-31", "2024-12-31", "2023-12-31", "2024-12-31"],
        [date(2023, 12, 31), date(2024, 12, 31), date(2023, 12, 31), date(2024, 12, 31)],
        ["FY2023", "FY2024", "FY2023", "FY2024"],
        ["12/31/2023", "12/31/2024", "12/31/2023", "12/31/2024"],
    ],
    ids=["iso", "date", "fy", "us"],
)
def test_a_date_column_gives_a_long_rows_year(periods: list[object]) -> None:
    rows = [
        {"region": r["region"], "period": p, "revenue": r["revenue"]}
        for r, p in zip(LONG, periods, strict=True)
    ]
    assert statuses("North had 4.2 in 2024.", rows) == ["supported_exact"]
    assert statuses("North had 3.8 in 2024.", rows) == ["wrong_row"]
    assert statuses("North's revenue grew by more than 0.5 in 2024.", rows) == ["contradicted"]


def test_months_of_one_year_are_left_without_a_year() -> None:
    """Two rows of North in 2024 (January, February): the year cannot tell them apart, and a
    change between them is no year's change, so neither passes or fails by its year."""
    rows = [
        {"region": "North", "month": "2024-01", "revenue": 3.8},
        {"region": "North", "month": "2024-02", "revenue": 4.2},
        {"region": "South", "month": "2024-01", "revenue": 2.9},
    ]
    assert statuses("North had 3.8 in 2024.", rows) == ["supported_exact"]
    assert statuses("North's revenue grew by more than 0.3 in 2024.", rows) != ["derived"]


@pytest.mark.parametrize("cell", ["Dec 2023", "Nov 5, 2023", "jan 2024", "MAY 2024", "Sat 12"])
def test_a_result_cell_of_a_month_is_no_money(cell: str) -> None:
    """Three letters read as a currency code made "Dec 2023" money 2,023 in code DEC (and "Nov
    5, 2023" 5.2023): a date cell is no number, as a table given as text reads it."""
    assert parse_cell(cell) is None
    assert parse_cell("USD 2023") is not None  # (a code stays one)
