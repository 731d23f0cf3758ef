"""Adversarial figures for trace, from tests/vectors/trace_adversarial.json.

Each case states which figures must fail (``ungrounded``, in order), optionally their status and
which numbers must not be checked at all (``skipped``). Every other figure must pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossfoot.front.trace import trace

DATA = json.loads((Path(__file__).parent / "vectors" / "trace_adversarial.json").read_text())
CASES: list[dict[str, Any]] = DATA["cases"]


def _params() -> list[Any]:
    out = []
    for case in CASES:
        marks = []
        if "xfail" in case:
            marks.append(pytest.mark.xfail(strict=True, reason=case["xfail"]))
        out.append(pytest.param(case, id=case["name"], marks=marks))
    return out


def test_at_least_thirty_cases_of_every_kind() -> None:
    kinds = {c["kind"] for c in CASES if c["kind"] != "control"}
    assert len([c for c in CASES if c["kind"] != "control"]) >= 30
    assert kinds >= {
        "near-miss",
        "false precision",
        "wrong row",
        "swapped rows",
        "sign",
        "direction",
        "pp vs %",
        "written arithmetic",
        "unit-incoherent sum",
        "prose source",
        "number words",
        "European grouping",
        "Indian grouping",
    }


@pytest.mark.parametrize("case", _params())
def test_case(case: dict[str, Any]) -> None:
    rows = DATA["tables"][case["table"]]
    if "prose" in case:
        report = trace(case["text"], results=[rows, case["prose"]], **case.get("options", {}))
    else:
        report = trace(case["text"], rows, **case.get("options", {}))
    detail = report.explain()
    assert report.ungrounded == case["ungrounded"], detail
    assert report.passed == (not case["ungrounded"]), detail
    statuses = {c.text: c.status for c in report.claims}
    for figure, status in case.get("status", {}).items():
        assert statuses.get(figure) == status, detail
    for figure in case.get("skipped", []):
        assert figure not in statuses, detail


NATURAL = json.loads((Path(__file__).parent / "vectors" / "trace_natural.json").read_text())


def _natural() -> list[Any]:
    out = []
    for i, case in enumerate(NATURAL["cases"]):
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        out.append(pytest.param(case, id=f"natural-{i}", marks=marks))
    return out


@pytest.mark.parametrize("case", _natural())
def test_natural_answers_pass(case: dict[str, Any]) -> None:
    report = trace(case["text"], NATURAL["tables"][case["table"]])
    assert report.ok, report.explain()
