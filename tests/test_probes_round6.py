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

from corpora.render import FORMATS, render
from grid_vectors import check_claims, params

_VECTORS = Path(__file__).parent / "vectors" / "probes_round6.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


@pytest.mark.parametrize(("case", "fmt"), params(CASES, FORMATS))
def test_probe(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, [render(case["grid"], fmt), *case["prose"]])


def test_probe_count_and_twins() -> None:
    """At least 40 probes, and every class has an answer that must pass and one that must fail."""
    assert len(CASES) >= 40
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        kinds = {"pass" if e == "pass" else "fail" for e in case["claims"].values()} or {"pass"}
        by_class.setdefault(case["class"], set()).update(kinds)
    assert all(k == {"pass", "fail"} for k in by_class.values()), by_class
