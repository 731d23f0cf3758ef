"""The judge's calls of some rules on pot-tatqa answers, recorded and replayed alone (issue 19,
round 38, speed53): what those rules cost an answer, finer than ``check_ab.py`` resolves.

``check()`` runs over the first ``--limit`` rows (``check_ab.py --limit``'s) twice; the second
pass records every call the engine's rule loop (``engine._run``) makes of the named rules, with
the claim's notes and the answer's shared memos copied as they were at the call (containers all
the way down, and the slotted memo objects of ``crossfoot.rules`` / ``crossfoot.language``; the
sources' and values' objects kept, so memos keyed by their identity still meet). Each call is
then replayed alone from that copy (so no replay profits from another's memo), the fastest of
``--reps``, the collector off; the sum is printed per answer, with the verdicts' count and a
digest to compare trees. One tree per process: run the two trees alternately, twice or more::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/rule_replay.py /tmp/base/src multi_operand --reps 10
    python benchmarks/rule_replay.py src multi_operand --reps 10
    python benchmarks/rule_replay.py src multi_operand,two_operand --limit 300

Calls the rules make of each other (``unit_unstated`` re-running ``multi_operand``) are not
recorded: only the rule loop's.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main"]


def _copy(x: Any, depth: int = 0) -> Any:
    """``x`` as it is now: dicts, lists and sets copied all the way down (tuples rebuilt only
    where they hold one), the slotted objects of the rules and readings copied; the rest kept."""
    if depth > 6:
        return x
    if isinstance(x, dict):
        return {k: _copy(v, depth + 1) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v, depth + 1) for v in x]
    if isinstance(x, set):
        return set(x)
    if isinstance(x, tuple):
        new = tuple(_copy(v, depth + 1) for v in x)
        return x if all(p is q for p, q in zip(new, x, strict=True)) else new
    kind = type(x)
    if kind.__module__.startswith(("crossfoot.rules", "crossfoot.language")) and hasattr(
        kind, "__slots__"
    ):
        y = copy.copy(x)
        for slot in kind.__slots__:
            if isinstance(getattr(x, slot, None), (dict, list, set)):
                object.__setattr__(y, slot, _copy(getattr(x, slot), depth + 1))
        return y
    return x


def _record(engine: Any, want: set[str], rec: list[tuple[Any, ...]], on: list[bool]) -> None:
    """Wrap the named rules where the engine's rule loop (and its reach gate) looks them up."""
    made: dict[Any, Any] = {}

    def wrap(rule: Any) -> Any:
        if rule not in made:

            def recorded(ctx: Any) -> Any:
                if on[0]:
                    rec.append((rule, ctx, _copy(ctx.notes), _copy(ctx.shared)))
                return rule(ctx)

            recorded.__name__, recorded.__module__ = rule.__name__, rule.__module__
            made[rule] = recorded
        return made[rule]

    plain = engine.rules
    engine.rules = lambda: tuple(wrap(r) if r.__name__ in want else r for r in plain())
    for r in list(engine.REACHES):
        if r.__name__ in want:
            engine.REACHES[wrap(r)] = engine.REACHES[r]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", help="the source tree to time (its crossfoot is imported)")
    ap.add_argument("rules", help="rule names, comma-separated (multi_operand,two_operand)")
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=600, help="pot-tatqa rows")
    ap.add_argument("--reps", type=int, default=6, help="replays of each call (the fastest kept)")
    args = ap.parse_args(argv)
    src = str(Path(args.src).resolve())
    sys.path.insert(0, src)
    engine: Any = importlib.import_module("crossfoot.engine")
    check = importlib.import_module("crossfoot.front.check").check
    if not str(importlib.import_module("crossfoot").__file__).startswith(src):
        raise SystemExit(f"crossfoot was imported from elsewhere than {src}")
    rec: list[tuple[Any, ...]] = []
    on = [False]
    _record(engine, set(args.rules.split(",")), rec, on)
    items = pot_tatqa.load(data_root(args.data_root), args.limit or None)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    for answer, sources, question in calls:  # warm-up: imports, patterns, kept sources
        check(answer, sources, question=question)
    on[0] = True
    for answer, sources, question in calls:
        check(answer, sources, question=question)
    on[0] = False
    gc.collect()
    gc.disable()
    clock = time.perf_counter
    best = [float("inf")] * len(rec)
    out: list[object] = [None] * len(rec)
    for _ in range(args.reps):
        for i, (rule, ctx, notes, shared) in enumerate(rec):
            ctx.notes, ctx.shared = _copy(notes), _copy(shared)
            t0 = clock()
            v = rule(ctx)
            best[i] = min(best[i], clock() - t0)
            out[i] = None if v is None else (v.status, v.message, str(v.evidence))
    gc.enable()
    digest = hash(tuple(map(str, out))) & 0xFFFF
    print(
        f"{src}: {len(rec)} calls over {len(calls)} answers: "
        f"{sum(best) / len(calls) * 1e6:.2f} us an answer (verdicts "
        f"{sum(o is not None for o in out)}, digest {digest:04x} under PYTHONHASHSEED)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
