"""Run functions in threads that switch every microsecond, so races show in a short test."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable


def run_interleaved(targets: list[Callable[[], None]]) -> None:
    """Start one thread per target at a 1 µs switch interval and wait for all of them."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=t) for t in targets]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
