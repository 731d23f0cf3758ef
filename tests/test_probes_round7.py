"""Probes of round 7's readings in shapes other than their authors' vectors (probe7).

``tests/vectors/probes_round7.json`` (a figure quoted inside a label, cost lines written as
deductions, a year in a full date after a figure, columns dated within one year, unlabelled total
rows, a lone scale mark beside a unit, each figure with its own year, "about" figures, a share of
another year's whole, a difference answering a percentage-change question, a figure read at an
asked factor, a whole from a part and its share, "respectively" lists, operands a question
states, markup and framing) runs in ``tests/test_grid_vectors.py`` (``xfail`` a finding left open,
strict in every format; ``xfail_formats`` a finding of one format only). Here, what probe7's
brief asked of the file beyond the runner's checks.
"""

from __future__ import annotations

from typing import Any

from grid_vectors import load

CASES: list[dict[str, Any]] = load("probes_round7").cases


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
