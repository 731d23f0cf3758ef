"""How fast can a ``trace`` that returns crossfoot's Report be at all? A floor beside figured.

Issue 4 asks for crossfoot's time per trace to be at most a third of figured's (0.4.3) at every
table size of ``trace_vs_figured.py``. This script measures what that budget leaves, on the same
seeded tables and the same nine-figure answer, in one process, side by side:

- **figured**: ``figured.trace(text, rows)``;
- **skeleton**: the least a trace returning crossfoot's ``Report`` could do. One regex finds the
  digit runs; every numeric cell is indexed by its float value with C builtins (rows transposed
  by ``zip``); each figure is looked up in that index, and a ``Mention``, a ``Claim`` (with
  ``Evidence`` for a hit) and the ``Report`` are built. Nothing is checked: no precision, unit,
  direction, sign, row, derivation, sentence or citation. It is not a checker, only the cost of
  reading the inputs and building the answer's report;
- **extract**: crossfoot's own number reader alone (number words, ranges, scales, currencies,
  grouping styles), on the answer;
- **crossfoot**: ``crossfoot.trace(text, rows)``.

Every time is a median of repeated calls (CPU time of the process, see
``trace_vs_figured.py``); the ratios to figured are what the goal is about. Where the skeleton
alone is above 1/3 of figured, no Python implementation that returns this Report can meet the
goal at that size. Installs nothing: run it where the ``bench`` extra is::

    python benchmarks/trace_floor.py            # writes benchmarks/results/trace_floor.{json,md}
    python benchmarks/trace_floor.py --quick    # fewer repetitions
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Callable
from datetime import datetime, timezone
from decimal import Decimal
from operator import itemgetter
from pathlib import Path
from typing import Any

from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.report.result import Report
from trace_vs_figured import (
    RESULTS,
    TIMING_SIZES,
    _libraries,
    paired_times,
    random_table,
    timing_answer,
    write_results,
)

_FIGURE = re.compile(r"\$?\d+(?:,\d{3})*(?:\.\d+)?[%MK]?")
_HALF = Decimal("0.5")


def skeleton(text: str, rows: list[dict[str, Any]]) -> Report:
    """Index the cells, find the digit runs, look each up, build the Report; check nothing.

    >>> r = skeleton("A had 299 and B had 12.", [{"k": "A", "v": 299}, {"k": "B", "v": 7}])
    >>> [(c.text, c.status) for c in r.claims]
    [('299', 'supported_exact'), ('12', 'unsupported')]
    """
    keys = list(rows[0])
    columns = list(zip(*map(itemgetter(*keys), rows), strict=True))
    # one dict per numeric column, built in C: float value -> row
    index = [
        (key, dict(zip(map(float, column), range(len(column)), strict=True)))
        for key, column in zip(keys, columns, strict=True)
        if type(column[0]) in (int, float)
    ]
    sentence = Sentence(0, 0, len(text), text)
    claims = []
    for m in _FIGURE.finditer(text):
        written = m.group()
        value = Decimal(written.strip("$%MK").replace(",", ""))
        mention = Mention(written, m.start(), m.end(), value, "number", _HALF)
        number = float(value)
        hit = next(((key, rows_of[number]) for key, rows_of in index if number in rows_of), None)
        if hit is None:
            claims.append(Claim(mention, sentence, "unsupported", message="no cell matches"))
            continue
        label = f"{hit[0]}[{hit[1]}]"
        cell = SourceValue(value, "Q1", label=label, column=hit[0], row_index=hit[1])
        evidence = Evidence("direct", "cell", label, (cell,), value)
        claims.append(Claim(mention, sentence, "supported_exact", evidence))
    return Report(text, tuple(claims))


def measure(quick: bool, seed: int) -> dict[str, dict[str, float]]:
    cf_trace, fg_trace = _libraries()
    rng = random.Random(seed)
    runners: dict[str, Callable[[str, list[dict[str, Any]]], object]] = {
        "figured": fg_trace,
        "skeleton": skeleton,
        "extract": lambda text, _rows: extract(text),
        "crossfoot": cf_trace,
    }
    out: dict[str, dict[str, float]] = {}
    for n, c in TIMING_SIZES:
        rows = random_table(rng, n, c)
        text = timing_answer(rows)
        reps = (5 if quick else 21) if n >= 2000 else (31 if quick else 301)
        reps = (1 if quick else 3) if n >= 20000 else reps
        # interleaved rounds, so that a busy spell of the shared machine hits every runner alike
        ms = {name: s * 1000 for name, s in paired_times(runners, text, rows, reps).items()}
        fg = ms["figured"]
        out[f"{n}x{c}"] = {
            **{f"{name}_ms": round(v, 4) for name, v in ms.items()},
            "budget_ms": round(fg / 3, 4),
            **{
                f"{name}_ratio": round(ms[name] / fg, 3)
                for name in ("skeleton", "extract", "crossfoot")
            },
        }
    return out


def render(result: dict[str, Any]) -> str:
    lines = [
        "# trace: the floor beside figured",
        "",
        f"{result['date']} · `{result['command']}` · figured {result['figured_version']}",
        "",
        "Time per trace (ms, median) on the nine-figure answer of `trace_vs_figured.py`; the ratio "
        "to figured in brackets. The goal is crossfoot ≤ 1/3 of figured (the budget column). The "
        "skeleton checks nothing: it only reads the rows and the digit runs and builds a Report.",
        "",
        "| table | figured | budget (1/3) | skeleton | extract alone | crossfoot |",
        "|---|---|---|---|---|---|",
    ]
    for size, r in result["sizes"].items():
        lines.append(
            f"| {size} | {r['figured_ms']:.3f} | {r['budget_ms']:.3f} "
            f"| {r['skeleton_ms']:.3f} ({r['skeleton_ratio']:.2f}×) "
            f"| {r['extract_ms']:.3f} ({r['extract_ratio']:.2f}×) "
            f"| {r['crossfoot_ms']:.3f} ({r['crossfoot_ratio']:.2f}×) |"
        )
    over = [s for s, r in result["sizes"].items() if r["skeleton_ratio"] > 1 / 3]
    lines += [
        "",
        "Sizes where even the skeleton is above the budget: "
        + (", ".join(over) if over else "none")
        + ".",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)
    import figured

    result = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python benchmarks/trace_floor.py" + (" --quick" if args.quick else ""),
        "seed": args.seed,
        "figured_version": figured.__version__,
        "sizes": measure(args.quick, args.seed),
    }
    write_results(args.out, "trace_floor", result, render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
