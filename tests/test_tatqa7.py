"""The table shapes of the seventh tatqa pass (issue 14), end to end through
:func:`crossfoot.check`, with each case's table written in every format ``benchmarks/formats.py``
measures (a case of prose only runs once).

``tests/vectors/tatqa7.json``: for each class a sentence crossfoot should pass and its
failing twin (fictional data). A verdict that depends on how the table was serialized is a defect
of its own, so every case runs once per format. A case whose ``xfail`` names a gap of today's
engine runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import BENCH_FORMATS
from grid_vectors import assert_both_twins, check_claims, params, sources

_VECTORS = Path(__file__).parent / "vectors" / "tatqa7.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


@pytest.mark.parametrize(("case", "fmt"), params(CASES, BENCH_FORMATS))
def test_vector(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, sources(case, fmt))


def test_every_class_has_both_twins() -> None:
    assert_both_twins(CASES)
