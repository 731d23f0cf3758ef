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


def run_action(
    tmp_path: Path, cases: str, min_accuracy: str, bindir: str = "", **inputs: str
) -> subprocess.CompletedProcess[str]:
    bindir = bindir or str(Path(sys.executable).parent)
    env = {
        **os.environ,
        "INPUT_CASES": cases,
        "INPUT_MIN_ACCURACY": min_accuracy,
        "INPUT_INSTALL": "false",
        "PATH": bindir + os.pathsep + os.environ["PATH"],
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
        **{"INPUT_" + name.upper(): value for name, value in inputs.items()},
    }
    env.pop("GITHUB_WORKFLOW_REF", None)
    if "workflow_ref" in inputs:  # set by the runner: owner/repo/PATH@REF
        env["GITHUB_WORKFLOW_REF"] = env.pop("INPUT_WORKFLOW_REF")
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
    assert "MISMATCH case1 (cases.jsonl:2): expected pass, got fail" in below.stdout
    assert (
        "::error file=cases.jsonl::accuracy 50.00%25 is below the threshold 90.00%25"
        in below.stdout
    )
    assert run_action(tmp_path, "cases.jsonl", "0.5").returncode == 0


def test_mismatch_prints_each_failing_figure_and_annotates_its_line(tmp_path: Path) -> None:
    # Issue 21, problem 5: a mismatch printed only "expected pass, got fail".
    cases = tmp_path / "cases.jsonl"
    write_cases(cases, [(GROUNDED, "pass"), (HALLUCINATED, "pass"), (GROUNDED, "fail")])
    cases.write_text("# a comment line\n" + cases.read_text(encoding="utf-8"), encoding="utf-8")
    run = run_action(tmp_path, "cases.jsonl", "1.0")
    assert run.returncode == 1
    log = run.stdout.splitlines()
    at = log.index("MISMATCH case1 (cases.jsonl:3): expected pass, got fail")
    assert log[at + 1].startswith("    [unsupported] 13,900 - no source value")
    # A case expected to fail that passed shows the evidence that let each figure pass.
    at = log.index("MISMATCH case2 (cases.jsonl:4): expected fail, got pass")
    assert log[at + 1] == "    every figure passed:"
    assert log[at + 2].startswith("    [supported_exact] 12,400 - [S1] ")
    assert log[at + 3].startswith("    [derived] 24% - % change")
    notes = [line for line in log if line.startswith("::error file=cases.jsonl,line=")]
    assert len(notes) == 2
    assert notes[0].startswith("::error file=cases.jsonl,line=3,title=crossfoot%3A case1::")
    assert "expected pass, got fail%0A[unsupported] 13,900 - " in notes[0]
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "`[unsupported] 13,900 - no source value" in summary


def test_verbose_prints_every_figure(tmp_path: Path) -> None:
    # Issue 21, problem 5: the verbose input was ignored.
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass")])
    quiet = run_action(tmp_path, "cases.jsonl", "1.0")
    loud = run_action(tmp_path, "cases.jsonl", "1.0", verbose="true")
    assert quiet.returncode == loud.returncode == 0
    assert "[supported_exact] 12,400" not in quiet.stdout
    assert "ok case0 (cases.jsonl:1): expected pass, got pass" in loud.stdout
    assert "    [supported_exact] 12,400 - [S1] " in loud.stdout
    assert "    [derived] 24% - % change" in loud.stdout
    bad = run_action(tmp_path, "cases.jsonl", "1.0", verbose="yes")
    assert bad.returncode == 2 and "'verbose' input must be true or false" in bad.stdout


def test_report_input_writes_the_html_report(tmp_path: Path) -> None:
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass"), (HALLUCINATED, "fail")])
    run = run_action(tmp_path, "cases.jsonl", "1.0", report="out/report.html")
    assert run.returncode == 0, run.stdout
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert page.count('<mark class="fig s-') == 3  # 12,400 and 24%, then 13,900
    # A path that cannot be written is an error named in the log and annotated, exit 2.
    run = run_action(tmp_path, "cases.jsonl", "1.0", report="cases.jsonl/report.html")
    assert run.returncode == 2
    assert "crossfoot: error: --report: cannot write cases.jsonl/report.html" in run.stdout
    assert "::error file=cases.jsonl,title=crossfoot::crossfoot: error: --report" in run.stdout


def test_unreadable_case_file_is_annotated_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "cases.jsonl").write_text(
        json.dumps({"name": "a", "output": GROUNDED, "sources": CONTEXT}) + "\n{not json\n",
        encoding="utf-8",
    )
    run = run_action(tmp_path, "cases.jsonl", "1.0")
    assert run.returncode == 2
    assert "::error file=cases.jsonl,line=2,title=crossfoot%3A the case file" in run.stdout


def test_a_bad_line_is_annotated_and_the_cases_after_it_still_run(tmp_path: Path) -> None:
    # The streamed eval records a bad line and goes on: the Action annotates the line, still
    # annotates a mismatch after it, counts the bad line against the accuracy, and exits 2.
    good = {"name": "a", "output": GROUNDED, "sources": CONTEXT}
    wrong = {"name": "c", "output": HALLUCINATED, "sources": CONTEXT, "expect": "pass"}
    lines = [json.dumps(good), "{not json", json.dumps(wrong)]
    (tmp_path / "cases.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = run_action(tmp_path, "cases.jsonl", "0.0")
    assert run.returncode == 2, run.stdout + run.stderr
    log = run.stdout.splitlines()
    assert "crossfoot: 1/3 cases as expected (accuracy 33.33%, threshold 0.00%)" in log
    assert any(
        line.startswith("ERROR cases.jsonl:2: cases.jsonl, line 2: not valid") for line in log
    )
    assert "MISMATCH c (cases.jsonl:3): expected pass, got fail" in log
    notes = [line for line in log if line.startswith("::error file=cases.jsonl,line=")]
    assert [note.split(",title=")[0] for note in notes] == [
        "::error file=cases.jsonl,line=2",
        "::error file=cases.jsonl,line=3",
    ]
    # The bad line is annotated once, at its line, not again as a file-level error.
    assert sum("not valid JSON" in line for line in log if line.startswith("::error")) == 1


def test_install_error_is_annotated(tmp_path: Path) -> None:
    # Issue 21, problem 1: a failed install left no annotation. A path that is not a project
    # fails in pip at once, without the network.
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass")])
    missing = str(tmp_path / "no-such-checkout")
    run = run_action(
        tmp_path,
        "cases.jsonl",
        "1.0",
        install="true",
        package=missing,
        workflow_ref="acme/app/.github/workflows/grounding.yml@refs/heads/main",
    )
    assert run.returncode == 2
    note = next(line for line in run.stdout.splitlines() if line.startswith("::error "))
    assert note.startswith(
        "::error file=.github/workflows/grounding.yml,title=crossfoot install failed::"
        f"pip could not install {missing}: ERROR"
    )
    # With the workflow checked out, the annotation sits on the line that sets `package`.
    workflow = tmp_path / ".github" / "workflows" / "grounding.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text(
        "on: [pull_request]\njobs:\n  g:\n    steps:\n"
        "      - uses: acme/crossfoot/integrations/github-action@v1\n"
        "        with:\n          cases: cases.jsonl\n          package: ./nowhere\n",
        encoding="utf-8",
    )
    run = run_action(
        tmp_path,
        "cases.jsonl",
        "1.0",
        install="true",
        package=missing,
        workflow_ref="acme/app/.github/workflows/grounding.yml@refs/heads/main",
    )
    note = "::error file=.github/workflows/grounding.yml,line=8,title=crossfoot install failed::"
    assert note in run.stdout


def test_default_install_is_the_actions_own_checkout(tmp_path: Path) -> None:
    # Issue 21, problem 1: the default `package: crossfoot` names no release; the default is now
    # the repository the action sits in. A venv without pip stands for the runner's Python, so
    # nothing is installed anywhere (a real install needs the build backend from the network).
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    write_cases(tmp_path / "cases.jsonl", [(GROUNDED, "pass")])
    run = run_action(tmp_path, "cases.jsonl", "1.0", str(bare / "bin"), install="true", package="")
    assert run.returncode == 2
    assert f"crossfoot: pip install {ROOT}\n" in run.stdout
    assert f"title=crossfoot install failed::pip could not install {ROOT}" in run.stdout


def test_script_missing_case_file(tmp_path: Path) -> None:
    run = run_action(tmp_path, "nope.jsonl", "1.0")
    assert run.returncode == 2
    assert "case file not found: nope.jsonl" in run.stdout
