"""trace frees a result set when its report goes (round 35, trace46; issue 19).

``trace``'s check of an answer named itself (the reports' re-check), and the row sums' table kept
in a result set's memo read its cells through a closure over that result set: two reference
cycles, so every long result set, with its labels and cells, lived until the garbage collector's
next pass over older objects (a pass that then walked them: 8,054 objects of garbage for one
answer over 2,000 rows). Both are weak references now. The reports are what they were (the
vector files and ``benchmarks/trace_fast_check.py`` say so); here: no cyclic garbage is left,
and a report's re-check (``coincidence``) still runs on the rows.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from typing import Any

import pytest

from crossfoot import trace


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
