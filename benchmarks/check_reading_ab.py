"""The two reading costs of ``check()`` in two source trees, side by side (CPU time).

``check_phases.py`` names them: a document's sources read at its first answer
(``load_sources``) and the answer's claims (``claims_of``: its numbers, readings and formula
constants). Here each is timed alone for two trees in one process, item by item, the order of
the trees flipping every item; per item the fastest of the rounds is kept and the ratio of the
two sums is printed (below 1: the second tree is faster), and the same of the first round alone
(every item new to each tree's memos, as a new document is)::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/check_reading_ab.py /tmp/base/src src              # pot-tatqa, 5 rounds
    python benchmarks/check_reading_ab.py /tmp/base/src src --rounds 9 --corpus tatqa

Both trees must read every document and answer the same (``repr`` of the sources read and of
the mentions, checked after the timing).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora.common import data_root

__all__ = ["main"]


def _load(src: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``load_sources`` and a claims reader of the crossfoot under ``src``, apart from any
    crossfoot loaded before (every module imported now, while the path finds this tree)."""
    for name in [n for n in sys.modules if n == "crossfoot" or n.startswith("crossfoot.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        load = importlib.import_module("crossfoot.sources.load").load_sources
        claims = importlib.import_module("crossfoot.language.claims")
        options = importlib.import_module("crossfoot.model.options").Options()
        importlib.import_module("crossfoot.engine")
        memo = importlib.import_module("crossfoot.language.direction")
        arith = importlib.import_module("crossfoot.arithmetic.calculations")
    finally:
        sys.path.remove(src)

    def read(answer: str) -> Any:
        memo.new_answer()  # (as the engine does before each answer: no memo of the last one)
        arith.new_answer()
        return claims.claims_of(answer, [], None, options)

    return load, read


def _time(
    items: list[Any], fns: tuple[Callable[..., Any], Callable[..., Any]], rounds: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The sums of each tree's times: in the first round (each item new to the tree's memos,
    as a document is at its first answer) and the fastest of all rounds."""
    clock = time.process_time
    best = ([float("inf")] * len(items), [float("inf")] * len(items))
    first = [0.0, 0.0]
    for r in range(rounds):
        for n, item in enumerate(items):
            order = (0, 1) if (n + r) % 2 == 0 else (1, 0)
            for k in order:
                t = clock()
                fns[k](item)
                spent = clock() - t
                if r == 0:
                    first[k] += spent
                if spent < best[k][n]:
                    best[k][n] = spent
    return (first[0], first[1]), (sum(best[0]), sum(best[1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("first", help="a tree's src directory")
    ap.add_argument("second", help="the other tree's src directory")
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--corpus", default="pot_tatqa", help="a module of benchmarks/corpora")
    ap.add_argument("--limit", type=int, default=None, help="rows of the corpus")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    (load_a, read_a), (load_b, read_b) = _load(args.first), _load(args.second)
    rows = importlib.import_module(f"corpora.{args.corpus}").load(
        data_root(args.data_root), args.limit
    )
    docs = list({repr(it.sources): it.sources for it in rows}.values())
    answers = [it.answer for it in rows]
    for what, items, fns in (
        ("sources read (load_sources, per document)", docs, (load_a, load_b)),
        ("the answer's claims (claims_of, per answer)", answers, (read_a, read_b)),
    ):
        timed = _time(items, fns, args.rounds)
        print(f"{what}, {len(items)} items:")
        for label, (a, b) in zip(("first round", f"best of {args.rounds}"), timed, strict=True):
            per = (a / len(items) * 1e6, b / len(items) * 1e6)
            print(f"  {label}: {per[0]:.1f} us vs {per[1]:.1f} us, ratio {b / a:.3f}")
    # (after the timing: read before it, every item would be known to both trees' memos)
    for n, doc in enumerate(docs):
        if repr(list(load_a(doc))) != repr(list(load_b(doc))):
            sys.exit(f"document {n}: the two trees read different sources")
    for n, answer in enumerate(answers):
        if repr(read_a(answer)) != repr(read_b(answer)):
            sys.exit(f"answer {n}: the two trees read different claims")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
