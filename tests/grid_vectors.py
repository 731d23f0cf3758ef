"""Shared runner of claim vectors over a table written in several formats (the false-alarm
classes of falsealarms6, probe6's probes): each case's grid is rendered per format, the answer
checked, and each named claim's outcome compared with the expected one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import crossfoot


def params(cases: Iterable[dict[str, Any]], formats: Iterable[str]) -> list[Any]:
    """One pytest param per case and format; a case of prose only (``grid`` None) runs once, as
    "prose"; a case with ``xfail`` runs as ``xfail(strict=True)``."""
    out = []
    fmts = tuple(formats)
    for case in cases:
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        for fmt in fmts if case["grid"] is not None else ("prose",):
            out.append(
                pytest.param(case, fmt, id=f"{case['class']}: {case['name']} [{fmt}]", marks=marks)
            )
    return out


def outcome(status: str, expected: str) -> str:
    """``status`` as the vectors write their expectation: "pass" / "fail", or the status."""
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


def check_claims(case: dict[str, Any], fmt: str, sources: list[str]) -> dict[str, str]:
    """Check the case's answer over ``sources`` and assert each claim it names; returns every
    claim's status by its text."""
    report = crossfoot.check(case["answer"], sources, question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        assert outcome(got[text], expected) == expected, (
            f"{text!r} [{fmt}]: expected {expected}, got {got[text]}\n{report.explain()}"
        )
    if not case["claims"]:
        # (probes) a right which-year answer adds no claim, and none of its figures fails
        failing = [t for t, s in got.items() if s not in crossfoot.PASSING_STATUSES]
        assert not failing, f"[{fmt}] failing claims {failing}\n{report.explain()}"
    return got


def sources(case: dict[str, Any], fmt: str) -> list[str]:
    """The case's table rendered as ``fmt`` (none for a case of prose only) and its prose."""
    from corpora.render import render  # benchmarks/ is on the test path (conftest)

    table = [render(case["grid"], fmt)] if case["grid"] is not None else []
    return [*table, *case["prose"]]


def assert_both_twins(cases: Iterable[dict[str, Any]]) -> None:
    """Every class is pinned by a claim that must pass and one that must fail."""
    by_class: dict[str, set[str]] = {}
    for case in cases:
        kinds = {"pass" if e == "pass" else "fail" for e in case["claims"].values()}
        by_class.setdefault(case["class"], set()).update(kinds)
    assert by_class and all(k == {"pass", "fail"} for k in by_class.values()), by_class
