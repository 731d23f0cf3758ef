"""NumericGroundingMetric through real DeepEval: assert_test, evaluate, and `deepeval test run`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _support import CONTEXT, GROUNDED, HALLUCINATED, docs_example
from deepeval.errors import MissingTestCaseParamsError
from deepeval.evaluate import assert_test, evaluate
from deepeval.metrics import BaseMetric
from deepeval.test_case import LLMTestCase, RetrievedContextData

from crossfoot.integrations import deepeval as adapter
from crossfoot.integrations.deepeval import NumericGroundingMetric
from doctest_run import assert_examples_hold


@pytest.fixture(autouse=True)
def _in_tmp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # DeepEval writes run caches to ./.deepeval; its pytest plugin may have fixed that path before
    # conftest could point it elsewhere, so run these tests from a temporary directory.
    monkeypatch.chdir(tmp_path)


def metrics(*items: BaseMetric) -> list[BaseMetric]:
    """DeepEval's signatures take ``list[BaseMetric]``, and lists are invariant."""
    return list(items)


def case(answer: str, **fields: Any) -> LLMTestCase:
    fields.setdefault("retrieval_context", CONTEXT)
    return LLMTestCase(input="How many units did Acme ship?", actual_output=answer, **fields)


def test_assert_test_passes_on_grounded_answer() -> None:
    assert_test(case(GROUNDED), metrics(NumericGroundingMetric()), run_async=False)


def test_assert_test_fails_naming_the_number() -> None:
    with pytest.raises(AssertionError) as failure:
        assert_test(case(HALLUCINATED), metrics(NumericGroundingMetric()), run_async=False)
    assert "13,900" in str(failure.value)


def test_measure_scores_share_of_grounded_numbers() -> None:
    metric = NumericGroundingMetric(threshold=0.5)
    score = metric.measure(case("Acme shipped 12,400 units in FY2024, up from 11,000."))
    assert score == 0.5
    assert metric.success is True
    assert metric.reason is not None and metric.reason.startswith("1/2 numbers grounded")
    assert "11,000" in metric.reason
    strict = NumericGroundingMetric(threshold=0.5, strict_mode=True)
    assert strict.measure(case("Acme shipped 12,400 units in FY2024, up from 11,000.")) == 0.0
    assert strict.success is False


def test_sources_from_context_and_retrieved_context_data() -> None:
    metric = NumericGroundingMetric()
    chunk = RetrievedContextData(context=CONTEXT[0], source="report.pdf")
    assert metric.measure(case(GROUNDED, retrieval_context=[chunk])) == 1.0
    assert metric.measure(case(GROUNDED, retrieval_context=None, context=CONTEXT)) == 1.0


def test_missing_context_raises_deepeval_error() -> None:
    with pytest.raises(MissingTestCaseParamsError, match="retrieval_context or context"):
        NumericGroundingMetric().measure(case(GROUNDED, retrieval_context=None))


def test_evaluate_keeps_constructor_options_in_async_mode() -> None:
    # evaluate() rebuilds metrics from their attributes; require_citations must survive the copy.
    metric = NumericGroundingMetric(require_citations=True)
    result = evaluate(test_cases=[case(GROUNDED)], metrics=metrics(metric))
    (test_result,) = result.test_results
    assert test_result.success is False
    (data,) = test_result.metrics_data or []
    assert data.reason is not None and "uncited" in data.reason
    lenient = evaluate(test_cases=[case(GROUNDED)], metrics=metrics(NumericGroundingMetric()))
    assert lenient.test_results[0].success is True


def run_deepeval(folder: Path) -> subprocess.CompletedProcess[str]:
    """``deepeval test run`` over the test files of ``folder`` (one CLI start for all of them)."""
    deepeval = Path(sys.executable).with_name("deepeval")
    return subprocess.run(
        [str(deepeval), "test", "run", str(folder)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )


def test_deepeval_test_run_on_docs_example(tmp_path: Path) -> None:
    # The README's file as pasted, and its twin with a figure the context does not hold, in one
    # run (a deepeval start costs seconds): the first passes, the second fails naming the figure.
    source = docs_example("test_deepeval_grounding.py")
    (tmp_path / "test_deepeval_grounding.py").write_text(source, encoding="utf-8")
    failing = source.replace("12,400 units in FY2024, up 24%", "13,900 units in FY2024, up 24%")
    failing = failing.replace("def test_shipments_are_grounded", "def test_shipments_fail")
    assert failing.count("13,900") == 1 and "test_shipments_fail" in failing
    (tmp_path / "test_deepeval_failing.py").write_text(failing, encoding="utf-8")
    run = run_deepeval(tmp_path)
    out = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)  # pytest colours its lines even so
    assert run.returncode != 0, out[-3000:] + run.stderr[-3000:]
    assert "1 failed, 1 passed" in out, out[-3000:] + run.stderr[-3000:]
    assert "FAILED test_deepeval_failing.py::test_shipments_fail" in out
    assert "FAILED test_deepeval_grounding.py" not in out
    rows = [line for line in out.splitlines() if "│" in line and "Numeric Grounding" in line]
    assert any("1.0 (threshold=1.0" in line and "PASSED" in line for line in rows), rows
    assert "13,900" in out
    # Issue 21, problem 6: rich read "[unsupported]" as markup and dropped it from the table.
    table = [line for line in out.splitlines() if "│" in line and "failing:" in line]
    assert any("failing: [unsupported] 13,900" in line for line in table), out[-3000:]


def test_a_bar_from_the_input_needs_no_source() -> None:
    answer = "Acme shipped fewer than 13,000 units in FY2024."
    asked = LLMTestCase(
        input="Did Acme ship fewer than 13,000 units in FY2024?",
        actual_output=answer,
        retrieval_context=CONTEXT,
    )
    metric = NumericGroundingMetric()
    assert metric.measure(asked) == 1.0
    assert metric.report.claims[0].evidence.kind == "question"
    other = NumericGroundingMetric()
    assert other.measure(case(answer)) == 0.0  # the input asks nothing about 13,000
    assert "13,000" in (other.reason or "")


def test_docstring_examples() -> None:
    # assert_test on the module's grounded case, and the metric's name
    assert assert_examples_hold(adapter) == 6
