"""Injected value errors that passed (issue 14, value5), end to end through :func:`crossfoot.check`.

Each class of chance reading has a sentence crossfoot should pass and its failing twin
(``tests/vectors/value5.json``, fictional data): a plain figure with a unit noun read as a
relative change, a derived value half a unit past the figure (rounds away from it), and a
per-share section row under "(in millions, except per share amounts)".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import crossfoot

CASES = json.loads((Path(__file__).parent / "vectors" / "value5.json").read_text())["cases"]


def _outcome(status: str, expected: str) -> str:
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


@pytest.mark.parametrize("case", CASES, ids=[f"{c['class']}: {c['name']}" for c in CASES])
def test_vector(case: dict[str, Any]) -> None:
    report = crossfoot.check(case["answer"], case["sources"], question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        assert _outcome(got[text], expected) == expected, (
            f"{text!r}: expected {expected}, got {got[text]}\n{report.explain()}"
        )


def test_every_class_has_both_twins() -> None:
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        for expected in case["claims"].values():
            by_class.setdefault(case["class"], set()).add("pass" if expected == "pass" else "fail")
    assert by_class and all(kinds == {"pass", "fail"} for kinds in by_class.values()), by_class
