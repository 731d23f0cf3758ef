"""Run every answer benchmark on the shared data and write one combined table, JSON and chart.

    python benchmarks/run_all.py                       # all corpora, all tools, both halves
    python benchmarks/run_all.py --half valid          # the validation half only
    python benchmarks/run_all.py --corpora tatqa --limit 50 --seed 1
    python benchmarks/run_all.py --review-out benchmarks/results/review-sample.csv

Data come from ``--data-root`` / ``$CROSSFOOT_DATA`` / ``../shared/data`` and are never copied.
RAGBench subsets are added with ``--ragbench-dir DIR`` (local files) or ``--ragbench-hub``.
Prints the elapsed time per corpus and in total.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa, convfinqa_earlier, convfinqa_turns, pot_tatqa, ragbench_interp, tatqa
from corpora._load import MissingData
from corpora.causes import classify_records
from corpora.common import HALVES, STRICT, data_root, doc_key, in_half, strict_half

__all__ = ["ADAPTERS", "LABELLED", "main"]

ADAPTERS = {m.NAME: m for m in (pot_tatqa, tatqa, ragbench_interp, convfinqa)}
# Other readings of a corpus above, each a labelled line of the results (never a headline); kept
# out of ADAPTERS, which verdict snapshots and the batch benchmark walk.
LABELLED = {m.NAME: m for m in (convfinqa_turns, convfinqa_earlier)}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Run every crossfoot answer benchmark.")
    every = [*ADAPTERS, *LABELLED]
    p.add_argument("--corpora", nargs="+", default=every, choices=every)
    p.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    p.add_argument("--limit", type=int, default=None, help="rows (contexts for tatqa) per corpus")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--half",
        choices=["both", *HALVES, STRICT, "all"],
        default="both",
        help="both halves side by side, validation first (default), one half (tune or valid; "
        "split by documents, docs/bench.md), strict (the validation items whose document is in "
        "no corpus's tuning half), or all: every item unsplit",
    )
    p.add_argument("--tools", nargs="+", default=["crossfoot", "baseline", "figured"])
    p.add_argument("--ragbench-dir", help="also run RAGBench subsets from local files")
    p.add_argument("--ragbench-hub", action="store_true", help="also run RAGBench from the hub")
    p.add_argument("--subsets", nargs="+", default=["finqa", "tatqa"])
    p.add_argument("--out-dir", type=Path, default=ragbench.RESULTS)
    p.add_argument("--stem", default="results", help="output file name stem")
    p.add_argument("--review-out", type=Path)
    p.add_argument("--review-n", type=int, default=40)
    p.add_argument("--no-progress", action="store_true")
    p.add_argument(
        "--crossfoot-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of crossfoot.check on top of the defaults, VALUE read as JSON "
        "(answer_decimals=2): a labelled run, not the headline (docs/bench.md)",
    )
    return p


def crossfoot_options(given: Sequence[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as check's keyword options; a VALUE that is not JSON is a string.

    >>> crossfoot_options(["answer_decimals=2", "locale=de_DE"])
    {'answer_decimals': 2, 'locale': 'de_DE'}
    """
    out: dict[str, Any] = {}
    for pair in given:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"--crossfoot-option wants NAME=VALUE, got {pair!r}")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def run_halves(half: str) -> tuple[str, ...]:
    """The halves a ``--half`` choice runs, in the order they are shown (validation first).

    >>> run_halves("both"), run_halves("tune")
    (('valid', 'tune'), ('tune',))
    """
    return ("valid", "tune") if half == "both" else (half,)


def tuned_documents(root: Path, limit: int | None) -> set[str]:
    """The documents of every corpus's tuning half (:func:`corpora.common.doc_key`)."""
    return {
        doc_key(i)
        for adapter in ADAPTERS.values()
        for i in in_half(adapter.load(root, limit), "tune")
    }


def causes_half(halves: Sequence[str]) -> str:
    """The half whose flags and misses are grouped by cause: the tuning half when it was run
    (rules are studied there; the validation half stays unread), else the one that was run."""
    return "tune" if "tune" in halves else halves[0]


def write_causes(
    causes: dict[str, dict[str, dict[str, Any]]], path: Path, half: str = "all"
) -> Path:
    """Crossfoot's false alarms and misses grouped by likely cause, with examples (markdown)."""
    which = "every item" if half == "all" else f"the {half} half of each corpus"
    lines = [
        "# crossfoot flags and misses by likely cause (generated by run_all.py)",
        "",
        f"From {which}.",
        "",
    ]
    for corpus, kinds in causes.items():
        for kind, groups in kinds.items():
            lines.append(f"## {corpus}: {kind.replace('_', ' ')}")
            lines.append("")
            for cause, g in groups.items():
                lines.append(f"- **{cause}**: {g['count']}")
                lines.extend(f"  - `{e}`" for e in g["examples"])
            lines.append("")
    path.write_text("\n".join(lines))
    return path


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    root = data_root(args.data_root)
    tools = ragbench.make_tools(args.tools, crossfoot_options(args.crossfoot_option))
    outcomes, items_by = [], {}
    halves = run_halves(args.half)
    t0 = time.perf_counter()
    tuned = tuned_documents(root, args.limit) if STRICT in halves else set()
    for key in args.corpora:
        adapter = ADAPTERS.get(key) or LABELLED[key]
        name = getattr(adapter, "LABEL", key)
        try:
            every = adapter.load(root, args.limit)
        except MissingData as err:
            print(f"{name}: {err}", file=sys.stderr)
            return 2
        items_by[name] = {i.id: i for i in every}
        for half in halves:
            items = strict_half(every, tuned) if half == STRICT else in_half(every, half)
            o = ragbench.evaluate(items, tools, args.seed, name, not args.no_progress)
            o.half = half
            print(
                f"{name} ({half}): {len(items)} answers, {o.seconds:.1f}s wall, "
                f"{o.cpu_seconds:.1f}s CPU; "
                + ", ".join(
                    f"{t} {st['answer_seconds']:.1f}s on answers" for t, st in o.stats.items()
                ),
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
            every = ragbench.ragbench_items(rows, subset)
            items_by[f"ragbench-{subset}"] = {i.id: i for i in every}
            for half in halves:
                o = ragbench.evaluate(
                    strict_half(every, tuned) if half == STRICT else in_half(every, half),
                    tools,
                    args.seed,
                    f"ragbench-{subset}",
                    not args.no_progress,
                )
                o.half = half
                outcomes.append(o)
    elapsed = time.perf_counter() - t0
    cf_answers = sum(
        o.stats["crossfoot"]["answer_seconds"] for o in outcomes if "crossfoot" in o.stats
    )
    n_answers = sum(o.stats["crossfoot"]["answers"] for o in outcomes if "crossfoot" in o.stats)
    meta = ragbench.run_meta(
        "python benchmarks/run_all.py " + " ".join(sys.argv[1:] if argv is None else argv),
        seed=args.seed,
        limit=args.limit,
        half=args.half,
        data_root=str(root),
        elapsed_seconds=round(elapsed, 1),
        crossfoot_answer_seconds=round(cf_answers, 1),
        crossfoot_answers=n_answers,
    )
    paths = ragbench.write_results(outcomes, args.out_dir, args.stem, meta)
    if any("crossfoot" in o.stats for o in outcomes):
        studied = causes_half(halves)
        causes = {
            o.corpus: classify_records(o.records, items_by.get(o.corpus, {}))
            for o in outcomes
            if o.half == studied
        }
        path = args.out_dir / f"{args.stem}-causes.md"
        paths["causes"] = write_causes(causes, path, studied)
    print(ragbench.markdown_table(outcomes))
    print(ragbench.answer_measure_table(outcomes))
    if args.review_out:
        k = ragbench.write_review(outcomes, items_by, args.review_out, args.review_n, args.seed)
        print(f"wrote {k} flagged sentences to {args.review_out}")
    print(f"results: {', '.join(str(p) for p in paths.values())}")
    print(f"crossfoot checked {n_answers} answers in {cf_answers:.1f}s")
    print(f"elapsed {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
