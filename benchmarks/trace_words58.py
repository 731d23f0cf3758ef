"""Two source trees side by side on answers whose words read a large result set whole (trace58).

"the highest", "the lowest", "only ... exceeded", "N of the M ... above" (a rank, an exclusive
bar, a count with a bar of its own) put every row of a result set in the engine's sources
(``sources.whole_table``): 2.5-5 s a trace at 20,000x10 on main (docs/speed.md, round 41).
Each round runs one child process per tree, the trees' order flipping every round; a child
traces every phrase once over ``trace_vs_figured``'s random "item N" table of each size (a new
process: the first trace of a new result set, as a user meets it), CPU time. Prints the median
per tree and the ratio second / first, and fails when the two trees' verdicts differ::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/trace_words58.py /tmp/base/src src                 # 20,000 rows, 3 rounds
    python benchmarks/trace_words58.py /tmp/base/src src --sizes 2000 20000 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

PHRASES = {
    "the highest": "item 7 had the highest revenue, 16,198, and 138 orders.",
    "the lowest": "item 7 had the lowest revenue at 16,198, with 138 orders.",
    "only ... exceeded": "Only item 3 exceeded 900,000 in revenue; 138 orders.",
    "N of the M": "3 of the 20,000 items had revenue above 990,000; 138 orders.",
    "none (baseline)": "Revenue reached 16,198 and 138 orders.",
}

_CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import crossfoot
from trace_vs_figured import random_table
phrases = json.loads(sys.argv[2])
crossfoot.trace("North had 5.", [{"name": "North", "v": 5}])  # (imports, warm)
for n in json.loads(sys.argv[3]):
    rows = random_table(random.Random(n), n, 10)
    for name, text in phrases.items():
        fresh = [dict(r) for r in rows]
        t = time.process_time()
        report = crossfoot.trace(text, fresh)
        ms = (time.process_time() - t) * 1000
        said = " ".join(f"{c.text}:{c.status}" for c in report.claims)
        print(json.dumps([n, name, ms, said]), flush=True)
"""


def _child(src: str, sizes: list[int]) -> list[tuple[int, str, float, str]]:
    env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
    here = str(Path(__file__).resolve().parent)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, here, json.dumps(PHRASES), json.dumps(sizes)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [tuple(json.loads(line)) for line in out.splitlines() if line.startswith("[")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", help="the first tree's src directory (e.g. main's)")
    ap.add_argument("second", help="the second tree's src directory")
    ap.add_argument("--sizes", type=int, nargs="*", default=[20000])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    times: dict[tuple[int, str, int], list[float]] = {}
    said: dict[tuple[int, str, int], set[str]] = {}
    trees = [args.first, args.second]
    for r in range(args.rounds):
        for k in (0, 1) if r % 2 == 0 else (1, 0):
            for n, name, ms, verdicts in _child(trees[k], args.sizes):
                times.setdefault((n, name, k), []).append(ms)
                said.setdefault((n, name, k), set()).add(verdicts)
    print(f"{'rows':>6}  {'words':18} {'first ms':>9} {'second ms':>10} {'ratio':>6}  verdicts")
    same = True
    for n in args.sizes:
        for name in PHRASES:
            a = statistics.median(times[(n, name, 0)])
            b = statistics.median(times[(n, name, 1)])
            va, vb = said[(n, name, 0)], said[(n, name, 1)]
            same &= va == vb
            mark = " ".join(sorted(va)) if va == vb else f"DIFFER {sorted(va)} / {sorted(vb)}"
            print(f"{n:>6}  {name:18} {a:9.1f} {b:10.1f} {b / a:6.3f}  {mark}", flush=True)
    print("verdicts: identical" if same else "verdicts: DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
