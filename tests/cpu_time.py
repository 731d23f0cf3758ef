"""CPU time of a run, for the tests that bound how work grows with the input
(``tests/test_speed_paths_*.py``): the fastest of a few runs, so a busy machine's pauses do not
count, and at least a millisecond, so a ratio of two sizes never divides by nothing."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_cpu(run: Callable[[], object], rounds: int) -> float:
    """Seconds of CPU time of the fastest of ``rounds`` calls of ``run`` (at least 0.001)."""
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        run()
        best = min(best, time.process_time() - t)
    return max(best, 1e-3)
