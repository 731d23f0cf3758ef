"""read41a: the read-through's twins of round 41's check rules (each failed on main 54eecbd8).

- ``rules.column_scale``: a column's total or mean in its name's unit is not the figure of a row
  the sentence names ("East revenue was $9.8M" is no sum of every region), as ``rules.rowsums``
  holds for a column read plain.
- ``rules._year_mean``: a total over years is set apart by a word of movement, not by letters
  inside another word ("enterprise" holds "rise").
- ``rules.year_bar``: a bar on a change is set apart by its words, not by letters inside a name
  ("Singapore" holds "gap", "Exchange" holds "change").
"""

from __future__ import annotations

import json

import pytest

import crossfoot

_REGIONS = [
    {"region": "East", "revenue_musd": 4.2},
    {"region": "West", "revenue_musd": 3.1},
    {"region": "North", "revenue_musd": 2.5},
]


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("East revenue was $9.8M.", False),  # every region's sum, said of East
        ("East revenue was $3.27M.", False),  # their mean, said of East
        ("Revenue across the regions totaled $9.8M.", True),
        ("The three regions averaged $3.27M each.", True),
        ("Revenue was $9.8M.", True),  # no row named: the column's total, as rules.rowsums
    ],
)
def test_scaled_column_total_is_no_named_row(answer: str, passed: bool) -> None:
    report = crossfoot.trace(answer, _REGIONS)
    assert report.passed is passed, report.explain()


_NORTH = json.dumps([["Region", "2021", "2022", "2023"], ["North", "800", "1,200", "2,500"]])


@pytest.mark.parametrize(
    "answer",
    [
        "Total sales over the three years were 2,500.",
        "Total enterprise sales over the three years were 2,500.",
        "Total sales against plan over the three years were 2,500.",
    ],
)
def test_total_over_years_not_set_apart_by_letters(answer: str) -> None:
    assert crossfoot.check(answer, [_NORTH]).claims[0].status == "contradicted"


def test_total_over_years_set_apart_by_a_move() -> None:
    """The twin: a change of a total is no sum of years (a word of movement)."""
    report = crossfoot.check("Total sales rose over the three years by 1,700.", [_NORTH])
    assert report.claims[0].status != "contradicted" or "total over" not in (
        report.claims[0].message or ""
    )


@pytest.mark.parametrize("name", ["Sales", "Singapore sales", "Exchange fees", "Standby units"])
def test_year_bar_names_hold_no_change_word(name: str) -> None:
    grid = [["Year", name], ["2021", "92"], ["2022", "95"], ["2023", "85"], ["2024", "99"]]
    t = json.dumps(grid)
    every = crossfoot.check(f"{name} were above 90 every year.", [t]).claims[0]
    assert every.status == "contradicted", every
    but = crossfoot.check(f"{name} were above 90 every year except 2023.", [t]).claims[0]
    assert but.status == "derived", but


def test_year_bar_on_a_change_is_left_alone() -> None:
    """The twin: "grew by more than 5 every year" is a bar on a change, not on the levels."""
    grid = [["Year", "Sales"], ["2021", "92"], ["2022", "95"], ["2023", "85"], ["2024", "99"]]
    claim = crossfoot.check("Sales grew by more than 90 every year.", [json.dumps(grid)]).claims[0]
    assert claim.status != "derived", claim


_PRICE = json.dumps([["", "2021", "2022", "2023"], ["Selling price", "10.0", "11.0", "11.5"]])


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("The selling price averaged 10.0 from 2021 to 2023.", "contradicted"),
        ("The selling price averaged 10.83 from 2021 to 2023.", "passed"),
        # a year's figure before the span, and the span a move's: no mean over the span
        ("Average price in 2021 was 10.0, and from 2021 to 2023 it rose to 11.5.", "passed"),
        ("The average price rose to 11.5 from 2021 to 2023.", "passed"),
    ],
)
def test_yearly_average_over_a_span(answer: str, status: str) -> None:
    report = crossfoot.check(answer, [_PRICE])
    if status == "passed":
        assert report.passed, report.explain()
    else:
        assert report.claims[0].status == status, report.explain()


_MARGIN = json.dumps([["", "2020", "2021"], ["Operating margin", "10.7%", "12.0%"]])


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("Operating margin rose by 12% in 2021.", True),  # (12.0 - 10.7) / 10.7: +12.1 %
        ("Operating margin rose by 1.3 points in 2021.", True),
        ("Operating margin rose by 10.7% from 2020 to 2021.", False),  # 2020's level
    ],
)
def test_level_as_change_of_a_percentage(answer: str, passed: bool) -> None:
    """rules._level_as_change: a percentage's level may also be its change relative to the
    year before; the level of the other year stays a level."""
    report = crossfoot.check(answer, [_MARGIN])
    assert report.passed is passed, report.explain()


_PROFITS = [
    {"region": "East", "profit_musd": -4.2},
    {"region": "West", "profit_musd": 3.1},
    {"region": "North", "profit_musd": 2.5},
]


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("East had a loss of $4.2M.", "supported_rounded"),  # the size of a negative cell
        ("East earned a profit of $4.2M.", "contradicted"),  # its sign, as a plain column's
        ("West earned a profit of $3.1M.", "supported_rounded"),
    ],
)
def test_scaled_column_signs(answer: str, status: str) -> None:
    """rules.column_scale reads a cell's sign as rules.direct does a plain column's
    (rules.signs.sign_verdict): a loss's size meets a negative cell, a gain's does not."""
    report = crossfoot.trace(answer, _PROFITS)
    assert report.claims[0].status == status, report.explain()
