"""trace's result-row path against the engine at a larger count than the test's (issue 19).

Draws ``--cases`` result sets with ``tests/test_trace_fast.py``'s generator, several answers
each, and traces every answer with the path (``front/trace_fast.py``) on and off: prints the
answers whose reports differ (none expected) and the share of answers and sentences the path
decides::

    python benchmarks/trace_fast_check.py --cases 2000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_trace_fast import answer, both, table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    answers = decided = differ = 0
    for _ in range(args.cases):
        rows = table(rng)
        for _ in range(4):
            text = answer(rng, rows)
            fast, slow, took = both(text, rows)
            answers += 1
            decided += took
            if fast != slow:
                differ += 1
                if differ <= 10:
                    print(f"DIFFER: {text!r}\n  rows={rows}\n  fast={fast}\n  slow={slow}\n")
    print(
        f"{answers} answers, {decided} decided by the path ({decided / answers:.1%}), "
        f"{differ} differ"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
