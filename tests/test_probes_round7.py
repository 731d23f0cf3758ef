"""Probes of round 7's readings in shapes other than their authors' vectors (probe7).

``tests/vectors/probes_round7.json``: answers a user of an analytics or finance assistant would
get, over fictional tables, for the readings merged in round 7 (a figure quoted inside a label,
cost lines written as deductions, a year in a full date after a figure, columns dated within one
year, unlabelled total rows, a lone scale mark beside a unit, each figure with its own year,
"about" figures, a share of another year's whole, a difference answering a percentage-change
question, a figure read at an asked factor, a whole from a part and its share, "respectively"
lists, operands a question states, markup and framing). Each table runs in every format
``corpora.render`` writes. ``xfail`` is a finding left open (strict, every format);
``xfail_formats`` a finding of one format only (strict in that format).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import FORMATS, render
from grid_vectors import check_claims, params

_VECTORS = Path(__file__).parent / "vectors" / "probes_round7.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


def _params() -> list[Any]:
    """grid_vectors.params, with a strict xfail on the formats a case's ``xfail_formats`` names."""
    out = []
    for p in params(CASES, FORMATS):
        case, fmt = p.values
        reason = case.get("xfail_formats", {}).get(fmt)
        marks = [*p.marks, pytest.mark.xfail(strict=True, reason=reason)] if reason else p.marks
        out.append(pytest.param(case, fmt, id=p.id, marks=marks))
    return out


@pytest.mark.parametrize(("case", "fmt"), _params())
def test_probe(case: dict[str, Any], fmt: str) -> None:
    check_claims(
        case, fmt, [render(case["grid"], fmt), *case["prose"]] if case["grid"] else case["prose"]
    )


def test_probe_count_and_twins() -> None:
    """At least three probes per class, and every class has an answer that must pass and one
    that must fail (not counting strict xfails: each twin holds today)."""
    by_class: dict[str, list[dict[str, Any]]] = {}
    for case in CASES:
        by_class.setdefault(case["class"], []).append(case)
    assert all(len(v) >= 3 for v in by_class.values()), {k: len(v) for k, v in by_class.items()}
    for name, cases in by_class.items():
        kinds = {
            "pass" if e == "pass" else "fail"
            for c in cases
            if "xfail" not in c
            for e in c["claims"].values()
        }
        assert kinds == {"pass", "fail"}, (name, kinds)


def test_xfail_reasons_name_an_owner() -> None:
    """Every open finding says whose rule it is (a helper of round 7 and the module)."""
    reasons = [c["xfail"] for c in CASES if "xfail" in c]
    reasons += [r for c in CASES for r in c.get("xfail_formats", {}).values()]
    assert reasons
    assert all("(" in r and ")" in r for r in reasons)
