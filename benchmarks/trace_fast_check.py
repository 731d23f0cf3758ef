"""trace's result-row path against the engine at a larger count than the test's (issue 19).

Draws ``--cases`` result sets with ``tests/test_trace_fast.py``'s generator, several answers
each, and traces every answer with the path (``front/trace_fast.py``) on and off: prints the
answers whose reports differ (none expected) and the share of answers and sentences the path
decides::

    python benchmarks/trace_fast_check.py --cases 2000
    python benchmarks/trace_fast_check.py --share     # what the path takes of written answers
    python benchmarks/trace_fast_check.py --derived --cases 2000   # totals, comparisons, ...

``--share``: the answers (and their sentences) the path decides, with path and engine compared
there too, in trace_vs_figured's labelled sets (seed 2026, as ``--claims-only`` draws them),
``tests/vectors/trace_natural.json`` and ``tests/vectors/trace_adversarial.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crossfoot.front import trace_fast
from crossfoot.front.trace import trace
from crossfoot.language.sentences import split_sentences
from test_trace_derived import answer as derived_answer
from test_trace_derived import timing_like
from test_trace_fast import answer, both, table

ROOT = Path(__file__).resolve().parent.parent


def written_sets() -> dict[str, list[tuple[str, Any, dict[str, Any]]]]:
    """Written answers with their rows and trace options, by set."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from claims_cases import claims_cases
    from trace_vs_figured import labelled_cases

    rng = random.Random(2026)
    labelled = labelled_cases(rng, 25)
    claims = claims_cases(random.Random(2026 + 15), 25)
    out: dict[str, list[tuple[str, Any, dict[str, Any]]]] = {
        "trace_vs_figured labelled": [(c.text, c.rows, {}) for c in labelled],
        "trace_vs_figured claims": [
            (raw[2], raw[3], {"question": raw[4], **(raw[5] if len(raw) > 5 and raw[5] else {})})
            for raw in claims
        ],
    }
    for name in ("trace_natural", "trace_adversarial"):
        data = json.loads((ROOT / "tests" / "vectors" / f"{name}.json").read_text())
        out[name] = [
            (c["text"], data["tables"][c["table"]], {k: c[k] for k in ("question",) if k in c})
            for c in data["cases"]
        ]
    return out


def share() -> int:
    differ = 0
    for name, cases in written_sets().items():
        answers = decided = sentences = taken = 0
        for text, rows, opts in cases:
            n = len(split_sentences(text, [], lambda t: None))
            took = trace_fast.quick_trace(text, rows) is not None and not any(opts.values())
            fast = trace(text, rows, **opts).to_dict()
            trace_fast.ON[0] = False
            slow = trace(text, rows, **opts).to_dict()
            trace_fast.ON[0] = True
            differ += fast != slow
            answers, sentences = answers + 1, sentences + n
            decided, taken = decided + took, taken + n * took
        print(f"{name}: {decided}/{answers} answers, {taken}/{sentences} sentences decided")
    print(f"{differ} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--share", action="store_true", help="the share of written answers taken")
    ap.add_argument(
        "--derived",
        action="store_true",
        help="answers with totals, comparisons and unreached figures (tests/test_trace_derived.py)",
    )
    ap.add_argument(
        "--large",
        type=float,
        default=0.25,
        help="the rate of result sets of 13..250 rows (tests/test_trace_fast.table)",
    )
    args = ap.parse_args(argv)
    if args.share:
        return share()
    rng = random.Random(args.seed)
    answers = decided = differ = 0
    draw_rows, draw_answer = (timing_like, derived_answer) if args.derived else (table, answer)
    for _ in range(args.cases):
        rows = draw_rows(rng, args.large)
        for _ in range(4):
            text = draw_answer(rng, rows)
            fast, slow, took = both(text, rows)
            answers += 1
            decided += took
            if fast != slow:
                differ += 1
                if differ <= 10:
                    print(
                        f"DIFFER: {text!r}\n  rows({len(rows)})={str(rows)[:300]}\n"
                        f"  fast={fast}\n  slow={slow}\n"
                    )
    print(
        f"{answers} answers, {decided} decided by the path ({decided / answers:.1%}), "
        f"{differ} differ"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
