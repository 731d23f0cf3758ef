"""Where a trace on FRESH small rows spends its time, figure by figure, and what deciding
figures early could buy at most (issue 19; docs/speed.md, round 13).

Two parts, on new rows (and so a new nine-figure answer) at every call, as
``trace_vs_figured.py``'s fresh-rows line draws them (its ``random_table`` and
``timing_answer``), with ``front.trace_rows.forget()`` before every call:

- **ledger**: every rule call of the engine's first pass timed (CPU time of the process), per
  figure of the answer (its position) and per rule, with the two reach gates; printed as the
  figure's total and its costliest rules. Each timed call carries ~1 us of the timer's own
  cost: read the figures as shares, not as absolute costs.
- **bounds**: the same traces timed four ways, alternating call by call: as they are; with an
  oracle that replays at no cost the verdict of every figure that is one cell (direct_match's,
  one operand: the most a path that answers such figures from a value index of the rows,
  without the rules, could save; round 28); with one that answers ``None`` at no cost for
  every figure the rules leave unsupported (the most
  any test "no rule can reach this figure" could save); and with an oracle that replays every
  figure's verdict (the rules free: what is left is the answer's reading, the rows, the
  engine's loop, the row checks after it and the Report). The verdicts are checked equal to a
  plain trace's in every mode.
- **outside** (round 15): the rules replayed as in the bounds' "rules free" mode, every step
  of the path outside the rules wrapped and timed (inclusive CPU time: a step's line holds the
  steps it calls, e.g. ``judge`` holds ``_quoted``), per trace and as a share of the wrapped
  trace. Each wrapped call carries ~0.5-1 us of the wrapper: read the shares, not the sums.

::

    python benchmarks/trace_steps.py                    # 2x3 and 12x5, 300 traces each
    python benchmarks/trace_steps.py --sizes 2x3 --traces 600 --part bounds
    python benchmarks/trace_steps.py --part outside     # the steps outside the rules
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot.engine as _engine
from crossfoot.front import trace_rows
from crossfoot.front.trace import trace
from crossfoot.rules import REACHES, RULES
from trace_vs_figured import random_table, timing_answer

# (patched in place: the engine's loop and its reach table)
engine: Any = _engine

_Cases = list[tuple[str, list[dict[str, Any]]]]
_CLOCK = time.process_time


def _cases(n: int, c: int, count: int) -> _Cases:
    rng = random.Random(19)
    return [(timing_answer(t), t) for t in (random_table(rng, n, c) for _ in range(count))]


def timed_attr(
    owner: Any, attr: str, name: str, spent: dict[str, float], undo: list[tuple[Any, str, Any]]
) -> None:
    """Replace ``owner.attr`` by a wrapper adding each call's CPU time to ``spent[name]``; the
    original is appended to ``undo`` as ``(owner, attr, original)``, for the caller to set back."""
    fn = getattr(owner, attr)

    def timed(*args: Any, **kw: Any) -> Any:
        t0 = _CLOCK()
        try:
            return fn(*args, **kw)
        finally:
            spent[name] += _CLOCK() - t0

    undo.append((owner, attr, fn))
    setattr(owner, attr, timed)


def _verdicts(text: str, rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    trace_rows.forget()
    return [(c.status, c.mention.text) for c in trace(text, rows).claims]


def ledger(cases: _Cases) -> None:
    """Per figure position, the CPU time of each rule (and reach gate) called on it."""
    spent: defaultdict[tuple[int, str], float] = defaultdict(float)
    calls: Counter[tuple[int, str]] = Counter()

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(ctx: Any, *more: Any) -> Any:
            t0 = _CLOCK()
            try:
                return fn(ctx, *more)
            finally:
                key = (ctx.position, name)
                spent[key] += _CLOCK() - t0
                calls[key] += 1

        return call

    wrapped = {r: timed(r.__name__, r) for r in RULES}
    reaches = {wrapped[r]: timed(f"reach:{f.__name__}", f) for r, f in REACHES.items()}
    plain_run, plain_reaches = engine._run, engine.REACHES
    engine.REACHES = reaches
    engine._run = lambda rules, ctx: plain_run(tuple(wrapped.get(r, r) for r in rules), ctx)
    try:
        for text, rows in cases[:20]:  # warm
            trace(text, rows)
        spent.clear()
        calls.clear()
        total = 0.0
        for text, rows in cases[20:]:
            trace_rows.forget()
            t0 = _CLOCK()
            trace(text, rows)
            total += _CLOCK() - t0
    finally:
        engine._run, engine.REACHES = plain_run, plain_reaches
    k = len(cases) - 20
    per: dict[int, list[tuple[float, str, float]]] = defaultdict(list)
    for (pos, name), t in spent.items():
        per[pos].append((t / k * 1e6, name, calls[(pos, name)] / k))
    ruled = sum(spent.values()) / k * 1e6
    print(f"  trace {total / k * 1e6:.0f} us, of which rules and reach gates {ruled:.0f} us")
    for pos in sorted(per):
        costs = sorted(per[pos], reverse=True)
        top = "  ".join(f"{name} {us:.0f}" for us, name, _ in costs[:5])
        print(f"  figure {pos}: {sum(x[0] for x in costs):6.0f} us  ({top})")


def bounds(cases: _Cases, rounds: int) -> None:
    """Median trace time as it is, with unsupported figures decided free, with rules free."""
    plain_run = engine._run
    seen: dict[int, dict[tuple[int, int], list[Any]]] = {}
    current = [0]
    mode = ["plain"]

    def record(rules: Any, ctx: Any) -> Any:
        verdict = plain_run(rules, ctx)
        seen.setdefault(current[0], {}).setdefault((ctx.mention.start, len(rules)), []).append(
            verdict
        )
        return verdict

    def oracle(rules: Any, ctx: Any) -> Any:
        known = seen[current[0]].get((ctx.mention.start, len(rules)))
        if mode[0] == "plain" or known is None or len(known) != 1:
            return plain_run(rules, ctx)
        if mode[0] == "rules free" or (mode[0] == "unsupported free" and known[0] is None):
            return known[0]
        if mode[0] == "cells free" and _one_cell(known[0]):
            return known[0]
        return plain_run(rules, ctx)

    engine._run = record
    try:
        want = []
        for i, (text, rows) in enumerate(cases):
            current[0] = i
            want.append(_verdicts(text, rows))
        engine._run = oracle
        modes = ("plain", "cells free", "unsupported free", "rules free")
        times: dict[str, list[float]] = {m: [] for m in modes}
        for _ in range(rounds):
            for i, (text, rows) in enumerate(cases):
                current[0] = i
                for m in modes if i % 2 else modes[::-1]:
                    mode[0] = m
                    trace_rows.forget()
                    t0 = _CLOCK()
                    got = trace(text, rows)
                    times[m].append(_CLOCK() - t0)
                    if [(c.status, c.mention.text) for c in got.claims] != want[i]:
                        sys.exit(f"{m}: trace {i} gives other verdicts")
    finally:
        engine._run = plain_run
    base = statistics.median(times["plain"])
    for m in modes:
        t = statistics.median(times[m])
        print(f"  {m:17s} {t * 1e6:8.0f} us  ratio {t / base:.3f}")


def _one_cell(verdict: Any) -> bool:
    """A verdict that a figure is one cell (direct_match's, one operand): what a look-up of the
    figure in a value index of the rows would have to answer alike."""
    ev = verdict.evidence if verdict is not None else None
    return ev is not None and ev.rule == "direct" and len(ev.operands) == 1


# The steps outside the rules: (module, owner class or None, attribute, line name).
_OUTSIDE = (
    ("crossfoot.front.trace", None, "_read_rows", "rows read (read_tables, kept reads)"),
    ("crossfoot.front.trace", None, "TraceContext", "TraceContext"),
    ("crossfoot.front.trace", None, "keep_filter", "keep_filter (set-up)"),
    ("crossfoot.sources.rows", "AnswerOperands", "mentions", "the answer's numbers (extract)"),
    ("crossfoot.sources.rows", "AnswerOperands", "sources_for", "sources_for"),
    ("crossfoot.engine", None, "verify", "verify (the engine, whole)"),
    ("crossfoot.engine", None, "citations", "  citations"),
    ("crossfoot.engine", None, "split_sentences", "  split_sentences"),
    ("crossfoot.engine", None, "read_claims", "  read_claims (keep per claim inside)"),
    ("crossfoot.engine", "_Answer", "judge", "  judge (per claim, whole)"),
    ("crossfoot.engine", None, "_run", "    the rules (replayed)"),
    ("crossfoot.engine", "_Answer", "scope_for", "    scope_for (index, groups)"),
    ("crossfoot.engine", "_Answer", "_quoted", "    _quoted (labels with digits)"),
    ("crossfoot.engine", None, "claim_window", "    claim_window"),
    ("crossfoot.engine", None, "results_first", "  results_first"),
    ("crossfoot.engine", None, "sentence_counts", "  sentence_counts"),
    ("crossfoot.engine", None, "_check_restatements", "  _check_restatements"),
    ("crossfoot.engine", None, "check_comparisons", "  check_comparisons"),
    ("crossfoot.engine", None, "own_rows", "  own_rows"),
    ("crossfoot.engine", None, "_worded", "  _worded (moves, periods, ranks)"),
    ("crossfoot.engine", None, "which_period", "  which_period"),
    ("crossfoot.engine", None, "change_signs", "  change_signs"),
    ("crossfoot.engine", None, "convention_note_of", "  convention_note_of"),
    ("crossfoot.front.trace", None, "finish", "finish (row checks, whole)"),
    ("crossfoot.front.trace_checks", None, "_named_column", "  _named_column"),
    ("crossfoot.front.trace_checks", None, "_other_row", "  _other_row"),
    ("crossfoot.front.trace_checks", None, "_worded", "  _worded (comparisons, units)"),
)


def outside(cases: _Cases, rounds: int) -> None:
    """The rules replayed; each step outside them timed per trace (see the module docstring)."""
    plain_run = engine._run
    seen: dict[int, dict[tuple[int, int], Any]] = {}
    current = [0]

    def record(rules: Any, ctx: Any) -> Any:
        verdict = plain_run(rules, ctx)
        seen.setdefault(current[0], {})[(ctx.mention.start, len(rules))] = verdict
        return verdict

    def replay(rules: Any, ctx: Any) -> Any:
        known = seen[current[0]]
        key = (ctx.mention.start, len(rules))
        return known[key] if key in known else plain_run(rules, ctx)

    spent: defaultdict[str, float] = defaultdict(float)
    undo: list[tuple[Any, str, Any]] = []

    engine._run = record
    try:
        for i, (text, rows) in enumerate(cases):
            current[0] = i
            _verdicts(text, rows)
        engine._run = replay
        for module, cls, attr, name in _OUTSIDE:
            owner = importlib.import_module(module)
            timed_attr(getattr(owner, cls) if cls else owner, attr, name, spent, undo)
        from crossfoot.front import trace as front_trace

        # (trace takes verify through _verify(): the wrapped one from now on)
        front_trace._VERIFY[:] = [engine.verify]
        total = 0.0
        for r in range(rounds):
            for i, (text, rows) in enumerate(cases):
                current[0] = i
                trace_rows.forget()
                t0 = _CLOCK()
                trace(text, rows)
                if r or i >= 20:  # (the first 20 warm)
                    total += _CLOCK() - t0
                else:
                    spent.clear()
    finally:
        engine._run = plain_run
        for owner, attr, fn in reversed(undo):
            setattr(owner, attr, fn)
        from crossfoot.front import trace as front_trace

        front_trace._VERIFY[:] = [engine.verify]
    k = rounds * len(cases) - 20
    print(f"  trace {total / k * 1e6:.0f} us with the wrappers (the rules replayed)")
    for _, _, _, name in _OUTSIDE:
        print(f"  {name:40s} {spent[name] / k * 1e6:7.1f} us  {spent[name] / total * 100:5.1f} %")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="2x3,12x5")
    ap.add_argument("--traces", type=int, default=300, help="fresh tables per size")
    ap.add_argument("--rounds", type=int, default=2, help="bounds: passes over the tables")
    ap.add_argument("--part", choices=("ledger", "bounds", "outside", "both"), default="both")
    args = ap.parse_args(argv)
    for size in args.sizes.split(","):
        n, c = (int(x) for x in size.split("x"))
        cases = _cases(n, c, args.traces)
        if args.part in ("ledger", "both"):
            print(f"{size} ledger (fresh rows, {args.traces - 20} traces)")
            ledger(cases)
        if args.part in ("bounds", "both"):
            print(f"{size} bounds (fresh rows, {args.traces} traces x {args.rounds})")
            bounds(cases, args.rounds)
        if args.part == "outside":
            print(f"{size} outside the rules (fresh rows, {args.traces} traces x {args.rounds})")
            outside(cases, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
