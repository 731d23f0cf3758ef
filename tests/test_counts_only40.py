"""The counts-only views of round 40 that had no test of their own print fixed words and counts,
never an item's text or numbers (read40c): ``conv_prose_sums40a`` (conv40a), ``refusal_tags`` of
``conv_rounding40p`` (prec40, printed by ``cause_counts.py``) and ``unit_tags40`` (tatqa40).
``conv_steps40b`` has its own (tests/test_counts_only40b.py).

Each view is fed an item of made-up words and figures; no tag may hold one of them, nor a digit
but a small count. Each test also asserts the branch it means to watch was reached."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

import unit_tags40
from conv_prose_sums40a import count_prose_sum_tags
from conv_rounding40p import refusal_tags
from corpora.common import Item
from made_up_item import GRID as _GRID
from made_up_item import WORDS, assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options

# made-up words, some of letters a run of ASCII letters does not cover ("Zürich", "net_sales")
_WORDS = (*WORDS, "zürich", "net_sales", "société", "q4")
_FIGURES = ("560", "520", "480", "2,400", "2400", "2,150", "310", "280", "75", "1635", "7.75")


@pytest.fixture(scope="module")
def tool() -> Any:
    (made,) = make_tools(["crossfoot"], crossfoot_options([]))
    return made


def _clean(seen: Iterable[str], allowed: str = "") -> None:
    """No word or figure of the item in a tag, and no run of two digits but ``allowed``."""
    assert_fixed_words(seen, _FIGURES, allowed=allowed, words=_WORDS)


def test_prose_sum_tags_are_fixed_words(tool: Any) -> None:
    prose = (
        "quuxco wibbleco sales were $ 560 million in 2019 , of which $ 75 million came from "
        "frobnic , $ 520 million in 2018 and $ 480 million in 2017 ."
    )
    question = "what were the total quuxco sales over the three years?"
    answer = f"{question} The answer is 1635."
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=answer,
        sources=[json.dumps(_GRID), prose],
        tables=[_GRID],
        meta={"program": "x0 = 560 + 520; x1 = x0 + 480"},
    )
    rec = {"type": "false_alarm", "id": item.id, "sentence": "The answer is 1635."}
    seen = count_prose_sum_tags([rec], {item.id: item}, tool)
    # the text's terms were found, and the sum search was reached for the failing claim
    assert "[+ +] terms: 3 of 3 in running text" in seen, seen
    assert any(t.startswith("[+ +] offered: ") and "never ran" not in t for t in seen), seen
    _clean(seen, allowed=r"<=80|81-200|>200")


def test_refusal_tags_are_fixed_words(tool: Any) -> None:
    question = "what is zorblat revenue in 2019 over frobnic profit in 2019?"

    def item(last: str) -> Item:
        return Item(
            corpus="convfinqa",
            id="made-up",
            question=question,
            answer=f"{question} {last}",
            sources=[json.dumps(_GRID)],
            tables=[_GRID],
            meta={"program": "ans = 2400 / 310"},
        )

    seen = refusal_tags([item("The answer is 7.75.")], tool)
    assert seen["program /"] == 1, seen  # refused as written, its 6-digit twin passes
    _clean(seen)
    assert not refusal_tags([item("The answer is 7.74.")], tool)  # passes as written
    # no "The answer is" to rewrite: not counted (it cut the answer's last letter and was)
    assert not refusal_tags([item("It was 7.75.")], tool)


def test_unit_tags_are_fixed_words(tool: Any) -> None:
    grid = [
        ["", "2019", "", "2018", ""],
        ["", "", "% of total", "", "% of total"],
        ["Société zorblat revenue", "2,400", "61", "2,150", "60"],
        ["frobnic Q4 profit", "310", "8", "280", "7"],
        ["quuxco Zürich net_sales (in thousands)", "1,230", "31", "1,170", "33"],
    ]
    question = "what was the change in Société zorblat revenue from 2018 to 2019?"
    answer = "The change was 250 million."
    item = Item(
        corpus="tatqa",
        id="made-up",
        question=question,
        answer=answer,
        sources=[json.dumps(grid), "wibbleco sales were 3.9 million in 2019 ."],
        tables=[grid],
    )
    rec: dict[str, Any] = {"type": "false_alarm", "id": item.id, "sentence": answer}
    rec["claims"] = [{"status": "unit_unstated"}]
    seen = unit_tags40.count([rec], {item.id: item}, tool)
    assert seen["claims"] == 1, seen  # the claim is unit_unstated: its tags were made
    assert any(t.startswith("unit cell shape: ") for t in seen), seen  # a row label is shown
    assert any(t.startswith("header row 0: ") and "Y" in t for t in seen), seen  # years as "Y"
    _clean(seen)
