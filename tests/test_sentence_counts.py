"""Counts a sentence states with a bar of its own (rules.sentence_counts, language.owncount).

The grid vectors (tests/vectors/lead14.json) run the shapes through ``check`` in every table
format; here: the same class through ``trace`` on result rows, the guards (no bar, a noun the
data does not list, a question that asks the count itself), and a property: over random
regions and bars, the count stated passes exactly when it is the number of rows past the bar.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.owncount import own_ask, states_own_count
from crossfoot.numbers.extract import extract

ROWS = [
    {"region": "North", "revenue": 4_200_000},
    {"region": "South", "revenue": 3_100_000},
    {"region": "East", "revenue": 5_000_000},
    {"region": "West", "revenue": 2_200_000},
]
TABLE = "| Region | Revenue 2024 ($) |\n|---|---|\n" + "\n".join(
    f"| {r['region']} | {r['revenue']:,} |" for r in ROWS
)


def _statuses(report: crossfoot.Report) -> dict[str, str]:
    return {c.text.strip(): c.status for c in report.claims}


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("2 of the 4 regions had revenue above $4M.", {"2": "derived", "4": "derived"}),
        ("3 of the 4 regions had revenue above $4M.", {"3": "contradicted", "4": "derived"}),
        (
            "Two of the five regions had revenue above $4M.",
            {"Two": "derived", "five": "contradicted"},
        ),
        ("Three regions had revenue above $4M.", {"Three": "contradicted"}),
        ("Revenue was below $3.5M in 2 of the 4 regions.", {"2": "derived", "4": "derived"}),
        ("Revenue was below $3.5M in 1 of the 4 regions.", {"1": "contradicted"}),
        ("All four regions had revenue above $2M.", {"four": "derived"}),
        ("All five regions had revenue above $2M.", {"five": "contradicted"}),
    ],
)
def test_trace_judges_a_count_with_its_own_bar(answer: str, want: dict[str, str]) -> None:
    got = _statuses(crossfoot.trace(answer, ROWS))
    for text, status in want.items():
        assert got.get(text) == status, (text, got)


@pytest.mark.parametrize("front", ["check", "trace"])
def test_the_bar_itself_is_no_failure(front: str) -> None:
    """A round bar no row states ("above $3.5M") is the count's line, not a figure of the data."""
    answer = "Revenue was below $3.5M in 2 of the 4 regions."
    report = crossfoot.trace(answer, ROWS) if front == "trace" else crossfoot.check(answer, [TABLE])
    assert report.passed, report.explain()
    bar = next(c for c in report.claims if c.text.strip() == "$3.5M")
    assert bar.status == "supported_exact" and bar.evidence is not None
    assert bar.evidence.kind == "bar"


def test_a_wrong_count_names_what_it_counted() -> None:
    report = crossfoot.check("3 of the 4 regions had revenue above $4M.", [TABLE])
    three = next(c for c in report.claims if c.text == "3")
    assert three.status == "contradicted"
    assert three.message == "2 of the 4 values counted are above $4M, not 3"
    assert three.evidence is not None and "sentence's bar" in three.evidence.formula
    assert {v.row for v in three.evidence.operands} == {"North", "East"}


@pytest.mark.parametrize(
    "answer",
    [
        "3 regions reported revenue.",  # no bar: a count of some rows, which the data cannot say
        "1,200 employees earned more than $4M.",  # the data lists regions, not employees
        "Revenue rose 3 percent above $4M.",  # a quantity, not a count of things
    ],
)
def test_no_count_without_a_bar_or_a_noun_of_the_data(answer: str) -> None:
    report = crossfoot.check(answer, [TABLE])
    kinds = [c.evidence.rule for c in report.claims if c.evidence is not None]
    assert "count" not in kinds and "question" not in kinds, report.explain()


def test_the_question_still_decides_a_count_it_asks() -> None:
    report = crossfoot.check(
        "3 of the 4 regions had revenue above $4M.",
        [TABLE],
        question="How many regions had revenue above $4M in 2024?",
    )
    three = next(c for c in report.claims if c.text == "3")
    assert three.status == "contradicted"
    assert three.evidence is not None and "question's bar" in three.evidence.formula


def test_own_ask_reads_the_question_a_sentence_answers() -> None:
    t = "In 2024 revenue exceeded $4 million in three of the four regions."
    m = next(x for x in extract(t) if x.text == "three")
    found = own_ask(t, m, (0, len(t)))
    assert found is not None
    ask, noun = found
    assert (ask.op, ask.counted, noun, ask.years) == (
        "count",
        "regions",
        "region",
        frozenset({2024}),
    )
    assert states_own_count(t, extract(t))
    assert not states_own_count("In 2024 revenue was $4 million in three regions.", extract(t))


@settings(max_examples=60, deadline=None)
@given(
    revenues=st.lists(st.integers(1, 99), min_size=2, max_size=7),
    bar=st.integers(1, 99),
    below=st.booleans(),
    stated=st.integers(0, 8),
)
def test_a_stated_count_passes_exactly_when_it_counts_the_rows(
    revenues: list[int], bar: int, below: bool, stated: int
) -> None:
    assume(stated != len(revenues))  # (the two counts would be one claim text)
    names = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum"]
    rows = [{"store": n, "sales": v * 1000} for n, v in zip(names, revenues, strict=False)]
    word = "below" if below else "above"
    past = sum(1 for v in revenues if (v <= bar if below else v > bar))  # bar: bar,500
    answer = f"{stated} of the {len(rows)} stores had sales {word} {bar * 1000 + 500:,}."
    got = _statuses(crossfoot.trace(answer, rows))
    assert got.get(str(stated)) == ("derived" if stated == past else "contradicted"), got
    assert got.get(str(len(rows))) == "derived", got
