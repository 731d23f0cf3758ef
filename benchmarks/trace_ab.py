"""``trace`` time of two source trees in one process, call by call (CPU time).

``trace_vs_figured.py --timing-only`` times one tree beside figured; two of its runs, one per
tree, differ by 5-20 % on the shared machine (load 5-12), and timing the two trees in blocks of
calls, turn about, still drifted by ±5 % in one process. Here each call of one tree is followed by
the same call of the other (the order flips every call) and the medians of the per-call CPU times
are compared: the same tree against itself comes out within ±1 % (docs/speed.md)::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/trace_ab.py /tmp/base/src src            # every size, 5 rounds
    python benchmarks/trace_ab.py /tmp/base/src src --sizes 2x3,200x10 --rounds 3
    python benchmarks/trace_ab.py /tmp/base/src src --fresh   # rows read afresh every call
    python benchmarks/trace_ab.py /tmp/base/src src --new-rows  # new rows, new answer every call
    python benchmarks/trace_ab.py /tmp/base/src src --new-labels --sizes 2x3,12x5  # and new labels

The tables and the nine-figure answer are those of ``trace_vs_figured.py``'s timing part (its
seed, its ``random_table`` and ``timing_answer``), plus the two fixed-cost answers on the 2x3
table. Both trees must give the same verdicts on every case (checked first). Prints per case
the median time of each tree and the ratio second / first (below 1: the second is faster).

``--fresh`` drops a tree's kept reads before every call (the same rows and answer are read
again: what is kept by the answer's text still counts). ``--new-rows`` traces, at every call,
rows of new content and their own nine-figure answer (drawn from a seeded stream; the same
call k gets the same rows in both trees): nothing kept from an earlier call applies, as for an
assistant tracing a new query result per answer. A copy of the same rows is not fresh: the
kept reads are keyed by content (``front/trace_rows.py``). ``--new-labels``: as ``--new-rows``,
and the rows are named by new words every call (``trace_vs_figured.new_labels``), so nothing
kept per label string applies either.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from trace_vs_figured import TIMING_SIZES, new_labels, random_table, timing_answer

_Case = tuple[str, list[tuple[str, list[dict[str, Any]]]], int]


# trace -> what drops its kept reads (``--fresh``: called before each call, outside its time)
_FORGET: dict[Callable[..., Any], Callable[[], None]] = {}


def _load(src: str, fresh: bool = False) -> Callable[..., Any]:
    """``trace`` of the crossfoot under ``src``, apart from any crossfoot loaded before, run once
    on every table shape right away: trace imports the engine on first use, and that import
    must find this tree's modules, not the other's. ``fresh``: the tree's kept reads of equal
    rows (``front.trace_rows``, where it has them) are dropped before every call."""
    for name in [n for n in sys.modules if n == "crossfoot" or n.startswith("crossfoot.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        trace: Callable[..., Any] = importlib.import_module("crossfoot.front.trace").trace
        if fresh and importlib.util.find_spec("crossfoot.front.trace_rows") is not None:
            _FORGET[trace] = importlib.import_module("crossfoot.front.trace_rows").forget
        rng = random.Random(1)
        for n, c in ((2, 3), (12, 5), (600, 10)):
            rows = random_table(rng, n, c)
            trace(timing_answer(rows), rows)
            trace("The regions are listed below.", rows)
    finally:
        sys.path.remove(src)
    return trace


_CELLS = 1_000_000  # cells of new rows drawn per case at most (--new-rows)


def _cases(sizes: list[tuple[int, int]], new_rows: int = 0, labels: bool = False) -> list[_Case]:
    """Per case its name, its (answer, rows) variants (one, or ``new_rows`` of new content,
    call k taking variant k; ``labels``: named by new words too), and its calls per round."""
    rng = random.Random(2026)
    fresh = random.Random(19)
    out: list[_Case] = []
    for n, c in sizes:
        rows = random_table(rng, n, c)
        reps = 200 if n < 1000 else 10 if n < 10_000 else 3
        variants = [(timing_answer(rows), rows)]
        if new_rows:
            count = min(new_rows, 2 * reps, max(4, _CELLS // (n * c)))  # (memory: ~1M cells)
            tables = [
                random_table(fresh, n, c, new_labels(fresh, n) if labels else None)
                for _ in range(count)
            ]
            variants = [(timing_answer(t), t) for t in tables]
        out.append((f"{n}x{c}", variants, reps))
        if n == 2:
            one = [(f"{t[0]['name']} had {t[0]['revenue']:,} in revenue.", t) for _, t in variants]
            none = [("The regions are listed below.", t) for _, t in variants]
            out.append(("2x3 one", one, 1000))
            out.append(("2x3 none", none, 2000))
    return out


def _verdicts(report: Any) -> list[tuple[str, str]]:
    return [(c.status, c.mention.text) for c in report.claims]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("first", help="a tree's src directory")
    ap.add_argument("second", help="the other tree's src directory")
    ap.add_argument("--rounds", type=int, default=5, help="calls per case: its reps x rounds")
    ap.add_argument("--sizes", default=",".join(f"{n}x{c}" for n, c in TIMING_SIZES))
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="every call reads its rows afresh (no read kept from the call before on equal rows)",
    )
    ap.add_argument(
        "--new-rows",
        action="store_true",
        help="every call traces new rows and their own answer (nothing kept applies)",
    )
    ap.add_argument(
        "--new-labels",
        action="store_true",
        help="as --new-rows, the rows also named by new words every call (trace_vs_figured)",
    )
    args = ap.parse_args(argv)
    args.new_rows = args.new_rows or args.new_labels
    sizes = [(int(n), int(c)) for n, c in (s.split("x") for s in args.sizes.split(","))]
    forget = args.fresh or args.new_rows  # (new rows: a variant traced again is not kept either)
    first, second = _load(args.first, forget), _load(args.second, forget)
    # (up to 2 x reps variants per case, and about a million cells: more than the 16 kept
    # reads; call k takes variant k modulo their number)
    cases = _cases(sizes, 10**9 if args.new_rows else 0, args.new_labels)
    for name, variants, _ in cases:
        for text, rows in variants[:20]:
            if _verdicts(first(text, rows)) != _verdicts(second(text, rows)):
                sys.exit(f"{name}: the two trees give different verdicts")
    clock = time.process_time
    for name, variants, reps in cases:
        times: tuple[list[float], list[float]] = ([], [])
        for k in range(reps * args.rounds):
            text, rows = variants[k % len(variants)]
            order = (0, 1) if k % 2 else (1, 0)
            for i in order:
                fn = (first, second)[i]
                forget = _FORGET.get(fn)
                if forget is not None:
                    forget()
                t0 = clock()
                fn(text, rows)
                times[i].append(clock() - t0)
        a, b = (statistics.median(t) for t in times)
        print(f"{name:10s} first {a * 1e3:8.3f} ms  second {b * 1e3:8.3f} ms  ratio {b / a:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
