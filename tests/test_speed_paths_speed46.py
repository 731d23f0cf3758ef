"""The two-operand gate over large groups (round 34, issue 19, speed46) against the rule it skips.

``rules._pairs_gate.large_reach`` is ``two_operand``'s reach when a group of the scope holds more
values than ``rules._derive_reach`` lists: it says EMPTY (the engine skips the rule) only when no
two values of one operand class of a group give a result near the claim's size by a formula of
the claim's kind, by the rule's own float prefilter. Answers stating figures near every pair
result the rule derives (changes, shares, differences, sums, means, ratios; either sign; rounded
at the window's edges), over tables of 9 to 16 values in three layouts and over prose pools, with
questions, give the same report with the gate as without it; the gate skips the rule on some.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.model.context import ClaimContext
from crossfoot.rules import REACHES
from crossfoot.rules._reach import EMPTY, Reach
from crossfoot.rules.derive import two_operand
from strategies import two_year_table

_Case = tuple[str, list[str], str | None]


@contextmanager
def _skips() -> Iterator[list[str]]:
    """The claims the gate skips ``two_operand`` for (its own verdict: EMPTY)."""
    skipped: list[str] = []
    real = REACHES[two_operand]

    def spy(ctx: ClaimContext) -> Reach | None:
        got = real(ctx)
        if got is EMPTY:
            skipped.append(ctx.mention.text)
        return got

    with patch.dict(REACHES, {two_operand: spy}):
        yield skipped


def _both(case: _Case) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    answer, sources, question = case
    with _skips() as skipped:
        gated = check(answer, sources, question=question).to_dict()
    with patch.dict(REACHES):
        del REACHES[two_operand]
        plain = check(answer, sources, question=question).to_dict()
    return gated, plain, skipped


def _near(draw: st.DrawFn, a: int, b: int) -> str:
    """A figure two values give by a formula of the rule, written near its window's edges."""
    op = draw(st.sampled_from(["change", "share", "diff", "sum", "mean", "ratio", "pp", "other"]))
    if op == "change" and a:
        v, pct = (b - a) / abs(a) * 100, True
    elif op == "share" and b and (a > 0) == (b > 0):
        v, pct = a / b * 100, True
    elif op == "diff":
        v, pct = float(b - a), False
    elif op == "sum":
        v, pct = float(a + b), False
    elif op == "mean":
        v, pct = (a + b) / 2, False
    elif op == "ratio" and b:
        v, pct = a / b, False
    elif op == "pp":
        v, pct = (b - a) / 10, True  # (the percent rows below are tenths)
    else:
        v, pct = float(draw(st.integers(-5000, 5000))), draw(st.booleans())
    v += draw(st.sampled_from([0, 0, 0.004, 0.005, 0.006, -0.005, 0.05, -0.05, 0.5]))
    digits = draw(st.sampled_from([0, 1, 2]))
    text = f"{v:,.{digits}f}"
    return f"{text}%" if pct else draw(st.sampled_from([text, f"${text} million"]))


_ROWS = ("Revenue", "Cost of sales", "Gross profit", "Other income", "Net income", "Margin %")
_WORDS = ("was", "rose by", "fell by", "changed by", "totalled", "averaged", "is", "of")


@st.composite
def table_cases(draw: st.DrawFn) -> _Case:
    n = draw(st.integers(5, 8))  # two years: 10 to 16 values, one group
    names = _ROWS[: min(n, len(_ROWS))] + tuple(f"Line {i}" for i in range(n - len(_ROWS)))
    number = st.one_of(st.integers(-400, 9000), st.sampled_from([0, 100, 250, 1000, -1000]))
    rows = {k: (Decimal(draw(number)), Decimal(draw(number))) for k in names}
    layout = draw(st.sampled_from(["markdown", "pipes", "tabs"]))
    cells = [int(v) for pair in rows.values() for v in pair]
    sentences = []
    for _ in range(draw(st.integers(1, 4))):
        a, b = draw(st.sampled_from(cells)), draw(st.sampled_from(cells))
        row = draw(st.sampled_from(names))
        word = draw(st.sampled_from(_WORDS))
        sentences.append(f"{row} {word} {_near(draw, a, b)} in 2019.")
    question = draw(
        st.sampled_from(
            [
                None,
                "What was the change in {row} from 2018 to 2019?",
                "What was the percentage change in {row} between 2018 and 2019?",
                "What was the average {row} in 2018 and 2019?",
                "What was {row} as a share of Revenue in 2019?",
            ]
        )
    )
    asked = question.format(row=draw(st.sampled_from(names))) if question else None
    return " ".join(sentences), [two_year_table(rows, layout)], asked


@st.composite
def prose_cases(draw: st.DrawFn) -> _Case:
    n = draw(st.integers(9, 14))
    values = [draw(st.integers(-300, 8000)) for _ in range(n)]
    passage = " ".join(f"In {2008 + i} sales were ${v:,} million." for i, v in enumerate(values))
    sentences = []
    for _ in range(draw(st.integers(1, 4))):
        a, b = draw(st.sampled_from(values)), draw(st.sampled_from(values))
        word = draw(st.sampled_from(_WORDS))
        sentences.append(f"Sales {word} {_near(draw, a, b)} [1].")
    return " ".join(sentences), [passage], None


_SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(table_cases())
def test_gated_check_over_a_large_table_is_the_plain_check(case: _Case) -> None:
    gated, plain, _ = _both(case)
    assert gated == plain, case


@_SETTINGS
@given(prose_cases())
def test_gated_check_over_a_large_prose_pool_is_the_plain_check(case: _Case) -> None:
    gated, plain, _ = _both(case)
    assert gated == plain, case


_TABLE = two_year_table(
    {
        "Revenue": (Decimal(5230), Decimal(4870)),
        "Cost of sales": (Decimal(3110), Decimal(2990)),
        "Gross profit": (Decimal(2120), Decimal(1880)),
        "Selling expenses": (Decimal(640), Decimal(610)),
        "Net income": (Decimal(910), Decimal(820)),
    },
    "markdown",
)


def test_the_gate_skips_a_figure_no_pair_gives_and_runs_the_rule_for_one_that_does() -> None:
    # (else the properties above compare a path with itself); 7.39% is revenue's change
    answer = "Revenue rose 7.39% in 2019. Net income was 61.37% of sales."
    gated, plain, skipped = _both((answer, [_TABLE], None))
    assert skipped == ["61.37%"]
    assert gated == plain
    assert [c["status"] for c in gated["claims"]] == ["derived", "unsupported"]


def test_a_gate_that_skips_too_much_changes_a_verdict() -> None:
    # the property can catch a gate that leaves out a pair: skip every large group
    case: _Case = ("Revenue rose 7.39% in 2019.", [_TABLE], None)
    gated, plain, _ = _both(case)
    assert gated == plain and gated["claims"][0]["status"] == "derived"
    with patch.dict(REACHES, {two_operand: lambda ctx: EMPTY}):
        broken = check(*case[:2], question=case[2]).to_dict()
    assert broken["claims"][0]["status"] != "derived"


def test_a_value_beyond_float_range_leaves_the_rule_to_run() -> None:
    rows = {
        f"Line {i}": (Decimal(10) ** 400 if i == 3 else Decimal(i), Decimal(i + 7))
        for i in range(6)
    }
    gated, plain, skipped = _both(
        ("Line 1 was 3.5 in 2019.", [two_year_table(rows, "pipes")], None)
    )
    assert gated == plain and skipped == []
