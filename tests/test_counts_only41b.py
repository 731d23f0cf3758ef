"""``conv_steps41b`` (conv41b, printed by ``cause_counts.py``) prints fixed words and counts,
never an item's text or numbers: fed an item of made-up words and figures, no tag holds one of
them, nor a digit."""

from __future__ import annotations

import json

from conv_steps41b import coarse_tags, mixed_tags
from corpora.common import Item
from made_up_item import GRID as _GRID
from made_up_item import PROSE as _PROSE
from made_up_item import assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options


def _item(program: str, question: str, figure: str) -> Item:
    return Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=f"{question} The answer is {figure}.",
        sources=[json.dumps(_GRID), _PROSE],
        meta={"program": program},
    )


def test_mixed_and_coarse_tags_are_fixed_words() -> None:
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    cases = [
        # a text figure and a cell, a coarse figure and a fine one
        ("x0 = 560 - 310; ans = x0 / 310", "what is that over the frobnic profit?", "0.8"),
        ("ans = 2400 - 560", "what is the zorblat revenue less the quuxco sales?", "1840"),
        # two text figures of one source, coarse
        ("x0 = 560 - 520; ans = x0 / 520", "what is that over the 2018 sales?", "0.08"),
        ("x0 = 560 - 520; ans = x0 / 520", "and the 2018 sales?", "0.08"),
    ]
    seen: list[str] = []
    for program, question, figure in cases:
        item = _item(program, question, figure)
        seen += mixed_tags(item, figure, tool) + coarse_tags(item, figure, tool)
    # (the deepest branches, where a count or a result's name is printed, are reached)
    assert any(" mixed | chance: " in t for t in seen), seen
    assert any(" coarse text pair | named groups: " in t for t in seen), seen
    assert any("exact_quotient never searched" in t for t in seen), seen
    assert_fixed_words(seen, run=1)
