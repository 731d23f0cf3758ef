"""The verdict snapshot tool: two snapshots of the same code agree, a changed verdict is named,
and the command line exits 1 on a difference (fixture data root, a few trace tables)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import verdicts


@pytest.fixture(scope="module")
def snap(data_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("verdicts") / "a.json"
    n = verdicts.snapshot(out, str(data_root), tables=1)
    assert n == len(json.loads(out.read_text()))
    return out


def test_snapshot_holds_trace_and_answer_verdicts(snap: Path) -> None:
    entries = json.loads(snap.read_text())
    assert any(k.startswith("trace:labelled:") for k in entries)
    assert "trace:timing:2000x10" in entries
    for corpus in ("pot-tatqa", "tatqa", "ragbench-interp", "convfinqa"):
        assert f"{corpus}:stats" in entries
        assert any(
            k.startswith(f"{corpus}:") and not k.endswith(("stats", "records")) for k in entries
        )
    report = entries["trace:timing:2x3"]
    assert {"passed", "claims"} <= set(report)


def test_same_code_same_verdicts(snap: Path, data_root: Path, tmp_path: Path) -> None:
    again = tmp_path / "b.json"
    verdicts.snapshot(again, str(data_root), tables=1)
    assert verdicts.diff(snap, again) == []
    assert verdicts.main(["diff", str(snap), str(again)]) == 0


def test_a_changed_verdict_is_named(
    snap: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entries = json.loads(snap.read_text())
    entries["trace:timing:2x3"]["passed"] = not entries["trace:timing:2x3"]["passed"]
    changed = tmp_path / "c.json"
    changed.write_text(json.dumps(entries))
    assert verdicts.diff(snap, changed) == ["trace:timing:2x3"]
    assert verdicts.main(["diff", str(snap), str(changed)]) == 1
    out = capsys.readouterr().out
    assert "1 differ" in out and "trace:timing:2x3" in out


def test_two_processes_give_the_same_snapshot(snap: Path, data_root: Path, tmp_path: Path) -> None:
    two = tmp_path / "two.json"
    verdicts.snapshot(two, str(data_root), tables=1, workers=2, chunk_size=1)  # a pool, small data
    assert verdicts.diff(snap, two) == []
