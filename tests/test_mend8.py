"""mend8's vectors: the classes of sentence behind probe7's open fail-opens (a whole of another
year than the part's, a date written in numbers, a bare figure under a title, a full date among
columns dated within one year), each with answers
that must pass and answers that must fail, in every table format ``corpora.render`` writes.

``tests/vectors/mend8.json``; the runner is ``tests/grid_vectors.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import FORMATS
from grid_vectors import assert_both_twins, check_claims, params, sources

_VECTORS = Path(__file__).parent / "vectors" / "mend8.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


@pytest.mark.parametrize(("case", "fmt"), params(CASES, FORMATS))
def test_vector(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, sources(case, fmt))


def test_every_class_has_both_twins() -> None:
    assert_both_twins(c for c in CASES if "xfail" not in c)
