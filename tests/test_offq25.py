"""The question readings over generated questions (``benchmarks/offq25_questions.py``): a true
answer to a question phrased any of the ways the generator writes it is never ``off_question``,
and a change asked and answered with a percentage after the answer's own amount change is."""

from __future__ import annotations

import pytest

import crossfoot
from corpora.render import render
from offq25_questions import cases


def _final(answer: str, final: str, source: str, question: str) -> str:
    report = crossfoot.check(answer, [source], question=question, require_citations=False)
    hits = [c.status for c in report.claims if c.text.strip().rstrip(".") == final]
    assert hits, f"{final!r} is not a claim of {answer!r}"
    return hits[-1]


@pytest.mark.parametrize("seed", [1, 2])
def test_true_answers_are_on_the_question(seed: int) -> None:
    for i, case in enumerate(cases(30, seed)):
        source = render(case.grid, ("json", "markdown", "html")[i % 3])
        status = _final(case.good, case.final_good, source, case.question)
        assert status != "off_question", (case.shape, case.question, case.good, source)


def test_a_percentage_after_the_amount_change_is_off_the_question() -> None:
    worked = [c for c in cases(200, 3) if c.bad_kind == "percent"][:8]
    assert worked
    for case in worked:
        source = render(case.grid, "markdown")
        assert _final(case.bad, case.final_bad, source, case.question) == "off_question", (
            case.question,
            case.bad,
        )
