"""Extraction time of two source trees, in one process, turn about (CPU time).

``speed.py --extract REF`` times each tree in its own process, by the wall clock: on a shared
machine its ratio swings by ±10 %. Here both trees' ``crossfoot.numbers.extract.extract`` are
loaded in one process and time the same 500 texts in turn (the order flips each round), in
``time.process_time``, so load hits both alike::

    git archive b41022d src | tar -x -C /tmp/base
    python benchmarks/extract_ab.py src /tmp/base/src --rounds 3
    python benchmarks/extract_ab.py src /tmp/base/src --fresh-answers 4000  # trace's answers

Texts: those of ``speed.py --extract`` (every corpus's answers and sources, the extraction
vectors). Prints each round and the ratio of the sums (first tree / second).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import extraction_texts  # (benchmarks/ is not a package)


def load_module(src: str) -> Any:
    """``crossfoot.numbers.extract`` of the crossfoot under ``src``, apart from any crossfoot
    loaded before."""
    for name in [n for n in sys.modules if n == "crossfoot" or n.startswith("crossfoot.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        return importlib.import_module("crossfoot.numbers.extract")
    finally:
        sys.path.remove(src)


def _load(src: str) -> Callable[[str], Any]:
    """``extract`` of the crossfoot under ``src``."""
    found: Callable[[str], Any] = load_module(src).extract
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", help="a tree's src directory")
    parser.add_argument("second", help="the other tree's src directory")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="items per corpus")
    parser.add_argument(
        "--fresh-answers",
        type=int,
        default=0,
        help="instead: this many nine-figure answers of trace_vs_figured on new 2x3 rows, each "
        "read once by each tree (a trace's answer: new numbers every time)",
    )
    args = parser.parse_args()
    if args.fresh_answers:
        _fresh(args.first, args.second, args.fresh_answers)
        return
    texts = extraction_texts(args.limit)
    readers = [_load(args.first), _load(args.second)]
    chunks = [texts[i : i + 500] for i in range(0, len(texts), 500)]
    for read in readers:  # warm: regex caches, the first locale tables
        for text in texts:
            read(text)
    sums = [0.0, 0.0]
    for r in range(args.rounds):
        spent = [0.0, 0.0]
        for chunk in chunks:
            for i in (0, 1) if r % 2 == 0 else (1, 0):
                read, start = readers[i], time.process_time()
                for text in chunk:
                    read(text)
                spent[i] += time.process_time() - start
        sums = [sums[0] + spent[0], sums[1] + spent[1]]
        print(f"round {r}: {spent[0]:.3f} s / {spent[1]:.3f} s = {spent[0] / spent[1]:.3f}")
    print(f"{len(texts):,} texts, {args.rounds} rounds: ratio {sums[0] / sums[1]:.3f}")


def _fresh(first: str, second: str, count: int) -> None:
    """``--fresh-answers``: each answer read once by each tree, the order flipping every
    answer, the medians compared (first / second, as the rounds above: below 1, the first is
    faster). A text read
    again finds what the reader keeps of its numbers (``numbers.fast``'s templates of cores), so
    no answer is read twice by one tree."""
    from trace_vs_figured import random_table, timing_answer  # (benchmarks/ is not a package)

    rng = random.Random(7)
    texts = [timing_answer(random_table(rng, 2, 3)) for _ in range(count)]
    readers = [_load(first), _load(second)]
    for read in readers:  # warm, on other rows
        for _ in range(50):
            read(timing_answer(random_table(random.Random(3), 2, 3)))
    times: tuple[list[float], list[float]] = ([], [])
    for k, text in enumerate(texts):
        for i in (0, 1) if k % 2 else (1, 0):
            start = time.process_time()
            readers[i](text)
            times[i].append(time.process_time() - start)
    a, b = statistics.median(times[0]), statistics.median(times[1])
    print(
        f"{count:,} fresh answers: first {a * 1e6:.1f} us, second {b * 1e6:.1f} us, "
        f"ratio {a / b:.3f}"
    )


if __name__ == "__main__":
    main()
