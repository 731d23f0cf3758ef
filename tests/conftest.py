"""Suite-wide settings.

Hypothesis runs derandomized and without deadlines: CI machines are shared and slow, and a
property test that fails must fail on every run (the failing example is then a regression
vector), not on one run in ten.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

from crossfoot.front import trace_fast

# The benchmark scripts' table and figure generators are shared with the tests that check the
# same properties (e.g. coincidence on a random table), rather than copied into them.
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

settings.register_profile("crossfoot", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("crossfoot")


@pytest.fixture
def trace_engine_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``trace`` through the engine alone: the result-row path (front/trace_fast) is off, for
    tests of the engine's own reads (``pytestmark = pytest.mark.usefixtures(...)``)."""
    monkeypatch.setattr(trace_fast, "ON", [False])
