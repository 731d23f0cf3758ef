"""The GitHub Action: action.yml wiring, and its script run locally against real case files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml
from _support import CONTEXT, GROUNDED, HALLUCINATED, ROOT, docs_example

ACTION = ROOT / "integrations" / "github-action"


def write_cases(path: Path, outputs: list[tuple[str, str]]) -> Path:
    lines = [
        json.dumps({"name": f"case{i}", "output": o, "sources": CONTEXT, "expect": e})
        for i, (o, e) in enumerate(outputs)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_action(tmp_path: Path, cases: str, min_accuracy: str) -> subprocess.CompletedProcess[str]:
    bindir = str(Path(sys.executable).parent)
    env = {
        **os.environ,
        "INPUT_CASES": cases,
        "INPUT_MIN_ACCURACY": min_accuracy,
        "INPUT_INSTALL": "false",
        "PATH": bindir + os.pathsep + os.environ["PATH"],
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
    }
    return subprocess.run(
        ["bash", str(ACTION / "run.sh")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_action_is_composite_and_calls_the_script() -> None:
    action = yaml.safe_load((ACTION / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    assert steps[0]["uses"].startswith("actions/setup-python@")
    assert "run.sh" in steps[-1]["run"]
    assert set(action["inputs"]) >= {"cases", "min-accuracy"}
    assert action["inputs"]["cases"]["required"] is True
    # Every input the script reads is passed in as INPUT_*.
    env = steps[-1]["env"]
    for name in action["inputs"]:
        if name != "python-version":
            assert env["INPUT_" + name.upper().replace("-", "_")] == f"${{{{ inputs.{name} }}}}"


def test_docs_workflow_uses_the_action_inputs() -> None:
    workflow = yaml.safe_load(docs_example("workflow.yml"))
    action = yaml.safe_load((ACTION / "action.yml").read_text(encoding="utf-8"))
    (step,) = [s for s in workflow["jobs"]["crossfoot"]["steps"] if "github-action" in s["uses"]]
    assert set(step["with"]) <= set(action["inputs"])
    assert (ROOT / step["uses"].split()[0]).resolve() == ACTION.resolve()


def test_script_passes_at_threshold_and_writes_summary(tmp_path: Path) -> None:
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass"), (HALLUCINATED, "fail")])
    run = run_action(tmp_path, "cases.jsonl", "1.0")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2/2 cases as expected" in run.stdout
    assert "2/2 cases as expected" in (tmp_path / "summary.md").read_text()
    assert (tmp_path / "output.txt").read_text() == "accuracy=1.0\n"


def test_script_fails_below_threshold_naming_the_case(tmp_path: Path) -> None:
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass"), (HALLUCINATED, "pass")])
    below = run_action(tmp_path, "cases.jsonl", "0.9")
    assert below.returncode == 1
    assert "MISMATCH case1" in below.stdout and "::error::" in below.stdout
    assert run_action(tmp_path, "cases.jsonl", "0.5").returncode == 0


def test_script_missing_case_file(tmp_path: Path) -> None:
    run = run_action(tmp_path, "nope.jsonl", "1.0")
    assert run.returncode == 2
    assert "case file not found: nope.jsonl" in run.stdout
