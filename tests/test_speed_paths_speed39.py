"""The reach gates decided by the scope's values alone (issue 19, speed39; rules._shape_reach).

``signed_reach`` skips ``signed_quotient`` where no group of the scope holds a negative value;
``lines_reach`` skips ``multi_operand`` for a claim that is no percent where no row or column of
the scope's tables holds three values. Proven here:

- on random result sets (two to five rows, one to three measures, negative cells, a year
  column, floats, None) and random answers (cells, sums and means of two or three cells, signed
  quotients, percents, "CAGR" and a stated span, other numbers), every report of a trace with
  the gates equals the one without them;
- whenever a gate says ``EMPTY`` in those traces, the rule run anyway returns None;
- hand cases: each rule still wins where it can (a loss over a positive cell; a sum of three
  cells; a CAGR over two rows), and each gate skips the rule on the shapes it names.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace_rows as trace_rows
from crossfoot import trace
from crossfoot.model.context import ClaimContext, Scope
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Kind, Mention, Sentence, SourceValue
from crossfoot.report.result import Report
from crossfoot.rules import REACHES
from crossfoot.rules._reach import EMPTY
from crossfoot.rules._shape_reach import lines_reach, signed_reach
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.signed_quotient import signed_quotient

_GATES = {multi_operand: lines_reach, signed_quotient: signed_reach}


@contextmanager
def _ungated() -> Iterator[None]:
    for rule in _GATES:
        REACHES.pop(rule)
    try:
        yield
    finally:
        REACHES.update(_GATES)


def _full(report: Report) -> tuple[Any, ...]:
    return (report.to_dict(), report.text, report.issues, report.warnings)


_CELL = st.one_of(
    st.integers(-(10**5), 10**5),
    st.integers(100, 10**5),
    st.integers(100, 10**5),
    st.floats(-1e5, 1e5, allow_nan=False, allow_infinity=False).map(lambda f: round(f, 2)),
    st.none(),
    st.sampled_from(["(927)", "-322.2", "12.5%", "$1,234"]),
)


_LINES = ["net loss", "net revenues", "total cost", "operating income", "cash"]


@st.composite
def _tables(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Entity rows with measures (a year column or none), or line items by year columns."""
    n = draw(st.sampled_from([2, 2, 2, 3, 5]))  # (two rows: where the gates say EMPTY)
    kind = draw(st.sampled_from(["line items", "entities", "years"]))
    if kind == "line items":
        labels = draw(st.lists(st.sampled_from(_LINES), min_size=2, max_size=n, unique=True))
        cols = draw(st.lists(st.sampled_from(["2022", "2023", "2024"]), min_size=1, max_size=2))
        return [{"item": x, **{y: draw(_CELL) for y in sorted(set(cols))}} for x in labels]
    columns = draw(
        st.lists(
            st.sampled_from(["revenue", "net income", "cost", "margin %", "orders"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    years = kind == "years"
    return [
        {
            "name": f"item {i + 1}",
            **({"year": 2019 + 3 * i} if years else {}),
            **{c: draw(_CELL) for c in columns},
        }
        for i in range(n)
    ]


def _cells(rows: list[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """(row label, column, value) of every number cell but a year."""
    return [
        (str(r.get("item") or r.get("year") or r["name"]), k, v)
        for r in rows
        for k, v in r.items()
        if type(v) in (int, float) and k != "year"
    ]


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> tuple[str, str | None]:
    cells = _cells(rows)
    numbers = [v for _, _, v in cells]
    if len(cells) > 1 and "year" in rows[0] and rng.random() < 0.6:  # a CAGR of two years
        i, j = sorted(rng.sample(range(len(rows)), 2))
        col = rng.choice([k for k in rows[0] if k not in ("name", "year")])
        a, b = rows[i][col], rows[j][col]
        ok = type(a) in (int, float) and type(b) in (int, float) and a > 0 and b > 0
        cagr = ((b / a) ** (1 / (3 * (j - i))) - 1) * 100 if ok else 7.0
        years = f"from {rows[i]['year']} to {rows[j]['year']}"
        return f"The {col} grew at a CAGR of {cagr:.2f}% {years}.", None
    if len(cells) > 1 and rng.random() < 0.35:  # a quotient of two named cells, asked
        (ra, ca, a), (rb, _, b) = rng.sample(cells, 2)
        q = f"what is the ratio of the {ra} to the {rb} in {ca}?"
        return f"The answer is {a / b if b else 0.5:.4f}.", q
    picks: list[str] = []
    for _ in range(rng.randint(1, 3)):
        shape = rng.random()
        if numbers and shape < 0.3:
            picks.append(f"{rng.choice(numbers):,}")
        elif len(numbers) > 2 and shape < 0.5:
            part = rng.sample(numbers, rng.choice((2, 3)))
            picks.append(f"{sum(part) / (len(part) if rng.random() < 0.5 else 1):,.2f}")
        elif len(numbers) > 1 and shape < 0.65:
            a, b = rng.sample(numbers, 2)
            picks.append(f"{a / b:.4f}" if b else "0.5")
        elif shape < 0.85:
            picks.append(f"{rng.uniform(-99, 99):.1f}%")
        else:
            picks.append(f"{rng.randint(-(10**5), 10**5):,}")
    named = rng.sample([label for label, _, _ in cells], min(len(cells), rng.randint(0, 2)))
    who = " and ".join(dict.fromkeys(named)) if named else "Together the rows"
    return f"{who} had {', '.join(picks)}.", None


def _reports(rows: list[dict[str, Any]], answers: list[tuple[str, str | None]]) -> list[Any]:
    trace_rows.forget()
    return [_full(trace(text, copy.deepcopy(rows), question=q)) for text, q in answers]


@contextmanager
def _checked(skipped: list[str]) -> Iterator[None]:
    """Each gate wrapped: where it says ``EMPTY``, the rule is run anyway and must give None."""

    def wrap(rule: Callable[[ClaimContext], Any], gate: Callable[[ClaimContext], Any]) -> Any:
        def checked(ctx: ClaimContext) -> Any:
            got = gate(ctx)
            if got is EMPTY:
                skipped.append(rule.__name__)
                assert rule(ctx) is None, (rule.__name__, ctx.mention.text, ctx.text)
            return got

        return checked

    REACHES.update({rule: wrap(rule, gate) for rule, gate in _GATES.items()})
    try:
        yield
    finally:
        REACHES.update(_GATES)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_tables(), seed=st.integers(0, 10**6))
def test_the_shape_gates_change_no_report(rows: list[dict[str, Any]], seed: int) -> None:
    rng = random.Random(seed)
    answers = [_answer(rng, rows) for _ in range(3)]
    skipped: list[str] = []
    with _checked(skipped):
        gated = _reports(rows, answers)
    with _ungated():
        plain = _reports(rows, answers)
    assert gated == plain


def test_the_gates_skip_on_the_shapes_they_name() -> None:
    skipped: list[str] = []
    rows = [{"name": "North", "revenue": 1200, "orders": 40}, {"name": "South", "revenue": 900}]
    with _checked(skipped):
        trace_rows.forget()
        trace("North had 1,200 in revenue; we also saw 123,457 events.", rows)
    assert "signed_quotient" in skipped and "multi_operand" in skipped


def test_each_rule_still_wins_where_it_can() -> None:
    # a loss over a positive cell of its column (signed_quotient; its gate: a negative value)
    loss = [{"item": "net loss", "2024": -322.2}, {"item": "net revenues", "2024": 940}]
    q = "what is the ratio of the net loss to the net revenues in 2024?"
    (claim,) = trace("The answer is -0.3428.", loss, question=q).claims
    assert claim.status == "derived" and claim.evidence is not None
    assert claim.evidence.note.startswith("the signed quotient of a loss")
    # a CAGR over two rows (multi_operand; its gate: a percent claim always runs it)
    years = [{"year": 2019, "revenue": 1000}, {"year": 2022, "revenue": 1331}]
    (claim,) = trace("Revenue grew at a CAGR of 10.0% from 2019 to 2022.", years).claims
    assert claim.status == "derived" and claim.evidence is not None
    assert claim.evidence.formula.startswith("CAGR revenue[2019]")


def _ctx(cells: list[SourceValue], text: str, kind: Kind = "number") -> ClaimContext:
    group = ValueIndex(cells)
    value = Decimal(text.rstrip("%"))
    m = Mention(text, 0, len(text), value, kind, Decimal("0.05"))
    scope = Scope((), False, group, (group,))
    return ClaimContext(
        m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options(result_rows=True)
    )


def test_the_gates_read_only_what_they_name() -> None:
    def cell(v: int, row: int, col: int, table: int | None = 0) -> SourceValue:
        return SourceValue(Decimal(v), "T", row_index=row, col_index=col, table=table)

    two = [cell(10 * r + c + 1, r, c) for r in range(2) for c in range(2)]
    assert lines_reach(_ctx(two, "5")) is EMPTY
    assert lines_reach(_ctx(two, "5%", "percent")) is None  # (a CAGR)
    assert lines_reach(_ctx([*two, cell(7, 2, 0)], "5")) is None  # a column of three
    assert lines_reach(_ctx([*two, cell(7, 0, 2)], "5")) is None  # a row of three
    prose = SourceValue(Decimal(3), "P", span=(0, 1))
    assert lines_reach(_ctx([*two, prose], "5")) is None  # prose figures: runs of their own
    assert signed_reach(_ctx(two, "-0.5")) is EMPTY
    assert signed_reach(_ctx([*two, cell(0, 2, 0)], "-0.5")) is EMPTY  # (zero: no grid cell)
    assert signed_reach(_ctx([*two, cell(-4, 2, 0)], "-0.5")) is None
    document = replace(_ctx(two, "5"), options=Options())
    assert lines_reach(document) is None  # (check(): a document's groups are not counted)
