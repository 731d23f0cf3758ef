"""trace's result-row path on result sets of more than a dozen rows (trace43; issue 19).

Beyond the default policy's ``max_rows`` the engine's sources for an answer hold the cells near
one of its figures and every cell of its operand rows (the rows it names and the rows its
figures state), no other: the path reads the same cells (``front.trace_derived._reach_of``),
each reading of a figure only in the tiers whose rules read it, and a sentence that names no
row and gathers none reaches only rowsums' column totals and means. Each case here is a twin:
a value placed where a reading the path leaves out would meet it, and the path must still give
the engine's report (or hand the answer over).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from crossfoot.front import trace_fast
from crossfoot.front.trace_rowset import MAX_CELLS, read
from test_trace_fast import both


def _rows(n: int, cols: int = 5, seed: int = 7) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    names = ["revenue", "orders", "visits", "returns", "sessions", "signups", "tickets"]
    return [
        {"name": f"item {i + 1}", **{c: int(10 ** rng.uniform(2, 6)) for c in names[: cols - 1]}}
        for i in range(n)
    ]


def _set(rows: list[dict[str, Any]], i: int, column: str, value: int) -> list[dict[str, Any]]:
    out = [dict(r) for r in rows]
    out[i][column] = value
    return out


HEAD = "item 1 had {r1:,} in revenue and item 2 had {r2:,}. "


def _text(rows: list[dict[str, Any]], tail: str) -> str:
    return HEAD.format(r1=rows[0]["revenue"], r2=rows[1]["revenue"]) + tail


CASES = [
    # a cell of an unnamed row at 100 times a percentage (the engine's sources hold no such cell)
    ("percent x100, unnamed row", -3, "visits", 7850, "We also saw a 78.5% rate."),
    # ... and in a named row (an operand: the path looks it up in every reading)
    ("percent x100, named row", 0, "visits", 7850, "We also saw a 78.5% rate."),
    # a cell at a hundredth of an amount of money, unnamed and named
    ("money /100, unnamed row", -4, "orders", 42100, "We also saw $4.21M of spend."),
    ("money /100, named row", 1, "orders", 42100, "We also saw $4.21M of spend."),
    # a cell whose share of its column is the figure, in a sentence naming no row
    ("share, no row named", -5, "orders", 0, "We also saw a 12.5% rate."),
    ("share, rows gathered", -5, "orders", 0, "Typically we saw a 12.5% rate."),
    # a figure equal to a cell of an unnamed row: direct finds it
    ("cell of an unnamed row", -6, "returns", 123457, "We also saw 123,457 events."),
]


@pytest.mark.parametrize("n", [13, 60, 240])
@pytest.mark.parametrize(("what", "row", "column", "value", "tail"), CASES)
def test_large_path_equals_engine(
    n: int, what: str, row: int, column: str, value: int, tail: str
) -> None:
    rows = _rows(n)
    row = row % n
    if what.startswith("share"):
        # the row's cell made 12.5% of its column's total
        rest = sum(r[column] for k, r in enumerate(rows) if k != row)
        value = rest // 7  # value / (rest + value) = 1/8
        rows = _set(rows, row, column, value)
        rows = _set(rows, (row + 1) % n, column, rows[(row + 1) % n][column] + rest - 7 * value)
    else:
        rows = _set(rows, row, column, value)
    text = _text(rows, tail)
    fast, slow, decided = both(text, rows)
    assert fast == slow, (what, text)
    if what in ("percent x100, unnamed row", "money /100, unnamed row", "share, no row named"):
        assert decided, what  # (the left-out reading does not hand it over)


def test_large_timing_answer_decided() -> None:
    """trace_vs_figured's nine-figure answer over 200x10 rows is decided by the path."""
    rows = _rows(200, 10, seed=3)
    text = (
        f"item 1 had {rows[0]['revenue']:,} in revenue and item 2 had {rows[1]['revenue']:,}. "
        f"Together revenue reached {sum(r['revenue'] for r in rows):,}. "
        "We also saw 123,457 events, a 78.5% rate and $4.21M of spend."
    )
    fast, slow, decided = both(text, rows)
    assert fast == slow
    assert decided or trace_fast.quick_trace(text, rows) is None


def test_read_limits() -> None:
    """Up to MAX_CELLS cells, read; beyond, the engine's; a period or year label, the engine's
    (it reads the rows around a named period)."""
    assert read(_rows(MAX_CELLS // 8, 8)) is not None
    assert read(_rows(MAX_CELLS // 8 + 1, 8)) is None
    years = [{"name": f"FY{2000 + i}", "revenue": 10 + i} for i in range(20)]
    quarters = [{"name": f"Q{i + 1}", "revenue": 10 + i} for i in range(4)]
    assert read(years) is None and read(quarters) is None
    # "item 250" is a rank (trace's filter of claims); "item 2500" is read by the engine
    assert read([{"name": f"item {i}", "orders": i} for i in (1, 250)]) is not None
    assert read([{"name": f"item {i}", "orders": i} for i in (1, 2500)]) is None
