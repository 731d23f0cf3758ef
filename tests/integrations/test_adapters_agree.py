"""Property: every adapter reports the engine's verdict for the same answer and sources."""

from __future__ import annotations

from _support import CONTEXT
from deepeval.test_case import LLMTestCase, RetrievedContextData
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.front.check import check
from crossfoot.integrations import promptfoo
from crossfoot.integrations.deepeval import NumericGroundingMetric
from crossfoot.integrations.ragas import NumericGrounding

# Figures the context supports, and figures it does not.
FIGURES = ["12,400", "10,000", "24%", "13,900", "11,000", "7%"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(FIGURES), min_size=0, max_size=4))
def test_adapters_agree_with_check(figures: list[str]) -> None:
    answer = " ".join(f"Acme reported {figure}." for figure in figures) or "Acme did well."
    report = check(answer, CONTEXT)
    graded = promptfoo.get_assert(answer, {"vars": {"sources": CONTEXT}})
    assert graded["pass"] is report.passed
    assert graded["score"] == report.score
    parts = graded.get("component_results", [])
    assert [part["pass"] for part in parts] == [claim.passed for claim in report.claims]
    # DeepEval's test case carries the question (its input): the engine reads it too, and a
    # percentage answering "Units?" is off_question there, so compare with check(question=).
    asked = check(answer, CONTEXT, question="Units?")
    metric = NumericGroundingMetric()
    chunks: list[str | RetrievedContextData] = list(CONTEXT)
    case = LLMTestCase(input="Units?", actual_output=answer, retrieval_context=chunks)
    assert metric.measure(case) == asked.score
    assert metric.success is asked.passed
    assert NumericGrounding().grade(answer, CONTEXT) == report.score
