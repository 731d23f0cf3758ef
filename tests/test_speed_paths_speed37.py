"""The reach gate of round 29 (issue 19, speed37) against the rule it skips.

``_chain_reach.chain_reach`` (``table_chain``): the chains' values the gate lists are the rule's
own (hypothesis groups of one or two tables: every value of ``table_chain._make``, and no other,
bit for bit); the twins (one figure per chain shape the rule passes: a ratio of two changes, the
growth of a difference as a fraction and a percent, a sum's share, a product, a sum of three)
keep their verdicts with the gate, and the same figures a little off stay unsupported; a gate
that skips the rule is caught on them; hypothesis tables answered with one of their chains,
exact or off about the window's edges: the report with the gate equals the report without it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules import REACHES
from crossfoot.rules._chain_reach import _chain_values
from crossfoot.rules._reach import EMPTY
from crossfoot.rules.table_chain import table_chain
from crossfoot.rules.table_chain_mixed import text_beside_cell

_CHAIN = sys.modules["crossfoot.rules.table_chain"]


@contextmanager
def _without(rule: Any) -> Iterator[None]:
    with patch.dict(REACHES):
        REACHES.pop(rule, None)
        yield


def _both(answer: str, sources: list[str], question: str) -> tuple[Any, Any]:
    gated = check(answer, sources, question=question).to_dict()
    with _without(table_chain):
        plain = check(answer, sources, question=question).to_dict()
    return gated, plain


# ----------------------------------------------------------------------------- the values

_AMOUNTS = st.integers(-2_000, 90_000).map(lambda n: Decimal(n) / 10)


def _cell(x: Decimal, table: int, i: int, j: int) -> SourceValue:
    column, year = str(2019 - j), 2019 - j
    return SourceValue(x, "T", row=f"line {i}", column=column, year=year, table=table,
                       row_index=i, col_index=j)  # fmt: skip


@st.composite
def _groups(draw: st.DrawFn) -> ValueIndex:
    values: list[SourceValue] = []
    for table in range(draw(st.integers(1, 2))):
        rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 6))
        pool = draw(st.lists(_AMOUNTS, min_size=1, max_size=6))  # (equal cells: no change)
        for i in range(rows):
            for j in range(cols):
                if draw(st.integers(0, 9)) == 0:
                    continue  # a blank cell
                x = draw(st.sampled_from(pool) | _AMOUNTS)
                values.append(_cell(x, table, i, j))
    return ValueIndex(values)


@settings(max_examples=50, deadline=None)
@given(_groups())
def test_the_gate_lists_the_rules_values_bit_for_bit(group: ValueIndex) -> None:
    made = sorted(ch[0] for chains in _CHAIN._make(group) for ch in chains.chains)
    assert _chain_values(group) == made


# ----------------------------------------------------------------------------- the twins

_TABLE = [
    ["(in millions)", "2019", "2018"],
    ["Sales", "1,084", "710"],
    ["Cost of sales", "1,216", "820"],
    ["Other", "55", "61"],
    ["Rent", "17", "23"],
]
# (question, the chain's figure, the same a little off): each shape the rule passes
_TWINS = [
    ("and what is the ratio of those two changes?", "0.9444", "0.9454"),
    ("and what is the growth of that difference?", "0.2000", "0.2010"),
    ("and what is the growth rate of that difference?", "20.00%", "20.10%"),
    ("and what is the sum of those two as a share of cost of sales?", "0.05921", "0.05931"),
    ("and what is the product of those?", "935", "936"),
    ("and what is the total of the 3 in 2019?", "1,156", "1,157"),
]


def _layout(rows: list[list[str]], layout: str) -> str:
    if layout == "json":
        return json.dumps(rows)
    head, *body = rows
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in body])


@pytest.mark.parametrize("layout", ["json", "markdown"])
@pytest.mark.parametrize(("question", "figure", "off"), _TWINS)
def test_chain_twins_keep_their_verdicts(layout: str, question: str, figure: str, off: str) -> None:
    sources = [_layout(_TABLE, layout)]
    for answer, passes in ((figure, True), (off, False)):
        gated, plain = _both(f"The answer is {answer}", sources, question)
        assert gated == plain
        last = gated["claims"][-1]
        assert (last["status"] == "derived") is passes
        if passes:
            assert "a chain of two steps" in json.dumps(last)


def test_a_chain_gate_that_skips_the_rule_is_caught() -> None:
    sources = [_layout(_TABLE, "json")]
    asked = [(f"The answer is {f}", q) for q, f, _ in _TWINS]
    with patch.dict(REACHES, {table_chain: lambda ctx: EMPTY}):
        broken = [check(a, sources, question=q).to_dict() for a, q in asked]
    kept = [check(a, sources, question=q).to_dict() for a, q in asked]
    assert broken != kept


# ----------------------------------------------------------------------------- the reports

_NAMES = ["Sales", "Cost of sales", "Rent", "Freight", "Other income"]
_ASKS = [
    "and what is the ratio of those two changes?",
    "and what is the growth of that difference?",
    "and what is the sum of those two as a share of the largest?",
    "and what is the product of those?",
    "and what is the total of the 3?",
    "and what is that in millions?",
]


@st.composite
def _chain_cases(draw: st.DrawFn) -> tuple[str, list[str], str]:
    amounts = st.integers(10, 9_999)
    names = draw(st.lists(st.sampled_from(_NAMES), min_size=2, max_size=4, unique=True))
    cells = {n: (draw(amounts), draw(amounts)) for n in names}
    table = [["(in millions)", "2019", "2018"]]
    table += [[n, f"{a:,}", f"{b:,}"] for n, (a, b) in cells.items()]
    (a1, b1), (a2, b2) = (cells[n] for n in draw(st.permutations(names))[:2])
    shape = draw(st.sampled_from(["changes", "growth", "share", "product", "sum"]))
    if shape in ("changes", "growth") and (a2 == b2 or b1 == b2):
        shape = "product"
    value = {
        "changes": Decimal(a1 - b1) / Decimal(a2 - b2) if a2 != b2 else Decimal(0),
        "growth": Decimal(a1 - a2) / Decimal(b1 - b2) - 1 if b1 != b2 else Decimal(0),
        "share": Decimal(a1 + a2) / Decimal(max(a1, a2, b1) * 3),
        "product": Decimal(a1 * a2),
        "sum": Decimal(a1 + a2 + b1),
    }[shape]
    value *= 1 + Decimal(draw(st.sampled_from([0, 0, 0, 1, -1, 3, -8]))) / 20_000
    percent = shape in ("growth", "share") and draw(st.booleans())
    shown = value * 100 if percent else value
    figure = f"{shown:.5g}" if "e" not in f"{shown:.5g}" else f"{shown:.0f}"
    answer = f"The answer is {figure}{'%' if percent else ''}"
    ask = draw(st.sampled_from(_ASKS))
    return answer, [_layout(table, draw(st.sampled_from(["json", "markdown"])))], ask


@settings(max_examples=50, deadline=None)
@given(_chain_cases())
def test_chain_gate_is_exact(case: tuple[str, list[str], str]) -> None:
    answer, sources, question = case
    gated, plain = _both(answer, sources, question)
    assert gated == plain


# ----------------------------------------------------------------------------- text_beside_cell

_CASH = '[["", "2023", "2022"], ["Cash and equivalents", "859.3", "1,116.5"]]'
_LATER = "On February 13, 2024, cash and equivalents was $1,041.1 million."
# (question, the figure, the same a little off): a difference, a change (fraction and percent),
# a mean of a text figure and a cell of its line
_BESIDE = [
    ("what is the net change?", "181.8", "182.8"),
    ("what is the percent change?", "0.2116", "0.2126"),
    ("what is the percent change?", "21.16%", "21.26%"),
    ("what is the average of the two?", "950.2", "951.2"),
]


def _both_beside(answer: str, sources: list[str], question: str) -> tuple[Any, Any]:
    gated = check(answer, sources, question=question).to_dict()
    with _without(text_beside_cell):
        plain = check(answer, sources, question=question).to_dict()
    return gated, plain


@pytest.mark.parametrize(("question", "figure", "off"), _BESIDE)
def test_beside_twins_keep_their_verdicts(question: str, figure: str, off: str) -> None:
    for answer, passes in ((figure, True), (off, False)):
        text = f"{question} The answer is {answer}."
        gated, plain = _both_beside(text, [_CASH, _LATER], question)
        assert gated == plain
        last = gated["claims"][-1]
        assert (last["status"] == "derived") is passes
        if passes:
            assert "a text figure and a table cell" in json.dumps(last)


def test_a_beside_gate_that_skips_the_rule_is_caught() -> None:
    asked = [(f"{q} The answer is {f}.", q) for q, f, _ in _BESIDE]
    with patch.dict(REACHES, {text_beside_cell: lambda ctx: EMPTY}):
        broken = [check(a, [_CASH, _LATER], question=q).to_dict() for a, q in asked]
    kept = [check(a, [_CASH, _LATER], question=q).to_dict() for a, q in asked]
    assert broken != kept


_LINES = ["Cash and equivalents", "Inventories", "Accounts payable"]
_BESIDE_ASKS = [
    "what is the net change?",
    "what is the percent change?",
    "what is the average of the two?",
    "what is the ratio of the two?",
    "what is the sum of the two?",
]


@st.composite
def _beside_cases(draw: st.DrawFn) -> tuple[str, list[str], str]:
    amounts = st.integers(100, 99_999).map(lambda n: Decimal(n) / 10)
    rows = draw(st.lists(st.sampled_from(_LINES), min_size=1, max_size=3, unique=True))
    cells = {r: (draw(amounts), draw(amounts)) for r in rows}
    unit = draw(st.sampled_from(["", "(in millions)"]))
    table = [[unit, "2023", "2022"]] + [[r, f"{a:,}", f"{b:,}"] for r, (a, b) in cells.items()]
    row, x = draw(st.sampled_from(rows)), draw(amounts)
    year = draw(st.sampled_from(["2024", "2023"]))
    # (in billions beside a table in millions: the text figure in the cells' unit)
    said = f"${x / 1000:,} billion" if unit and draw(st.booleans()) else f"${x:,} million"
    note = f"On February 13, {year}, {row.lower()} was {said}."
    y = cells[row][draw(st.sampled_from([0, 1]))]
    value = draw(st.sampled_from([x - y, (x - y) / y, (x + y) / 2, x / y, x + y]))
    value *= 1 + Decimal(draw(st.sampled_from([0, 0, 0, 1, -1, 3, -8]))) / 20_000
    percent = abs(value) < 2 and draw(st.booleans())
    shown = value * 100 if percent else value
    figure = f"{shown:.5g}" if "e" not in f"{shown:.5g}" else f"{shown:.1f}"
    question = draw(st.sampled_from(_BESIDE_ASKS))
    answer = f"{question} The answer is {figure}{'%' if percent else ''}."
    return answer, [_layout(table, draw(st.sampled_from(["json", "markdown"]))), note], question


@settings(max_examples=50, deadline=None)
@given(_beside_cases())
def test_beside_gate_is_exact(case: tuple[str, list[str], str]) -> None:
    answer, sources, question = case
    gated, plain = _both_beside(answer, sources, question)
    assert gated == plain
