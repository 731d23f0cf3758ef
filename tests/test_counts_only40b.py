"""``conv_steps40b`` (conv40b, printed by ``cause_counts.py``) prints fixed words and counts,
never an item's text or numbers: fed an item of made-up words and figures, no tag holds one of
them, nor a digit."""

from __future__ import annotations

import json

from conv_steps40b import search_tags
from corpora.common import Item
from made_up_item import GRID as _GRID
from made_up_item import PROSE as _PROSE
from made_up_item import assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options


def _tags(program: str, question: str, figure: str) -> list[str]:
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=f"{question} The answer is {figure}.",
        sources=[json.dumps(_GRID), _PROSE],
        meta={"program": program},
    )
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    return search_tags(item, figure, tool)


def test_search_tags_are_fixed_words() -> None:
    seen = _tags("x0 = 560 - 520; ans = x0 / 520", "what is that over the 2018 sales?", "0.0769")
    seen += _tags("ans = 2400 / 280", "what is that over the frobnic profit?", "8.5714")
    assert any("two text figures of one source | verdict:" in t for t in seen), seen
    assert any("| pair: refused by" in t for t in seen), seen  # a pair no test admits
    assert_fixed_words(seen, run=1)


def test_earlier_tags_are_fixed_words() -> None:
    from conv_steps40b import earlier_tags

    turns = ["what was zorblat revenue in 2019?", "and in 2018?", "what is the change over it?"]
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=turns[-1],
        answer=f"{turns[-1]} The answer is 0.1163.",
        sources=[json.dumps(_GRID), _PROSE],
        tables=[_GRID],
        meta={"program": "x0 = 2400 - 2150; ans = x0 / 2150", "turns": turns},
    )
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    seen = earlier_tags(item, tool)
    assert "[rows named: earlier] the last turn names nothing" in seen, seen
    assert_fixed_words(seen, run=1)
