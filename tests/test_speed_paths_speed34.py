"""trace's kept source sets (issue 19, speed34) give what fresh ones give.

``sources.rows_kept`` hands the next answer that picks the same cells of the same kept table
the source set an earlier answer was given (and with it what the rules keep per source set and
group). Proven here:

- on random tables (ints, floats, None, numeric strings; two to fourteen rows, so that answers
  pick different cells of the larger ones) and a run of random answers over the same rows
  (their cells, sums, shares, other numbers, a named row or none, a question or none), every
  report equals the one a trace with nothing kept gives;
- the set is kept by the cells picked: a key without them is caught;
- it is used (two answers naming the same rows share one set), at most ``KEPT`` a table, and a
  large result set keeps none.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace_rows as trace_rows
import crossfoot.sources.rows as rows_module
import crossfoot.sources.rows_kept as rows_kept
from crossfoot import trace
from crossfoot.report.result import Report

# The engine's reads are under test: the result-row path (front/trace_fast) is off (conftest).
pytestmark = pytest.mark.usefixtures("trace_engine_only")


@contextmanager
def _nothing_kept() -> Iterator[None]:
    trace_rows.KEEP[0] = False  # (new tables each call: no kept set can be met either)
    try:
        yield
    finally:
        trace_rows.KEEP[0] = True


def _full(report: Report) -> tuple[Any, ...]:
    return (report.to_dict(), report.text, report.issues, report.warnings)


_CELL = st.one_of(
    st.integers(-(10**6), 10**6),
    st.integers(100, 10**6),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False).map(lambda f: round(f, 2)),
    st.none(),
    st.sampled_from(["$1,234", "12.5%", "3,150,000", "(927)", "n/a"]),
)


@st.composite
def _tables(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(2, 14))
    columns = draw(
        st.lists(
            st.sampled_from(["revenue", "orders", "margin %", "year", "share", "cost"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    return [{"name": f"item {i + 1}", **{c: draw(_CELL) for c in columns}} for i in range(n)]


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> tuple[str, str | None]:
    numbers = [v for r in rows for v in r.values() if type(v) in (int, float)]
    picks: list[str] = []
    for _ in range(rng.randint(1, 3)):
        shape = rng.random()
        if numbers and shape < 0.5:
            picks.append(f"{rng.choice(numbers):,}")
        elif len(numbers) > 1 and shape < 0.7:
            picks.append(f"{sum(rng.sample(numbers, 2)):,.2f}")
        elif numbers and shape < 0.8:
            picks.append(f"{rng.uniform(1, 99):.1f}%")
        else:
            picks.append(f"{rng.randint(0, 10**6):,}")
    named = rng.sample([r["name"] for r in rows], rng.randint(0, 2))
    who = " and ".join(named) if named else "Together the rows"
    question = f"What did {named[0]} have?" if named and rng.random() < 0.3 else None
    return f"{who} had {', '.join(picks)} in total.", question


def _reports(rows: list[dict[str, Any]], answers: list[tuple[str, str | None]]) -> list[Any]:
    return [_full(trace(text, copy.deepcopy(rows), question=q)) for text, q in answers]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_tables(), seed=st.integers(0, 10**6))
def test_kept_source_sets_give_the_reports_fresh_ones_give(
    rows: list[dict[str, Any]], seed: int
) -> None:
    rng = random.Random(seed)
    answers = [_answer(rng, rows) for _ in range(3)]
    answers.append(answers[0])  # (the same answer again: every set of it kept)
    trace_rows.forget()
    kept = _reports(rows, answers)
    with _nothing_kept():
        fresh = _reports(rows, answers)
    assert kept == fresh


def _sets() -> dict[object, object]:
    """The source sets kept on the one table ``front.trace_rows`` keeps."""
    ((tables, *_),) = trace_rows._READS.values()
    (table,) = tables
    return table.sets  # type: ignore[no-any-return]


def test_the_kept_set_is_used() -> None:
    rows = [{"name": f"item {i}", "revenue": 1000 * i + 7} for i in range(1, 9)]
    trace_rows.forget()
    trace("item 3 had 3,007 and item 5 had 5,007.", rows)
    assert len(_sets()) == 1
    (made,) = _sets().values()
    # another answer picking the same cells (the same rows named, the same figures)
    trace("Item 5 had 5,007 while item 3 had 3,007.", copy.deepcopy(rows))
    assert len(_sets()) == 1 and next(iter(_sets().values())) is made
    trace("item 2 had 2,007.", rows)  # other cells: its own set
    assert len(_sets()) == 2
    for i in range(rows_kept.KEPT + 2):  # at most KEPT a table
        trace(f"item {i % 8 + 1} had {i:,} and {i + 1:,}.", rows)
    assert len(_sets()) == rows_kept.KEPT


def test_a_large_result_set_keeps_no_set() -> None:
    rows = [{"name": f"item {i}", "revenue": 1000 * i + 7} for i in range(1, 1_201)]
    made = []
    original = rows_kept.kept_set

    def spy(parts: Any, issues: Any, make: Any) -> Any:
        got = original(parts, issues, make)
        made.append(parts[0][1].sets)
        return got

    rows_module.kept_set = spy  # type: ignore[assignment]
    try:
        trace("item 3 had 3,007.", rows)
    finally:
        rows_module.kept_set = original
    assert made == [{}]


def test_a_key_without_the_cells_picked_is_caught() -> None:
    rows = [{"name": f"item {i}", "revenue": 1000 * i + 7} for i in range(1, 9)]
    first, second = "item 3 had 3,007.", "item 6 had 6,007."
    saved = rows_kept.kept_set

    def blind(parts: Any, issues: Any, make: Any) -> Any:
        return saved([(n, t, ()) for n, t, _ in parts], issues, make)

    trace_rows.forget()
    rows_module.kept_set = blind  # type: ignore[assignment]
    try:
        trace(first, rows)
        wrong = trace(second, rows)
    finally:
        rows_module.kept_set = saved
        trace_rows.forget()
    assert wrong.claims[0].status != "supported_exact"  # item 6's cells were not its sources
    assert trace(second, rows).claims[0].status == "supported_exact"
