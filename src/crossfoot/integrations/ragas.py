"""Ragas metric: the share of numbers in ``response`` grounded in ``retrieved_contexts``.

>>> from ragas import EvaluationDataset, evaluate
>>> data = EvaluationDataset.from_list([{"user_input": "Units?",
...     "response": "We shipped 12,400 units.",
...     "retrieved_contexts": ["In FY2024 Acme shipped 12,400 units."]}])
>>> result = evaluate(data, metrics=[NumericGrounding()])
>>> result.to_pandas()["numeric_grounding"].tolist()
[1.0]

Always pass ``metrics=``: with none, Ragas builds an OpenAI judge. Needs the ``ragas`` extra
(``pip install -e ".[ragas]"`` in a clone).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crossfoot.integrations import require, run_check

__all__ = ["NumericGrounding", "numeric_grounding_metric"]

_base = require("ragas.metrics.base", "ragas")
if TYPE_CHECKING:
    from ragas.metrics.base import SingleTurnMetric as _SingleTurnMetric
else:
    _SingleTurnMetric = _base.SingleTurnMetric


@dataclass
class NumericGrounding(_SingleTurnMetric):  # type: ignore[misc,unused-ignore]
    """Legacy (``ragas.evaluate``) metric. ``strict_mode`` scores 1.0 only when the whole report
    passes; ``options`` passes any other ``check`` option.

    >>> NumericGrounding(require_citations=True).name
    'numeric_grounding'
    """

    name: str = "numeric_grounding"
    require_citations: bool = False
    allow_rounding: bool = True
    allow_derived: bool = True
    check_table_rows: bool = True
    strict_mode: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    _required_columns: dict[Any, set[str]] = field(
        default_factory=lambda: {
            _base.MetricType.SINGLE_TURN: {"response", "retrieved_contexts", "user_input:optional"}
        }
    )

    def init(self, run_config: Any) -> None:
        """Nothing to set up: no model, no embeddings."""

    def grade(self, response: str, contexts: list[str], question: str | None = None) -> float:
        """Score one answer against its contexts (what ``ragas.evaluate`` calls per row);
        ``question`` is the row's ``user_input`` (a bar the answer quotes from it needs no
        source)."""
        options = {
            "require_citations": self.require_citations,
            "allow_rounding": self.allow_rounding,
            "allow_derived": self.allow_derived,
            "check_table_rows": self.check_table_rows,
            **self.options,
        }
        report = run_check(response or "", list(contexts or []), options, question)
        if self.strict_mode:
            return 1.0 if report.passed else 0.0
        return float(report.score)

    async def _single_turn_ascore(self, sample: Any, callbacks: Any) -> float:
        return self.grade(
            sample.response, sample.retrieved_contexts, getattr(sample, "user_input", None)
        )

    async def _ascore(self, row: dict[str, Any], callbacks: Any) -> float:
        return self.grade(
            row.get("response", ""), row.get("retrieved_contexts") or [], row.get("user_input")
        )


def numeric_grounding_metric(**options: Any) -> Any:
    """The same score as a new-style Ragas metric (``ragas.metrics.numeric_metric``); it reads
    ``user_input`` as the question, like :class:`NumericGrounding`.

    >>> m = numeric_grounding_metric()
    >>> m.score(user_input="Units?", response="12 units.",
    ...         retrieved_contexts=["12 units."]).value
    1.0
    """
    metrics = require("ragas.metrics", "ragas")
    result_type = require("ragas.metrics.result", "ragas").MetricResult

    # ``user_input`` is the question, as in the classic metric: a bar the answer quotes from it
    # needs no source, so both metrics give the same score on the same row.
    def numeric_grounding(
        response: str, retrieved_contexts: list[str], user_input: str | None = None
    ) -> Any:
        report = run_check(response, list(retrieved_contexts), options, user_input)
        return result_type(value=float(report.score), reason=report.summary())

    return metrics.numeric_metric(name="numeric_grounding", allowed_values=(0.0, 1.0))(
        numeric_grounding
    )
