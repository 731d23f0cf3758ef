"""The sign and the rounding of a computed final figure (rules.answer_sign, rules.answer_round;
issue 15). Cases of each class are vectors (tests/vectors/sign16.json); here one property over
random operands: the answer's own written percentage change, rounded to nearest, passes; cut
short where rounding differs, or taken the wrong way round, it is ``off_question``."""

from __future__ import annotations

import json
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

QUESTION = "What was the percentage change in sales from 2018 to 2019?"


def _check(a: int, b: int, calc: str) -> crossfoot.Report:
    table = json.dumps([["", "2019", "2018"], ["Sales", f"{b:,}", f"{a:,}"]])
    answer = (
        f"Explanation: Sales were ${a:,} in 2018 and ${b:,} in 2019. "
        f"The percentage change is {calc}.\nAnswer: {calc.split(' = ')[-1]}"
    )
    return crossfoot.check(answer, [table], question=QUESTION)


@settings(max_examples=12, deadline=None)
@given(
    a=st.integers(min_value=1_000, max_value=90_000),
    b=st.integers(min_value=1_000, max_value=90_000),
)
def test_nearest_passes_cut_short_and_reversed_fail(a: int, b: int) -> None:
    exact = (Decimal(b) - a) / a * 100
    one = Decimal("0.1")
    nearest, cut = exact.quantize(one, ROUND_HALF_UP), exact.quantize(one, ROUND_DOWN)
    if abs(exact) < 1 or abs(exact) - abs(cut) == Decimal("0.05"):
        return  # (a change under 1%, or an exact half: rules.alignment_halves)
    fine = _check(a, b, f"({b:,} - {a:,}) / {a:,} = {nearest}%")
    assert fine.passed, fine.explain()
    short = _check(a, b, f"({b:,} - {a:,}) / {a:,} = {cut}%")
    assert short.passed == (cut == nearest), short.explain()
    if cut != nearest:
        assert short.claims[-1].status == "off_question", short.explain()
    backwards = _check(a, b, f"({a:,} - {b:,}) / {a:,} = {-nearest}%")
    assert backwards.claims[-1].status == "off_question", backwards.explain()
