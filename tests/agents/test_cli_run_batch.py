"""``crossfoot run`` over many runs: workers, --out, --resume, a bad run among good ones."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from crossfoot.cli import main


def _call(order: str) -> dict[str, Any]:
    args = json.dumps({"order_id": order})
    fn = {"name": "refund", "arguments": args}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c1", "type": "function", "function": fn}],
    }


def _runs() -> list[dict[str, Any]]:
    """Made-up runs (a refund of the order the user named, or of another one), then a sample of
    recorded tau-bench runs when the shared data are there."""
    runs = []
    for i in range(12):
        asked, called = f"ORD-{1000 + i}", f"ORD-{1000 + i + (i % 3 == 0)}"
        runs.append(
            {"messages": [{"role": "user", "content": f"Refund order {asked}"}, _call(called)]}
        )
    from corpora.common import data_root  # benchmarks/ is on the path (tests/conftest.py)

    recorded = data_root() / "tau-bench" / "historical_trajectories" / "gpt-4o-airline.json.gz"
    if recorded.exists():
        with gzip.open(recorded, "rt", encoding="utf-8") as fh:
            runs += json.load(fh)[:10]
    return runs


@pytest.fixture(scope="module")
def runs_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("runs") / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _runs()), encoding="utf-8")
    return path


def test_two_workers_match_one(
    runs_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    base = ["run", str(runs_file), "--fail-on", "block", "--chunk-size", "2"]
    assert main([*base, "--workers", "1", "--out", str(one)]) == 0
    first = capsys.readouterr().out
    assert main([*base, "--workers", "2", "--out", str(two)]) == 0
    assert capsys.readouterr().out == first
    assert one.read_bytes() == two.read_bytes()
    records = [json.loads(line) for line in one.read_text().splitlines()]
    assert len(records) == len(_runs())
    assert [r["action"] for r in records[:4]] == ["warn", "allow", "allow", "warn"]
    assert f"totals: {len(records)} runs, " in first
    assert main([*base, "--workers", "2", "--fail-on", "warn"]) == 1


def test_a_bad_run_is_recorded_and_the_others_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _runs()[1]
    lines = [json.dumps(good), "{oops", json.dumps({"who": "bot"}), json.dumps(good)]
    path = tmp_path / "runs.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["run", str(path), "--out", str(out), "--workers", "2", "--chunk-size", "1"]) == 2
    captured = capsys.readouterr()
    assert "line 2: not valid JSON" in captured.err
    assert "line 3: expected a run record" in captured.err and "['who']" in captured.err
    heads = [line for line in captured.out.splitlines() if not line.startswith((" ", "totals"))]
    headers = [line.rsplit(": ", 1)[-1] for line in heads]
    assert headers == ["ALLOW", "ERROR", "ERROR", "ALLOW"]
    assert "totals: 4 runs, 2 allow, 0 warn, 0 confirm, 0 block, 2 errors" in captured.out
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r.get("action") for r in records] == ["allow", None, None, "allow"]
    assert [bool(r["error"]) for r in records] == [False, True, True, False]


def test_resume_continues_a_stopped_run(runs_file: Path, tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    base = ["run", str(runs_file), "--workers", "1", "--brief"]
    assert main([*base, "--out", str(whole)]) == 0
    lines = whole.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(lines[:5]) + lines[5][:20])
    assert main([*base, "--out", str(part), "--resume"]) == 0
    assert part.read_bytes() == whole.read_bytes()
    assert "report" not in json.loads(lines[0])


def test_a_tau2_results_file_replays_as_check_recordings_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `crossfoot run` reads recordings with the agents' reader (check_recordings): the file's
    # policy is the system prompt of every simulation and its tool definitions are the schemas,
    # on any number of workers; a bare list of simulations replays with an 'assumed' note.
    from test_recordings import POLICY, TOOL_DEFS, _sim

    from crossfoot.agents import check_recordings

    sims = [_sim("a", "2024-05-27"), _sim("b", "2025-05-27"), _sim("c", "x", "fly")]
    data = {"info": {"environment_info": {"policy": POLICY, "tool_defs": TOOL_DEFS}}}
    # With the file's tool definitions, a call to 'fly' is an unknown tool (warn, exit 1);
    # without them it cannot be told, and each run carries the 'assumed' note instead.
    files = (("results.json", {**data, "simulations": sims}, 1), ("sims.json", sims, 0))
    for name, content, code in files:
        path = tmp_path / name
        path.write_text(json.dumps(content), encoding="utf-8")
        want = [
            {"name": label, "report": report.to_dict()}
            for label, report in check_recordings(content, name=str(path))
        ]
        for workers in ("1", "2"):
            args = ["run", str(path), "--json", "--workers", workers, "--chunk-size", "1"]
            assert main([*args, "--fail-on", "warn"]) == code
            got = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
            assert [{"name": r["name"], "report": r["report"]} for r in got] == want
        names = [r["name"].rsplit(", ", 1)[1] for r in got]
        assert names == [f"simulation {s}" for s in "abc"]
        notes = [any(f["type"] == "assumed" for f in r["report"]["findings"]) for r in got]
        assert notes == [not code] * 3
        assert [r["action"] for r in got] == (["allow", "warn", "warn"] if code else ["allow"] * 3)


def test_a_full_disk_is_the_same_error_in_run_and_eval(
    runs_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Linux's /dev/full opens and then fails every write with ENOSPC: both streaming commands
    # name --out and the reason, exit 2, and print no traceback.
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"output": "We sold 12.", "sources": ["12 sold"]}) + "\n")
    for argv in (["run", str(runs_file)], ["eval", str(cases), "--min-accuracy", "0"]):
        assert main([*argv, "--workers", "1", "--out", "/dev/full"]) == 2
        err = capsys.readouterr().err
        assert "error: --out: cannot write /dev/full: No space left on device" in err, argv
        assert "Traceback" not in err
