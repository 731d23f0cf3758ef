"""Table shapes of our own for the eighth tatqa pass (issue 14), end to end through
:func:`crossfoot.check`, each table written in every format ``benchmarks/formats.py`` measures.

``tests/vectors/tatqa_shapes_round8.json``: seventeen TAT-QA-like tables (fictional data) of the
shapes TAT-QA documents come in (header blocks of several rows, units in the caption, a unit row,
a row label or the corner cell, percent columns, negatives in parentheses, dash blanks, totals
and subtotals under section rows, quarter columns, years as rows, two tables in one document,
prose with its own figures above the table), each with report sentences of the kinds TAT-QA golds
are: a cell, a change, a percentage change, an average, a share, a sum, with and without the
year, the row named in other words. Every class has a claim that must pass and one that must
fail. A case whose ``xfail`` names a gap (and the reader or rule that owns it) runs as
``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import BENCH_FORMATS, render
from grid_vectors import assert_both_twins, check_claims, params
from grid_vectors import sources as one_table_sources

_VECTORS = Path(__file__).parent / "vectors" / "tatqa_shapes_round8.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


def _sources(case: dict[str, Any], fmt: str) -> list[str]:
    """A case of two tables ("grids") gives each table as its own source, in one format."""
    if "grids" not in case:
        return one_table_sources(case, fmt)
    return [*(render(g, fmt) for g in case["grids"]), *case["prose"]]


def _with_grid(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # params() runs a case without a grid once, as prose: a two-table case runs in every format
    return [{**c, "grid": c["grids"][0]} if "grids" in c else c for c in cases]


@pytest.mark.parametrize(("case", "fmt"), params(_with_grid(CASES), BENCH_FORMATS))
def test_vector(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, _sources(case, fmt))


def test_every_class_has_both_twins() -> None:
    assert_both_twins(CASES)


def test_the_corpus_covers_fifteen_tables_or_more() -> None:
    assert len({c["table"] for c in CASES}) >= 15
