"""Where one ``trace`` goes, phase by phase (CPU time of this process, per trace).

``trace_vs_figured.py --timing-only`` gives the time per trace and its ratio to figured; this
script splits crossfoot's time on the same seeded table and nine-figure answer into the phases
a trace runs, with wrappers around them (a few calls per trace: their own cost is microseconds)::

    python benchmarks/trace_phases.py                   # 20,000x10, 30 traces
    python benchmarks/trace_phases.py --size 2000x10 --traces 60

It prints:

- the phases: reading the rows (``read_tables``), the cells near the answer's figures
  (``RowTable.near_many``), the rows the answer names (``AnswerOperands.rows_for``), the picked
  cells made source values (``_source_set``), the engine's first verify, the re-check against
  the column or rows a figure is tied to (``finish``, its verify counted apart), the garbage
  collector by generation, and what is left (the trace's own code and the freeing of what it
  made);
- the freeing of a result set's table after the trace returns (tables held, then dropped);
- each verify again over the very same sources, so with every per-source memo of the rules
  warm: the gap to the first is what the rules build per source set (indexes, label tables,
  sums of lines over the picked cells), the rest is judging the claims.

At 200x10 and below the same rows traced again are served by the kept reads and the
result-row path (``front/trace_rows.py``, ``front/trace_fast.py``): the phases show little
there. Nothing here changes a verdict; it reads no data of ``../shared/data``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot.front.trace as front
import crossfoot.sources.rows as rows_mod
import crossfoot.sources.rows_table as rows_table
from trace_vs_figured import TIMING_SIZES, random_table, timing_answer

_CLOCK = time.process_time


def _wrap(owner: Any, name: str, spent: dict[str, float]) -> None:
    """``owner.name`` timed into ``spent[name]`` (outermost calls only)."""
    inner = getattr(owner, name)
    depth = [0]

    def timed(*args: Any, **kwargs: Any) -> Any:
        depth[0] += 1
        start = _CLOCK()
        try:
            return inner(*args, **kwargs)
        finally:
            depth[0] -= 1
            if not depth[0]:
                spent[name] += _CLOCK() - start

    setattr(owner, name, timed)


def _table(size: str) -> list[dict[str, Any]]:
    """trace_vs_figured's timing table of ``size`` (its seed, drawn in its order)."""
    rng = random.Random(2026)
    made = {f"{n}x{c}": random_table(rng, n, c) for n, c in TIMING_SIZES}
    if size not in made:
        sys.exit(f"--size must be one of {', '.join(made)}")
    return made[size]


def phases(rows: list[dict[str, Any]], traces: int) -> tuple[float, dict[str, float]]:
    """Mean CPU ms per trace, and per phase."""
    spent: dict[str, float] = defaultdict(float)
    text = timing_answer(rows)
    front.trace(text, rows)  # (imports, first-use caches)
    front._verify()  # (a small table's trace may not need the engine: imported here)
    _wrap(front, "read_tables", spent)
    _wrap(front, "finish", spent)
    _wrap(rows_table.RowTable, "near_many", spent)
    _wrap(rows_mod.AnswerOperands, "rows_for", spent)
    _wrap(rows_mod, "_source_set", spent)
    verify = front._VERIFY[0]
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        first = calls[0] == 0
        calls[0] += 1
        start = _CLOCK()
        try:
            return verify(*args, **kwargs)
        finally:
            spent["verify (first)" if first else "verify (re-check)"] += _CLOCK() - start

    front._VERIFY[0] = counted
    began = [0.0]

    def collector(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = _CLOCK()
        else:
            spent[f"collector gen {info['generation']}"] += _CLOCK() - began[0]

    gc.callbacks.append(collector)
    try:
        for _ in range(3):
            calls[0] = 0
            front.trace(text, rows)
        spent.clear()
        start = _CLOCK()
        for _ in range(traces):
            calls[0] = 0
            front.trace(text, rows)
        total = _CLOCK() - start
    finally:
        gc.callbacks.remove(collector)
        front._VERIFY[0] = verify
    return total / traces * 1e3, {k: v / traces * 1e3 for k, v in spent.items()}


def freeing(rows: list[dict[str, Any]], traces: int) -> float:
    """Median CPU ms to free one trace's result-set tables once the trace has returned."""
    held: list[object] = []
    made = rows_table.RowTable.__init__

    def keep(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        held.append(self)

    rows_table.RowTable.__init__ = keep  # type: ignore[method-assign]
    text = timing_answer(rows)
    times: list[float] = []
    try:
        for _ in range(traces):
            front.trace(text, rows)
            start = _CLOCK()
            held.clear()
            times.append(_CLOCK() - start)
    finally:
        rows_table.RowTable.__init__ = made  # type: ignore[method-assign]
    return statistics.median(times) * 1e3


def warm_verifies(rows: list[dict[str, Any]], again: int) -> list[tuple[float, float, int]]:
    """Per verify of one trace: (its CPU ms in the trace, median ms run again over the same
    sources, the cells of those sources)."""
    text = timing_answer(rows)
    front.trace(text, rows)
    verify = front._verify()  # (the engine, imported on first use)
    seen: list[tuple[tuple[Any, ...], dict[str, Any], float]] = []

    def kept(*args: Any, **kwargs: Any) -> Any:
        start = _CLOCK()
        try:
            return verify(*args, **kwargs)
        finally:
            seen.append((args, kwargs, _CLOCK() - start))

    front._VERIFY[0] = kept
    try:
        front.trace(text, rows)
    finally:
        front._VERIFY[0] = verify
    out = []
    for args, kwargs, first in seen:
        times = []
        for _ in range(again):
            start = _CLOCK()
            verify(*args, **kwargs)
            times.append(_CLOCK() - start)
        cells = sum(len(s.values) for s in args[1].sources)
        out.append((first * 1e3, statistics.median(times) * 1e3, cells))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="20000x10", help="a timing size of trace_vs_figured")
    ap.add_argument("--traces", type=int, default=30, help="traces timed per part")
    args = ap.parse_args(argv)
    rows = _table(args.size)
    # (warm verifies and the freeing first: phases() leaves its wrappers in place)
    verifies = warm_verifies(rows, 10)
    freed = freeing(rows, args.traces)
    total, spent = phases(rows, args.traces)
    print(f"trace {args.size}, {args.traces} traces: {total:.2f} ms CPU per trace\n")
    print("| phase | ms per trace |\n|---|---:|")
    inner = spent.get("near_many", 0.0) + spent.get("rows_for", 0.0) + spent.get("_source_set", 0)
    counted = (
        spent.get("read_tables", 0.0)
        + inner
        + spent.get("verify (first)", 0.0)
        + spent.get("finish", 0.0)
    )
    for name, ms in sorted(spent.items(), key=lambda kv: -kv[1]):
        note = " (its re-check's verify included)" if name == "finish" else ""
        print(f"| {name}{note} | {ms:.2f} |")
    print(f"| the rest (the trace's own code, answer sets, freeing) | {total - counted:.2f} |")
    print(f"\nfreeing one trace's tables after it returns: {freed:.2f} ms (median)")
    print("\n| verify | ms in the trace | ms again, same sources | cells |\n|---|---:|---:|---:|")
    for k, (first, warm, cells) in enumerate(verifies):
        print(f"| {'first' if k == 0 else f're-check {k}'} | {first:.2f} | {warm:.2f} | {cells} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
