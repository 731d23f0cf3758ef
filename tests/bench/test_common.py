"""Number reading, gold comparison, injections and the baseline (benchmarks/corpora/common.py)."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpora.common import (
    NumberToken,
    answers_match,
    baseline_sentence_fails,
    figured_sentence_fails,
    format_like,
    inject,
    is_year,
    number_tokens,
    parse_table_json,
    pipe_table,
    sentence_spans,
)

CASES = json.loads((Path(__file__).parent / "fixtures/answers_match.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["why"] for c in CASES])
def test_answers_match_vectors(case: dict[str, Any]) -> None:
    assert answers_match(case["gold"], case["scale"], case["pred"]) is case["expected"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-$12.6 million", [("-12.6", "million", False)]),
        ("$-12.6 million", [("-12.6", "million", False)]),
        ("(1,234)", [("-1234", None, False)]),
        ("rose 5.5% to 3.2bn", [("5.5", None, True), ("3.2", "bn", False)]),
        ("12 percent of 3k", [("12", None, True), ("3", "k", False)]),
        ("44.1-56.7", [("44.1", None, False), ("56.7", None, False)]),
        ("ids S1, B01003e1 and 2019s", []),
        ("12 months", [("12", None, False)]),
    ],
)
def test_number_tokens(text: str, expected: list[tuple[str, str | None, bool]]) -> None:
    got = [(str(t.value), t.scale_word, t.percent) for t in number_tokens(text)]
    assert got == expected


def test_is_year() -> None:
    years = [is_year(t) for t in number_tokens("2019 $2019 2,019 19.5 2200")]
    assert years == [True, False, False, False, False]


def test_sentence_spans_keep_decimals_and_split_lines() -> None:
    text = "Sales were $1.5 million. They rose 3.2% vs. 2018.\nAnswer: 3.2%"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Sales were $1.5 million.",
        "They rose 3.2% vs. 2018.",
        "Answer: 3.2%",
    ]


def test_tables() -> None:
    assert pipe_table("— | 2019\nOther | 44.1\n\n", blank=("—",)) == [
        ["", "2019"],
        ["Other", "44.1"],
    ]
    assert parse_table_json('[["a", 1]]') == [["a", "1"]]
    assert parse_table_json("[[not json]]") is None
    assert parse_table_json("Sales rose.") is None


SENT = "Other income decreased to $40.0 million from $50.0 million."


def _targets(s: str) -> list[NumberToken]:
    return [t for t in number_tokens(s) if not is_year(t)]


def test_inject_scale_direction() -> None:
    rng = random.Random(0)
    assert inject("scale", SENT, _targets(SENT), [], rng) in {
        "Other income decreased to $40.0 billion from $50.0 million.",
        "Other income decreased to $40.0 million from $50.0 billion.",
    }
    assert inject("direction", SENT, _targets(SENT), [], rng) == SENT.replace(
        "decreased", "increased"
    )
    assert inject("scale", "Sales were 40.", _targets("Sales were 40."), [], rng) is None
    assert inject("direction", "Sales were 40.", _targets("Sales were 40."), [], rng) is None


def test_inject_swap_uses_pool_and_differs_at_precision() -> None:
    pool = number_tokens("Net sales 40.04 | 1,250.0 | 2019")
    for seed in range(20):
        out = inject(
            "swap",
            "Other was 40.0 million.",
            _targets("Other was 40.0 million."),
            pool,
            random.Random(seed),
        )
        # 40.04 equals 40.0 at the stated precision and 2019 is a year: only 1,250.0 may come in
        assert out == "Other was 1,250.0 million."
    assert (
        inject(
            "swap",
            "Other was 40.0.",
            _targets("Other was 40.0."),
            number_tokens("40.0"),
            random.Random(0),
        )
        is None
    )


def test_inject_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown injection kind 'typo'"):
        inject("typo", SENT, _targets(SENT), [], random.Random(0))


@settings(max_examples=200, deadline=None)
@given(
    st.decimals(min_value=Decimal("1"), max_value=Decimal("99999"), places=2),
    st.sampled_from(["1,000.00", "1000.0", "100", "1.000"]),
    st.integers(0, 10**6),
)
def test_value_injection_moves_10_to_30_percent(value: Decimal, style: str, seed: int) -> None:
    digits = format_like(value, style)
    sentence = f"Revenue was {digits} million."
    new = inject("value", sentence, _targets(sentence), [], random.Random(seed))
    old_v = Decimal(digits.replace(",", ""))
    if new is None:  # too coarse to move (e.g. "1" at whole units), never silently unchanged
        assert old_v < 10
        return
    new_v = number_tokens(new)[0].value
    assert new_v != old_v
    half = Decimal(5) * Decimal(10) ** (-(len(digits.split(".")[1]) if "." in digits else 0) - 1)
    ratio = abs(new_v - old_v) / old_v
    slack = half / old_v  # rounding to the written precision
    assert Decimal("0.10") - slack <= ratio <= Decimal("0.30") + slack


def test_baseline_verbatim_only() -> None:
    sources = ['[["", "2019"], ["Other", "44.1"]]', "Sales were 1,202.90 in total."]
    cache: dict[int, Any] = {}
    assert not baseline_sentence_fails("Other was $44.1 million; sales 1202.9.", sources, cache)
    assert baseline_sentence_fails("Other was 44.", sources, cache)  # rounding is not verbatim
    assert baseline_sentence_fails("The change was 12.6.", sources, cache)


def test_figured_runner() -> None:
    from figured import trace

    table = [["", "2019", "2018"], ["Sales", "1,496.5", "1,202.9"]]
    assert figured_sentence_fails("Sales were 1,496.5 in 2019.", [table], trace) is False
    assert figured_sentence_fails("Sales were 9,999.5 in 2019.", [table], trace) is True
    assert figured_sentence_fails("Sales were 1,496.5.", [], trace) is None


def test_causes_of_false_alarms() -> None:
    from corpora.causes import classify_number, derivable

    src = ['[["", "2019", "2018"], ["Other", "44.1", "56.7"]]']
    assert derivable(-12.6, 0.05, [-56.7, -44.1, 44.1, 56.7]) == "difference"
    assert classify_number("-12.6", src, "", "").startswith("one difference")
    assert classify_number("12", src, "What if it were 12?", "") == (
        "number from the question, not in the sources"
    )
    assert classify_number("44.1 billion", [*src, "(in millions)"], "", "").startswith(
        "scale word contradicts"
    )
    assert classify_number("44.1 million", [*src, "in millions"], "", "").startswith(
        "scale word matches"
    )
