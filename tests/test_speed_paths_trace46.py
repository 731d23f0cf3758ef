"""trace frees a result set when its report goes (round 35, trace46; issue 19).

``trace``'s check of an answer named itself (the reports' re-check), and the row sums' table kept
in a result set's memo read its cells through a closure over that result set: two reference
cycles, so every long result set, with its labels and cells, lived until the garbage collector's
next pass over older objects (a pass that then walked them: 8,054 objects of garbage for one
answer over 2,000 rows). Both are weak references now. The reports are what they were (the
vector files and ``benchmarks/trace_fast_check.py`` say so); here: no cyclic garbage is left,
and a report's re-check (``coincidence``) still runs on the rows.

And trace's result-row path (``front/trace_fast.py``) reads a whole figure that several cells
hold as the cell of its row in the column its stretch names, when no other cell of that row
holds it and no other row holding it is named in the answer (``NAMED_CELL``): on 60 random
200x10 tables (seed 99) the three-cell answer of ``trace_vs_figured`` is decided for 60, was
39. The property: the path's report equals the engine's on result sets whose cells repeat.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import trace
from crossfoot.front import trace_fast
from test_trace_fast import both, table


def _rows(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [
        {
            "name": f"item {i + 1}",
            "revenue": rng.randint(100, 900_000),
            "orders": rng.randint(1, 90_000),
            "rate": round(rng.uniform(0, 100), 1),
        }
        for i in range(n)
    ]


def _answers(rows: list[dict[str, Any]]) -> list[str]:
    a, b = rows[0], rows[1]
    total = sum(r["revenue"] for r in rows)
    return [
        f"item 1 had {a['revenue']:,} in revenue and item 2 had {b['revenue']:,}. Together "
        f"revenue reached {total:,}, a mean of {total / len(rows):,.0f}; 123,457 events.",
        f"item 2 placed {b['orders']:,} orders.",
        "The items are listed below.",
        "item 1 grew every month",
    ]


@pytest.fixture
def collector_off() -> Iterator[None]:
    # (the collector off: every object made from here on stays young, and a young collection
    # finds all the cyclic garbage they leave, without a walk over the whole heap)
    gc.disable()
    gc.collect(0)
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("n", [2, 12, 300, 700])
def test_a_trace_leaves_no_cyclic_garbage(n: int, collector_off: None) -> None:
    rows = _rows(n, n)
    for text in _answers(rows):
        report = trace(text, [dict(r) for r in rows])  # (new rows: no kept read)
        assert report.checked >= 0
        del report
        assert gc.collect(0) == 0, text


def test_a_report_still_rechecks_its_answer_on_its_rows() -> None:
    rows = _rows(700, 3)
    text = _answers(rows)[0]
    report = trace(text, rows)
    first = report.coincidence(draws=12, seed=1)
    gc.collect(0)  # (nothing the re-check needs is held by a cycle alone)
    assert report.coincidence(draws=12, seed=1) == first
    assert trace(text, rows).to_dict() == report.to_dict()


# ---------------------------------------------------------------- a figure several cells hold

# (trace's result-row path, front/trace_fast.py: a whole figure that other cells hold too is
# its row's cell in the column its stretch names, when no other row holding it is named)


def _shared_table(rng: random.Random) -> list[dict[str, Any]]:
    """Result sets whose cells repeat across rows and columns (a pool of a few values)."""
    rows = table(rng, large=0.3)
    _key, *cols = list(rows[0])
    pool = [rng.randint(1, 5000) for _ in range(rng.randint(1, 4))]
    for row in rows:
        for c in cols:
            if rng.random() < 0.3:
                row[c] = rng.choice(pool)
    return rows


def _shared_answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    """One to three clauses "<row> had <figure> [in] <column>", mostly of cells other cells
    hold too, sometimes another row's or column's figure."""
    key, *cols = list(rows[0])
    seen: dict[int, int] = {}
    for row in rows:
        for c in cols:
            seen[row[c]] = seen.get(row[c], 0) + 1
    shared = [(row, c) for row in rows for c in cols if seen[row[c]] > 1]
    parts = []
    for _ in range(rng.choice((1, 2, 3))):
        row, col = (
            rng.choice(shared)
            if shared and rng.random() < 0.8
            else (rng.choice(rows), rng.choice(cols))
        )
        v = row[col] if rng.random() < 0.8 else rng.choice(rows)[rng.choice(cols)]
        said = f" {col}" if rng.random() < 0.7 else f" in {col}" if rng.random() < 0.5 else ""
        parts.append(f"{row[key]} had {v:,}{said}")
    joined = " and ".join(parts) if rng.random() < 0.6 else ". ".join(parts)
    return joined + "."


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_a_shared_figure_read_as_its_rows_cell_is_the_engines_reading(seed: int) -> None:
    rng = random.Random(seed)
    rows = _shared_table(rng)
    for _ in range(3):
        text = _shared_answer(rng, rows)
        fast, slow, _ = both(text, rows)
        assert fast == slow, text


def test_a_shared_figure_is_decided_unless_another_named_row_holds_it() -> None:
    rows = [
        {"name": f"item {i}", "orders": 500 + i, "stores": 40 if i in (2, 9, 15) else 100 + i}
        for i in range(1, 31)
    ]
    rows[7]["orders"] = rows[3]["orders"]  # (item 8 holds item 4's orders too)
    for text, taken in (
        ("item 4 had 504 orders and item 2 had 40 stores.", True),
        ("item 4 had 504 orders and item 8 had 108 stores.", False),  # (item 8 holds 504)
        ("item 2 had 40 stores.", True),
        ("item 4 had 504 stores.", False),  # (not its row's cell of that column)
    ):
        fast, slow, decided = both(text, rows)
        assert fast == slow, text
        assert decided is taken, text
        saved = trace_fast.NAMED_CELL[0]
        trace_fast.NAMED_CELL[0] = False
        try:
            assert trace_fast.quick_trace(text, rows) is None, text  # (the gate's own case)
        finally:
            trace_fast.NAMED_CELL[0] = saved
