"""Probes of rounds 5-6 readings with sentences of other shapes than the corpora's (probe6).

``tests/vectors/probes_round6.json``: answers a user of an analytics or finance assistant would
get, over fictional tables, for the readings merged in rounds 5 and 6 (change signs, which-year
answers, comparisons of two years, the years a table covers, unit rows and notes, split fiscal
years, shares of a named whole, bare comparisons, a conversation's ask). Each table runs in every
format ``corpora.render`` writes (the six ``benchmarks/formats.py`` measures, and semicolon CSV,
TSV, records): a verdict that depends on the serialization is a defect of its own. A case with
``xfail`` is a finding left open and runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import crossfoot
from corpora.render import FORMATS, render

_VECTORS = Path(__file__).parent / "vectors" / "probes_round6.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


def _params() -> list[Any]:
    out = []
    for case in CASES:
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        for fmt in FORMATS:
            out.append(
                pytest.param(case, fmt, id=f"{case['class']}: {case['name']} [{fmt}]", marks=marks)
            )
    return out


def _outcome(status: str, expected: str) -> str:
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


@pytest.mark.parametrize(("case", "fmt"), _params())
def test_probe(case: dict[str, Any], fmt: str) -> None:
    sources = [render(case["grid"], fmt), *case["prose"]]
    report = crossfoot.check(case["answer"], sources, question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        outcome = _outcome(got[text], expected)
        assert outcome == expected, (
            f"{text!r} [{fmt}]: expected {expected}, got {got[text]}\n{report.explain()}"
        )
    if not case["claims"]:
        # a right which-year answer adds no claim, and none of the answer's figures fails
        failing = [t for t, s in got.items() if s not in crossfoot.PASSING_STATUSES]
        assert not failing, f"[{fmt}] failing claims {failing}\n{report.explain()}"


def test_probe_count_and_twins() -> None:
    """At least 40 probes, and every class has an answer that must pass and one that must fail."""
    assert len(CASES) >= 40
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        kinds = {"pass" if e == "pass" else "fail" for e in case["claims"].values()} or {"pass"}
        by_class.setdefault(case["class"], set()).update(kinds)
    assert all(k == {"pass", "fail"} for k in by_class.values()), by_class
