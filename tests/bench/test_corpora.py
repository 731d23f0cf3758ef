"""Corpus adapters over small made-up files in each corpus's own schema."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from corpora import convfinqa, convfinqa_earlier, convfinqa_turns, pot_tatqa, ragbench_interp, tatqa
from corpora._load import MissingData
from corpora.common import data_root as resolve_root
from corpora.common import half_of, parse_table_json


def test_data_root_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CROSSFOOT_DATA", str(tmp_path))
    assert resolve_root() == tmp_path
    assert resolve_root("/elsewhere") == Path("/elsewhere")
    monkeypatch.delenv("CROSSFOOT_DATA")
    assert resolve_root().parts[-2:] == ("shared", "data")


def test_missing_file_names_the_fix(tmp_path: Path) -> None:
    with pytest.raises(MissingData, match="--data-root"):
        pot_tatqa.load(tmp_path)


def test_pot_tatqa(data_root: Path) -> None:
    items = pot_tatqa.load(data_root)
    assert [i.id for i in items] == ["p1", "p2"]  # p3 generated nothing
    good, bad = items
    assert (good.label, bad.label) == ("good", "bad")  # 1,100.0 is not the gold 1,000.0
    table = parse_table_json(good.sources[0])
    assert table == [
        ["", "2023", "2022"],
        ["Net sales", "1,250.0", "1,000.0"],
        ["Other income", "40.0", "50.0"],
    ]
    assert good.sources[1] == "Amounts are in millions. Other income fell."
    assert [good.answer[a:b] for a, b in good.sentences][-1] == "Answer: -$10.0 million"


def test_tatqa_reference_answers(data_root: Path) -> None:
    items = tatqa.load(data_root)
    assert len(items) == 4  # two arithmetic questions in dev and in test_gold
    first = items[0]
    a, b = first.sentences[0]
    assert first.answer[a:b] == "The answer is 250 million."
    assert items[1].answer.endswith("other income? The answer is -20%.")
    assert first.sources[1:] == ["Amounts are in millions.", "Other income fell."]  # by order
    assert first.meta["operands"] == 2


def test_convfinqa_final_turn(data_root: Path) -> None:
    items = convfinqa.load(data_root)
    assert len(items) == 1  # the yes/no conversation has no number to verify
    (item,) = items
    assert item.answer == "what was the change as a share of 2022? The answer is 0.25."
    assert parse_table_json(item.sources[0]) == [
        ["", "2023", "2022"],
        ["net sales", "$ 1250.0", "$ 1000.0"],
    ]


def test_convfinqa_turns_ask_the_whole_conversation(data_root: Path) -> None:
    (last,) = convfinqa.load(data_root)
    (item,) = convfinqa_turns.load(data_root)
    assert (
        item.question
        == "what were net sales in 2023? and in 2022? what was the change as a share of 2022?"
    )
    # the same answer, sentences, sources and half: only question= differs
    assert (item.answer, item.sentences, item.sources) == (
        last.answer,
        last.sentences,
        last.sources,
    )
    assert half_of(item) == half_of(last)


def test_convfinqa_earlier_turns_that_compute(data_root: Path) -> None:
    items = convfinqa_earlier.load(data_root)
    # c1's earlier turns are lookups; c3's final turn is yes/no, its computing turns still count,
    # and its fourth turn repeats the second (same question, same program): kept once
    assert [i.id for i in items] == ["c3#turn2", "c3#turn3"]
    change, share = items
    assert change.answer == "and what was the change from 2022? The answer is 80."
    assert share.answer == "what was that change as a share of 2022? The answer is 0.25."
    assert share.question == "what was that change as a share of 2022?"
    assert share.answer[slice(*share.sentences[0])] == "The answer is 0.25."
    assert share.meta["turns"][-1] == share.question and len(share.meta["turns"]) == 3
    # a turn is in its conversation's half: the corpus name and the documents decide it
    assert {half_of(i) for i in items} == {half_of(replace(change, id="c3"))}


def test_ragbench_interp_labels(data_root: Path) -> None:
    items = ragbench_interp.load(data_root)
    assert [i.id for i in items] == ["fi_1", "fi_1#1", "fi_2"]
    assert [i.label for i in items] == ["good", "bad", None]
    assert items[0].tables and items[0].tables[0][1][0] == "Net sales"
    assert items[0].sentences == [(0, len(items[0].answer))]
