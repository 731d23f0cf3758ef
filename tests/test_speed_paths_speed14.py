"""trace's kept reads of equal rows (issue 19, speed14) give what a fresh read gives.

``front.trace_rows`` keeps the tables read from a small list of dict rows for the next call on
rows of the same content. Proven here:

- on random tables (ints, floats, bools, None, numeric and other strings, several columns) and
  random answers (the cells' own figures, sums, shares, other numbers), a trace whose rows were
  read by an earlier call with *another* answer on an equal copy gives the report a fresh read
  gives;
- rows changed in place are read afresh: a key by the list's identity is caught;
- ``True``, ``1`` and ``1.0`` are told apart (a key without the cells' types is caught), and
  ``-0.0`` is never kept;
- a kept table forgets the windows of the answer before (memory stays per answer).
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace_rows as trace_rows
from crossfoot import trace
from crossfoot.report.result import Report

# The engine's reads are under test: the result-row path (front/trace_fast) is off (conftest).
pytestmark = pytest.mark.usefixtures("trace_engine_only")


@contextmanager
def _fresh() -> Iterator[None]:
    trace_rows.KEEP[0] = False
    try:
        yield
    finally:
        trace_rows.KEEP[0] = True


def _full(report: Report) -> tuple[Any, ...]:
    return (report.to_dict(), report.text, report.issues, report.warnings)


def _kept_then_fresh(
    rows: list[dict[str, Any]], first: str, second: str, **kwargs: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The report of ``second`` on rows an earlier call (``first``) read, and on a fresh read."""
    trace_rows.forget()
    trace(first, copy.deepcopy(rows), **kwargs)
    kept = _full(trace(second, copy.deepcopy(rows), **kwargs))
    with _fresh():
        return kept, _full(trace(second, copy.deepcopy(rows), **kwargs))


_CELL = st.one_of(
    st.integers(-(10**7), 10**7),
    st.floats(-1e7, 1e7, allow_nan=False, allow_infinity=False).map(lambda f: round(f, 2)),
    st.booleans(),
    st.none(),
    st.sampled_from(["$1,234", "12.5%", "3,150,000", "(927)", "n/a", "", "1.234,5", "EU"]),
)


@st.composite
def _tables(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(1, 6))
    columns = draw(
        st.lists(
            st.sampled_from(["revenue", "orders", "margin %", "year", "share", "cost"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    return [{"name": f"item {i + 1}", **{c: draw(_CELL) for c in columns}} for i in range(n)]


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    numbers = [v for r in rows for v in r.values() if type(v) in (int, float)]
    picks: list[str] = []
    for _ in range(rng.randint(1, 4)):
        shape = rng.random()
        if numbers and shape < 0.5:
            picks.append(f"{rng.choice(numbers):,}")
        elif len(numbers) > 1 and shape < 0.7:
            picks.append(f"{sum(rng.sample(numbers, 2)):,.2f}")
        elif numbers and shape < 0.8:
            picks.append(f"{rng.uniform(1, 99):.1f}%")
        else:
            picks.append(f"{rng.randint(0, 10**6):,}")
    label = rows[rng.randrange(len(rows))]["name"]
    return f"{label} had {', '.join(picks)} in total."


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_tables(), seed=st.integers(0, 10**6), strings=st.booleans())
def test_a_kept_read_gives_the_report_a_fresh_read_gives(
    rows: list[dict[str, Any]], seed: int, strings: bool
) -> None:
    rng = random.Random(seed)
    first, second = _answer(rng, rows), _answer(rng, rows)
    kept, fresh = _kept_then_fresh(rows, first, second, parse_strings=strings)
    assert kept == fresh


def test_the_kept_read_is_used() -> None:
    rows = [{"name": "EU", "revenue": 3_150_000}, {"name": "US", "revenue": 4_820_000}]
    trace_rows.forget()
    trace("EU had 3,150,000.", rows)
    assert len(trace_rows._READS) == 1
    (made,) = trace_rows._READS.values()
    trace("US had 4,820,000.", copy.deepcopy(rows))  # equal rows, another list: a hit
    assert len(trace_rows._READS) == 1 and next(iter(trace_rows._READS.values())) is made
    trace("US had 4,820,000.", rows, parse_strings=False)  # read another way: its own entry
    assert len(trace_rows._READS) == 2


def test_rows_changed_in_place_are_read_afresh() -> None:
    rows = [{"name": "EU", "revenue": 3_150_000}, {"name": "US", "revenue": 4_820_000}]
    trace_rows.forget()
    assert trace("EU had 3,150,000.", rows).passed
    rows[0]["revenue"] = 2_000_000
    assert not trace("EU had 3,150,000.", rows).passed
    # broken: a key by the list's identity gives the old table back
    saved = trace_rows.rows_key

    def by_identity(rows: Any) -> tuple[Any, ...] | None:
        return (id(rows),) if type(rows) is list else None

    trace_rows.rows_key = by_identity
    try:
        trace_rows.forget()
        rows[0]["revenue"] = 3_150_000
        assert trace("EU had 3,150,000.", rows).passed
        rows[0]["revenue"] = 2_000_000
        assert trace("EU had 3,150,000.", rows).passed  # wrong: the kept table
    finally:
        trace_rows.rows_key = saved
        trace_rows.forget()


@pytest.mark.parametrize(
    ("one", "other"),
    [(True, 1), (1, True), (1.0, 1), (False, 0), (0, None), ("1", 1)],
)
def test_cells_of_other_types_read_apart(one: object, other: object) -> None:
    a = [{"name": "EU", "x": one}, {"name": "US", "x": 7}]
    b = [{"name": "EU", "x": other}, {"name": "US", "x": 7}]
    assert trace_rows.rows_key(a) != trace_rows.rows_key(b)
    text = "EU had 1 and US had 7."
    kept, fresh = _kept_then_fresh_pair(a, b, text)
    assert kept == fresh


def _kept_then_fresh_pair(
    a: list[dict[str, Any]], b: list[dict[str, Any]], text: str
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    trace_rows.forget()
    trace(text, a)
    kept = _full(trace(text, b))
    with _fresh():
        return kept, _full(trace(text, b))


def test_a_key_without_the_types_is_caught() -> None:
    a = [{"name": "EU", "x": True}, {"name": "US", "x": 7}]
    b = [{"name": "EU", "x": 1}, {"name": "US", "x": 7}]
    text = "EU had 1 and US had 7."
    saved = trace_rows.rows_key

    def untyped(rows: Any) -> tuple[Any, ...] | None:
        key = saved(rows)
        return None if key is None else key[:2]

    trace_rows.rows_key = untyped
    try:
        kept, fresh = _kept_then_fresh_pair(a, b, text)
    finally:
        trace_rows.rows_key = saved
        trace_rows.forget()
    assert kept != fresh  # True is no number; 1 is EU's figure


def test_what_is_never_kept() -> None:
    assert trace_rows.rows_key([{"x": -0.0}]) is None
    assert trace_rows.rows_key([{"x": 0.0}]) is not None
    assert trace_rows.rows_key([{"x": 1}, {"y": 1}]) is None  # other keys
    assert trace_rows.rows_key([{"x": 1, "y": 2}, {"y": 2, "x": 1}]) is None  # another order
    assert trace_rows.rows_key([("x", "y"), (1, 2)]) is None  # not dict rows
    assert trace_rows.rows_key(({"x": 1},)) is None  # not a list
    assert trace_rows.rows_key([{1: 1}]) is None  # a key that is no str
    wide = [{f"c{j}": j for j in range(trace_rows.MAX_CELLS + 1)}]
    assert trace_rows.rows_key(wide) is None


def test_a_kept_table_forgets_the_answer_before() -> None:
    rows = [{"name": f"item {i}", "revenue": 100 * i + 7} for i in range(1, 9)]
    trace_rows.forget()
    trace("item 1 had 107 and item 2 had 207.", rows)
    ((tables, *_),) = trace_rows._READS.values()
    before = set(tables[0]._found)
    trace("item 8 had 807.", rows)
    after = set(tables[0]._found)
    assert before and after and not before & after


def test_threads_tracing_equal_rows_get_a_fresh_reads_reports() -> None:
    """A kept table is shared by every call on equal rows: four threads tracing other answers
    over equal copies at a 1 us switch interval (each call's ``new_answer`` empties the
    windows another thread may be filling) get exactly the reports of fresh reads."""
    from interleave import run_interleaved

    rows = [
        {"region": "EU", "revenue": 1240, "orders": 310, "margin %": 12.5},
        {"region": "US", "revenue": 2115, "orders": 402, "margin %": 9.75},
        {"region": "APAC", "revenue": 980, "orders": 188, "margin %": 14.0},
    ]
    answers = [
        "EU revenue was 1,240 on 310 orders.",
        "US revenue was 2,115, APAC 980: together 3,095.",
        "APAC's margin was 14% and EU's 12.5%; US had 402 orders.",
        "Revenue totalled 4,335; EU was 28.6% of it (wrongly 1,300 in one note).",
    ]
    with _fresh():
        expected = [_full(trace(a, copy.deepcopy(rows))) for a in answers]
    trace_rows.forget()
    got: dict[int, list[tuple[Any, ...]]] = {i: [] for i in range(len(answers))}
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            for _ in range(15):
                got[i].append(_full(trace(answers[i], copy.deepcopy(rows))))
        except BaseException as e:  # any escape is the failure under test
            errors.append(e)

    run_interleaved([functools.partial(work, i) for i in range(len(answers))])
    assert errors == []
    for i, want in enumerate(expected):
        assert got[i] and all(g == want for g in got[i]), answers[i]
    assert [c.passed for c in trace(answers[3], rows).claims].count(False) == 1  # 1,300 fails
    assert trace(answers[0], rows).passed
