"""Hypothesis fuzzing of every front door: hostile input never crashes one (see
:mod:`tests.fuzz.doors` for the contract), and a wrong figure never passes, whatever surrounds it.

The example count is bounded for the normal test run (``CROSSFOOT_FUZZ_EXAMPLES``, default 120 per
door); ``make fuzz`` runs the same strategies under atheris for as long as it is given.
"""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.fuzz.cases import CASES
from tests.fuzz.doors import fuzz
from tests.fuzz.strategies import answers

from crossfoot import check, trace

EXAMPLES = int(os.environ.get("CROSSFOOT_FUZZ_EXAMPLES", "120"))

fuzz_settings = settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("door", sorted(CASES))
def test_front_door_never_crashes(door: str) -> None:
    @fuzz_settings
    @given(CASES[door])
    def run(case: Any) -> None:
        fuzz(case)

    run()


_FACTORS = ("1.37", "2.9", "7.3", "0.41", "-1")


@fuzz_settings
@given(
    value=st.integers(1_000, 10**10),
    factor=st.sampled_from(_FACTORS),
    noise=answers(max_pieces=15),
    style=st.sampled_from(["{:,}", "{}", "${:,}", "{:,} units"]),
)
def test_a_wrong_figure_never_passes_check(value: int, factor: str, noise: str, style: str) -> None:
    wrong = int(Decimal(value) * Decimal(factor))
    text = f"Revenue was {style.format(wrong)}.\n\n{noise}"
    report = check(text, [{"id": "R1", "fields": {"revenue": value}}])
    assert not report.passed, report.summary()


@fuzz_settings
@given(
    value=st.integers(1_000, 10**10),
    factor=st.sampled_from(_FACTORS),
    noise=answers(max_pieces=15),
)
def test_a_wrong_figure_never_passes_trace(value: int, factor: str, noise: str) -> None:
    wrong = int(Decimal(value) * Decimal(factor))
    text = f"Revenue in Europe was {wrong:,}.\n\n{noise}"
    report = trace(text, [{"region": "Europe", "revenue": value}])
    assert not report.passed, report.summary()
