"""The most a part of ``check()`` could save: the stream timed with that part made free.

``check_phases.py`` says what share of the CPU time a phase takes when it is wrapped; a share
measured so counts the phase's own work but not what it costs the rest (the caches it leaves
cold, the objects the collector then walks), and a profiler inflates short calls. This script
answers the question a speed change has to beat first: how much faster is the stream of
pot-tatqa answers when the part does nothing at all (a stub returning its "nothing found"
value)? The verdicts then change (it is a bound, not a change to keep); passes with and without
the stub alternate in one process, every question new to each pass (as ``check_phases.py
--fresh``), and the fastest pass of each kind is compared::

    python benchmarks/check_bounds.py                          # every part, 3 passes each way
    python benchmarks/check_bounds.py --parts row_verdict,reruns --passes 2 --limit 600

Parts: ``row_verdict`` (the wrong-row reading, None), ``what_is_said`` (its reading of the
sentence, None), ``align`` (``align_answer``: the claims as judged), ``reruns`` (every re-run of
a figure over a cut scope finds nothing), ``tail`` (every rule after ``two_operand`` finds
nothing but ``unit_unstated`` and ``deferred_row_verdict``, which give verdicts on pot-tatqa).
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

from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main"]

_KEEP_IN_TAIL = ("unit_unstated", "deferred_row_verdict")


def _stubs() -> dict[str, tuple[Callable[[], None], Callable[[], None]]]:
    """Per part: (make it free, restore it)."""
    engine: Any = importlib.import_module("crossfoot.engine")
    direct: Any = importlib.import_module("crossfoot.rules.direct")
    rowmatch: Any = importlib.import_module("crossfoot.language.rowmatch")
    row_verdict, said = rowmatch.row_verdict, rowmatch._what_is_said
    align, rerun, rules = engine.align_answer, engine._Answer.rerun, engine.rules

    def free_tail() -> None:
        names = [r.__name__ for r in rules()]
        cut = names.index("two_operand") + 1
        kept = tuple(r for i, r in enumerate(rules()) if i < cut or r.__name__ in _KEEP_IN_TAIL)
        engine.rules = lambda: kept

    def set_rules() -> None:
        engine.rules = rules

    return {
        "row_verdict": (
            lambda: direct._ROW_VERDICT.__setitem__(slice(None), [lambda ctx, m: None]),
            lambda: direct._ROW_VERDICT.__setitem__(slice(None), [row_verdict]),
        ),
        "what_is_said": (
            lambda: setattr(rowmatch, "_what_is_said", lambda ctx, every: None),
            lambda: setattr(rowmatch, "_what_is_said", said),
        ),
        "align": (
            lambda: setattr(engine, "align_answer", lambda ask, claims, *a, **k: list(claims)),
            lambda: setattr(engine, "align_answer", align),
        ),
        "reruns": (
            lambda: setattr(engine._Answer, "rerun", lambda self, *a: None),
            lambda: setattr(engine._Answer, "rerun", rerun),
        ),
        "tail": (free_tail, set_rules),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=0, help="pot-tatqa rows (0: all)")
    ap.add_argument("--passes", type=int, default=3, help="timed passes each way, per part")
    ap.add_argument("--parts", default="row_verdict,what_is_said,align,reruns,tail")
    args = ap.parse_args(argv)
    stubs = _stubs()
    parts = args.parts.split(",")
    unknown = [p for p in parts if p not in stubs]
    if unknown:  # (before the corpus loads and the warm-up runs)
        ap.error(f"unknown part(s) {', '.join(unknown)}; parts: {', '.join(stubs)}")
    check = importlib.import_module("crossfoot.front.check").check
    items = pot_tatqa.load(data_root(args.data_root), args.limit or None)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    for answer, sources, question in calls[:300]:  # imports, patterns
        check(answer, sources, question=question)
    spaces = 0
    print(f"{len(calls)} answers, {args.passes} passes each way (CPU ms an answer, fastest pass)")
    for part in parts:
        free, restore = stubs[part]
        best = {False: float("inf"), True: float("inf")}
        for n in range(2 * args.passes):
            stubbed = n % 2 == 1
            (free if stubbed else restore)()
            spaces += 1  # every question new to every pass
            t0 = time.process_time()
            for answer, sources, question in calls:
                check(answer, sources, question=question + " " * spaces if question else None)
            best[stubbed] = min(best[stubbed], time.process_time() - t0)
        restore()
        whole, without = (best[k] / len(calls) * 1e3 for k in (False, True))
        saved = (1 - without / whole) * 100
        print(f"{part:14} {whole:.3f} -> {without:.3f} ms: at most {saved:.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
