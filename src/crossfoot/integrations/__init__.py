"""Adapters that plug crossfoot into evaluation frameworks.

Each adapter is one module that imports its framework only when used, so ``import crossfoot`` never
pulls in DeepEval, Ragas, promptfoo glue or an SDK:

- ``crossfoot.integrations.deepeval``: ``NumericGroundingMetric`` (extra ``deepeval``)
- ``crossfoot.integrations.ragas``: ``NumericGrounding`` (extra ``ragas``)
- ``crossfoot.integrations.promptfoo``: ``get_assert`` for a ``type: python`` assertion
- ``crossfoot.integrations.pytest_plugin``: the ``crossfoot`` fixture and ``grounded`` marker
- ``crossfoot.integrations.judge``: an optional model judge (extra ``judge``)
- ``crossfoot.integrations.spark``: ``check_dataframe`` with ``mapInPandas`` (extra ``spark``)
- ``crossfoot.integrations.ray``: ``check_dataset`` with ``map_batches`` (extra ``ray``)
- ``crossfoot.integrations.datasets``: ``check_dataset`` with HF ``Dataset.map`` (``datasets``)

The three table helpers share :mod:`crossfoot.integrations._frames` (columns in, verdict columns
out) and run :func:`crossfoot.batch.check_many` on each batch.

The helpers here are shared by the adapters and import nothing beyond the standard library.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crossfoot.report.result import Report

__all__ = ["failure_lines", "failure_text", "readable", "reason", "require", "run_check"]


def require(module: str, extra: str) -> ModuleType:
    """Import ``module`` or raise ``ImportError`` naming the pip extra that provides it.

    >>> require("json", "none").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"crossfoot's {extra} integration needs {module.split('.')[0]!r}: install the "
            f'"{extra}" extra (pip install -e ".[{extra}]" in a crossfoot clone)'
        ) from exc


def run_check(
    output: str,
    sources: Any,
    options: Mapping[str, Any] | None = None,
    question: object = None,
) -> Report:
    """Run the engine: ``trace`` when ``options`` carries ``rows``, else ``check``.

    ``question`` is the framework's field for the user's question (DeepEval ``input``, Ragas
    ``user_input``, promptfoo ``vars.question``): used when it is non-blank text and ``options``
    sets no ``question`` of its own (a bar the answer quotes from it needs no source).

    >>> run_check("We sold 12 units.", ["12 units sold."]).passed
    True
    """
    opts = dict(options or {})
    if isinstance(question, str) and question.strip() and "question" not in opts:
        opts["question"] = question
    rows = opts.pop("rows", None)
    if rows is not None:
        # ``trace`` is the same engine over result rows; looked up by name so this module does
        # not depend on where the engine keeps it.
        report: Report = importlib.import_module("crossfoot").trace(output, rows, **opts)
        return report
    from crossfoot.front.check import check

    return check(output, sources, **opts)


def failure_lines(report: Report) -> list[str]:
    """One line per failing claim (``[status] text - evidence``), then each issue.

    >>> failure_lines(run_check("We sold 12 units, not 15.", ["12 units sold."]))
    ['[unsupported] 15 - no source value or derivation matches at the stated precision']
    """
    lines = [claim.describe() for claim in report.claims if not claim.passed]
    lines += [f"issue: {issue}" for issue in report.issues]
    return lines


def reason(report: Report) -> str:
    """A short verdict for a framework's ``reason`` field: counts, then what failed.

    >>> reason(run_check("We sold 12 units.", ["12 units sold."]))
    '1/1 numbers grounded'
    """
    grounded = sum(1 for claim in report.claims if claim.passed)
    head = f"{grounded}/{len(report.claims)} numbers grounded"
    lines = failure_lines(report)
    return head if not lines else head + "; failing: " + "; ".join(lines)


def failure_text(report: Report, answer: str | None = None) -> str:
    """The failure message: each failing number with its status and evidence.

    >>> print(failure_text(run_check("We sold 15 units.", ["12 units sold."])))
    crossfoot: 1 of 1 numbers not grounded
      [unsupported] 15 - no source value or derivation matches at the stated precision
    """
    bad = sum(1 for claim in report.claims if not claim.passed)
    lines = [f"crossfoot: {bad} of {len(report.claims)} numbers not grounded"]
    lines += ["  " + line for line in failure_lines(report)]
    if answer is not None:
        lines.append(f"  answer: {answer[:300]!r}")
    return "\n".join(lines)


def readable(report: Report) -> Report:
    """The same report with a one-line repr naming the failing numbers, so that a bare
    ``assert report`` in pytest shows them.

    >>> readable(run_check("We sold 13 units.", ["12 units sold."]))  # doctest: +ELLIPSIS
    <Report FAIL 0/1 grounded: [unsupported] 13 - ...>
    """
    if not dataclasses.is_dataclass(report):
        return report
    fields = {f.name: getattr(report, f.name) for f in dataclasses.fields(report) if f.init}
    cls = type(report)
    if cls not in _READABLE:  # one subclass per report class, made once
        _READABLE[cls] = type(cls.__name__, (cls,), {"__slots__": (), "__repr__": _repr})
    result: Report = _READABLE[cls](**fields)
    return result


_READABLE: dict[type, type] = {}


def _repr(report: Report) -> str:
    verdict = "PASS" if report.passed else "FAIL"
    good = sum(1 for claim in report.claims if claim.passed)
    lines = failure_lines(report)
    tail = (": " + "; ".join(lines)) if lines else ""
    return f"<Report {verdict} {good}/{len(report.claims)} grounded{tail}>"
