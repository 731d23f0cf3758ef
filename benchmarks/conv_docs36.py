"""Seeded ConvFinQA-style sums of three lines over the TUNING half's own documents (round 36,
conv36): how often crossfoot passes the right total, and the same total 10-30 % off.

``cause_counts.py``'s gold-program view (``conv_program_tags``) shows the validation half's
largest unfound shape is a program ``x0 = a + b; ans = x0 + c`` over three cells of one column
(0 / 10 sentences, tune / valid), most of which pass once the rows after the operands are cut
from the table. Each case here draws three lines of one column of a tuning-half document (the
validation half is never read), adjacent or not, and asks for their total in the wordings a
conversation's last turn takes, alone as the headline passes it:

- ``incl``: names only the line added last ("and including the X?");
- ``names``: names the three lines ("what is the total of A, B and C?");
- ``these``: points back ("what is the sum of these three?").

    python benchmarks/conv_docs36.py --data-root ../shared/data --show 5
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conv_docs34 import _cell, _documents
from conv_docs35 import _passes
from corpora.common import Item, data_root

__all__ = ["ASKS", "main"]

ASKS = {
    "incl": [
        "and including the {c}?",
        "what is the total including the {c}?",
        "including the {c}, what then becomes that total?",
        "and adding the {c}, what is the sum?",
    ],
    "names": [
        "what is the total of the {a}, the {b} and the {c}?",
        "what is the combined amount of {a}, {b} and {c}?",
    ],
    "these": ["what is the sum of these three?", "what is the total of those amounts?"],
}


def _pick(
    it: Item, rng: random.Random, adjacent: bool
) -> tuple[list[str], list[Decimal], str] | None:
    """Three lines of one column with a figure each (not a total line): labels, values, the
    column's header."""
    grid = it.tables[0] if it.tables else []
    if len(grid) < 5:
        return None
    cols = list(range(1, max(len(r) for r in grid)))
    rng.shuffle(cols)
    for c in cols:
        rows = [
            r
            for r in range(1, len(grid))
            if c < len(grid[r])
            and _cell(grid[r][c]) is not None
            and grid[r][0].strip()
            and "total" not in grid[r][0].lower()
        ]
        if len(rows) < 4:
            continue
        if adjacent:
            runs = [rows[k : k + 3] for k in range(len(rows) - 2) if rows[k + 2] - rows[k] == 2]
            if not runs:
                continue
            pick = rng.choice(runs)
        else:
            pick = sorted(rng.sample(rows, 3))
        vals = [_cell(grid[r][c]) for r in pick]
        labels = [grid[r][0].strip() for r in pick]
        if len(set(labels)) < 3 or any(v is None for v in vals):
            continue
        return labels, [v for v in vals if v is not None], grid[0][c] if c < len(grid[0]) else ""
    return None


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--data-root", default=None)
    p.add_argument("--seed", default="36")
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--show-wrong", type=int, default=0)
    p.add_argument("--only", default=None, help="rows/ask, e.g. adjacent/incl")
    a = p.parse_args(argv)
    docs = _documents(data_root(a.data_root))
    print("| rows | ask | right | wrong passed | documents | failing statuses |")
    for adjacent in (True, False):
        for ask_kind, asks in ASKS.items():
            rows = "adjacent" if adjacent else "apart"
            if a.only is not None and a.only != f"{rows}/{ask_kind}":
                continue
            rng = random.Random(f"{a.seed}/{adjacent}/{ask_kind}")
            right = wrong = n = shown = shown_w = 0
            statuses: Counter[str] = Counter()
            for it in docs:
                got = _pick(it, rng, adjacent)
                if got is None:
                    continue
                labels, vals, _ = got
                total = sum(vals, Decimal(0))
                ask = rng.choice(asks).format(a=labels[0], b=labels[1], c=labels[2])
                off = Decimal(str(1 + rng.choice([-1, 1]) * rng.uniform(0.1, 0.3)))
                ok, why = _passes(it, ask, total)
                bad, why_w = _passes(it, ask, total * off)
                n += 1
                right += ok
                wrong += bad
                if not ok:
                    statuses[why.split()[0]] += 1
                if not ok and shown < a.show:
                    shown += 1
                    print(f"--- {it.id} | {labels} {vals} | {ask} -> {total}: {why}")
                if bad and shown_w < a.show_wrong:
                    shown_w += 1
                    print(f"+++ {it.id} | {labels} {vals} | {ask} -> {total * off:.2f}: {why_w}")
            print(
                f"| {rows} | {ask_kind} | {right} | {wrong} | {n} | {dict(statuses)} |", flush=True
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
