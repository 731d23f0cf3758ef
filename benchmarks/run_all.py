"""Run every answer benchmark on the shared data and write one combined table, JSON and chart.

    python benchmarks/run_all.py                       # all corpora, all tools
    python benchmarks/run_all.py --corpora tatqa --limit 50 --seed 1
    python benchmarks/run_all.py --review-out benchmarks/results/review-sample.csv

Data come from ``--data-root`` / ``$CROSSFOOT_DATA`` / ``../shared/data`` and are never copied.
RAGBench subsets are added with ``--ragbench-dir DIR`` (local files) or ``--ragbench-hub``.
Prints the elapsed time per corpus and in total.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa, pot_tatqa, ragbench_interp, tatqa
from corpora._load import MissingData
from corpora.common import data_root

__all__ = ["ADAPTERS", "main"]

ADAPTERS = {m.NAME: m for m in (pot_tatqa, tatqa, ragbench_interp, convfinqa)}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Run every crossfoot answer benchmark.")
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    p.add_argument("--limit", type=int, default=None, help="rows (contexts for tatqa) per corpus")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--tools", nargs="+", default=["crossfoot", "baseline", "figured"])
    p.add_argument("--ragbench-dir", help="also run RAGBench subsets from local files")
    p.add_argument("--ragbench-hub", action="store_true", help="also run RAGBench from the hub")
    p.add_argument("--subsets", nargs="+", default=["finqa", "tatqa"])
    p.add_argument("--out-dir", type=Path, default=ragbench.RESULTS)
    p.add_argument("--stem", default="results", help="output file name stem")
    p.add_argument("--review-out", type=Path)
    p.add_argument("--review-n", type=int, default=40)
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    root = data_root(args.data_root)
    tools = ragbench.make_tools(args.tools)
    outcomes, items_by = [], {}
    t0 = time.perf_counter()
    for name in args.corpora:
        try:
            items = ADAPTERS[name].load(root, args.limit)
        except MissingData as err:
            print(f"{name}: {err}", file=sys.stderr)
            return 2
        items_by[name] = {i.id: i for i in items}
        o = ragbench.evaluate(items, tools, args.seed, name, not args.no_progress)
        print(
            f"{name}: {len(items)} answers, {o.seconds:.1f}s wall, {o.cpu_seconds:.1f}s CPU; "
            + ", ".join(f"{t} {st['answer_seconds']:.1f}s on answers" for t, st in o.stats.items()),
            file=sys.stderr,
        )
        outcomes.append(o)
    if args.ragbench_dir or args.ragbench_hub:
        for subset in args.subsets:
            try:
                rows = ragbench.load_ragbench(subset, "test", args.ragbench_dir, args.limit)
            except ragbench.HubUnreachable as err:
                print(str(err), file=sys.stderr)
                return 2
            items = ragbench.ragbench_items(rows, subset)
            items_by[f"ragbench-{subset}"] = {i.id: i for i in items}
            outcomes.append(
                ragbench.evaluate(
                    items, tools, args.seed, f"ragbench-{subset}", not args.no_progress
                )
            )
    elapsed = time.perf_counter() - t0
    cf_answers = sum(
        o.stats["crossfoot"]["answer_seconds"] for o in outcomes if "crossfoot" in o.stats
    )
    n_answers = sum(o.stats["crossfoot"]["answers"] for o in outcomes if "crossfoot" in o.stats)
    meta = {
        "command": "run_all.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "seed": args.seed,
        "limit": args.limit,
        "data_root": str(root),
        "elapsed_seconds": round(elapsed, 1),
        "crossfoot_answer_seconds": round(cf_answers, 1),
        "crossfoot_answers": n_answers,
    }
    paths = ragbench.write_results(outcomes, args.out_dir, args.stem, meta)
    print(ragbench.markdown_table(outcomes))
    if args.review_out:
        k = ragbench.write_review(outcomes, items_by, args.review_out, args.review_n, args.seed)
        print(f"wrote {k} flagged sentences to {args.review_out}")
    print(f"results: {', '.join(str(p) for p in paths.values())}")
    print(f"crossfoot checked {n_answers} answers in {cf_answers:.1f}s")
    print(f"elapsed {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
