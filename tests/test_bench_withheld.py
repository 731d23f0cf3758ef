"""The benchmarks never write a validation item where it could be read (docs/bench.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ragbench


def _outcome(half: str, ident: str) -> ragbench.Outcome:
    stats = {"crossfoot": ragbench._empty_stats()}
    record = {"type": "false_alarm", "corpus": "c", "id": ident, "claims": []}
    return ragbench.Outcome(corpus="c", stats=stats, records=[record], half=half)


def test_run_records_keep_the_tuning_half_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    outs = [_outcome("valid", "v1"), _outcome("tune", "t1"), _outcome("strict", "s1")]
    paths = ragbench.write_results(outs, tmp_path / "out", "results", {})
    assert "Validation half first" in paths["md"].read_text()
    lines = (tmp_path / "cache" / "c.jsonl").read_text().splitlines()
    assert [json.loads(x)["id"] for x in lines] == ["t1"]
    assert json.loads(lines[0])["half"] == "tune"


def test_a_validation_only_run_writes_no_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    ragbench.write_results([_outcome("valid", "v1")], tmp_path / "out", "results", {})
    assert not (tmp_path / "cache" / "c.jsonl").exists()


@pytest.mark.parametrize(("half", "written"), [("tune", True), ("all", True), ("valid", False)])
def test_write_records(tmp_path: Path, half: str, written: bool) -> None:
    path = tmp_path / "deep" / "r.jsonl"
    assert ragbench.write_records(path, half, [{"a": 1}, {"a": 2}]) is written
    assert path.exists() is written
    if written:
        assert [json.loads(x) for x in path.read_text().splitlines()] == [{"a": 1}, {"a": 2}]
