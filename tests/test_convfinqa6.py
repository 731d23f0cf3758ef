"""A question of several turns (issue 14, convfinqa6), end to end through :func:`crossfoot.check`.

The last question sentence is the ask: its years, operation and rows decide what the final figure
must answer; the earlier turns are context, naming the rows (and, for an ask that computes with a
year's figure, the years) the ask leaves open. Each class has a passing sentence and its failing
twin (``tests/vectors/convfinqa6.json``, fictional data).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.asked import ask_part, read_question

VECTORS = json.loads((Path(__file__).parent / "vectors" / "convfinqa6.json").read_text())
CASES = VECTORS["cases"]


def _outcome(status: str, expected: str) -> str:
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


def _param(case: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
    return pytest.param(case, id=f"{case['class']}: {case['name']}", marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_vector(case: dict[str, Any]) -> None:
    report = crossfoot.check(case["answer"], case["sources"], question=case.get("question"))
    got = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        assert _outcome(got[text], expected) == expected, (
            f"{text!r}: expected {expected}, got {got[text]}\n{report.explain()}"
        )


def test_every_class_has_both_twins() -> None:
    by_class: dict[str, set[str]] = {}
    for case in CASES:
        for expected in case["claims"].values():
            by_class.setdefault(case["class"], set()).add("pass" if expected == "pass" else "fail")
    assert by_class and all(kinds == {"pass", "fail"} for kinds in by_class.values()), by_class


@pytest.mark.parametrize("case", VECTORS["asks"], ids=[a["question"] for a in VECTORS["asks"]])
def test_ask_part(case: dict[str, str]) -> None:
    assert ask_part(case["question"]) == case["ask"]


_TURN = st.sampled_from(
    [
        "what was the revenue in 2017?",
        "and what was it in 2016?",
        "what was, then, the change over the year?",
        "what is that as a percentage of the 2016 value?",
        "what was the average of those amounts?",
    ]
)


@given(st.lists(_TURN, min_size=1, max_size=5), _TURN)
def test_the_last_turn_is_the_ask(earlier: list[str], last: str) -> None:
    """Whatever came before, the ask's operation and whether it is computed are the last turn's;
    its years are its own, with the earlier ones added only for a computing ask."""
    alone = read_question(last)
    joined = read_question(" ".join([*earlier, last]))
    assert joined.text == last
    assert (joined.op, joined.computed, joined.plain) == (alone.op, alone.computed, alone.plain)
    assert alone.years <= joined.years
    if not alone.years or (alone.op is None and not alone.computed):
        assert joined.years == alone.years


def test_an_ask_naming_no_year_points_back_to_earlier_turns() -> None:
    """ "The average per year" after turns naming 2007, 2003 and 2001 is over those turns' years,
    not every year of a row: the ask's years stay open and it points back (rules.alignment)."""
    q = "what was the liability in 2007? and in 2003? and in 2001? what is the average per year?"
    ask = read_question(q)
    assert (ask.text, ask.years, ask.op, ask.points_back) == (
        "what is the average per year?",
        frozenset(),
        "average",
        True,
    )
    assert read_question("what is the average per year?").points_back is False
    # a computing ask naming a year keeps the years the earlier turns asked
    both = read_question("what was the change from 2017 to 2018? what is it over the 2017 value?")
    assert both.years == frozenset({2017, 2018}) and both.computed
