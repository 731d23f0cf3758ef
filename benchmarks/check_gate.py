"""The per-answer alignment gate (``rules.alignment.GATED``): its share, and gated == full.

``rules.alignment.align_answer`` skips ``_align`` and the final-figure readings for an answer
that states no claim (round 31, speed41). This script says what share of the pot-tatqa answers
the gate takes, and checks that the gated and the full path give equal reports on every case of
every vector file (each in each of its table formats) and on every pot-tatqa answer::

    python benchmarks/check_gate.py --data-root /work/shared/data
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(_HERE))
sys.path.insert(0, str(_HERE.parent / "tests"))

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    args = ap.parse_args(argv)
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
