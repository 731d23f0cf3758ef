"""The counts-only view of round 42's conv42a (``conv_exact42a``, printed by ``cause_counts.py``)
prints fixed words and counts, never an item's text or numbers: it is fed an item of made-up
words and figures (tests/made_up_item.py); no tag may hold one of them, nor a run of two digits.
The test also asserts the branches it means to watch were reached (the figure written exact,
exact_short's padded search and its verdict)."""

from __future__ import annotations

import json
from typing import Any

from conv_exact42a import count_exact_tags
from corpora.common import Item
from made_up_item import GRID, PROSE, assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options

_FIGURES = ("2,400", "2400", "280", "560", "520", "310")


def test_exact_tags_are_fixed_words() -> None:
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    question = "what is that times 100?"
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=f"{question} The answer is 50.",
        sources=[json.dumps(GRID), PROSE],
        tables=[GRID],
        meta={"program": "x0 = 280 / 560; ans = x0 * 100"},
    )
    rec: dict[str, Any] = {"type": "false_alarm", "id": item.id}
    seen = count_exact_tags([rec], {item.id: item}, tool)
    assert any(t.startswith("written exact, 1 digits: ") for t in seen), seen
    assert any(t.startswith("[1 digits] path: ") and "padded" in t for t in seen), seen
    assert_fixed_words(seen, _FIGURES)
