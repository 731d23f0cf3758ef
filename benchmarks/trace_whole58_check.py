"""Two source trees' traces of answers that read a large result set whole, compared (trace58).

A rank ("the highest", "the lowest", "ranked second"), an exclusive bar ("only X exceeded B",
"none of the items exceeded B"), a count with a bar of its own ("k of the n items had ... above
B") and every row ("every item had ... above B") put every cell of a result set in the sources
(``sources.whole_table``). Over random result sets of several hundred to a few thousand rows
(``trace_vs_figured.random_table``; "item N" keys or word labels), each template is written
true and false (the real extreme, count or bar, and a wrong one), and every report of the two
trees (status, message, evidence of every claim) must be the same::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/trace_whole58_check.py /tmp/base/src src --tables 12
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from trace_vs_figured import MEASURES, new_labels, random_table


def _fmt(x: int) -> str:
    return f"{x:,}"


def cases(tables: int, seed: int) -> list[tuple[list[dict[str, Any]], list[str]]]:
    """(rows, answers) per random table: every template true and false."""
    rng = random.Random(seed)
    out = []
    for t in range(tables):
        n = rng.choice([300, 700, 1500, 3000])
        cols = rng.choice([3, 6, 10])
        labels = new_labels(rng, n) if t % 2 else None
        rows = random_table(rng, n, cols, labels)
        col = rng.choice(MEASURES[: cols - 1])
        by = sorted(rows, key=lambda r: r[col])
        top, low, second = by[-1], by[0], by[-2]
        other = rng.choice(rows)
        bar = by[-3][col] - 1  # three rows past it
        k = sum(r[col] > bar for r in rows)
        answers = [
            f"{top['name']} had the highest {col}, {_fmt(top[col])}.",
            f"{other['name']} had the highest {col}, {_fmt(other[col])}.",
            f"{low['name']} had the lowest {col} at {_fmt(low[col])}.",
            f"{other['name']} had the lowest {col} at {_fmt(other[col])}.",
            f"{second['name']} ranked second in {col} with {_fmt(second[col])}.",
            f"Only {top['name']} exceeded {_fmt(by[-2][col])} in {col}.",
            f"Only {top['name']} exceeded {_fmt(bar)} in {col}.",
            f"{k} of the {n} items had {col} above {_fmt(bar)}.",
            f"{k + 1} of the {n} items had {col} above {_fmt(bar)}.",
            f"None of the items exceeded {_fmt(top[col])} in {col}.",
            f"None of the items exceeded {_fmt(bar)} in {col}.",
            f"Every item had {col} above {_fmt(low[col] - 1)}.",
            f"Every item had {col} above {_fmt(bar)}.",
            f"The highest {col} was {_fmt(top[col])}, at {top['name']}, and the lowest was "
            f"{_fmt(low[col])}.",
        ]
        out.append((rows, answers))
    return out


_CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import crossfoot
from trace_whole58_check import cases
for rows, answers in cases(int(sys.argv[2]), int(sys.argv[3])):
    for a in answers:
        r = crossfoot.trace(a, [dict(x) for x in rows])
        said = [
            [c.text, c.status, c.message, c.evidence.formula if c.evidence else None]
            for c in r.claims
        ]
        print(json.dumps([a, r.passed, said]), flush=True)
"""


def _run(src: str, tables: int, seed: int) -> list[Any]:
    env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
    here = str(Path(__file__).resolve().parent)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, here, str(tables), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("[")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--tables", type=int, default=12)
    ap.add_argument("--seed", type=int, default=58)
    args = ap.parse_args(argv)
    a = _run(args.first, args.tables, args.seed)
    b = _run(args.second, args.tables, args.seed)
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    for x, y in differ:
        print("DIFFER", json.dumps(x), "\n      ", json.dumps(y))
    flagged = sum(not x[1] for x in a)
    print(f"{len(a)} answers, {flagged} failing on the first tree; {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
