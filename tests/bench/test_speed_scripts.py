"""The speed scripts of issue 19: a quick run writes every size and the ratios the goals are
judged by, and check_speed's figures are what its docstring says they are."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

import check_speed
import trace_vs_figured


def test_timing_only_run_writes_every_size_and_the_fixed_costs(tmp_path: Path) -> None:
    argv = ["--quick", "--timing-only", "--draws", "4", "--out", str(tmp_path)]
    assert trace_vs_figured.main(argv) == 0
    result = json.loads((tmp_path / "trace_vs_figured_timing.json").read_text())
    assert list(result["speed"]) == [
        "2x3", "2x3, fresh rows", "2x3, fresh rows, new labels", "2x3, fresh rows, cells only",
        "12x5", "12x5, fresh rows", "12x5, fresh rows, new labels", "12x5, fresh rows, cells only",
        "200x10", "2000x10", "20000x10",
    ]  # fmt: skip
    assert list(result["fixed_cost_2x3"]) == ["no figure", "one exact cell"]
    for row in [*result["speed"].values(), *result["fixed_cost_2x3"].values()]:
        assert row["crossfoot_ms"] > 0 and row["figured_ms"] > 0
        assert row["ratio"] == pytest.approx(row["crossfoot_ms"] / row["figured_ms"])
    assert result["labelled"]["totals"] == {}  # part 1 drawn, not run
    md = (tmp_path / "trace_vs_figured_timing.md").read_text()
    assert "| 20000x10 |" in md and "Labelled" not in md


def test_fresh_rows_are_new_content_every_call_and_the_same_for_both_libraries() -> None:
    seen: dict[str, list[tuple[str, list[dict[str, object]]]]] = {"a": [], "b": []}

    def runner(name: str) -> Callable[[str, list[dict[str, object]]], None]:
        return lambda text, rows: seen[name].append((text, rows))

    got = trace_vs_figured.paired_fresh({"a": runner("a"), "b": runner("b")}, 2, 3, 5, 7)
    assert set(got) == {"a", "b"}
    a, b = seen["a"], seen["b"]
    assert len(a) == 3 * 6  # three rounds of a warm call and five timed ones
    assert a == b  # equal content in the same order...
    assert all(x[1] is not y[1] for x, y in zip(a, b, strict=True))  # ...not the same objects
    contents = {repr(rows) for _, rows in a}
    assert len(contents) == len(a)  # new content every call (the warm call's is never timed)


def test_new_labels_rows_are_named_by_new_words_the_answer_names() -> None:
    seen: list[tuple[str, list[dict[str, object]]]] = []
    trace_vs_figured.paired_fresh({"a": lambda t, r: seen.append((t, r))}, 2, 3, 5, 7, labels=True)
    labels = [tuple(str(r["name"]) for r in rows) for _, rows in seen]
    assert len(set(labels)) == len(labels)  # new labels every call
    assert all("item" not in " ".join(pair) for pair in labels)
    assert all(a in text and b in text for (text, _), (a, b) in zip(seen, labels, strict=True))


def test_check_speed_measures_answers_beside_the_reference() -> None:
    items = [
        SimpleNamespace(
            answer=f"Revenue was ${1_200 + i:,} million [1].",
            sources=[f"Revenue was $1,{200 + i} million in 2024."],
            question="What was revenue?",
        )
        for i in range(30)
    ]
    got = check_speed.measure(items, rounds=2, every=10)
    assert got["answers"] == 30 and got["rounds"] == 2
    assert got["ratio"] == pytest.approx(got["check_ms"] / got["reference_ms"], rel=1e-3)
    assert got["cold_ratio"] == pytest.approx(got["check_cold_ms"] / got["reference_ms"], rel=1e-3)
    assert got["goal_ratio"] == pytest.approx(check_speed.GOAL_MS / check_speed.REF_QUIET_MS, 1e-3)
    # the yardstick's work is pinned: a change to it would move every published ratio
    assert check_speed.reference(3) == 1353


def test_extract_same_finds_a_changed_reading(data_root: Path, tmp_path: Path) -> None:
    # Run apart: the script loads two crossfoots in turn, which this process must not see.
    root = Path(__file__).resolve().parents[2]
    broken = tmp_path / "src"
    shutil.copytree(root / "src" / "crossfoot", broken / "crossfoot")
    around = broken / "crossfoot" / "numbers" / "around.py"
    before = around.read_text("utf-8")
    assert "ALONE_AFTER = frozenset([" in before
    around.write_text(before.replace("ALONE_AFTER = frozenset([", 'ALONE_AFTER = frozenset(["%", '))

    def run(second: Path) -> subprocess.CompletedProcess[str]:
        script = root / "benchmarks" / "extract_same.py"
        argv = [sys.executable, str(script), str(root / "src"), str(second), "--limit", "2"]
        env = {**os.environ, "CROSSFOOT_DATA": str(data_root)}
        return subprocess.run(argv, env=env, capture_output=True, text=True, check=False)

    same = run(root / "src")
    assert same.returncode == 0 and " 0 differ" in same.stdout, same.stdout + same.stderr
    changed = run(broken)  # "12%" read as a plain 12 wherever a number starts a text
    assert changed.returncode == 1 and "differs" in changed.stdout, changed.stdout + changed.stderr
