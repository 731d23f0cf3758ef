"""Written calculations an answer shows (issues 14/15, round 9: arith9).

``tests/vectors/arith9.json``: for each class, answers that must pass and their failing twins
over fictional tables, each table written in every format ``corpora.render`` writes (a verdict
that depends on the serialization is a defect of its own). A case with ``xfail`` is a class left
open and runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import FORMATS
from grid_vectors import assert_both_twins, check_claims, params, sources

_VECTORS = Path(__file__).parent / "vectors" / "arith9.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


@pytest.mark.parametrize(("case", "fmt"), params(CASES, FORMATS))
def test_arith9(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, sources(case, fmt))


def test_every_class_has_both_twins() -> None:
    assert_both_twins(CASES)
