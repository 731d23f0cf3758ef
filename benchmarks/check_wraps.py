"""Any functions' CPU time in ``check()`` on pot-tatqa answers, named on the command line; and
how the time spreads over the answers (issue 19, round 41, speed57).

``check_phases.py`` wraps a fixed list of phases and every rule; this script wraps what it is
told, to read one phase finer without editing a script. Each ``module:function`` (or
``module:Class:method``) is replaced by a ``process_time`` wrapper in every ``crossfoot`` module
that holds the same function under that name (a ``from x import f`` copy too), so calls through
any of them are counted. The stream is ``check_speed.py``'s (the corpus's order, each
document's questions one after another), one warm-up pass, then ``--rounds`` timed passes with
the collector off (a collection landing inside a wrapped call charges it to that call).
A wrapper costs ~0.3-0.5 us a call: a phase of many short calls reads high, and nested
wrappers add up. Shares of ~1 % and less are for replays (``rule_replay.py``), not this::

    python benchmarks/check_wraps.py crossfoot.rules.alignment:misfit crossfoot.rules._named:Named
    python benchmarks/check_wraps.py crossfoot.sources.table_read:_Body:values --limit 300
    python benchmarks/check_wraps.py --tail 60          # the slowest answers' share, no wrappers

``--tail N`` prints the answers' time distribution: the mean, the median, and the share of all
the time the N slowest answers take (each answer's time the mean of the rounds), with their
questions; in round 41 the slowest tenth of the answers took ~30 % of the time.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_phases import _wrap as _timed  # (one process_time wrapper for both scripts)
from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main", "wrap_all"]


def wrap_all(targets: list[str], spent: dict[str, float], calls: Counter[str]) -> None:
    """Wrap each ``module:function`` or ``module:Class:method`` of ``targets`` (module note).

    >>> spent, calls = {}, Counter()
    >>> wrap_all(["crossfoot.numbers.extract:extract"], spent, calls)
    >>> from crossfoot.numbers import extract as x
    >>> _ = x.extract("12 units"); calls["extract.extract"]
    1
    """
    for target in targets:
        parts = target.split(":")
        if len(parts) not in (2, 3):
            raise SystemExit(f"{target!r}: expected module:function or module:Class:method")
        module = importlib.import_module(parts[0])
        short = parts[0].rsplit(".", 1)[-1]
        if len(parts) == 3:
            cls = getattr(module, parts[1])
            name = parts[2]
            setattr(cls, name, _timed(getattr(cls, name), f"{parts[1]}.{name}", spent, calls))
            continue
        name = parts[1]
        fn = getattr(module, name)
        timed = _timed(fn, f"{short}.{name}", spent, calls)
        for mod_name, mod in list(sys.modules.items()):
            if mod_name.startswith("crossfoot") and getattr(mod, name, None) is fn:
                setattr(mod, name, timed)


def _tail(per: list[float], questions: list[str | None], slowest: int) -> None:
    total = sum(per)
    order = sorted(range(len(per)), key=lambda i: -per[i])
    print(
        f"mean {statistics.fmean(per) * 1e3:.3f} ms, median {statistics.median(per) * 1e3:.3f} ms"
    )
    for k in sorted({max(1, len(per) // 100), len(per) // 20, len(per) // 10, slowest}):
        share = sum(per[i] for i in order[:k]) / total * 100
        print(f"the {k} slowest answers: {share:.1f} % of the time")
    for i in order[: min(slowest, 15)]:
        print(f"{per[i] * 1e3:7.2f} ms  {(questions[i] or '')[:90]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("targets", nargs="*", help="module:function or module:Class:method")
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=600, help="pot-tatqa rows (0: all)")
    ap.add_argument("--rounds", type=int, default=2, help="timed rounds after one warm-up")
    ap.add_argument("--tail", type=int, default=0, help="also the N slowest answers' share")
    args = ap.parse_args(argv)
    check = importlib.import_module("crossfoot.front.check").check
    items = pot_tatqa.load(data_root(args.data_root), args.limit or None)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    spent: dict[str, float] = {}
    count: Counter[str] = Counter()
    wrap_all(args.targets, spent, count)
    for answer, sources, question in calls:  # warm-up: imports, patterns, the last documents
        check(answer, sources, question=question)
    spent.clear()
    count.clear()
    per = [0.0] * len(calls)
    clock = time.process_time
    gc.disable()
    try:
        for _ in range(args.rounds):
            for n, (answer, sources, question) in enumerate(calls):
                t0 = clock()
                check(answer, sources, question=question)
                per[n] += clock() - t0
    finally:
        gc.enable()
    answers = len(calls) * args.rounds
    total = sum(per)
    print(f"{len(calls)} answers x {args.rounds} rounds: {total / answers * 1e6:.0f} us an answer")
    if spent:
        head = f"{'function':48} {'calls/answer':>12} {'us/call':>8} {'us/answer':>9}"
        print(f"\n{head} {'share':>6}")
    for key, t in sorted(spent.items(), key=lambda kv: -kv[1]):
        n = count[key]
        print(
            f"{key:48} {n / answers:12.2f} {t / n * 1e6:8.1f} {t / answers * 1e6:9.1f} "
            f"{t / total * 100:5.1f}%"
        )
    if args.tail:
        print()
        _tail([t / args.rounds for t in per], [q for _, _, q in calls], args.tail)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
