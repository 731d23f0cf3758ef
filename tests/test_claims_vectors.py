"""What a figure in a sentence claims (issue 15, and the sign and scale words of issue 17).

Expected results are data in ``tests/vectors/claims_*.json``: one file per group (false alarms,
wrong figures, the question), each class with a passing and a failing twin. A case names the
answer, its sources (``check``) or rows (``trace``), an optional question, and the status of every
figure in order.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import crossfoot

VECTORS = Path(__file__).parent / "vectors"
FILES = sorted(VECTORS.glob("claims_*.json"))
CASES: list[dict[str, Any]] = [
    dict(c, file=p.stem) for p in FILES for c in json.loads(p.read_text("utf-8"))["cases"]
]


def _run(case: dict[str, Any]) -> crossfoot.Report:
    question = case.get("question")
    options = case.get("options", {})  # (check's options: answer_decimals)
    if "rows" in case:
        return crossfoot.trace(case["answer"], case["rows"], question=question)
    return crossfoot.check(case["answer"], case["sources"], question=question, **options)


def _param(case: dict[str, Any]) -> Any:
    return pytest.param(case, id=f"{case['class']}: {case['name']}")


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_claims_vectors(case: dict[str, Any]) -> None:
    report = _run(case)
    assert [c.status for c in report.claims] == case["expect"], report.explain()
    assert report.passed is (case["twin"] == "pass"), report.explain()


def test_every_class_has_both_twins() -> None:
    twins: dict[str, set[str]] = {}
    for case in CASES:
        twins.setdefault(case["class"], set()).add(case["twin"])
    assert all(t == {"pass", "fail"} for t in twins.values()), twins
    assert len(CASES) >= 60
    names = Counter((c["class"], c["name"]) for c in CASES)
    assert not [k for k, n in names.items() if n > 1], "case names repeat within a class"


def test_expectations_agree_with_the_twin() -> None:
    # A pass twin expects only passing statuses, a fail twin at least one failing status.
    for case in CASES:
        failing = [s for s in case["expect"] if s not in crossfoot.PASSING_STATUSES]
        assert bool(failing) is (case["twin"] == "fail"), case["name"]
