"""Time per trace of answers whose words read a result set whole (trace57, issue 19).

"Revenue grew 3.2% month over month", "grew every month", "rose in 2 of the 5 years", "the
highest", "only ... above": each sends every row of a result set to the engine when the table
holds periods or is small, or (a rank, a bar) always (``sources.whole_table``). Times one
trace of each over trace_vs_figured's random tables of "item N" keys (2,000x10 and
20,000x10; ``--sizes`` for others), against an answer with the same figures and none of those
words, CPU time, the best of ``--reps`` (fresh tables each size, the same rows per phrase)::

    python benchmarks/trace_whole_words.py                 # 2,000 and 20,000 rows
    python benchmarks/trace_whole_words.py --sizes 200 2000 --reps 3

Prints the verdicts too (the same in two trees for a comparison side by side).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from trace_vs_figured import random_table

PHRASES = {
    "month over month": "Revenue grew 3.2% month over month, reaching 16,198 and 138 orders.",
    "every month": "Revenue grew every month, reaching 16,198 and 138 orders.",
    "2 of the 5 years": "Revenue rose in 2 of the 5 years, reaching 16,198 and 138 orders.",
    "the highest": "item 7 had the highest revenue, 16,198, and 138 orders.",
    "only": "Only item 3 exceeded 900,000 in revenue; 138 orders.",
    "none (baseline)": "Revenue reached 16,198 and 138 orders.",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[2000, 20000])
    ap.add_argument("--reps", type=int, default=1, help="traces per phrase (the best counts)")
    args = ap.parse_args(argv)
    crossfoot.trace("North had 5.", [{"name": "North", "v": 5}])  # (imports, warm)
    print(f"{'rows':>6}  {'words':18} {'ms':>9}  verdicts")
    for n in args.sizes:
        rows = random_table(random.Random(n), n, 10)
        for name, text in PHRASES.items():
            best, report = float("inf"), None
            for _ in range(args.reps):
                t = time.process_time()
                report = crossfoot.trace(text, [dict(r) for r in rows])
                best = min(best, time.process_time() - t)
            claims = report.claims if report is not None else []
            said = " ".join(f"{c.text}:{c.status}" for c in claims)
            print(f"{n:>6}  {name:18} {best * 1000:9.1f}  {said}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
