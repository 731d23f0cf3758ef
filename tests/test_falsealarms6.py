"""The false-alarm classes of the sixth pass (issue 14), end to end through :func:`crossfoot.check`,
with each case's table written in every format ``benchmarks/formats.py`` measures (a case of
prose only runs once).

``tests/vectors/falsealarms6.json``: for each class a sentence crossfoot should pass and its
failing twin (fictional data). A verdict that depends on how the table was serialized is a defect
of its own, so every case runs once per format. A case whose ``xfail`` names a gap of today's
engine runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import crossfoot
from corpora.render import BENCH_FORMATS, render

_VECTORS = Path(__file__).parent / "vectors" / "falsealarms6.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


def _params() -> list[Any]:
    out = []
    for case in CASES:
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        for fmt in BENCH_FORMATS if case["grid"] is not None else ("prose",):
            out.append(
                pytest.param(case, fmt, id=f"{case['class']}: {case['name']} [{fmt}]", marks=marks)
            )
    return out


def _outcome(status: str, expected: str) -> str:
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


@pytest.mark.parametrize(("case", "fmt"), _params())
def test_vector(case: dict[str, Any], fmt: str) -> None:
    table = [render(case["grid"], fmt)] if case["grid"] is not None else []
    sources = [*table, *case["prose"]]
    report = crossfoot.check(case["answer"], sources, question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        outcome = _outcome(got[text], expected)
        assert outcome == expected, (
            f"{text!r} [{fmt}]: expected {expected}, got {got[text]}\n{report.explain()}"
        )


def test_every_class_has_both_twins() -> None:
    """A class is pinned by a sentence that must pass and one that must fail."""
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        for expected in case["claims"].values():
            kind = "pass" if expected == "pass" else "fail"
            by_class.setdefault(case["class"], set()).add(kind)
    assert by_class and all(kinds == {"pass", "fail"} for kinds in by_class.values()), by_class
