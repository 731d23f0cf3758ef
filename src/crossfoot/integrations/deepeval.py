"""DeepEval metric: the share of numbers in ``actual_output`` grounded in the test case's context.

>>> from deepeval import assert_test
>>> from deepeval.test_case import LLMTestCase
>>> case = LLMTestCase(input="Units?", actual_output="We shipped 12,400 units.",
...                    retrieval_context=["In FY2024 Acme shipped 12,400 units."])
>>> NumericGroundingMetric().measure(case)
1.0
>>> assert_test(case, [NumericGroundingMetric()], run_async=False)  # AssertionError if ungrounded

Needs the ``deepeval`` extra (``pip install -e ".[deepeval]"`` in a clone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from crossfoot.integrations import reason, require, run_check

__all__ = ["NumericGroundingMetric"]

_errors = require("deepeval.errors", "deepeval")
_markup = require("rich.markup", "deepeval")  # rich comes with DeepEval
if TYPE_CHECKING:
    from deepeval.metrics import BaseMetric as _BaseMetric
else:
    _BaseMetric = require("deepeval.metrics", "deepeval").BaseMetric


class NumericGroundingMetric(_BaseMetric):  # type: ignore[no-untyped-call,misc,unused-ignore]
    """Score = share of claims that pass; ``reason`` lists failing claims with status and evidence
    (rich markup escaped: ``\\[unsupported] 13,900 - ...``, so DeepEval's tables show the tag).

    Sources come from ``retrieval_context`` (strings or ``RetrievedContextData``) followed by
    ``context``; plain strings get ids ``S1``, ``S2``... by position. ``strict_mode`` makes the
    score binary (1.0 only when the whole report passes). ``options`` passes any other ``check``
    option.

    >>> NumericGroundingMetric(require_citations=True).__name__
    'Numeric Grounding'
    """

    # DeepEval re-creates metrics (async mode, ``evaluate``) from the constructor parameters it
    # finds as attributes of the same name, so every argument is stored under its own name.
    def __init__(
        self,
        threshold: float = 1.0,
        require_citations: bool = False,
        allow_rounding: bool = True,
        allow_derived: bool = True,
        check_table_rows: bool = True,
        strict_mode: bool = False,
        include_reason: bool = True,
        async_mode: bool = True,
        verbose_mode: bool = False,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.threshold = 1.0 if strict_mode else threshold
        self.require_citations = require_citations
        self.allow_rounding = allow_rounding
        self.allow_derived = allow_derived
        self.check_table_rows = check_table_rows
        self.strict_mode = strict_mode
        self.include_reason = include_reason
        self.async_mode = async_mode
        self.verbose_mode = verbose_mode
        self.options = dict(options or {})
        self.report: Any = None
        self.error: str | None = None
        self.score: float | None = None
        self.reason: str | None = None
        self.success: bool | None = None

    def measure(self, test_case: Any, *args: Any, **kwargs: Any) -> float:
        output = test_case.actual_output
        sources = _sources(test_case)
        if output is None or not sources:
            missing = "actual_output" if output is None else "retrieval_context or context"
            self.error = f"NumericGroundingMetric needs {missing} on the test case"
            raise _errors.MissingTestCaseParamsError(self.error)
        options = {
            "require_citations": self.require_citations,
            "allow_rounding": self.allow_rounding,
            "allow_derived": self.allow_derived,
            "check_table_rows": self.check_table_rows,
            **self.options,
        }
        report = run_check(output, sources, options, getattr(test_case, "input", None))
        self.report = report
        self.error = None
        # Strict mode is all-or-nothing; otherwise the score is the share of grounded numbers.
        score = (1.0 if report.passed else 0.0) if self.strict_mode else float(report.score)
        self.score = score
        # DeepEval prints reasons through rich, which reads "[unsupported]" as a style tag and
        # drops it; escaped, the status shows as written.
        self.reason = _markup.escape(reason(report)) if self.include_reason else None
        # An issue (a citation naming no source) fails the case whatever the threshold.
        self.success = score >= (self.threshold or 0.0) and not report.issues
        return score

    async def a_measure(self, test_case: Any, *args: Any, **kwargs: Any) -> float:
        # The engine is CPU-only and fast; there is nothing to await.
        return self.measure(test_case, *args, **kwargs)

    def is_successful(self) -> bool:
        return bool(self.success) and self.error is None

    @property
    def __name__(self) -> str:
        return "Numeric Grounding"


def _sources(test_case: Any) -> list[str]:
    """Context strings of a test case, retrieval context first."""
    chunks: list[str] = []
    for item in list(test_case.retrieval_context or []) + list(test_case.context or []):
        chunks.append(item if isinstance(item, str) else str(getattr(item, "context", item)))
    return chunks
