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
``.cache/bench/formats/<half>-<corpus>-<format>.jsonl`` (not for the validation half).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora.common import Item, parse_table_json
from corpora.render import BENCH_FORMATS, FORMATS, render
from variants import (
    ADAPTERS,
    MEASURES,
    add_arguments,
    cell,
    counts,
    run_halves,
    spread,
    spread_cells,
    write_results,
)

__all__ = ["ADAPTERS", "MEASURES", "FormatTool", "main", "rendered_sources", "spread"]


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


def markdown(results: dict[str, Any], limit_points: float) -> str:
    """Per half and corpus: one row per format, then the spread row (flagged over the limit)."""
    head = "| format | " + " | ".join(t for t, _ in MEASURES) + " |"
    rule = "|---|" + "---:|" * len(MEASURES)
    lines: list[str] = []
    for half, corpora in results.items():
        for corpus, block in corpora.items():
            lines += [f"### {corpus}, {half} half", "", head, rule]
            for fmt, entry in block["formats"].items():
                cells = [cell(entry["rates"][k], counts(entry["counts"], k)) for _, k in MEASURES]
                lines.append(f"| {fmt} | " + " | ".join(cells) + " |")
            spreads = spread_cells(block, limit_points)
            lines += ["| spread (points) | " + " | ".join(spreads) + " |", ""]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot verdicts with tables in every format.")
    p.add_argument("--formats", nargs="+", default=list(BENCH_FORMATS), choices=list(FORMATS))
    add_arguments(p, "formats")
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
        ragbench.write_records(cache / f"{half}-{name}-{fmt}.jsonl", half, o.records)
        fa = block["formats"][fmt]["rates"]["false_alarm_sentences"]
        print(
            f"{half} {name} {fmt}: false alarms {cell(fa, counts(st, 'false_alarm_sentences'))}"
            f", {st['errors']} errors, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
    for _, key in MEASURES:
        block["spread"][key] = spread([e["rates"][key] for e in block["formats"].values()])
    return block


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    t0 = time.perf_counter()
    results = run_halves(args, _run_corpus)
    if results is None:
        return 2
    title = "crossfoot verdicts by table format"
    write_results(args, "formats.py", title, argv, results, t0, markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
