"""The counts-only views of round 39 print fixed words and counts, never an item's text or
numbers (read39c): ``turns_tags39`` (turns39), ``conv_steps39b`` (conv39b) and
``flags39_counts`` (flags39), the first two printed by ``cause_counts.py``.

Each view is fed an item of made-up words ("zorblat", "quuxco") and figures; no tag may hold one
of them, nor a digit other than a small count.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from types import SimpleNamespace

from conv_steps39b import step_tags
from corpora.common import Item
from crossfoot import Checker
from crossfoot.model.types import SourceValue
from flags39_counts import miss_tags, tags
from made_up_item import GRID as _GRID
from made_up_item import PROSE as _PROSE
from made_up_item import WORDS as _WORDS
from ragbench import make_tools
from run_all import crossfoot_options
from turns_tags39 import _tags


def _clean(seen: list[str]) -> None:
    """No word of the item, and no digit but a lone small count ("question years: 2", "1/2")."""
    assert seen
    for tag in seen:
        low = tag.lower()
        assert not any(w in low for w in _WORDS), tag
        bare = re.sub(r"10-1000x|1000x\+|10x", "", tag)  # turns_tags39's size bands
        assert not re.search(r"\d", re.sub(r"(?<![\d.,])\d(?:/\d)?(?![\d]|[.,]\d)", "", bare)), tag


def test_turns_tags_are_fixed_words() -> None:
    question = "in 2019, what were quuxco sales? what is that as a portion of frobnic profit?"
    sources = [json.dumps(_GRID), _PROSE]
    answer = "what is that as a portion of frobnic profit? The answer is 1.8065."
    checker = Checker(sources)
    report = checker.check(answer, question=question)
    (hit,) = [c for c in report.claims if c.text == "1.8065"]
    assert hit.evidence is not None and len(hit.evidence.operands) == 2  # a derivation: tagged
    item = SimpleNamespace(question=question, meta={"turns": question.split("? ")})
    texts = {s.id: s.text for s in checker.sources.sources}
    _clean(_tags(item, hit, texts))


def test_conv_steps_tags_are_fixed_words() -> None:
    """Both steps' branches: a text figure and a cell (the mixed rule's pairs are watched)."""
    question = "what were quuxco sales in 2019? what is that over frobnic profit?"
    answer = "what is that over frobnic profit? The answer is 1.8065."
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=answer,
        sources=[json.dumps(_GRID), _PROSE],
        meta={"program": "ans = 560 / 310"},
    )
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    seen = step_tags(item, "1.8065", tool)
    assert any(t.startswith("[/] a text figure and a cell | bound:") for t in seen), seen
    _clean(seen)
    item.meta["program"] = "x0 = 560 - 520; ans = x0 / 520"
    seen = step_tags(item, "0.0769", tool)
    assert any("pair: two text figures" in t for t in seen), seen
    _clean(seen)


def _value(row: str, column: str) -> SourceValue:
    return SourceValue(
        Decimal(2400), "T1", "money", row=row, column=column, year=2019, table=0, row_index=1
    )


def test_flags39_tags_are_fixed_words() -> None:
    rows = [["Average zorblat staff", "2019", "2018"], ["quuxco plant", "2,400", "2,150"]]
    item = SimpleNamespace(
        question="What was the average zorblat staff of quuxco plant in 2019?",
        sources=[json.dumps(rows), "The average number of wibbleco persons was 2,400."],
    )
    claim = SimpleNamespace(
        evidence=SimpleNamespace(operands=(_value("quuxco plant", "2019"),)),
        sentence=SimpleNamespace(text="The average zorblat staff was 2,400."),
    )
    _clean(tags(item, claim, None))


def test_flags39_miss_tags_are_fixed_words() -> None:
    """A gold scale is an item's label: printed only as one of the corpus's own words."""
    item = SimpleNamespace(
        question="What was the change in zorblat revenue from 2018 to 2019?",
        meta={"derivation": "2,400 - 2,150", "scale": "zorblat millions"},
    )
    ops = (_value("zorblat revenue", "2019"), _value("zorblat revenue", "2018"))
    last = SimpleNamespace(
        status="supported",
        evidence=SimpleNamespace(rule="steps", kind="difference", operands=ops),
        mention=SimpleNamespace(kind="money", value=Decimal(-250)),
    )
    seen = miss_tags(item, SimpleNamespace(claims=[last]))
    assert seen and seen[0].startswith("path steps/difference")
    _clean(seen)
    item.meta["scale"] = "million"
    assert "gold divides: False; gold scale million" in miss_tags(
        item, SimpleNamespace(claims=[last])
    )
