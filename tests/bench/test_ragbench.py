"""The RAGBench harness end to end on a made-up fixture in the RAGBench schema."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ragbench
import review_summary
from conftest import BENCH, FIXTURES
from corpora.common import Item

RB = FIXTURES / "ragbench"


def test_items_from_ragbench_rows() -> None:
    rows = ragbench.load_ragbench("finqa", "test", RB)
    items = ragbench.ragbench_items(rows, "finqa")
    assert [i.id for i in items] == ["fx-1", "fx-2", "fx-3"]
    assert items[0].sentence_labels == ["good", "good"]
    assert items[1].sentence_labels == ["bad", "bad"]
    assert [items[0].answer[a:b] for a, b in items[0].sentences] == [
        "Net sales were $1,250.0 million in 2023.",
        "Other income was 40.0 million in 2023.",
    ]


def test_missing_field_is_named() -> None:
    with pytest.raises(ValueError, match=r"row 0 \(id='x'\) has no field 'response'"):
        ragbench.ragbench_items([{"id": "x", "documents": []}], "finqa")


def test_hub_unreachable_message() -> None:
    env = dict(os.environ, HF_HUB_OFFLINE="1")  # no network in tests: offline fails at once
    proc = subprocess.run(
        [sys.executable, str(BENCH / "ragbench.py"), "--subsets", "finqa", "--no-progress"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "Could not load rungalileo/ragbench subset 'finqa'" in proc.stderr
    assert "--data-dir DIR" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_baseline_end_to_end(tmp_path: Path) -> None:
    review = tmp_path / "review.csv"
    code = ragbench.main(
        [
            "--data-dir",
            str(RB),
            "--subsets",
            "finqa",
            "--tools",
            "baseline",
            "figured",
            "--out-dir",
            str(tmp_path),
            "--review-out",
            str(review),
            "--no-progress",
        ]
    )
    assert code == 0
    data = json.loads((tmp_path / "ragbench.json").read_text())
    base = data["corpora"]["ragbench-finqa"]["tools"]["baseline"]["counts"]
    # three supported numeric sentences, all verbatim: no false alarm
    assert (base["good_sentences"], base["false_alarms"]) == (3, 0)
    # the unsupported 55.0 is not in the sources; "It increased..." has no number
    assert (base["bad_sentences"], base["bad_sentences_flagged"]) == (1, 1)
    assert base["injections"]["value"] == {"base": 3, "caught": 3}
    assert base["injections"]["scale"]["caught"] == 0  # the baseline ignores scale words
    md = (tmp_path / "ragbench.md").read_text()
    assert md.startswith("Run date: ") and "\n| corpus | tool |" in md
    assert (tmp_path / "ragbench.png").stat().st_size > 1000
    assert review.exists()  # crossfoot not run: no flagged crossfoot sentences, header only
    with open(review) as fh:
        assert next(csv.reader(fh))[-2:] == ["verdict", "note"]


def test_crossfoot_end_to_end(tmp_path: Path) -> None:
    review = tmp_path / "review.csv"
    code = ragbench.main(
        [
            "--data-dir",
            str(RB),
            "--subsets",
            "finqa",
            "--tools",
            "crossfoot",
            "--seed",
            "3",
            "--out-dir",
            str(tmp_path),
            "--review-out",
            str(review),
            "--no-progress",
        ]
    )
    assert code == 0
    cf = json.loads((tmp_path / "ragbench.json").read_text())["corpora"]["ragbench-finqa"]
    counts = cf["tools"]["crossfoot"]["counts"]
    assert counts["good_sentences"] == 3
    assert counts["bad_sentences_flagged"] == 1  # 55.0 million is not 50.0
    inj = counts["injections"]
    passed = counts["good_sentences"] - counts["false_alarms"]
    assert inj["scale"]["base"] == passed and inj["scale"]["caught"] == passed
    with open(review) as fh:
        rows = list(csv.DictReader(fh))
    assert rows and all(r["corpus"] == "ragbench-finqa" and r["documents"] for r in rows)


def test_evaluate_counts_per_item_injections() -> None:
    item = Item(
        corpus="t",
        id="1",
        question="",
        answer="Sales rose to 40.0 million.",
        sources=["Sales 40.0 | 50.0"],
        label="good",
    )
    out = ragbench.evaluate([item], [ragbench.BaselineTool()], seed=1, progress=False)
    st = out.stats["baseline"]
    assert st["good_sentences"] == 1 and st["false_alarms"] == 0
    assert st["injections"]["direction"] == {"base": 1, "caught": 0}
    assert st["injections"]["swap"] == {"base": 1, "caught": 0}  # 50.0 is verbatim too
    again = ragbench.evaluate([item], [ragbench.BaselineTool()], seed=1, progress=False)

    def counts(o: ragbench.Outcome) -> dict[str, object]:
        return {k: v for k, v in o.stats["baseline"].items() if not k.endswith("seconds")}

    assert counts(again) == counts(out)  # seeded


def test_review_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.csv"
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["corpus", "sentence", "verdict"])
        w.writerows(
            [
                ["a", "s", "real error"],
                ["a", "s", "False alarm"],
                ["b", "s", "real_error"],
                ["b", "s", "unsure"],
                ["b", "s", ""],
            ]
        )
    assert review_summary.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "| total | 2 | 1 | 1 | 1 | 66.7% |" in out
    with open(path, "a", newline="") as fh:
        csv.writer(fh).writerow(["a", "s", "maybe"])
    assert review_summary.main([str(path)]) == 2
    assert "line 7: verdict 'maybe'" in capsys.readouterr().err


def test_parquet_data_dir(tmp_path: Path) -> None:
    import pandas as pd

    rows = [json.loads(line) for line in (RB / "finqa/test-00000.jsonl").read_text().splitlines()]
    (tmp_path / "tatqa").mkdir()
    pd.DataFrame(rows).to_parquet(tmp_path / "tatqa" / "test-00000-of-00001.parquet")
    pd.DataFrame(rows[:1]).to_parquet(tmp_path / "tatqa" / "train-00000-of-00001.parquet")
    got = ragbench.load_ragbench("tatqa", "test", tmp_path)
    assert [r["id"] for r in got] == ["fx-1", "fx-2", "fx-3"]  # the train file is not read
    with pytest.raises(FileNotFoundError, match="subset 'finqa' split 'test'"):
        ragbench.load_ragbench("finqa", "test", tmp_path / "tatqa" / "nothing")


def test_review_leaves_out_reference_answers(tmp_path: Path) -> None:
    ref = Item(
        corpus="c",
        id="r",
        question="",
        answer="It was 9.",
        sources=["7"],
        label="good",
        meta={"reference": True},
    )
    model = Item(corpus="c", id="m", question="q?", answer="It was 9.", sources=["7"], label="good")
    out = ragbench.Outcome("c")
    for item in (ref, model):
        out.records.append(
            {
                "corpus": "c",
                "id": item.id,
                "type": "false_alarm",
                "label": "good",
                "sentence": "It was 9.",
                "claims": [{"text": "9", "status": "x"}],
            }
        )
    path = tmp_path / "r.csv"
    n = ragbench.write_review([out], {"c": {"r": ref, "m": model}}, path, n=10, seed=0)
    with open(path) as fh:
        rows = list(csv.DictReader(fh))
    assert n == 1 and [r["id"] for r in rows] == ["m"] and rows[0]["documents"] == "7"
    # The same sample as an HTML page: the answer with its figure highlighted by status.
    page = path.with_suffix(".html").read_text(encoding="utf-8")
    assert "c / m: It was 9." in page
    assert page.count('<mark class="fig s-unsupported"') == 1


def test_coverage_by_derivation_size(data_root: Path) -> None:
    from corpora import tatqa

    items = tatqa.load(data_root)
    out = ragbench.evaluate(items, [ragbench.BaselineTool()], seed=0, progress=False)
    # "250 million" and "-20%" are derived, never written: the baseline verifies neither
    assert out.stats["baseline"]["coverage"] == {"<=2": [0, 4]}
    assert "<=2: 0.0% (0/4)" in ragbench.coverage_table([out])


def _year_items() -> list[Item]:
    """A wrong year for a superlative ("largest in 2018" when 2019 is larger), a right one, and
    a wrong figure in a sentence with a non-year number: only the last is flagged per sentence."""
    src = ['[["", "2019", "2018"], ["Other income", "95", "89"]]']
    q = "In which year was Other income largest?"

    def item(i: str, answer: str, label: str) -> Item:
        return Item("t", i, q, answer, list(src), label=label)  # type: ignore[arg-type]

    return [
        item("wrong-year", "Other income was largest in 2018.\nAnswer: 2018", "bad"),
        item("right-year", "Other income was largest in 2019.\nAnswer: 2019", "good"),
        item("wrong-value", "Other income was 97 in 2019.\nAnswer: 2019", "bad"),
        item("no-number", "Answer: other income", "bad"),
    ]


def test_answer_measures_take_the_whole_answer_verdict() -> None:
    # a user sees report.passed: the wrong year of a superlative fails it, so the answer counts
    # as flagged although its sentences hold no number but a year; an answer with no number is
    # out of scope for every tool; the earlier per-sentence reading stays in "by_sentence"
    out = ragbench.evaluate(_year_items(), [ragbench.CrossfootTool()], progress=False)
    st = out.stats["crossfoot"]
    assert (st["bad_answers"], st["bad_answers_flagged"]) == (2, 2)
    assert (st["good_answers"], st["good_answers_flagged"]) == (1, 0)
    assert st["by_sentence"] == {
        "good": 0,
        "good_flagged": 0,
        "bad": 1,
        "bad_flagged": 1,
        "flagged": 1,
    }
    rates = ragbench.summarize(st)
    assert rates["real_errors_flagged"] == 1.0 and rates["by_sentence_real_errors_flagged"] == 1.0
    assert "whole answer" in ragbench.answer_measure_table([out])


def test_the_baseline_answer_verdict_reads_every_sentence_with_a_number() -> None:
    # the same scope for the baseline: a year the sources do not hold fails its answer
    item = Item("t", "y", "When?", "It was 2016.", ['[["", "2019"], ["Sales", "5"]]'], label="bad")
    st = ragbench.evaluate([item], [ragbench.BaselineTool()], progress=False).stats["baseline"]
    assert (st["bad_answers"], st["bad_answers_flagged"]) == (1, 1)
    assert st["by_sentence"]["bad"] == 0  # no non-year sentence: the earlier measure skipped it
