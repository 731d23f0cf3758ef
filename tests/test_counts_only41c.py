"""``conv_offq41c`` (conv41c, printed by ``cause_counts.py``) prints the rules' own words and
counts, never an item's text or numbers: fed an item of made-up words and figures whose final
figure is off the question, no tag holds one of them, nor a digit."""

from __future__ import annotations

import json

from conv_offq41c import message_template, offq_tags
from corpora.common import Item
from made_up_item import GRID as _GRID
from made_up_item import PROSE as _PROSE
from made_up_item import assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options


def test_offq_tags_are_fixed_words() -> None:
    turns = ["what was zorblat revenue in 2019?", "what was the zorblat revenue in 2018?"]
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=turns[-1],
        answer=f"{turns[-1]} The answer is 2,400.",
        sources=[json.dumps(_GRID), _PROSE],
        tables=[_GRID],
        meta={"program": "", "turns": turns},
    )
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    seen = offq_tags(item, tool)
    assert any(t.startswith("test: the question asks") for t in seen), seen
    assert_fixed_words(seen, run=1)


def test_a_word_no_rule_writes_is_dropped() -> None:
    assert message_template("the question names 'zorblat'; quuxco") == "the question names ...; ?"
    assert "wibbleco" not in message_template("the question asks for a wibbleco; this figure")


def test_a_label_word_a_rule_also_writes_is_not_printed() -> None:
    # (read41c: the view printed every message word some literal of the rules holds, and those
    # 2,288 words hold most labels: "revenue", "operating", "expenses", "regions")
    shown = message_template(
        "the question asks for a share of total operating revenue; this figure divides by "
        "net cash expenses"
    )
    assert shown == "the question asks for a share of ...; this figure divides by ...", shown
    shown = message_template("the question asks about all regions; this figure comes from x")
    assert "regions" not in shown, shown
