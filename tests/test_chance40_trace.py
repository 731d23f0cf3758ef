"""chance40: in ``trace`` over a large result set, a figure met only by a cell of a row the
answer does not name, where the columns' spread expects such a cell by chance, is no evidence
(``front/trace_chance.py``). Cases in tests/vectors/chance40.json, each table in three formats."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.front.trace_chance import expected_matches
from crossfoot.sources.rows import read_tables

_VECTORS = json.loads((Path(__file__).parent / "vectors" / "chance40.json").read_text())
_FORMATS = ("dicts", "tuples", "columns")


@cache
def _table(name: str) -> tuple[dict[str, Any], ...]:
    spec = _VECTORS["tables"][name]
    rng = random.Random(spec["seed"])
    spread = spec["spread"]

    def cell() -> int:
        if spread == "log":
            return int(10 ** rng.uniform(2, 6))
        return rng.randint(spread[0], spread[1])

    return tuple(
        {"item": f"item {i + 1}", **{c: cell() for c in spec["columns"]}}
        for i in range(spec["rows"])
    )


def _shaped(rows: tuple[dict[str, Any], ...], how: str) -> Any:
    header = list(rows[0])
    if how == "dicts":
        return [dict(r) for r in rows]
    if how == "tuples":
        return [tuple(header), *(tuple(r.values()) for r in rows)]
    return {"columns": header, "rows": [list(r.values()) for r in rows]}


def _fill(case: dict[str, Any], rows: tuple[dict[str, Any], ...], text: str) -> str:
    column, lo, hi = case["pick"]
    row = next(r for r in rows if lo <= r[column] <= hi)
    total = sum(r[column] for r in rows)
    return text.format(
        name=row["item"],
        **{column: f"{row[column]:,}", f"{column}_plus": f"{row[column] + 1:,}"},
        **{f"{column}_sum": f"{total:,}", f"{column}_sum_plus": f"{total + 1000:,}"},
    )


@pytest.mark.parametrize("how", _FORMATS)
@pytest.mark.parametrize("case", _VECTORS["cases"], ids=[c["id"] for c in _VECTORS["cases"]])
def test_chance_vectors(case: dict[str, Any], how: str) -> None:
    rows = _table(case["table"])
    text = _fill(case, rows, case["text"])
    question = _fill(case, rows, case["question"]) if "question" in case else None
    report = crossfoot.trace(text, _shaped(rows, how), question=question)
    # every figure of the sentence: the picked cell's, and in "two figures" the 415 that passed
    # by chance as another column's cell before chance40 (trace55's witness)
    assert report.claims, text
    for claim in report.claims:
        assert claim.status == case["expect"], (text, claim.mention.text, claim.message)
        assert case.get("why", "") in claim.message, (text, claim.message)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    n=st.integers(1_000, 4_000),
    width=st.integers(2_000, 50_000),
    at=st.floats(0.3, 0.6),
)
def test_the_estimate_follows_the_density(seed: int, n: int, width: int, at: float) -> None:
    """Uniform ints in [0, width): about n / width cells per whole number anywhere inside; the
    estimate (a stride sample, never the hits) is within a factor of two."""
    rng = random.Random(seed)
    rows = [{"k": f"r{i}", "v": rng.randrange(width)} for i in range(n)]
    table = read_tables(rows)[0][0]
    got = expected_matches(table, [1], at * width, 0.5)
    assert n / width / 2 <= got <= 2 * n / width
    assert expected_matches(table, [1], 10.0 * width, 0.5) == 0.0
