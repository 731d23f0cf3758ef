"""Atheris targets, one per front door, over the same case strategies as the hypothesis tests.

Run by ``make fuzz`` (through ``run_atheris.py``), or by hand::

    python tests/fuzz/atheris_targets.py check -max_total_time=60 -max_len=65536

Atheris supplies bytes and coverage; hypothesis' ``fuzz_one_input`` turns the bytes into a case
of the door's strategy, so both fuzzers explore the same shapes. crossfoot's modules are
instrumented (every one is imported here, inside ``instrument_imports``: the package loads them
lazily). A crash is saved to ``$CROSSFOOT_FUZZ_CRASHES`` (one JSON case per distinct fault, see
``doors.fuzz``) and fuzzing goes on, so one run finds every fault it can reach; the runner counts
the saved cases.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Modules whose import pulls in a third-party framework: nothing there reads hostile input that
# the core does not read first.
_SKIP = (".integrations", "__main__")  # (a __main__ module runs the CLI when imported)


def _instrumented() -> None:
    import atheris

    with atheris.instrument_imports(include=["crossfoot"]):
        import crossfoot

        for info in pkgutil.walk_packages(crossfoot.__path__, "crossfoot."):
            if not any(part in info.name for part in _SKIP):
                importlib.import_module(info.name)


def target(door: str) -> Any:
    """The one-input function atheris calls for ``door``."""
    from hypothesis import HealthCheck, given, settings
    from tests.fuzz.cases import CASES
    from tests.fuzz.doors import Crash, fuzz

    @settings(database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(CASES[door])
    def one(case: Any) -> None:
        if _CAPTURE is not None:
            _CAPTURE.append(case)
            return
        fuzz(case)

    fuzz_one_input = one.hypothesis.fuzz_one_input  # type: ignore[attr-defined]

    def run(data: bytes) -> None:
        try:
            fuzz_one_input(data)
        except Crash:
            pass  # saved by doors.fuzz; keep fuzzing for the next fault

    return run


_CAPTURE: list[Any] | None = None


def case_of(door: str, data: bytes) -> Any:
    """The case atheris' bytes stand for (to turn a libFuzzer timeout or out-of-memory artifact
    into a JSON case for the crash corpus); None when the bytes make no case."""
    global _CAPTURE
    _CAPTURE = []
    try:
        target(door)(data)
        return _CAPTURE[0] if _CAPTURE else None
    finally:
        _CAPTURE = None


def main(argv: list[str]) -> None:
    import atheris
    from tests.fuzz.cases import CASES

    if len(argv) < 2 or argv[1] not in CASES:
        raise SystemExit(
            f"usage: atheris_targets.py {{{','.join(sorted(CASES))}}} [libFuzzer flags]"
        )
    door = argv.pop(1)
    _instrumented()
    atheris.Setup(argv, target(door))
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
