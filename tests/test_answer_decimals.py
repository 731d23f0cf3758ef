"""The ``answer_decimals`` option (rules.answer_decimals, issue 15): a computed final answer stated
finely enough. Cases of each class are vectors (tests/vectors/claims_precision.json); here the
option's validation and a property over random operands."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.model.errors import OptionError

QUESTION = "What was the percentage change in sales from 2018 to 2019?"


def _table(a: int, b: int) -> str:
    return json.dumps([["", "2019", "2018"], ["Sales", f"{b:,}", f"{a:,}"]])


def _answer(a: int, b: int, figure: str) -> str:
    return (
        f"Explanation: Sales were ${a:,} in 2018 and ${b:,} in 2019. "
        f"The percentage change is {figure}.\nAnswer: {figure}"
    )


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_a_bad_value_is_an_option_error(bad: object) -> None:
    with pytest.raises(OptionError, match="answer_decimals"):
        crossfoot.check("Answer: 5", ["5"], answer_decimals=bad)


def test_none_is_the_default() -> None:
    assert crossfoot.Checker(["5"]).options.answer_decimals is None


@settings(max_examples=40, deadline=None)
@given(
    a=st.integers(min_value=1_000, max_value=90_000),
    b=st.integers(min_value=1_000, max_value=90_000),
)
def test_two_decimals_pass_and_one_fails_unless_exact(a: int, b: int) -> None:
    change = (Decimal(b) - a) / a * 100
    two = change.quantize(Decimal("0.01"), ROUND_HALF_UP)
    one = change.quantize(Decimal("0.1"), ROUND_HALF_UP)
    fine = crossfoot.check(
        _answer(a, b, f"{two}%"), [_table(a, b)], question=QUESTION, answer_decimals=2
    )
    assert fine.passed, fine.explain()
    coarse = crossfoot.check(
        _answer(a, b, f"{one}%"), [_table(a, b)], question=QUESTION, answer_decimals=2
    )
    if one == two:  # the value at two decimals ends in 0: one decimal states it exactly
        assert coarse.passed, coarse.explain()
    else:
        assert [c.status for c in coarse.claims][-1] == "off_question", coarse.explain()
    # Without the option the rounding is the writer's choice.
    free = crossfoot.check(_answer(a, b, f"{one}%"), [_table(a, b)], question=QUESTION)
    assert free.claims[-1].passed, free.explain()


def test_the_cli_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from crossfoot.cli import main

    out = tmp_path / "a.txt"
    out.write_text(_answer(2358, 2952, "25.2%"), encoding="utf-8")
    src = tmp_path / "s.json"
    src.write_text(json.dumps([_table(2358, 2952)]), encoding="utf-8")
    args = ["check", "--output", str(out), "--sources", str(src), "--question", QUESTION]
    assert main(args) == 0
    assert main([*args, "--answer-decimals", "2"]) == 1
    assert "answer_decimals=2" in capsys.readouterr().out
    assert main([*args, "--answer-decimals", "-1"]) == 2
    assert "--answer-decimals" in capsys.readouterr().err
