"""A bar drawn over one row the sentence names (rules.one_row_bar), and a figure worded as of
the year before the sentence's own (language.prior_year).

The grid vectors (tests/vectors/lead16.json) run both classes through ``check`` in six table
formats; here: ``trace`` over result rows, the bars that bound a change rather than a level,
and properties over random columns: a bar passes exactly when the named row's cell lies on its
side, and a figure "the year before" passes exactly when it is the row's cell of that year.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import crossfoot

ROWS = [
    {"region": "North", "revenue_2023": 3_800_000, "revenue_2024": 4_200_000},
    {"region": "South", "revenue_2023": 2_500_000, "revenue_2024": 2_900_000},
    {"region": "East", "revenue_2023": 4_100_000, "revenue_2024": 5_000_000},
]


@pytest.mark.parametrize(
    ("answer", "status", "why"),
    [
        ("East exceeded $4.5M in 2024 revenue.", "derived", ""),
        ("North exceeded $4.5M in 2024 revenue.", "contradicted", "North (4,200,000) is not above"),
        ("North's 2024 revenue stayed below $3M.", "contradicted", "is not below $3M"),
        ("South's 2024 revenue stayed below $3M.", "supported_rounded", ""),
    ],
)
def test_trace_judges_a_bar_over_one_row(answer: str, status: str, why: str) -> None:
    report = crossfoot.trace(answer, ROWS)
    (claim,) = report.claims
    assert claim.status == status, report.explain()
    assert why in claim.message, claim.message


@pytest.mark.parametrize(
    "answer",
    [
        "North's revenue grew by more than $3 million in 2024.",
        "North's revenue increase was over $3 million in 2024.",
    ],
)
def test_a_bar_on_a_change_is_not_judged_on_the_level(answer: str) -> None:
    # North's level (4.2M) is above $3M; its change (0.4M) is not: the level must not pass it
    report = crossfoot.trace(answer, ROWS)
    assert not report.passed, report.explain()
    assert all(c.status != "derived" for c in report.claims)


NAMES = ("Iberia", "Nordic", "Benelux", "Alpine", "Baltic")


@settings(max_examples=60, deadline=None)
@given(
    cells=st.lists(st.integers(10, 99), min_size=4, max_size=4, unique=True),
    row=st.integers(0, 3),
    bar=st.integers(10, 99),
    wording=st.sampled_from(
        (
            "{n} exceeded {b}",
            "{n} stayed below {b}",
            "{n} had more than {b}",
            "{n} had less than {b}",
        )
    ),
)
def test_a_one_row_bar_passes_exactly_when_the_row_is_past_it(
    cells: list[int], row: int, bar: int, wording: str
) -> None:
    # a bar off every cell by more than its rounding: the bar cannot be read as a value
    assume(all(abs(c - bar) > 1 for c in cells))
    table = "| Region | Units 2024 |\n|---|---|\n" + "".join(
        f"| {n} | {c * 1000:,} |\n" for n, c in zip(NAMES[:4], cells, strict=True)
    )
    answer = wording.format(n=NAMES[row], b=f"{bar * 1000:,}") + " units in 2024."
    report = crossfoot.check(answer, [table])
    (claim,) = [c for c in report.claims if c.text.strip() == f"{bar * 1000:,}"]
    above = "exceeded" in wording or "more" in wording
    true = cells[row] > bar if above else cells[row] < bar
    assert claim.status == ("derived" if true else "contradicted"), report.explain()


@settings(max_examples=60, deadline=None)
@given(
    levels=st.lists(st.integers(100, 999), min_size=3, max_size=3, unique=True),
    earlier=st.sampled_from((2022, 2023)),
    wording=st.sampled_from(
        (
            "up from ${a} million the year before",
            "compared with ${a} million a year earlier",
            "versus ${a} million in the prior year",
        )
    ),
)
def test_a_figure_of_the_year_before_passes_exactly_when_of_that_year(
    levels: list[int], earlier: int, wording: str
) -> None:
    x, y, z = levels
    table = (
        "| Region | 2022 | 2023 | 2024 |\n|---|---|---|---|\n"
        f"| North | {x * 10_000:,} | {y * 10_000:,} | {z * 10_000:,} |\n"
    )
    a = f"{(x if earlier == 2022 else y) / 100:.2f}"
    answer = f"North's revenue was ${z / 100:.2f} million in 2024, " + wording.format(a=a) + "."
    report = crossfoot.check(answer, [table])
    (claim,) = [c for c in report.claims if c.text.strip() == f"${a} million"]
    assert claim.status == ("supported_exact" if earlier == 2023 else "wrong_row"), report.explain()
