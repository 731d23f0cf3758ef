"""The per-answer alignment gate (``rules.alignment.GATED``): its share, and gated == full.

``rules.alignment.align_answer`` skips ``_align`` and the final-figure readings for an answer
that states no claim (round 31, speed41). This script says what share of the pot-tatqa answers
the gate takes, and checks that the gated and the full path give equal reports on every case of
every vector file (each in each of its table formats) and on every pot-tatqa answer::

    python benchmarks/check_gate.py --data-root /work/shared/data
    python benchmarks/check_gate.py --oracle     # what a perfect gate could take and save

``--oracle`` answers the question a per-answer gate has to beat first: on how many answers does
making a family of late work free (``check_bounds.py``'s parts: the wrong-row reading, the
alignment, the re-runs, the tail rules) leave the report as it is, and how much faster is the
stream when the four are free on exactly those answers (a gate that knew; passes with and
without alternate, every question new to each pass, the fastest of three kept per answer)?
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main"]


def _both(calls: list[tuple[str, list[str], str | None]]) -> tuple[int, int]:
    """(reports that differ, answers the gate takes) over ``calls``."""
    check = importlib.import_module("crossfoot.front.check").check
    alignment: Any = importlib.import_module("crossfoot.rules.alignment")
    plain, taken = alignment._align, [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        taken[0] += 1
        return plain(*args, **kwargs)

    differ = gated_calls = 0
    for answer, sources, question in calls:
        alignment.GATED, alignment._align = False, counted
        before = taken[0]
        full = check(answer, sources, question=question).to_dict()
        aligned = taken[0] > before
        alignment.GATED = True
        gated = check(answer, sources, question=question).to_dict()
        alignment._align = plain
        differ += json.dumps(full, sort_keys=True, default=str) != json.dumps(
            gated, sort_keys=True, default=str
        )
        gated_calls += aligned and taken[0] == before + 1  # the full path aligned, gated not
    return differ, gated_calls


def _reports(check: Any, calls: list[tuple[str, list[str], str | None]]) -> list[str]:
    return [
        json.dumps(check(a, s, question=q).to_dict(), sort_keys=True, default=str)
        for a, s, q in calls
    ]


def _oracle(calls: list[tuple[str, list[str], str | None]]) -> None:
    """Print, per family, the answers it leaves alone, and what a perfect gate saves."""
    check = importlib.import_module("crossfoot.front.check").check
    stubs = importlib.import_module("check_bounds")._stubs()
    parts = ("row_verdict", "align", "reruns", "tail")
    full = _reports(check, calls)
    alike = [True] * len(calls)
    for part in parts:
        free, restore = stubs[part]
        free()
        same = [a == b for a, b in zip(full, _reports(check, calls), strict=True)]
        restore()
        alike = [x and y for x, y in zip(alike, same, strict=True)]
        print(f"{part:12} free: report unchanged on {sum(same):,} of {len(calls):,} answers")
    best = {False: [float("inf")] * len(calls), True: [float("inf")] * len(calls)}
    for n in range(6):
        freed = n % 2 == 1
        for part in parts:
            stubs[part][0 if freed else 1]()
        for i, (a, s, q) in enumerate(calls):
            t0 = time.process_time()
            check(a, s, question=f"{q}{' ' * (n + 1)}" if q else None)
            best[freed][i] = min(best[freed][i], time.process_time() - t0)
    for part in parts:
        stubs[part][1]()
    whole = sum(best[False])
    saved = sum(f - g for f, g, ok in zip(best[False], best[True], alike, strict=True) if ok)
    print(
        f"all four unchanged on {sum(alike):,} answers; {whole / len(calls) * 1e3:.3f} ms an "
        f"answer, a perfect gate on those saves {saved / whole * 100:.1f} %"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--oracle", action="store_true", help="the perfect gate's share and bound")
    args = ap.parse_args(argv)
    if args.oracle:
        items = pot_tatqa.load(data_root(args.data_root), None)
        _oracle([(it.answer, it.sources, it.question or None) for it in items])
        return 0
    grid = importlib.import_module("grid_vectors")
    cases = []
    for vf in (grid.load(p) for p in grid.discover()):
        for case in vf.cases:
            tabled = case["grid"] is not None or "grids" in case
            for fmt in vf.formats if tabled else ("prose",):
                srcs = grid.sources(case, fmt)
                cases.append((case["answer"], srcs, case.get("question")))
    differ, taken = _both(cases)
    print(f"vector cases x formats: {len(cases)}, reports that differ {differ}, gated {taken}")
    items = pot_tatqa.load(data_root(args.data_root), None)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    differ, taken = _both(calls)
    share = taken / len(calls) * 100
    print(f"pot-tatqa answers: {len(calls)}, differ {differ}, gated {taken} ({share:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
