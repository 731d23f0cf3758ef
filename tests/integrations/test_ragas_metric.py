"""NumericGrounding through ragas.evaluate over an EvaluationDataset (no LLM, no network)."""

from __future__ import annotations

import contextlib
import io

import pytest
from _support import CONTEXT, GROUNDED, HALLUCINATED, docs_example
from ragas import EvaluationDataset, evaluate
from ragas.dataset_schema import EvaluationResult

from crossfoot.integrations import ragas as adapter
from crossfoot.integrations.ragas import NumericGrounding, numeric_grounding_metric
from doctest_run import assert_examples_hold

# Ragas 0.4 deprecates evaluate() in favour of experiments, but it is still what users run.
pytestmark = pytest.mark.filterwarnings("ignore:a?evaluate\\(\\) is deprecated:DeprecationWarning")

ROWS = [
    (GROUNDED, 1.0),
    (HALLUCINATED, 0.0),
    ("Acme shipped 12,400 units in FY2024, up from 11,000.", 0.5),  # 11,000 is not grounded
    ("Acme had a good year.", 1.0),  # no numbers: nothing to contradict
]


def dataset(rows: list[tuple[str, float]]) -> EvaluationDataset:
    return EvaluationDataset.from_list(
        [{"user_input": "Units?", "response": r, "retrieved_contexts": CONTEXT} for r, _ in rows]
    )


def test_evaluate_gives_expected_per_row_scores() -> None:
    result = evaluate(dataset(ROWS), metrics=[NumericGrounding()], show_progress=False)
    assert isinstance(result, EvaluationResult)
    scores = result.to_pandas()["numeric_grounding"].tolist()
    assert scores == pytest.approx([expected for _, expected in ROWS])


def test_strict_mode_is_all_or_nothing() -> None:
    result = evaluate(
        dataset(ROWS),
        metrics=[NumericGrounding(name="strict", strict_mode=True)],
        show_progress=False,
    )
    assert isinstance(result, EvaluationResult)
    assert result.to_pandas()["strict"].tolist() == [1.0, 0.0, 0.0, 1.0]


def test_options_reach_the_engine() -> None:
    metric = NumericGrounding(require_citations=True)
    assert metric.grade(GROUNDED, CONTEXT) < 1.0
    assert metric.grade("Acme shipped 12,400 units in FY2024 [S1].", CONTEXT) == 1.0


def test_new_style_metric() -> None:
    metric = numeric_grounding_metric()
    result = metric.score(response=HALLUCINATED, retrieved_contexts=CONTEXT)
    assert result.value == 0.0
    assert "13,900" in result.reason


def test_new_style_metric_reads_user_input_like_the_classic_one() -> None:
    # Issue 21, problem 4: the new-style metric ignored user_input and scored 0.0 where the
    # classic metric gave 1.0 (a bar the answer quotes from the question needs no source).
    answer = "Acme shipped fewer than 13,000 units in FY2024."
    new_style = numeric_grounding_metric()
    for question, expected in (("Did Acme ship fewer than 13,000 units?", 1.0), ("Units?", 0.0)):
        classic = NumericGrounding().grade(answer, CONTEXT, question)
        scored = new_style.score(user_input=question, response=answer, retrieved_contexts=CONTEXT)
        assert (classic, scored.value) == (expected, expected)
    # user_input stays optional, as in the classic metric's columns.
    assert new_style.score(response=GROUNDED, retrieved_contexts=CONTEXT).value == 1.0


def test_docs_example_prints_expected_scores() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(docs_example("ragas_example.py"), "ragas_example.py", "exec"), {})
    assert out.getvalue().strip() == "[1.0, 0.0]"


def test_a_bar_from_user_input_needs_no_source() -> None:
    answer = "Acme shipped fewer than 13,000 units in FY2024."
    data = EvaluationDataset.from_list(
        [
            {"user_input": q, "response": answer, "retrieved_contexts": CONTEXT}
            for q in ("Did Acme ship fewer than 13,000 units?", "Units?")
        ]
    )
    result = evaluate(data, metrics=[NumericGrounding()], show_progress=False)
    assert isinstance(result, EvaluationResult)
    assert list(result.to_pandas()["numeric_grounding"]) == [1.0, 0.0]


def test_docstring_examples() -> None:
    # ragas.evaluate on the module's one-row dataset, and both metrics' examples
    assert assert_examples_hold(adapter) == 7
