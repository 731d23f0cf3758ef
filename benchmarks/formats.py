"""Format invariance: the same answers against the same tables, written in every serialization.

    python benchmarks/formats.py                          # valid and tune halves, every corpus
    python benchmarks/formats.py --half valid --corpora tatqa --limit 50
    python benchmarks/formats.py --formats json markdown html

Each development corpus ships its tables as JSON-style strings. Here every such source is
rewritten in each format of :data:`corpora.render.BENCH_FORMATS` (markdown with and without outer
pipes, HTML, CSV, JSON-style, whitespace-aligned text) and the answers run through the same
harness as ``run_all.py`` (:func:`ragbench.evaluate`, crossfoot only). Items, halves, injections
and swap pools come from the original items, so a format changes only what crossfoot reads.

Prints false alarms, each injected-error catch rate and real errors flagged per corpus, half and
format, and the spread (max - min, in points) of each over the formats. Writes
``benchmarks/results/formats.{json,md}``; every flag and miss per format goes to
``.cache/bench/formats/<half>-<corpus>-<format>.jsonl``.
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
from corpora import convfinqa, pot_tatqa, ragbench_interp, tatqa
from corpora._load import MissingData
from corpora.common import HALVES, INJECTIONS, Item, data_root, in_half, parse_table_json
from corpora.render import BENCH_FORMATS, FORMATS, render

__all__ = ["MEASURES", "FormatTool", "main", "rendered_sources", "spread"]

ADAPTERS = {m.NAME: m for m in (pot_tatqa, tatqa, ragbench_interp, convfinqa)}

#: (column title, key of :func:`ragbench.summarize`) for every measure compared across formats.
MEASURES: tuple[tuple[str, str], ...] = (
    ("false alarms", "false_alarm_sentences"),
    *((f"{k} caught", f"caught_{k}") for k in INJECTIONS),
    ("real errors flagged", "real_errors_flagged"),
)


def rendered_sources(sources: Sequence[str], fmt: str) -> list[str]:
    """``sources`` with every JSON-style table rewritten as ``fmt``; other sources unchanged.

    >>> rendered_sources(['[["", "2019"], ["Sales", "5"]]', "Sales rose."], "csv")
    [',2019\\nSales,5', 'Sales rose.']
    """
    if fmt == "json":
        return list(sources)
    out = []
    for s in sources:
        table = parse_table_json(s)
        out.append(s if table is None else render(table, fmt))
    return out


class FormatTool(ragbench.CrossfootTool):
    """crossfoot checking each item against its tables written as ``fmt``."""

    def __init__(self, fmt: str) -> None:
        super().__init__()
        self.fmt = fmt

    def _checker(self, item: Item) -> Any:
        if self._cache is None or self._cache[0] != id(item.sources):
            sources = rendered_sources(item.sources, self.fmt)
            self._cache = (id(item.sources), self.cf.Checker(sources, **self.options))
        return self._cache[1]


def spread(rates: Sequence[float | None]) -> float | None:
    """Max - min of the rates that exist, in points (``None`` when none exist).

    >>> spread([0.1, 0.125, None])
    2.5
    """
    have = [r for r in rates if r is not None]
    return round(100 * (max(have) - min(have)), 2) if have else None


def _cell(rate: float | None, counts: tuple[int, int] | None) -> str:
    if rate is None or counts is None:
        return "n/a"
    return f"{100 * rate:.1f}% ({counts[0]}/{counts[1]})"


def _counts(st: dict[str, Any], key: str) -> tuple[int, int] | None:
    if key == "false_alarm_sentences":
        return st["false_alarms"], st["good_sentences"]
    if key == "real_errors_flagged":
        return st["bad_answers_flagged"], st["bad_answers"]
    inj = st["injections"][key.removeprefix("caught_")]
    return inj["caught"], inj["base"]


def markdown(results: dict[str, Any], limit_points: float) -> str:
    """Per half and corpus: one row per format, then the spread row (flagged over the limit)."""
    head = "| format | " + " | ".join(t for t, _ in MEASURES) + " |"
    rule = "|---|" + "---:|" * len(MEASURES)
    lines: list[str] = []
    for half, corpora in results.items():
        for corpus, block in corpora.items():
            lines += [f"### {corpus}, {half} half", "", head, rule]
            for fmt, entry in block["formats"].items():
                cells = [_cell(entry["rates"][k], _counts(entry["counts"], k)) for _, k in MEASURES]
                lines.append(f"| {fmt} | " + " | ".join(cells) + " |")
            spreads = []
            for _, k in MEASURES:
                s = block["spread"][k]
                text = "n/a" if s is None else f"{s:.1f}"
                spreads.append(f"**{text}**" if s is not None and s > limit_points else text)
            lines += ["| spread (points) | " + " | ".join(spreads) + " |", ""]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot verdicts with tables in every format.")
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument("--formats", nargs="+", default=list(BENCH_FORMATS), choices=list(FORMATS))
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
    p.add_argument("--stem", default="formats")
    p.add_argument("--no-progress", action="store_true")
    return p


def _run_corpus(items: list[Item], name: str, half: str, args: Any) -> dict[str, Any]:
    block: dict[str, Any] = {"items": len(items), "formats": {}, "spread": {}}
    cache = ragbench.CACHE / "formats"
    cache.mkdir(parents=True, exist_ok=True)
    for fmt in args.formats:
        t0 = time.perf_counter()
        o = ragbench.evaluate(items, [FormatTool(fmt)], args.seed, name, not args.no_progress)
        st = o.stats["crossfoot"]
        block["formats"][fmt] = {
            "counts": st,
            "rates": ragbench.summarize(st),
            "seconds": round(time.perf_counter() - t0, 1),
        }
        with open(cache / f"{half}-{name}-{fmt}.jsonl", "w") as fh:
            for rec in o.records:
                fh.write(json.dumps(rec) + "\n")
        fa = block["formats"][fmt]["rates"]["false_alarm_sentences"]
        print(
            f"{half} {name} {fmt}: false alarms {_cell(fa, _counts(st, 'false_alarm_sentences'))}"
            f", {st['errors']} errors, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
    for _, key in MEASURES:
        block["spread"][key] = spread([e["rates"][key] for e in block["formats"].values()])
    return block


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    root = data_root(args.data_root)
    results: dict[str, dict[str, Any]] = {}
    t0 = time.perf_counter()
    loaded: dict[str, list[Item]] = {}
    for half in args.half:
        results[half] = {}
        for name in args.corpora:
            try:
                if name not in loaded:
                    loaded[name] = ADAPTERS[name].load(root, args.limit)
            except MissingData as err:
                print(f"{name}: {err}", file=sys.stderr)
                return 2
            items = in_half(loaded[name], half)
            results[half][name] = _run_corpus(items, name, half, args)
    elapsed = time.perf_counter() - t0
    command = "python benchmarks/formats.py " + " ".join(sys.argv[1:] if argv is None else argv)
    meta = ragbench.run_meta(
        command, seed=args.seed, limit=args.limit, elapsed_seconds=round(elapsed, 1)
    )
    over = [
        f"{half} {corpus} {key}: {s:.1f}"
        for half, corpora in results.items()
        for corpus, block in corpora.items()
        for key, s in block["spread"].items()
        if s is not None and s > args.limit_points
    ]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    data = {"meta": meta, "limit_points": args.limit_points, "results": results, "over": over}
    (args.out_dir / f"{args.stem}.json").write_text(json.dumps(data, indent=2) + "\n")
    table = markdown(results, args.limit_points)
    head = f"Run {meta['date']}, commit {meta['commit']}: `{command}`\n\n"
    verdict = (
        f"Spread over {args.limit_points} points: " + "; ".join(over)
        if over
        else f"Every spread is at most {args.limit_points} points."
    )
    (args.out_dir / f"{args.stem}.md").write_text(
        "# crossfoot verdicts by table format (generated by formats.py)\n\n"
        + head
        + verdict
        + "\n\n"
        + table
    )
    print(table)
    print(verdict)
    print(f"results: {args.out_dir / args.stem}.{{json,md}}; elapsed {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
