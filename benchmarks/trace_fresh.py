"""What a FRESH result set costs a ``trace``, beside the same rows with a new answer (issue 19).

``trace_vs_figured.py``'s fresh-rows lines trace new rows, and so a new nine-figure answer,
at every call. Two things are new there: the rows (their content) and the answer (its text).
This script tells them apart, on the tables and answers of ``trace_vs_figured.py`` (its
``random_table``, ``timing_answer`` and ``new_labels``):

- **modes**: the median CPU time of one trace, the modes alternating call by call (a busy spell
  of the shared machine hits them alike):

  - ``repeat``: the same rows and the same answer every call (what is kept by content or by
    text all applies);
  - ``new answer``: the same rows (kept: ``front/trace_rows.py``) and an answer of the same
    shape whose two unsupported figures change at every call (nothing kept by the answer's
    text applies);
  - ``new rows``: the ``repeat`` answer over rows of new content every call (the last
    measure column drawn anew: the nine-figure answer quotes only its "+17" figure from it,
    which no cell meets either way; the one-cell answer none): what is kept by the answer's
    text all applies, nothing kept by the rows;
  - ``fresh rows``: new rows and their own answer every call (``trace_vs_figured``'s
    "fresh rows" line);
  - ``new labels``: as ``fresh rows``, the rows also named by new words (its "new labels"
    line).

  ``new rows`` minus ``repeat`` is what the rows' being new costs, ``new answer`` minus
  ``repeat`` what a new text of the answer costs (only its last sentence is new: the other
  sentences' memos still apply), ``fresh rows`` both.
- **ledger**: the steps a new result set pays (the reading of the rows, the answer's source
  set and its cells, and what the rules build once per table, group or source set: the row
  derivations' tables and reach, the two-operand reach, ``multi``'s lines, the row check's
  label tables, the labels with digits), each wrapped and timed (inclusive CPU time per trace)
  in the ``repeat`` and the ``new rows`` modes, alternating (the median over the traces).
  Each wrapped call carries ~0.3-1 us of the wrapper, and the times inside a trace run above
  those of a step timed alone (the caches the trace left cold): read the differences.

::

    python benchmarks/trace_fresh.py                     # 2x3 and 12x5
    python benchmarks/trace_fresh.py --sizes 2x3 --traces 2000 --part modes
    python benchmarks/trace_fresh.py --answer one      # the one-cell answer of trace_ab.py
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from trace_steps import timed_attr
from trace_vs_figured import new_labels, random_table, timing_answer

_CLOCK = time.process_time
_Rows = list[dict[str, Any]]
_MODES = ("repeat", "new answer", "new rows", "fresh rows", "new labels")

# (module, attribute: "function" or "Class.method", line name); looked up at call time by their
# callers (module globals, methods), so wrapping the attribute times every call.
_STEPS = (
    ("crossfoot.front.trace", "_read_rows", "the rows read (read_tables, kept reads)"),
    ("crossfoot.sources.rows", "AnswerOperands.mentions", "the answer's numbers (extract)"),
    ("crossfoot.sources.rows", "AnswerOperands.sources_for", "the answer's source set"),
    ("crossfoot.sources.rows_table", "RowTable._near_merged", "  cells near a figure"),
    ("crossfoot.sources.rows", "_source_set", "  its cells (SourceValues)"),
    ("crossfoot.rules._rowsums_tables", "_from_table", "rowsums: its table of columns"),
    ("crossfoot.rules._rowsums_reach", "_list", "rowsums: its reach"),
    ("crossfoot.rules._derive_reach", "_group_reach", "two_operand: its reach"),
    ("crossfoot.rules.multi", "lines", "multi_operand: its lines"),
    ("crossfoot.language.rowtables", "_read_tables", "the row check's label tables"),
    ("crossfoot.engine", "_read_labels", "labels with digits (engine._quoted)"),
    ("crossfoot.front.trace", "finish", "finish (trace's row checks)"),
)


def one_cell(rows: _Rows) -> str:
    """``trace_ab.py``'s fixed-cost answer: one figure, the first row's revenue cell."""
    return f"{rows[0]['name']} had {rows[0]['revenue']:,} in revenue."


def _streams(
    n: int, c: int, count: int, answer: Callable[[_Rows], str] = timing_answer
) -> dict[str, list[tuple[str, _Rows]]]:
    """Per mode, ``count`` (answer, rows) calls; ``answer`` writes a table's answer."""
    rng = random.Random(19)
    fixed = random_table(rng, n, c)
    base = answer(fixed)

    def varied(i: int) -> str:
        # (the nine-figure answer's two figures that no cell or derivation meets, changed: a
        # new text; the one-cell answer gets a sentence of new words after its figure)
        if answer is one_cell:
            return f"{base} Those were {' '.join(_WORDS[i >> 3 * k & 7] for k in range(4))}."
        return base.replace("123,457", f"{100_000 + 7 * i:,}").replace(
            "78.5%", f"{(i % 900) / 10 + 1:.1f}%"
        )

    fresh = [random_table(rng, n, c) for _ in range(count)]
    named = [random_table(rng, n, c, new_labels(rng, n)) for _ in range(count)]
    # The same answer over rows of new content: a column the answer quotes no cell of (the
    # last measure) drawn anew; every other cell as in ``fixed``.
    last = list(fixed[0])[-1]
    redrawn = [[{**r, last: d[last]} for r, d in zip(fixed, t, strict=True)] for t in fresh]
    return {
        "repeat": [(base, fixed)] * count,
        "new answer": [(varied(i), fixed) for i in range(count)],
        "new rows": [(base, t) for t in redrawn],
        "fresh rows": [(answer(t), t) for t in fresh],
        "new labels": [(answer(t), t) for t in named],
    }


# (eight words: four of them name 4,096 texts, no number among them)
_WORDS = ("gathered", "listed", "shown", "kept", "filed", "logged", "noted", "booked")


def modes(
    trace: Callable[..., Any], n: int, c: int, count: int, answer: Callable[[_Rows], str]
) -> dict[str, float]:
    """Median CPU time of one trace per mode, the modes alternating call by call."""
    streams = _streams(n, c, count, answer)
    for text, rows in streams["fresh rows"][:20]:
        trace(text, rows)  # (warm: imports, memos of the engine's own)
    times: dict[str, list[float]] = {m: [] for m in _MODES}
    for i in range(20, count):
        order = _MODES if i % 2 else _MODES[::-1]
        for m in order:
            text, rows = streams[m][i]
            t0 = _CLOCK()
            trace(text, rows)
            times[m].append(_CLOCK() - t0)
    return {m: statistics.median(v) for m, v in times.items()}


def ledger(
    trace: Callable[..., Any], n: int, c: int, count: int, answer: Callable[[_Rows], str]
) -> None:
    """Each step of :data:`_STEPS` timed in the ``repeat`` and ``new rows`` modes: per mode
    and step, the median over the traces of the step's time in a trace (a step a trace does
    not call counts 0; a median, so that a collection or a busy spell of the machine inside
    one step does not weigh as a mean would)."""
    streams = _streams(n, c, count, answer)
    now: defaultdict[str, float] = defaultdict(float)  # the current trace's time per step
    undo: list[tuple[Any, str, Any]] = []

    for text, rows in streams["fresh rows"][:20]:
        trace(text, rows)
    trace(*streams["repeat"][0])  # (the repeated answer's reads kept before the timed calls)
    for module, attr, name in _STEPS:
        owner: Any = importlib.import_module(module)
        cls, _, attr = attr.rpartition(".")
        timed_attr(getattr(owner, cls) if cls else owner, attr, name, now, undo)
    per: dict[str, defaultdict[str, list[float]]] = {
        m: defaultdict(list) for m in ("repeat", "new rows")
    }
    try:
        for i in range(20, count):
            for m in ("repeat", "new rows") if i % 2 else ("new rows", "repeat"):
                now.clear()
                text, rows = streams[m][i]
                t0 = _CLOCK()
                trace(text, rows)
                per[m]["trace"].append(_CLOCK() - t0)
                for _, _, name in _STEPS:
                    per[m][name].append(now.get(name, 0.0))
    finally:
        for owner, attr, fn in reversed(undo):
            setattr(owner, attr, fn)

    def median(m: str, name: str) -> float:
        return statistics.median(per[m][name]) * 1e6

    same, fresh = median("repeat", "trace"), median("new rows", "trace")
    print(f"  trace (wrapped, median): repeat {same:.0f} us, new rows {fresh:.0f} us")
    print(f"  {'step':44s} {'repeat':>10s} {'new rows':>10s} {'more':>8s}")
    for _, _, name in _STEPS:
        a, b = median("repeat", name), median("new rows", name)
        print(f"  {name:44s} {a:8.1f} us {b:8.1f} us {b - a:6.1f} us")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="2x3,12x5")
    ap.add_argument("--traces", type=int, default=1000, help="calls per mode")
    ap.add_argument("--part", choices=("modes", "ledger", "both"), default="both")
    ap.add_argument(
        "--answer", choices=("nine", "one"), default="nine", help="nine figures, or one cell"
    )
    args = ap.parse_args(argv)
    answer = one_cell if args.answer == "one" else timing_answer
    from crossfoot.front.trace import trace

    for size in args.sizes.split(","):
        n, c = (int(x) for x in size.split("x"))
        if args.part in ("modes", "both"):
            got = modes(trace, n, c, args.traces, answer)
            base = got["repeat"]
            print(f"{size} modes (median CPU time per trace, {args.traces - 20} calls each)")
            for m in _MODES:
                print(f"  {m:12s} {got[m] * 1e6:7.0f} us  {got[m] / base:5.2f} x repeat")
        if args.part in ("ledger", "both"):
            print(f"{size} ledger (what new rows pay, {args.traces - 20} calls each)")
            ledger(trace, n, c, args.traces, answer)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
