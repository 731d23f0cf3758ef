"""The harness shared by the invariance benchmarks (``formats.py``: the tables written in every
serialization; ``styles.py``: the answers written in other styles): the same items of every
corpus and half run once per variant, then a table per corpus and half with the spread (max -
min, in points) of each measure over the variants."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ragbench
from corpora import convfinqa, pot_tatqa, ragbench_interp, tatqa
from corpora._load import MissingData
from corpora.common import HALVES, INJECTIONS, Item, data_root, in_half

__all__ = [
    "ADAPTERS",
    "MEASURES",
    "add_arguments",
    "cell",
    "counts",
    "over_limit",
    "run_halves",
    "spread",
    "spread_cells",
    "write_results",
]

ADAPTERS = {m.NAME: m for m in (pot_tatqa, tatqa, ragbench_interp, convfinqa)}

#: (column title, key of :func:`ragbench.summarize`) for every measure compared across variants.
MEASURES: tuple[tuple[str, str], ...] = (
    ("false alarms", "false_alarm_sentences"),
    *((f"{k} caught", f"caught_{k}") for k in INJECTIONS),
    ("real errors flagged", "real_errors_flagged"),
)


def add_arguments(p: argparse.ArgumentParser, stem: str) -> None:
    """The options every invariance benchmark takes (the variants' own option aside)."""
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument(
        "--half",
        nargs="+",
        choices=[*HALVES, "all"],
        default=["valid", "tune"],
        help="halves to run (split by documents, docs/bench.md); default valid then tune",
    )
    p.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    p.add_argument("--limit", type=int, default=None, help="rows (contexts for tatqa) per corpus")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit-points", type=float, default=0.5, help="the allowed spread")
    p.add_argument("--out-dir", type=Path, default=ragbench.RESULTS)
    p.add_argument("--stem", default=stem)
    p.add_argument("--no-progress", action="store_true")


def spread(rates: Sequence[float | None]) -> float | None:
    """Max - min of the rates that exist, in points (``None`` when none exist).

    >>> spread([0.1, 0.125, None])
    2.5
    """
    have = [r for r in rates if r is not None]
    return round(100 * (max(have) - min(have)), 2) if have else None


def cell(rate: float | None, n: tuple[int, int] | None) -> str:
    if rate is None or n is None:
        return "n/a"
    return f"{100 * rate:.1f}% ({n[0]}/{n[1]})"


def counts(st: dict[str, Any], key: str) -> tuple[int, int] | None:
    if key == "false_alarm_sentences":
        return st["false_alarms"], st["good_sentences"]
    if key == "real_errors_flagged":
        return st["bad_answers_flagged"], st["bad_answers"]
    inj = st["injections"][key.removeprefix("caught_")]
    return inj["caught"], inj["base"]


def spread_cells(block: dict[str, Any], limit_points: float) -> list[str]:
    """The spread row's cells, in bold over the limit."""
    out = []
    for _, k in MEASURES:
        s = block["spread"][k]
        text = "n/a" if s is None else f"{s:.1f}"
        out.append(f"**{text}**" if s is not None and s > limit_points else text)
    return out


def run_halves(
    args: Any, run_corpus: Callable[[list[Item], str, str, Any], dict[str, Any]]
) -> dict[str, dict[str, Any]] | None:
    """``run_corpus(items, corpus, half, args)`` for every half and corpus asked; None (the
    reason printed) when a corpus's data is missing."""
    root = data_root(args.data_root)
    results: dict[str, dict[str, Any]] = {}
    loaded: dict[str, list[Item]] = {}
    for half in args.half:
        results[half] = {}
        for name in args.corpora:
            try:
                if name not in loaded:
                    loaded[name] = ADAPTERS[name].load(root, args.limit)
            except MissingData as err:
                print(f"{name}: {err}", file=sys.stderr)
                return None
            results[half][name] = run_corpus(in_half(loaded[name], half), name, half, args)
    return results


def over_limit(results: dict[str, dict[str, Any]], limit_points: float) -> list[str]:
    return [
        f"{half} {corpus} {key}: {s:.1f}"
        for half, corpora in results.items()
        for corpus, block in corpora.items()
        for key, s in block["spread"].items()
        if s is not None and s > limit_points
    ]


def write_results(
    args: Any,
    script: str,
    title: str,
    argv: Sequence[str] | None,
    results: dict[str, dict[str, Any]],
    started: float,
    markdown: Callable[[dict[str, Any], float], str],
    note: str = "",
) -> None:
    """Write ``<stem>.json`` and ``<stem>.md`` and print the table, the verdict and the paths."""
    elapsed = time.perf_counter() - started
    command = f"python benchmarks/{script} " + " ".join(sys.argv[1:] if argv is None else argv)
    meta = ragbench.run_meta(
        command, seed=args.seed, limit=args.limit, elapsed_seconds=round(elapsed, 1)
    )
    over = over_limit(results, args.limit_points)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    data = {"meta": meta, "limit_points": args.limit_points, "results": results, "over": over}
    (args.out_dir / f"{args.stem}.json").write_text(json.dumps(data, indent=2) + "\n")
    table = markdown(results, args.limit_points)
    verdict = (
        f"Spread over {args.limit_points} points: " + "; ".join(over)
        if over
        else f"Every spread is at most {args.limit_points} points."
    ) + note
    (args.out_dir / f"{args.stem}.md").write_text(
        f"# {title} (generated by {script})\n\n"
        + f"Run {meta['date']}, commit {meta['commit']}: `{command}`\n\n"
        + verdict
        + "\n\n"
        + table
    )
    print(table)
    print(verdict)
    print(f"results: {args.out_dir / args.stem}.{{json,md}}; elapsed {elapsed:.1f}s")
