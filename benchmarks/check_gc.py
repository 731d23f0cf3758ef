"""The garbage collector over the ``check_speed.py`` stream: how often, how long, and on what.

``check_speed.py`` times every pot-tatqa answer in the corpus's order (each round: every answer,
then every answer with its sources read afresh) and keeps each answer's fastest round. This
script runs the same stream with ``gc.callbacks`` and says, per generation, how many collections
ran and their CPU time; how much of the collector's time falls inside the samples
``check_speed`` keeps (a collection lands in one answer of one round, so "fastest of the rounds"
drops most of it); and, with ``--sites``, which allocation sites made the objects the young
generations hold (a ``tracemalloc`` sample every ``--every`` answers: what survives to be
traversed again, and promoted). It changes no collector setting::

    python benchmarks/check_gc.py --data-root ../shared/data            # all answers, 2 rounds
    python benchmarks/check_gc.py --limit 700 --rounds 1 --sites        # where survivors come from
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main"]


def _shape(o: object) -> str:
    if isinstance(o, tuple):
        more = f"..{len(o)}" if len(o) > 3 else ""
        return "tuple(" + ",".join(type(x).__name__ for x in o[:3]) + more + ")"
    return type(o).__name__


def _site(o: object) -> str:
    tb = tracemalloc.get_object_traceback(o)
    if tb is None:
        return "?"
    ours = [f for f in tb if "crossfoot" in f.filename]
    return " < ".join(f"{f.filename.split('crossfoot/')[-1]}:{f.lineno}" for f in ours[:2]) or "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=None, help="pot-tatqa rows")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--sites", action="store_true", help="young objects by allocation site")
    ap.add_argument("--every", type=int, default=100, help="answers between --sites samples")
    args = ap.parse_args(argv)
    from crossfoot import check
    from crossfoot.front.check import _LOADED

    items = pot_tatqa.load(data_root(args.data_root), args.limit)
    calls: list[Callable[[], Any]] = [
        (lambda it=it: check(it.answer, it.sources, question=it.question or None)) for it in items
    ]
    for call in calls[:20]:  # warm imports and caches, as check_speed does
        call()
    clock = time.process_time
    started = [0.0]
    spent: dict[int, float] = Counter()  # type: ignore[assignment]
    runs: Counter[int] = Counter()
    collected: Counter[int] = Counter()
    in_answer = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = clock()
            return
        took = clock() - started[0]
        g = info["generation"]
        spent[g] += took
        runs[g] += 1
        collected[g] += info["collected"]
        in_answer[0] += took

    sites: Counter[tuple[str, str]] = Counter()
    if args.sites:
        tracemalloc.start(4)
    warm: list[list[tuple[float, float]]] = [[] for _ in calls]  # (time, collector's part)
    gc.callbacks.append(watch)
    t0 = clock()
    try:
        for _ in range(args.rounds):
            for cold in (False, True):
                for n, call in enumerate(calls):
                    if cold:
                        _LOADED.clear()  # every source list read afresh (check_speed's "cold")
                    in_answer[0] = 0.0
                    a = clock()
                    call()
                    if not cold:
                        warm[n].append((clock() - a, in_answer[0]))
                    if args.sites and n % args.every == args.every - 1:
                        for o in gc.get_objects(1) + gc.get_objects(0):
                            sites[(_shape(o), _site(o))] += 1
    finally:
        gc.callbacks.remove(watch)
    total = clock() - t0
    answers = len(calls) * args.rounds * 2
    if args.sites:
        print("(--sites: tracemalloc and the samples are timed too; read the shares without it)")
    print(f"{len(calls)} answers x {args.rounds} rounds (warm + afresh): "
          f"{total / answers * 1e3:.3f} ms an answer (CPU)")  # fmt: skip
    for g in sorted(runs):
        print(f"  generation {g}: {runs[g]} collections, {spent[g] * 1e3:.0f} ms "
              f"({spent[g] / total * 100:.1f} % of the stream, "
              f"{spent[g] / runs[g] * 1e3:.2f} ms each), {collected[g]} objects freed")  # fmt: skip
    best = [min(s) for s in warm]
    kept = sum(b[1] for b in best) / sum(b[0] for b in best)
    every = sum(x[1] for s in warm for x in s) / sum(x[0] for s in warm for x in s)
    print(f"  check_speed's figure (each answer's fastest round): the collector is "
          f"{kept * 100:.2f} % of it; in every warm sample {every * 100:.2f} %")  # fmt: skip
    print(f"  tracked objects now: {len(gc.get_objects())} ({len(gc.get_objects(2))} old)")
    if args.sites:
        print(f"young objects sampled every {args.every} answers, by shape and site (top 30):")
        for (shape, site), k in sites.most_common(30):
            print(f"  {k:7d}  {shape:38s} {site}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
