"""Replay every case in ``tests/fuzz/crashes/``: each is an input that once broke a front door's
contract (found by the fuzzers or reported), and must not break it again.

A case still open in another helper's area carries ``"xfail": "<owner>: <why>"`` and runs as a
strict xfail: it turns into a failure (to be un-marked) on the day it is fixed.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.fuzz.doors import DOORS, load_corpus, run_case

CORPUS = load_corpus()


def _param(case: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if case.get("xfail") else []
    return pytest.param(case, id=case["file"].removesuffix(".json"), marks=marks)


def test_corpus_is_well_formed() -> None:
    for case in CORPUS:
        assert case["door"] in DOORS, case["file"]
        assert case["file"].startswith(case["door"] + "-"), case["file"]
        assert "key" in case, case["file"]


@pytest.mark.parametrize("case", [_param(c) for c in CORPUS])
def test_saved_crash_stays_fixed(case: dict[str, Any]) -> None:
    run_case(case)
