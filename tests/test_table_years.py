"""rules.table_years: the years a table covers, asked for and answered (issue 15, claims6).

The vectors in ``tests/vectors/claims_round6.json`` hold the passing and failing twins; these
tests hold what the vectors cannot: the question shapes the rule leaves to other rules, and the
known gap of ``trace``.
"""

from __future__ import annotations

import pytest

import crossfoot
from crossfoot.language.asked import read_question
from crossfoot.rules.table_years import asks_table_years

TABLE = '[["", "2019", "2018", "2017"], ["Revenue", "95", "89", "82"], ["Costs", "41", "47", "44"]]'
ROWS = [
    {"region": "North", "revenue_2022": 10, "revenue_2023": 12, "revenue_2024": 11},
    {"region": "South", "revenue_2022": 5, "revenue_2023": 6, "revenue_2024": 7},
    {"region": "East", "revenue_2022": 8, "revenue_2023": 9, "revenue_2024": 4},
]


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Which years does the table provide information for revenue?", True),
        ("In which years was revenue calculated?", True),
        ("What years are included in the table?", True),
        ("In which year was revenue largest?", False),  # rules.which_period
        ("Which years had revenue above 85?", False),  # rules.which_years
        ("In which years did revenue increase?", False),  # a change, not the table's years
        ("What was the revenue in 2019?", False),
    ],
)
def test_which_questions_ask_for_the_tables_years(question: str, asks: bool) -> None:
    assert asks_table_years(read_question(question)) is asks


def test_a_year_too_many_and_a_year_left_out_fail_the_report() -> None:
    q = "Which years does the table show?"
    assert crossfoot.check("Answer: 2019, 2018 and 2017", [TABLE], question=q).passed
    extra = crossfoot.check("Answer: 2020, 2019 and 2018", [TABLE], question=q)
    assert [c.status for c in extra.claims] == ["contradicted"]
    assert "2020 is not among them" in extra.claims[0].message
    short = crossfoot.check("Answer: 2019 and 2018", [TABLE], question=q)
    assert "leaves out 2017" in short.claims[0].message


def test_years_in_prose_without_a_table_give_no_verdict() -> None:
    prose = "Revenue was reported for 2019, 2018 and 2017."
    q = "Which years does the table show?"
    assert crossfoot.check("Answer: 2019", [prose], question=q).passed


@pytest.mark.xfail(
    strict=True,
    reason="trace indexes only the rows an answer or question names (a speed gate in "
    "sources.rows.sources_for), so the table's years are not all known and the rule runs for "
    "check only",
)
def test_trace_reads_a_year_left_out() -> None:
    q = "What years are included in the table?"
    assert not crossfoot.trace("Answer: 2022 and 2024", ROWS, question=q).ok
