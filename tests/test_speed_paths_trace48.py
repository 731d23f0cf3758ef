"""trace's large result sets, round 37 (issue 19, trace48).

- ``sources.rows_untrack.untrack_columns``: the columns of a large result set whose cells are
  all ints, floats, strings, booleans or ``None`` are untracked by the garbage collector when
  read (its first young collection visited every cell of them three times to untrack them
  itself); a column holding anything else stays tracked. The reports equal those read with the
  columns left to the collector.
"""

from __future__ import annotations

import gc
import random
from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.front.trace import trace
from crossfoot.sources import rows_untrack
from crossfoot.sources.rows import read_tables


def _table(rng: random.Random, n: int, cols: int) -> list[dict[str, Any]]:
    names = ["revenue", "orders", "visits", "returns", "stock", "refunds", "sessions", "signups"]
    return [
        {"name": f"item {i + 1}", **{c: int(10 ** rng.uniform(2, 6)) for c in names[: cols - 1]}}
        for i in range(n)
    ]


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    a, b = rng.sample(range(len(rows)), 2)
    ra, rb = rows[a], rows[b]
    total = sum(r["revenue"] for r in rows)
    off = rng.choice((0, 0, 1, 37))
    change = (ra["revenue"] / rb["revenue"] - 1) * 100
    return (
        f"{ra['name']} had {ra['revenue'] + off:,} in revenue and {rb['name']} had "
        f"{rb['orders']:,} orders. Together revenue reached {total:,}, a mean of "
        f"{total / len(rows):,.0f}. {ra['name']} was {abs(change):.1f}% "
        f"{'above' if change >= 0 else 'below'} {rb['name']}. We also saw "
        f"{rng.randint(100, 999_999):,} events and {rng.randint(5, 500)} stores."
    )


def _verdicts(text: str, rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    report = trace(text, rows)
    return [
        (c.status, c.mention.text, c.message, c.evidence.formula if c.evidence else None)
        for c in report.claims
    ]


def test_large_int_and_text_columns_are_untracked() -> None:
    rows = _table(random.Random(3), 2_000, 6)
    tables = read_tables(rows)[0]
    ints = [col for col in tables[0]._ints if col is not None]
    assert len(ints) == 5
    assert not any(map(gc.is_tracked, ints))


def test_columns_of_other_cells_stay_tracked() -> None:
    data = [tuple(range(5_000)), (*range(4_999), Decimal(1)), (*range(4_999), [1])]
    types = [set(map(type, c)) for c in data]
    assert rows_untrack.untrack_columns(data, types) == 1
    assert list(map(gc.is_tracked, data)) == [False, True, True]


def test_small_result_sets_are_left_to_the_collector() -> None:
    data = [tuple(range(100)), tuple(range(100))]
    assert rows_untrack.untrack_columns(data, [{int}, {int}]) == 0
    assert all(map(gc.is_tracked, data))


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(1_000, 9), (1_400, 6), (3_000, 4)]))
def test_untracked_columns_give_the_same_report(seed: int, size: tuple[int, int]) -> None:
    rng = random.Random(seed)
    rows = _table(rng, *size)
    text = _answer(rng, rows)
    untracked = _verdicts(text, rows)
    try:
        rows_untrack.UNTRACK[0] = False
        tracked = _verdicts(text, rows)
    finally:
        rows_untrack.UNTRACK[0] = True
    assert untracked == tracked
