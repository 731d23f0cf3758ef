"""The counts-only view of round 42's conv42b (``conv_joint42b``: one joint tag a convfinqa false
alarm, and ``--causes``) prints fixed words and counts, never an item's text or numbers: it is
fed items of made-up words and figures (tests/made_up_item.py); no tag may hold one of them, nor
a run of two digits (but the fixed odds bins "3-10" and ">10"). The test also asserts the
branches it means to watch were reached (the steps, the signed result, the unbound rule's tests,
two_operand's verdict)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conv_joint42b import cause_tag, joint_tag
from corpora.common import Item
from made_up_item import GRID, PROSE, assert_fixed_words
from ragbench import make_tools
from run_all import crossfoot_options

_FIGURES = ("2,400", "2400", "2,150", "2150", "280", "310", "560", "520", "0.99", "1.80645")
_BINS = r"odds/budget (3-10|>10)"  # the view's own fixed bins


@pytest.mark.parametrize(
    ("program", "figure", "reached"),
    [
        ("x0 = 560 - 280; ans = x0 / 280", "0.99", "unbound: a change meets the window: "),
        ("ans = 560 - 280", "280", "signed result meets (years: "),
        ("ans = 560 / 310", "1.80645", "verdict: two_operand returns "),
    ],
)
def test_joint_tags_are_fixed_words(program: str, figure: str, reached: str) -> None:
    (tool,) = make_tools(["crossfoot"], crossfoot_options([]))
    question = "what was the change over that?"
    item = Item(
        corpus="convfinqa",
        id="made-up",
        question=question,
        answer=f"{question} The answer is {figure}.",
        sources=[json.dumps(GRID), PROSE],
        tables=[GRID],
        meta={"program": program},
    )
    tag = joint_tag(item, tool)
    assert tag is not None and "read: both of the two operands" in tag and reached in tag, tag
    rec: dict[str, Any] = {"type": "false_alarm", "id": item.id, "claims": [{"text": figure}]}
    cause = cause_tag(rec, item, tool)
    assert " ; program: " in cause, cause
    assert_fixed_words([tag, cause], _FIGURES, allowed=_BINS)
