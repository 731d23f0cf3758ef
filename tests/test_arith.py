"""Written calculations: the safe parser, recomputation, constants and the arithmetic rule.

Expected results are data in ``tests/vectors/language.json`` ("calculations")."""

from __future__ import annotations

import json
from decimal import Decimal, localcontext
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.arithmetic.calculations import (
    MAX_CHARS,
    agrees,
    constant_mentions,
    find_calculations,
)
from crossfoot.numbers.extract import extract

VECTORS = json.loads((Path(__file__).parent / "vectors" / "language.json").read_text("utf-8"))


def _result_index(text: str, result: str) -> int:
    mentions = extract(text)
    for i, m in enumerate(mentions):
        if m.text.strip() == result:
            return i
    raise AssertionError(f"{result!r} not among {[m.text for m in mentions]}")


@pytest.mark.parametrize("case", VECTORS["calculations"], ids=lambda c: str(c["text"]))
def test_calculation_vectors(case: dict[str, object]) -> None:
    text = str(case["text"])
    mentions = extract(text)
    index = _result_index(text, str(case["result"]))
    calcs = [c for c in find_calculations(text, mentions) if c.result == index]
    if case["correct"] is None:
        assert calcs == []
        return
    assert calcs, f"no calculation read in {text!r}"
    assert calcs[0].correct is case["correct"]
    if "value" in case:
        assert calcs[0].value == Decimal(str(case["value"]))


def test_constants_need_no_grounding() -> None:
    text = "(7167.1 − 6383.0) / 6383.0 × 100 = 12.28%, and (76 + 73 + 52) / 3 = 67"
    mentions = extract(text)
    consts = {mentions[i].text for i in constant_mentions(text, mentions)}
    assert consts == {"100", "3"}


def test_prose_constants() -> None:
    text = "Divide the gap by 2, then multiply by 100 to get 12%."
    mentions = extract(text)
    consts = {mentions[i].text for i in constant_mentions(text, mentions)}
    assert consts == {"2", "100"}


def test_agrees_accepts_rounding_and_truncation_only() -> None:
    assert agrees(Decimal("12.28"), Decimal("12.2842"), Decimal("0.005"))
    assert agrees(Decimal("27.73"), Decimal("27.739"), Decimal("0.005"))  # truncated
    assert not agrees(Decimal("27.75"), Decimal("27.739"), Decimal("0.005"))
    assert not agrees(Decimal("918.2"), Decimal("919.6"), Decimal("0.05"))


def test_long_expressions_are_not_read() -> None:
    body = " + ".join(["1"] * (MAX_CHARS // 3))
    text = f"{body} = 5"
    assert find_calculations(text, extract(text)) == []


def test_deep_nesting_is_not_read() -> None:
    text = "(" * 40 + "5 + 6" + ")" * 40 + " = 11"
    assert find_calculations(text, extract(text)) == []


# --- end to end through check() ---------------------------------------------------------------

SOURCES = [
    {"id": "R1", "text": "Revenue was $7630.0m in 2024 and $6710.4m in 2023."},
    {"id": "R2", "text": "Scores were 76, 73 and 52. EPS was $1.11 in 2024 and $1.08 in 2023."},
]


def _statuses(answer: str) -> dict[str, str]:
    return {c.text.strip(): c.status for c in check(answer, SOURCES).claims}


def test_wrong_written_result_is_an_arithmetic_error() -> None:
    report = check("$7630.0m − $6710.4m = $918.2m [R1].", SOURCES)
    claim = report.claims[-1]
    assert claim.status == "arithmetic_error"
    assert claim.evidence is not None
    assert claim.evidence.formula == "$7630.0m − $6710.4m = $919.6m, not $918.2m"


def test_right_result_over_grounded_operands_is_derived() -> None:
    report = check("$7630.0m − $6710.4m = $919.6m [R1].", SOURCES)
    claim = report.claims[-1]
    assert claim.status == "derived"
    assert claim.evidence is not None and claim.evidence.rule == "arithmetic"
    assert len(claim.evidence.operands) == 2


def test_seed_average_and_restatement() -> None:
    statuses = [
        c.status for c in check("(76 + 73 + 52) / 3 = 67. The average is 67.", SOURCES).claims
    ]
    assert statuses == ["supported_exact"] * 3 + ["derived", "derived"]


def test_seed_eps_difference() -> None:
    assert _statuses("EPS rose from $1.08 to $1.11. $1.11 − $1.08 = $0.03.")["$0.03"] == "derived"


def test_seed_parenthetical_decrease_is_caught() -> None:
    statuses = _statuses("A decrease of $6 million ($5829m − $5735m).")
    assert statuses["$6 million"] == "arithmetic_error"


def test_right_result_over_ungrounded_operands_falls_through() -> None:
    # 100 + 23 = 123 adds up, but neither operand is in a source: nothing proves 123.
    assert _statuses("100.5 + 22.5 = 123")["123"] == "unsupported"


# --- properties -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from("0123456789 .,+-−×*/÷=≈()[]{}$%^x\\fractimesleft"), max_size=120
    )
)
def test_parser_never_raises(text: str) -> None:
    mentions = extract(text)
    for calc in find_calculations(text, mentions):
        assert 0 <= calc.result < len(mentions)
    constant_mentions(text, mentions)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_parser_never_raises_on_any_text(text: str) -> None:
    mentions = extract(text)
    find_calculations(text, mentions)
    constant_mentions(text, mentions)


_NUMBERS = st.integers(min_value=10, max_value=999)


@st.composite
def _expressions(draw: st.DrawFn, depth: int = 0) -> tuple[str, Decimal]:
    if depth >= 3 or draw(st.booleans()):
        n = draw(_NUMBERS)
        return str(n), Decimal(n)
    left_text, left = draw(_expressions(depth + 1))
    right_text, right = draw(_expressions(depth + 1))
    op = draw(st.sampled_from("+-×/"))
    if op == "/" and right == 0:
        op = "+"
    with localcontext() as ctx:
        ctx.prec = 28
        value = {"+": left + right, "-": left - right, "×": left * right}.get(op)
        if value is None:
            value = left / right
    return f"({left_text} {op} {right_text})", value


@settings(max_examples=100, deadline=None)
@given(_expressions())
def test_well_formed_expressions_evaluate_like_decimal_arithmetic(
    expr: tuple[str, Decimal],
) -> None:
    body, expected = expr
    text = f"{body} = 1"
    calcs = find_calculations(text, extract(text))
    if not body.startswith("("):  # a bare number is no calculation
        assert calcs == []
        return
    assert len(calcs) == 1
    calc = calcs[0]
    if calc.correct:  # the expression happens to round to the stated 1
        assert abs(expected) < 2
    else:
        assert calc.value == expected


def test_repeating_a_wrong_result_is_still_wrong() -> None:
    sources = [{"id": "R1", "text": "Films: 49, 3, 0."}]
    claims = check("The mean is (49+3+0)/3=16.3. Answer: 16.3", sources).claims
    assert [c.status for c in claims[-2:]] == ["arithmetic_error", "arithmetic_error"]
    assert claims[-1].evidence is not None and claims[-1].evidence.note == "repeated"
