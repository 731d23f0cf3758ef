"""Extraction time of two source trees, in one process, turn about (CPU time).

``speed.py --extract REF`` times each tree in its own process, by the wall clock: on a shared
machine its ratio swings by ±10 %. Here both trees' ``crossfoot.numbers.extract.extract`` are
loaded in one process and time the same 500 texts in turn (the order flips each round), in
``time.process_time``, so load hits both alike::

    git archive b41022d src | tar -x -C /tmp/base
    python benchmarks/extract_ab.py src /tmp/base/src --rounds 3

Texts: those of ``speed.py --extract`` (every corpus's answers and sources, the extraction
vectors). Prints each round and the ratio of the sums (first tree / second).
"""

from __future__ import annotations

import argparse
import importlib
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
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
