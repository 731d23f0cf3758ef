"""How often a random figure passes: the chance a new derivation shape admits by coincidence.

Each answer's last figure (no year) is replaced by random figures of the same digits and about
its size (its value times a draw from 0.5 to 1.5, written to the same decimals); the script counts
how many of those answers crossfoot passes. Run it with the source tree before and after a change
(``PYTHONPATH``) and compare: a shape that meets no more random figures than before adds no
coincidental matches at that precision. ``--words`` keeps the answers whose question holds one of
the words (the answers a shape's gate admits), for more draws where the shape can act. Counts
only: no item is printed.

    PYTHONPATH=src python benchmarks/chance_multi26.py tatqa convfinqa --draws 3
    PYTHONPATH=src python benchmarks/chance_multi26.py tatqa --draws 10 --words average,ratio
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora.common import data_root, format_like, in_half, is_year, number_tokens
from crossfoot import check
from run_all import ADAPTERS


def chance(key: str, half: str, draws: int, words: Sequence[str], seed: int) -> tuple[int, int]:
    """(random figures checked, random figures passed) for one corpus and half."""
    rng = random.Random(seed)
    items = in_half(ADAPTERS[key].load(data_root(None), None), half)
    n = passed = 0
    for it in items:
        if words and not any(w in (it.question or "").lower() for w in words):
            continue
        toks = [t for t in number_tokens(it.answer) if not is_year(t) and t.value != 0]
        if not toks:
            continue
        t = toks[-1]
        for _ in range(draws):
            f = Decimal(str(round(rng.uniform(0.5, 1.5), 4)))
            new = format_like(abs(t.value) * f, t.digits)
            if Decimal(new.replace(",", "")) == abs(t.value):
                continue
            answer = it.answer[: t.num_start] + new + it.answer[t.num_end :]
            n += 1
            passed += check(answer, it.sources, question=it.question or None).passed
    return n, passed


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("corpora", nargs="+", help=f"any of {', '.join(ADAPTERS)}")
    p.add_argument("--half", default="tune", choices=["tune", "valid", "all"])
    p.add_argument("--draws", type=int, default=3)
    p.add_argument("--words", default="", help="comma-separated words the question must hold")
    p.add_argument("--seed", type=int, default=26)
    args = p.parse_args(argv)
    words = [w for w in args.words.lower().split(",") if w]
    for key in args.corpora:
        if key not in ADAPTERS:
            p.error(f"unknown corpus {key}; choose from {', '.join(ADAPTERS)}")
        n, passed = chance(key, args.half, args.draws, words, args.seed)
        rate = 100 * passed / n if n else 0.0
        print(f"{key} ({args.half}): {passed}/{n} random figures passed ({rate:.2f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
