"""The reach gate (rules._reach) skips a rule only where the rule would have found nothing.

The gated path (the engine with :data:`crossfoot.rules.REACHES`) and the ungated one (no reach:
every rule runs) must give the same report, verdict, status and evidence, on random small tables
and prose passages with figures drawn near what the rules derive. A deliberately broken reach
(one that leaves out a value) must make that comparison fail, so the property can catch one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import crossfoot.engine as engine
from crossfoot import check, trace
from crossfoot.model.context import ClaimContext
from crossfoot.rules import REACHES, Rule
from crossfoot.rules._derive_reach import MAX_VALUES
from crossfoot.rules._reach import Reach, ReachFn, within_reach
from crossfoot.rules._rowsums_reach import MAX_ROWS
from deep import examples

_Case = tuple[str, Any, bool]  # (answer, rows or passages, True: trace; False: check)

_COLUMNS = ("revenue", "orders", "cost")


@contextmanager
def _ungated() -> Iterator[None]:
    with patch.dict(REACHES, clear=True):
        yield


def _report(case: _Case) -> dict[str, Any]:
    text, source, traced = case
    report = trace(text, source) if traced else check(text, source)
    got: dict[str, Any] = report.to_dict()
    return got


def _differs(case: _Case) -> bool:
    gated = _report(case)
    with _ungated():
        plain = _report(case)
    return gated != plain


def _figures(draw: st.DrawFn, cells: list[int]) -> list[float]:
    """Values the rules derive from ``cells`` (and some they do not)."""
    total = float(sum(cells))
    out: list[float] = [total, total / len(cells)]
    for _ in range(draw(st.integers(1, 4))):
        a, b = draw(st.sampled_from(cells)), draw(st.sampled_from(cells))
        kind = draw(st.sampled_from(["sum", "diff", "change", "share", "ratio", "cell", "other"]))
        if kind == "sum":
            out.append(a + b)
        elif kind == "diff":
            out.append(b - a)
        elif kind == "change" and a:
            out.append((b - a) / abs(a) * 100)
        elif kind == "share" and total:
            out.append(a / total * 100)
        elif kind == "ratio" and b:
            out.append(a / b)
        elif kind == "cell":
            out.append(a)
        else:
            out.append(draw(st.integers(-3000, 3000)))
    return out


def _written(draw: st.DrawFn, value: float) -> str:
    """``value`` written as a percent or a number, at a precision and an offset drawn near the
    window's edges."""
    shift = draw(st.sampled_from([0, 0, 0.04, 0.05, 0.06, -0.05, 0.5, -0.5, 1]))
    v = value + shift
    style = draw(st.sampled_from(["int", "one", "two", "pct"]))
    if style == "pct":
        return f"{v:.1f}%"
    if style == "one":
        return f"{v:,.1f}"
    if style == "two":
        return f"{v:,.2f}"
    return f"{round(v):,}"


@st.composite
def table_cases(draw: st.DrawFn) -> _Case:
    n = draw(st.integers(1, MAX_ROWS + 1))
    k = draw(st.integers(1, len(_COLUMNS)))
    number = st.one_of(st.integers(-40, 3000), st.sampled_from([0, 100, 250, 1000, -1000]))
    grid = [[draw(number) for _ in range(k)] for _ in range(n)]
    rows = [
        {"name": f"item {i + 1}", **dict(zip(_COLUMNS[:k], line, strict=True))}
        for i, line in enumerate(grid)
    ]
    cells = [x for line in grid for x in line]
    sentences = []
    for value in _figures(draw, cells):
        i, j = draw(st.integers(1, n)), draw(st.integers(1, n))
        word = draw(st.sampled_from(["reached", "was", "rose by", "totalled", "averaged"]))
        sentences.append(f"item {i} and item {j} {word} {_written(draw, value)}.")
    return " ".join(sentences), rows, True


@st.composite
def prose_cases(draw: st.DrawFn) -> _Case:
    n = draw(st.integers(2, MAX_VALUES + 1))
    values = [draw(st.integers(-200, 5000)) for _ in range(n)]
    passage = " ".join(f"In {2015 + i} sales were {v:,}." for i, v in enumerate(values))
    sentences = []
    for value in _figures(draw, values):
        word = draw(st.sampled_from(["were", "grew by", "totalled", "changed by", "averaged"]))
        sentences.append(f"Sales {word} {_written(draw, value)} [1].")
    return " ".join(sentences), [passage], False


_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(table_cases())
def test_gated_trace_is_the_plain_trace(case: _Case) -> None:
    assert not _differs(case), case


@_SETTINGS
@given(prose_cases())
def test_gated_check_is_the_plain_check(case: _Case) -> None:
    assert not _differs(case), case


@pytest.mark.usefixtures("trace_engine_only")  # (trace's result-row path decides it alone)
def test_the_gate_skips_rules_on_a_small_table() -> None:
    # (else the properties above compare a path with itself)
    rows = [{"name": "item 1", "revenue": 299}, {"name": "item 2", "revenue": 11150}]
    text = "item 1 had 299 and item 2 had 11,150. Together 11,449. We saw 123,457 events."
    skipped: list[str] = []
    real = within_reach

    def counting(ctx: ClaimContext, reach: ReachFn) -> bool:
        near = real(ctx, reach)
        if not near:
            skipped.append(ctx.mention.text)
        return near

    with patch.object(engine, "within_reach", counting):  # (the engine's own name for it)
        report = trace(text, rows)
    assert "123,457" in skipped and "11,449" not in skipped
    assert [c.status for c in report.claims][2:] == ["derived", "unsupported"]


def _broken(real: ReachFn) -> ReachFn:
    """A reach that leaves out its larger half (the column totals, the larger sums)."""

    def reach(ctx: ClaimContext) -> Reach | None:
        got = real(ctx)
        return got if got is None else Reach(got.values[: len(got.values) // 2], got.slack)

    return reach


# A figure each rule derives from the larger half of its reach (a column total; a sum of two
# prose figures), by hand: the broken reach must change its verdict.
_BROKEN_CASES: dict[str, _Case] = {
    "row_derivations": (
        "item 1 and item 2 totalled 11,449.",
        [{"name": "item 1", "revenue": 299}, {"name": "item 2", "revenue": 11150}],
        True,
    ),
    "two_operand": (
        "Total sales of 2015 and 2016 were 270 [1].",
        ["In 2015 sales were 120. In 2016 sales were 150."],
        False,
    ),
}


@pytest.mark.parametrize("rule_name", sorted(_BROKEN_CASES))
def test_a_broken_reach_changes_a_verdict(rule_name: str) -> None:
    rule: Rule = next(r for r in REACHES if r.__name__ == rule_name)
    case = _BROKEN_CASES[rule_name]
    assert _report(case)["claims"][0]["status"] == "derived"
    assert not _differs(case)
    with patch.dict(REACHES, {rule: _broken(REACHES[rule])}):
        assert _differs(case)


@pytest.mark.parametrize("rule_name", ["row_derivations", "two_operand"])
def test_a_broken_reach_fails_the_property(rule_name: str) -> None:
    rule: Rule = next(r for r in REACHES if r.__name__ == rule_name)
    strategy = table_cases() if rule_name == "row_derivations" else prose_cases()
    broken: dict[Rule, Callable[[ClaimContext], Reach | None]] = {rule: _broken(REACHES[rule])}
    with patch.dict(REACHES, broken):
        found = find(
            strategy,
            _differs,
            # No shrinking: any case the broken reach gets wrong proves the property catches it,
            # and shrinking one took most of this test's time.
            settings=settings(
                max_examples=examples(300, 2000),
                deadline=None,
                derandomize=True,
                database=None,
                phases=(Phase.explicit, Phase.reuse, Phase.generate),
            ),
        )
    assert _differs(found) is False  # the real reach gives the plain verdicts on that case


@pytest.mark.parametrize("cell", [10**400, -(10**200), 0, 10**-3])
def test_cells_beyond_float_range_leave_the_rule_to_run(cell: object) -> None:
    # an int too large for a float, a huge negative, zero, a small float: never a crash, never
    # a skip the plain path would not make
    rows = [{"name": "item 1", "revenue": cell}, {"name": "item 2", "revenue": 5}]
    assert not _differs(("item 1 and item 2 totalled 5.001 and 12.", rows, True))


@pytest.mark.parametrize(
    "case",
    [
        ("0", [], True),  # a trace with no result set: no group, no table
        ("It was 12 and 12.5%.", [], False),  # check with no source
        ("It was 12 [1].", ["No figure here."], False),
    ],
)
def test_scopes_without_values(case: _Case) -> None:
    assert not _differs(case)


def test_a_loss_turned_into_a_gain_is_in_the_reach() -> None:
    # -1 -> 2 over its signed base is -300 % (rules._derive_formulas, round 9); the pair reach
    # held only the other direction (2 -> -1, -150 %) and the gate skipped the rule
    case: _Case = (
        "Sales were 1 [1]. Sales were 0 [1]. Sales were 300.0% [1].",
        ["In 2015 sales were 0. In 2016 sales were -1. In 2017 sales were 2."],
        False,
    )
    assert not _differs(case)
