"""Bars quoted from the user's question (``question=`` of check and trace). Expected results are
data in ``tests/vectors/question.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.question import asked_figures, quoted_bar
from crossfoot.numbers.extract import extract

CASES = json.loads((Path(__file__).parent / "vectors" / "question.json").read_text("utf-8"))


@pytest.mark.parametrize("case", CASES["cases"], ids=lambda c: str(c["name"]))
def test_question_vectors(case: dict[str, Any]) -> None:
    if "rows" in case:
        report = crossfoot.trace(case["answer"], case["rows"], question=case["question"])
    else:
        report = crossfoot.check(case["answer"], case["sources"], question=case["question"])
    assert [c.status for c in report.claims] == case["expect"], report.explain()
    if "kind" in case:
        kinds = [c.evidence.kind if c.evidence else None for c in report.claims]
        assert kinds == case["kind"], report.explain()


def test_the_bar_is_explained_and_serialised() -> None:
    report = crossfoot.check(
        "Sales exceeded $5 million.",
        ["Sales were $6.8 million."],
        question="Did sales exceed $5 million?",
    )
    claim = report.claims[0]
    assert claim.evidence is not None and claim.evidence.rule == "question"
    assert claim.evidence.formula == (
        "Sales were $6.8 million (6,800,000) is at or above the question's bar $5 million"
    )
    wrong = crossfoot.check(
        "Sales exceeded $9 million.",
        ["Sales were $6.8 million."],
        question="Did sales exceed $9 million?",
    )
    assert wrong.claims[0].status == "contradicted"
    assert "no value of the sources is at or above the question's bar $9 million" in wrong.explain()
    assert report.to_dict()["claims"][0]["evidence"]["kind"] == "question"


def test_checker_takes_the_question_per_answer() -> None:
    checker = crossfoot.Checker(["Sales were $6.8 million."])
    assert checker.check("Sales exceeded $5 million.", question="Above $5 million?").passed
    assert not checker.check("Sales exceeded $5 million.").passed


def test_a_question_that_is_not_text_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="the question must be a str, got int"):
        crossfoot.check("Sales exceeded $5 million.", ["Sales were $6 million."], question=5)  # type: ignore[arg-type]


def test_years_of_the_question_are_never_bars() -> None:
    assert [m.text for m in asked_figures("Did sales exceed 2,000 units in 2019?")] == ["2,000"]
    assert asked_figures("") == () and asked_figures(None) == ()


_COMPARE = ["more than", "over", "above", "at least", "exceeded", "under", "below", "less than"]
_PLAIN = ["was", "reached", "totalled", "stood at", "came to"]


@given(
    st.integers(1, 10**7),
    st.integers(1, 10**7),
    st.sampled_from(_COMPARE),
    st.sampled_from(_PLAIN),
)
def test_only_the_questions_own_number_after_a_comparison_is_a_bar(
    asked: int, other: int, word: str, verb: str
) -> None:
    question = f"Did sales go {word} {asked:,} units?"
    for text, is_bar in (
        (f"Sales {verb} {word} {asked:,} units.", True),
        (f"Sales {verb} {asked:,} units.", False),  # the same number, stated as data
        (f"Sales {verb} {word} {other:,} units.", other == asked),  # another number
    ):
        figure = extract(text)[-1]
        bar = quoted_bar(text, figure, asked_figures(question))
        assert (bar is not None) is is_bar, text
        if bar is not None:
            assert bar.side == (">" if word in _COMPARE[:5] else "<")
