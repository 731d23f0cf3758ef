"""The floor benchmark: its skeleton reads cells and figures as it claims, and a quick run writes
every size with the ratios the issue's speed goal is judged by."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trace_floor


def test_skeleton_looks_up_each_figure_in_every_numeric_column() -> None:
    rows = [
        {"name": "a", "revenue": 299, "orders": 10_234},
        {"name": "b", "revenue": 11_150, "orders": 12},
    ]
    report = trace_floor.skeleton("a had 299, b had 12 orders and 5.5% growth; $11,150.", rows)
    got = [(c.text, c.status) for c in report.claims]
    assert got == [
        ("299", "supported_exact"),
        ("12", "supported_exact"),
        ("5.5%", "unsupported"),
        ("$11,150", "supported_exact"),
    ]
    ev = report.claims[1].evidence
    assert ev is not None and ev.formula == "orders[1]"
    assert not report.ok  # the skeleton builds the same Report type as trace


def test_quick_run_writes_every_size(tmp_path: Path) -> None:
    assert trace_floor.main(["--quick", "--out", str(tmp_path)]) == 0
    result = json.loads((tmp_path / "trace_floor.json").read_text())
    assert list(result["sizes"]) == ["2x3", "12x5", "200x10", "2000x10", "20000x10"]
    for r in result["sizes"].values():
        assert r["budget_ms"] == pytest.approx(r["figured_ms"] / 3, abs=1e-4)
        for name in ("skeleton", "extract", "crossfoot"):
            assert r[f"{name}_ms"] > 0
            assert r[f"{name}_ratio"] == pytest.approx(
                r[f"{name}_ms"] / r["figured_ms"], rel=1e-2, abs=1e-3
            )
    assert "| 2000x10 |" in (tmp_path / "trace_floor.md").read_text()
