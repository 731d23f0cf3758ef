"""The round-25 conversation generator (``benchmarks/conv_layouts25.py``) feeds its conversations
as the benchmark feeds ConvFinQA's, and the text-beside-a-cell reading it found missing holds on
its ``mixed`` layout: the right figure passes and the same figure 10-30 % off fails, with the
last turn alone as the question (the headline line)."""

from __future__ import annotations

import json
import random

import pytest

import crossfoot
from conv_layouts25 import KINDS, LAYOUTS, generate, item, wrong_figure


def test_a_seed_writes_the_same_conversation() -> None:
    one = generate(random.Random("s/options/share"), "options", "share")
    two = generate(random.Random("s/options/share"), "options", "share")
    assert one[0].grid == two[0].grid and one[1].turns == two[1].turns
    assert set(LAYOUTS) >= {"mixed", "rollforward", "quarters"} and "change_frac" in KINDS


def test_an_item_is_fed_as_the_benchmark_feeds_convfinqa() -> None:
    t, conv = generate(random.Random(3), "years_cols", "change_frac")
    it = item(t, conv, conv.figure(t), "final", "bare")
    assert it.question == conv.turns[-1] and it.sources[0] == json.dumps(t.grid)
    assert it.answer.startswith(conv.turns[-1] + " The answer is ")
    turns = item(t, conv, conv.figure(t), "turns", "bare").question
    assert turns.count("?") == len(conv.turns)


@pytest.mark.parametrize("kind", ["difference", "change_frac", "average"])
def test_a_text_figure_beside_its_line_right_passes_wrong_fails(kind: str) -> None:
    rng = random.Random(f"25/mixed/{kind}")
    passed = caught = 0
    for _ in range(4):
        t, conv = generate(rng, "mixed", kind)
        for figure in (conv.figure(t), wrong_figure(rng, t, conv)):
            it = item(t, conv, figure, "final", "bare")
            ok = crossfoot.check(it.answer, it.sources, question=it.question).passed
            passed += ok and figure == conv.figure(t)
            caught += not ok and figure != conv.figure(t)
    assert passed >= 3 and caught == 4
