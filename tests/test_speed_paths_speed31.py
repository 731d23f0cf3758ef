"""The reach gates of round 25 (issue 19, speed31: late rules that end with no verdict) against
the rules they skip.

- ``_late_reach.quotient_reach`` (``text_over_cell``): hypothesis filings (a table of two rows
  and two years in several layouts, a prose note stating a quantity in both years) and
  questions dividing the one by the other, answered with the quotient either way round, as a
  fraction or a percent, at three or four digits, exact or off by amounts drawn about the
  window's edges: the report with the gate equals the report without it. A gate that skips the
  rule is caught by the same comparison on the twins below.
- ``_late_reach.cross_reach`` (``across_sources``): hypothesis filings (a table, a note naming
  one of its rows with zero to three figures of its own, sometimes a second note) and questions
  adding, subtracting, averaging or dividing a note's figure and a cell (a share, a ratio, a
  percent change), answered at three to five digits, exact or off about the window's edges:
  the report with the gate equals the report without it; a gate that skips the rule is caught
  on the twins.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.rules import REACHES
from crossfoot.rules._reach import EMPTY
from crossfoot.rules.cross_source import across_sources
from crossfoot.rules.table_chain_text import text_over_cell


@contextmanager
def _without(rule: Any) -> Iterator[None]:
    with patch.dict(REACHES):
        REACHES.pop(rule, None)
        yield


def _both(answer: str, sources: list[str], question: str, rule: Any) -> tuple[Any, Any]:
    gated = check(answer, sources, question=question).to_dict()
    with _without(rule):
        plain = check(answer, sources, question=question).to_dict()
    return gated, plain


# ----------------------------------------------------------------------------- text_over_cell

_TABLE = [["($ in millions)", "2018", "2017"], ["Dividends paid", "3,282.5", "3,100.2"]]
_NOTE = "Pension contributions totaled $ 463.8 million in 2018 compared to $ 641 million in 2017."
_ASK = "what is the pension contributions in 2017 divided by the dividends paid in 2017?"
# (answer, passes): the quotient either way round, as a fraction and a percent, and near misses
_TWINS = [
    ("The answer is 0.207", True),
    ("The answer is 4.84", True),
    ("The answer is 20.7%", True),
    ("The answer is 0.217", False),
    ("The answer is 4.94", False),
]


def _layout(rows: list[list[str]], layout: str) -> str:
    """The table as JSON rows, as markdown, or as a tab-separated grid."""
    if layout == "json":
        return json.dumps(rows)
    if layout == "markdown":
        head, *body = rows
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in body])
    return "\n".join("\t".join(r) for r in rows)


@pytest.mark.parametrize("layout", ["json", "markdown", "tsv"])
@pytest.mark.parametrize(("answer", "passes"), _TWINS)
def test_quotient_twins_keep_their_verdicts(layout: str, answer: str, passes: bool) -> None:
    sources = [_layout(_TABLE, layout), _NOTE]
    gated, plain = _both(answer, sources, _ASK, text_over_cell)
    assert gated == plain
    last = gated["claims"][-1]
    assert (last["status"] == "derived") is passes
    if passes:
        assert "text figure over a table cell" in json.dumps(last)


def test_a_gate_that_skips_the_rule_is_caught() -> None:
    sources = [_layout(_TABLE, "json"), _NOTE]
    with patch.dict(REACHES, {text_over_cell: lambda ctx: EMPTY}):
        broken = [check(a, sources, question=_ASK).to_dict() for a, _ in _TWINS]
    kept = [check(a, sources, question=_ASK).to_dict() for a, _ in _TWINS]
    assert broken != kept


_ROWS = ["Dividends paid", "Interest expense", "Capital expenditures", "Net income"]
_SUBJECTS = ["Pension contributions", "Share repurchases", "Restructuring charges"]


@st.composite
def _quotient_cases(draw: st.DrawFn) -> tuple[str, list[str], str]:
    values = st.integers(50, 99_999).map(lambda n: Decimal(n) / 10)
    rows = draw(st.lists(st.sampled_from(_ROWS), min_size=1, max_size=3, unique=True))
    table = [["($ in millions)", "2018", "2017"]]
    cells = {r: (draw(values), draw(values)) for r in rows}
    table += [[r, f"{a:,}", f"{b:,}"] for r, (a, b) in cells.items()]
    subject = draw(st.sampled_from(_SUBJECTS))
    p18, p17 = draw(values), draw(values)
    note = f"{subject} totaled $ {p18} million in 2018 compared to $ {p17} million in 2017."
    row = draw(st.sampled_from(rows))
    year = draw(st.sampled_from([0, 1]))
    cell, prose = cells[row][year], (p18, p17)[year]
    top, bottom = (prose, cell) if draw(st.booleans()) else (cell, prose)
    y = 2018 - year
    question = f"what is the {subject.lower()} in {y} divided by the {row.lower()} in {y}?"
    q = top / bottom
    percent = draw(st.booleans())
    q = q * 100 if percent else q
    digits = draw(st.sampled_from([3, 4]))
    # exact, or off by a share of the figure drawn about its window's edges
    q *= 1 + Decimal(draw(st.sampled_from([0, 0, 1, -1, 2, -3, 6, -8, 30]))) / 2000
    figure = f"{q:.{digits}g}" if "e" not in f"{q:.{digits}g}" else f"{q:.4f}"
    answer = f"The answer is {figure}{'%' if percent else ''}"
    return answer, [_layout(table, draw(st.sampled_from(["json", "markdown"]))), note], question


@settings(max_examples=50, deadline=None)
@given(_quotient_cases())
def test_quotient_gate_is_exact(case: tuple[str, list[str], str]) -> None:
    answer, sources, question = case
    gated, plain = _both(answer, sources, question, text_over_cell)
    assert gated == plain


# ----------------------------------------------------------------------------- across_sources

_MARKETING = [
    ["($ in millions)", "2025", "2024"],
    ["Marketing expense", "74.2", "70.1"],
    ["Revenue", "912.4", "850.3"],
]
_LAUNCH = "Marketing expense excludes launch costs of $6.3 million in 2025."
_INCLUDED = "What would marketing expense in 2025 be if the launch costs were included?"
_SHARE = "What were the launch costs as a share of revenue in 2025?"
_RATIO = "What is the ratio of launch costs to marketing expense in 2025?"
_ACROSS = [
    (_INCLUDED, "80.5 million", True),
    (_INCLUDED, "81.5 million", False),
    (_SHARE, "0.6905%", True),
    (_SHARE, "0.7905%", False),
    (_RATIO, "0.08491", True),
    (_RATIO, "0.0949", False),
]


@pytest.mark.parametrize("layout", ["json", "markdown"])
@pytest.mark.parametrize(("question", "figure", "passes"), _ACROSS)
def test_across_twins_keep_their_verdicts(
    layout: str, question: str, figure: str, passes: bool
) -> None:
    sources = [_layout(_MARKETING, layout), _LAUNCH]
    answer = f"{question} The answer is {figure}."
    gated, plain = _both(answer, sources, question, across_sources)
    assert gated == plain
    last = gated["claims"][-1]
    assert (last["status"] == "derived") is passes
    if passes:
        assert "operands from two sources" in json.dumps(last)


def test_a_cross_gate_that_skips_the_rule_is_caught() -> None:
    sources = [_layout(_MARKETING, "json"), _LAUNCH]
    asked = [(f"{q} The answer is {f}.", q) for q, f, _ in _ACROSS]
    with patch.dict(REACHES, {across_sources: lambda ctx: EMPTY}):
        broken = [check(a, sources, question=q).to_dict() for a, q in asked]
    kept = [check(a, sources, question=q).to_dict() for a, q in asked]
    assert broken != kept


_ITEMS = ["Marketing expense", "Freight costs", "Research expense"]
_EXTRAS = ["launch costs", "rebates", "consulting fees"]


@st.composite
def _across_cases(draw: st.DrawFn) -> tuple[str, list[str], str]:
    values = st.integers(100, 99_999).map(lambda n: Decimal(n) / 10)
    item = draw(st.sampled_from(_ITEMS))
    extra = draw(st.sampled_from(_EXTRAS))
    cell, other, total = draw(values), draw(values), draw(values) * 10
    table = [["($ in millions)", "2025", "2024"], [item, f"{cell:,}", f"{other:,}"]]
    table.append(["Revenue", f"{total:,}", f"{total + 1:,}"])
    figures = draw(st.lists(st.integers(1, 999).map(lambda n: Decimal(n) / 10), max_size=3))
    said = [f"$ {x} million" for x in figures]
    note = f"{item} excludes {extra} of {' and '.join(said) or 'an amount'} in 2025."
    sources = [_layout(table, draw(st.sampled_from(["json", "markdown"]))), note]
    if draw(st.booleans()):
        sources.append(f"The {extra} were reviewed in {draw(st.sampled_from(['2024', 'May']))}.")
    x = draw(st.sampled_from(figures)) if figures else draw(values)
    kind = draw(st.sampled_from(["included", "excluded", "share", "ratio", "mean", "change"]))
    base = total if kind == "share" else cell
    q, value, unit = {
        "included": (f"What would {item.lower()} in 2025 be if the {extra} were included?",
                     base + x, " million"),
        "excluded": (f"What is {item.lower()} in 2025 less the {extra}?", base - x, " million"),
        "share": (f"What were the {extra} as a share of revenue in 2025?", x / base * 100, "%"),
        "ratio": (f"What is the ratio of {extra} to {item.lower()} in 2025?", x / base, ""),
        "mean": (f"What is the average of {extra} and {item.lower()} in 2025?",
                 (x + base) / 2, " million"),
        "change": (f"What is the percentage change from {extra} to {item.lower()} in 2025?",
                   (base - x) / x * 100, "%"),
    }[kind]  # fmt: skip
    digits = draw(st.sampled_from([3, 4, 5]))
    value *= 1 + Decimal(draw(st.sampled_from([0, 0, 1, -1, 3, -6, 20]))) / 20_000
    figure = f"{value:.{digits}g}"
    if "e" in figure:
        figure = f"{value:.4f}"
    return f"{q} The answer is {figure}{unit}.", sources, q


@settings(max_examples=50, deadline=None)
@given(_across_cases())
def test_cross_gate_is_exact(case: tuple[str, list[str], str]) -> None:
    answer, sources, question = case
    gated, plain = _both(answer, sources, question, across_sources)
    assert gated == plain


# ----------------------------------------------------------------------------- pairs_reach


def test_pairs_reach_kept_by_the_values_it_holds() -> None:
    """A new group of the same value objects (a kept result set traced again) reads the kept
    reach; a group of other values of the same count reads its own."""
    from crossfoot.model.index import ValueIndex
    from crossfoot.model.types import SourceValue
    from crossfoot.rules._derive_reach import _group_reach

    ops = frozenset({("diff", Decimal(1)), ("quotient", Decimal(100))})
    cells = [SourceValue(Decimal(v), "S1", row=f"r{v}", table=0) for v in (120, 45, 7)]
    first = _group_reach(ValueIndex(cells), ops)
    again = _group_reach(ValueIndex(list(cells)), ops)
    assert first is not None and again is first
    other = [SourceValue(Decimal(v), "S1", row=f"r{v}", table=0) for v in (121, 45, 7)]
    fresh = _group_reach(ValueIndex(other), ops)
    assert fresh is not None and fresh.values != first.values
    assert 121 - 45 in fresh.values and 120 - 45 not in fresh.values


def test_cross_gate_runs_the_rule_for_a_group_of_two_sources() -> None:
    """A group holding values of two sources (no engine scope has one) is out of the gate's
    sight: the rule runs, however far its values are from the claim."""
    from crossfoot.model.context import ClaimContext, Scope
    from crossfoot.model.index import ValueIndex
    from crossfoot.model.options import Options
    from crossfoot.model.types import Mention, Sentence, SourceValue
    from crossfoot.rules._late_reach import cross_reach

    mixed = ValueIndex([SourceValue(Decimal(3), "A"), SourceValue(Decimal(5), "B")])
    alone = ValueIndex([SourceValue(Decimal(7), "C")])
    text = "It was 9000."
    m = Mention("9000", 7, 11, Decimal(9000), "number", Decimal("0.5"))

    def gate(groups: tuple[ValueIndex, ...]) -> object:
        scope = Scope((), False, ValueIndex([v for g in groups for v in g]), groups)
        ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options())
        return cross_reach(ctx)

    assert gate((mixed, alone)) is None
    assert gate((ValueIndex([SourceValue(Decimal(3), "A")]), alone)) == EMPTY
