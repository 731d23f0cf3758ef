"""The false-alarm classes of issue 14, end to end through :func:`crossfoot.check`.

Each class has a sentence crossfoot should pass and its failing twin (``tests/vectors/
falsealarms.json``; ``falsealarms2.json`` to ``falsealarms5.json``, ``convfinqa4.json``,
``convfinqa5.json`` and ``tatqa6.json`` for the classes the earlier passes left; fictional
data). A case whose ``xfail`` names a gap of today's engine runs as ``xfail(strict=True)``:
it starts to fail the suite the moment the gap is closed, so the marker is removed with the
fix.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import crossfoot

_VECTORS = Path(__file__).parent / "vectors"
CASES = [
    {**case, "file": name}
    for name in (
        "falsealarms.json",
        "falsealarms2.json",
        "falsealarms3.json",
        "falsealarms4.json",
        "falsealarms5.json",
        "convfinqa4.json",
        "convfinqa5.json",
        "tatqa6.json",
    )
    for case in json.loads((_VECTORS / name).read_text())["cases"]
]


def _param(case: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
    return pytest.param(case, id=f"{case['file']}: {case['class']}: {case['name']}", marks=marks)


def _outcome(status: str, expected: str) -> str:
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_vector(case: dict[str, Any]) -> None:
    report = crossfoot.check(case["answer"], case["sources"], question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        outcome = _outcome(got[text], expected)
        assert outcome == expected, (
            f"{text!r}: expected {expected}, got {got[text]}\n{report.explain()}"
        )


def test_every_class_has_both_twins() -> None:
    """A class is pinned by a sentence that must pass and one that must fail."""
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        for expected in case["claims"].values():
            kind = "pass" if expected == "pass" else "fail"
            by_class.setdefault(case["class"], set()).add(kind)
    assert by_class and all(kinds == {"pass", "fail"} for kinds in by_class.values()), by_class
