"""Direction words, negation, sign words, the answer's own order of two values, and the year a
number is stated for. Expected results are data in ``tests/vectors/language.json``."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from crossfoot.language.direction import (
    clause_bounds,
    sign_words,
    stated_direction,
)
from crossfoot.language.order import (
    answer_order,
    mention_order,
    number_year,
)
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Mention, Sentence, SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.rules import ClaimContext, Options, Scope

VECTORS = json.loads((Path(__file__).parent / "vectors" / "language.json").read_text("utf-8"))


def _span(text: str, number: str) -> tuple[int, int]:
    start = text.index(number)
    return start, start + len(number)


def _mention(text: str, number: str) -> tuple[list[Mention], int]:
    mentions = extract(text)
    start = text.index(number)
    for i, m in enumerate(mentions):
        if m.start <= start < m.end or start <= m.start < start + len(number):
            return mentions, i
    raise AssertionError(f"{number!r} not extracted from {text!r}")


@pytest.mark.parametrize("case", VECTORS["direction"], ids=lambda c: f"{c['text']}|{c['number']}")
def test_direction_vectors(case: dict[str, object]) -> None:
    text, number = str(case["text"]), str(case["number"])
    start, end = _span(text, number)
    assert stated_direction(text, 0, len(text), start, end) == case["expected"]


def test_direction_vectors_cover_both_directions_and_negation() -> None:
    expected = [c["expected"] for c in VECTORS["direction"]]
    assert len(expected) >= 40
    assert expected.count("up") >= 10 and expected.count("down") >= 10 and expected.count(None) >= 8


@pytest.mark.parametrize("case", VECTORS["sign"], ids=lambda c: str(c["text"]))
def test_sign_word_vectors(case: dict[str, object]) -> None:
    text, number = str(case["text"]), str(case["number"])
    start, end = _span(text, number)
    assert sign_words(text, 0, len(text), start, end) is case["expected"]


@pytest.mark.parametrize("case", VECTORS["order"], ids=lambda c: str(c["text"]))
def test_mention_order_vectors(case: dict[str, object]) -> None:
    text = str(case["text"])
    mentions = extract(text)
    a = next(m for m in mentions if m.text.strip() == case["a"])
    b = next(m for m in mentions if m.text.strip() == case["b"])
    order = mention_order(text, a, b)
    if case["earlier"] is None:
        assert order is None
    else:
        assert order is not None and order[0].text.strip() == case["earlier"]


@pytest.mark.parametrize("case", VECTORS["year"], ids=lambda c: f"{c['text']}|{c['number']}")
def test_number_year_vectors(case: dict[str, object]) -> None:
    text = str(case["text"])
    mentions, i = _mention(text, str(case["number"]))
    assert number_year(text, 0, len(text), mentions, i) == case["year"]


def test_clause_bounds_stop_at_while_and_semicolon() -> None:
    text = "Costs fell 3% while revenue rose 5%; margins were flat."
    lo, hi = clause_bounds(text, 0, len(text), *_span(text, "5%"))
    assert text[lo:hi] == "revenue rose 5%"


def _ctx(text: str, position: int, mentions: list[Mention]) -> ClaimContext:
    index = ValueIndex([])
    return ClaimContext(
        mention=mentions[position],
        sentence=Sentence(0, 0, len(text), text),
        text=text,
        mentions=tuple(mentions),
        position=position,
        scope=Scope((), False, index, (index,)),
        options=Options(),
    )


def test_answer_order_maps_source_values_through_the_written_order() -> None:
    text = "Sales rose to $12m from $10m, up 20%."
    mentions = extract(text)
    ctx = _ctx(text, 2, mentions)
    a = SourceValue(Decimal(12_000_000), "R1", field="sales_b")
    b = SourceValue(Decimal(10_000_000), "R1", field="sales_a")
    assert answer_order(ctx, a, b) == (b, a)
    assert answer_order(ctx, b, a) == (b, a)


def test_answer_order_is_none_when_a_value_is_not_written() -> None:
    text = "Sales rose to $12m, up 20%."
    mentions = extract(text)
    ctx = _ctx(text, 1, mentions)
    a = SourceValue(Decimal(12_000_000), "R1")
    b = SourceValue(Decimal(10_000_000), "R1")
    assert answer_order(ctx, a, b) is None
