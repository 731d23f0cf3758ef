"""``check()`` time of two source trees in one process, answer by answer (CPU time).

The companion of ``trace_ab.py`` for ``check()`` on pot-tatqa answers: ``check_speed.py`` times
one tree beside a reference loop, and two of its runs (one per tree) differ by 5-15 % on the
shared machine. Here every answer is checked by one tree and then by the other (the order flips
every answer), in the corpus's order (so each tree's reuse of the sources of the same passages
acts as in ``check_speed.py``); per answer the fastest of the rounds is kept, and the ratio of the
two means is printed (below 1: the second is faster)::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/check_ab.py /tmp/base/src src                 # every answer, 3 rounds
    python benchmarks/check_ab.py /tmp/base/src src --limit 300 --rounds 2
    python benchmarks/check_ab.py /tmp/base/src src --fresh        # every question new

``--fresh``: a stream of new questions. Each round asks every question with its own number of
trailing spaces, which no round or tree has seen, so no cache keyed by the question's text holds
it (the sources, and the tables' labels, stay known as in the corpus's order); the reports of the
spaced questions are checked equal to those of the questions as written.

Both trees must give the same verdicts on every answer (checked first, on ``Report.to_dict()``).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import data_root


def _load(src: str) -> tuple[Callable[..., Any], dict[Any, Any]]:
    """``check`` of the crossfoot under ``src`` and its cache of sources read, apart from any
    crossfoot loaded before (every module imported now, while the path finds this tree)."""
    for name in [n for n in sys.modules if n == "crossfoot" or n.startswith("crossfoot.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        front = importlib.import_module("crossfoot.front.check")
        importlib.import_module("crossfoot.engine")
        front.check("Revenue was $1,234 in 2019.", ["Revenue was $1,234 in 2019."], question="x?")
    finally:
        sys.path.remove(src)
    return front.check, front._LOADED


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("first", help="a tree's src directory")
    ap.add_argument("second", help="the other tree's src directory")
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=None, help="pot-tatqa rows")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cold", action="store_true", help="every source list read afresh")
    ap.add_argument("--fresh", action="store_true", help="every question new to every round")
    args = ap.parse_args(argv)
    trees = (_load(args.first), _load(args.second))
    items = pot_tatqa.load(data_root(args.data_root), args.limit)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    for n, (answer, sources, question) in enumerate(calls):
        a, b = (fn(answer, sources, question=question).to_dict() for fn, _ in trees)
        if a != b:
            sys.exit(f"answer {n}: the two trees give different reports")
        if args.fresh and question:
            spaced = question + " " * (args.rounds + 1)  # (a count no timed round uses)
            if any(fn(answer, sources, question=spaced).to_dict() != a for fn, _ in trees):
                sys.exit(f"answer {n}: trailing spaces change the report; --fresh cannot run")
    clock = time.process_time
    best: tuple[list[float], list[float]] = (
        [float("inf")] * len(calls),
        [float("inf")] * len(calls),
    )
    for r in range(args.rounds):
        for n, (answer, sources, question) in enumerate(calls):
            # (--fresh: r + 1 trailing spaces, a question text new to this round and both trees)
            question_r = question + " " * (r + 1) if args.fresh and question else question
            for i in (0, 1) if (n + r) % 2 else (1, 0):
                fn, loaded = trees[i]
                if args.cold:
                    loaded.clear()
                t0 = clock()
                fn(answer, sources, question=question_r)
                t = clock() - t0
                if t < best[i][n]:
                    best[i][n] = t
    a, b = (statistics.fmean(x) for x in best)
    per = statistics.median(y / x for x, y in zip(*best, strict=True) if x > 0)
    print(
        f"check {len(calls)} answers x {args.rounds} rounds{' (cold)' if args.cold else ''}"
        f"{' (fresh questions)' if args.fresh else ''}: "
        f"first {a * 1e3:.3f} ms  second {b * 1e3:.3f} ms  ratio {b / a:.3f}  "
        f"(median per answer {per:.3f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
