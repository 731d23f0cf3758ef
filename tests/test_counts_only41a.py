"""The counts-only view of round 41's conv41a (``conv_average41a``, printed by
``cause_counts.py``) prints fixed words and counts, never an item's text or numbers: it is fed an
item of made-up words and figures (tests/made_up_item.py); no tag may hold one of them, nor a run
of two digits. The test also asserts the branches it means to watch were reached (the operands'
places, the product words, the engine's verdict)."""

from __future__ import annotations

import json
from typing import Any

from conv_average41a import count_average_tags
from corpora.common import Item
from made_up_item import GRID, assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options

_FIGURES = ("2,400", "2400", "310", "560", "12.75", "7,140", "7140")


def test_average_tags_are_fixed_words() -> None:
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    prose = "quuxco bought 560 wibbleco units . the average price paid was $ 12.75 per unit ."
    question = "at that average price, what was the total cost of the wibbleco units?"
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=f"{question} The answer is 7,140.",
        sources=[json.dumps(GRID), prose],
        tables=[GRID],
        meta={"program": "ans = 560 * 12.75"},
    )
    rec: dict[str, Any] = {"type": "false_alarm", "id": item.id}
    seen = count_average_tags([rec], {item.id: item}, tool)
    assert "[* | asks average] last step: text digits * text digits" in seen, seen
    assert any("product: turn ops" in t and "worded True" in t for t in seen), seen
    assert any(t.endswith("engine: derived derive/product") for t in seen), seen
    assert_fixed_words(seen, _FIGURES)
