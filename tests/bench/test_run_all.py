"""run_all.py: both halves of every corpus side by side, the validation half first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ragbench
import run_all
from corpora.common import HALVES, Item, doc_key, half_of, in_half, strict_half


def _item(i: int, source: str) -> Item:
    return Item("c", f"q{i}", "?", f"It was {i}.", [source], label="good")


def test_items_on_one_table_share_a_half() -> None:
    items = [_item(i, f"table {i % 7}") for i in range(60)]
    for a in items:
        for b in items:
            if a.sources == b.sources:
                assert half_of(a) == half_of(b)
    # both halves are used, and they split the corpus: nothing lost, nothing twice
    valid, tune = in_half(items, "valid"), in_half(items, "tune")
    assert valid and tune
    assert sorted(i.id for i in valid + tune) == sorted(i.id for i in items)
    assert in_half(items, "all") == items
    assert {half_of(i) for i in items} == set(HALVES)


def test_unknown_half_is_named() -> None:
    with pytest.raises(ValueError, match=r"half must be one of .*'tune'.*got 'test'"):
        in_half([_item(1, "t")], "test")


def test_both_halves_validation_first(
    data_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    code = run_all.main(
        [
            "--data-root",
            str(data_root),
            "--corpora",
            "pot-tatqa",
            "tatqa",
            "--tools",
            "crossfoot",
            "--out-dir",
            str(tmp_path),
            "--no-progress",
        ]
    )
    assert code == 0
    md = (tmp_path / "results.md").read_text()
    main_table = md.split("| corpus | half | tool | false alarms (sentences)")[1].split("\n\n")[0]
    rows = [line for line in main_table.splitlines() if line.startswith(("| pot-tatqa", "| tatqa"))]
    halves = [r.split("|")[2].strip() for r in rows]
    # the validation half first (the headline), each corpus once per half it has items in
    assert set(halves) == {"valid", "tune"}  # the fixture's pot-tatqa answers fall in both
    assert halves == sorted(halves, key=("valid", "tune").index)
    assert "| corpus | half | tool |" in md
    data = json.loads((tmp_path / "results.json").read_text())
    assert list(data["halves"]) == sorted(data["halves"], key=("valid", "tune").index)
    assert data["meta"]["headline_half"] == "valid"
    assert data["corpora"] == data["halves"][data["meta"]["headline_half"]]
    assert all(e["half"] in HALVES for h in data["halves"].values() for e in h.values())
    # every item is counted in exactly one half
    items = run_all.ADAPTERS["pot-tatqa"].load(data_root)
    answered = sum(
        h["pot-tatqa"]["tools"]["crossfoot"]["counts"]["answers"]
        for h in data["halves"].values()
        if "pot-tatqa" in h
    )
    whole = ragbench.evaluate(items, [ragbench.CrossfootTool()], progress=False)
    assert answered == whole.stats["crossfoot"]["answers"]
    causes = (tmp_path / "results-causes.md").read_text()
    assert "From the tune half of each corpus." in causes
    for line in (tmp_path / "cache" / "pot-tatqa.jsonl").read_text().splitlines():
        assert json.loads(line)["half"] in HALVES


def test_turns_as_question_is_a_labelled_line(
    data_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    argv = ["--data-root", str(data_root), "--corpora", "convfinqa", "convfinqa-turns"]
    argv += ["convfinqa-earlier", "--tools", "crossfoot", "--out-dir", str(tmp_path)]
    assert run_all.main([*argv, "--no-progress"]) == 0
    md = (tmp_path / "results.md").read_text()
    rows = [line.split("|")[1].strip() for line in md.splitlines() if line.startswith("| conv")]
    assert set(rows) == {
        "convfinqa",
        "convfinqa (turns as question)",
        "convfinqa (earlier turns)",
    }
    # never walked by snapshots or batch
    assert not {"convfinqa-turns", "convfinqa-earlier"} & set(run_all.ADAPTERS)


def test_one_half_and_unsplit(
    data_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    for half in ("all", "valid"):
        out = tmp_path / half
        argv = ["--data-root", str(data_root), "--corpora", "tatqa", "--tools", "baseline"]
        assert run_all.main([*argv, "--half", half, "--out-dir", str(out), "--no-progress"]) == 0
        md = (out / "results.md").read_text()
        data = json.loads((out / "results.json").read_text())
        assert list(data["halves"]) == [half]
        if half == "all":
            assert "| corpus | tool |" in md and "| half |" not in md
        else:
            assert "| tatqa | valid | baseline |" in md


def test_false_alarms_by_status() -> None:
    """A failing status of its own (unit_unstated) shows in the numbers, per corpus and half."""
    item = Item(
        "c",
        "q1",
        "?",
        "It was $6,120 thousand. It was 9.",
        ["Apples | 6,120"],
        label="good",
    )

    class Tool:
        name = "crossfoot"

        def prepare(self, it: Item) -> ragbench.Prepared:
            details = [[{"status": "unit_unstated"}], [{"status": "unsupported"}]]
            return ragbench.Prepared(it, None, [True, True], details)

        def variant_fails(self, prep: ragbench.Prepared, i: int, new: str) -> bool:
            return True

    out = ragbench.evaluate([item], [Tool()], progress=False, injections=())
    out.half = "tune"
    st = out.stats["crossfoot"]
    assert st["false_alarms"] == 2
    assert st["false_alarm_statuses"] == {"unit_unstated": 1, "unsupported": 1}
    table = ragbench.status_table([out])
    assert "| c | tune | 2 | 1 | 1 |" in table
    assert table.splitlines()[0].endswith("| unit_unstated | unsupported |")


def test_strict_half_leaves_out_documents_tuned_in_any_corpus(data_root: Path) -> None:
    """A document in one corpus's validation half and another's tuning half is not strict."""
    tuned = run_all.tuned_documents(data_root, None)
    for adapter in run_all.ADAPTERS.values():
        every = adapter.load(data_root, None)
        strict = strict_half(every, tuned)
        valid = in_half(every, "valid")
        assert {i.id for i in strict} <= {i.id for i in valid}
        assert not any(doc_key(i) in tuned for i in strict)
        assert {i.id for i in valid if doc_key(i) not in tuned} == {i.id for i in strict}
    # one table written two ways by two corpora is one document
    a = Item("a", "1", "?", "x", ["s1"], tables=[[["", "2019", "2018"], ["Sales", "1,200", "950"]]])
    b = Item(
        "b", "2", "?", "y", ["s2"], tables=[[["", "2019", "2018"], ["sales", "1200", "950.0"]]]
    )
    assert doc_key(a) == doc_key(b)
    moved = Item(
        "a", "1", "?", "x", ["s1"], tables=[[["", "2019", "2018"], ["Sales", "1,300", "950"]]]
    )
    assert doc_key(moved) != doc_key(a)


def test_strict_half_run(data_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ragbench, "CACHE", tmp_path / "cache")
    argv = ["--data-root", str(data_root), "--corpora", "pot-tatqa", "--tools", "baseline"]
    assert (
        run_all.main([*argv, "--half", "strict", "--out-dir", str(tmp_path), "--no-progress"]) == 0
    )
    data = json.loads((tmp_path / "results.json").read_text())
    assert list(data["halves"]) == ["strict"]
