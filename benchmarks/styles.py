"""Answer-style invariance: the same items, the answers written the way other models write them.

    python benchmarks/styles.py                           # valid and tune halves, every corpus
    python benchmarks/styles.py --half valid --corpora tatqa --limit 50
    python benchmarks/styles.py --styles plain markdown latex

``formats.py`` rewrites the tables; this rewrites the answers. Every corpus item runs through the
harness of ``run_all.py`` (:func:`ragbench.evaluate`, crossfoot only) with the same sources and
question; the answer crossfoot reads is the item's answer, or the answer with an injected error
(the injection is made on the corpus's text first, so it stays), rewritten in a style of
:data:`corpora.styles.STYLES` (``plain`` is the corpus's own text). Each sentence's verdict is
read from the claims inside that sentence's restyled span.

Every restyled sentence is checked to state the figures of the original (:func:`styles.drift`,
the benchmark's own number reader through the style's markup); a sentence where it does not is a
bug in the transform, counted as ``transform drift`` and listed (0 is the only right figure).

Prints false alarms, each injected-error catch rate and real errors flagged per corpus, half and
style, and the spread (max - min, in points) of each over the styles. Writes
``benchmarks/results/styles.{json,md}``; every flag and miss per style goes to
``.cache/bench/styles/<half>-<corpus>-<style>.jsonl``.
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
from corpora._load import MissingData
from corpora.common import HALVES, Item, data_root, in_half
from corpora.styles import STYLES, Styled, drift, restyle
from formats import ADAPTERS, MEASURES, _cell, _counts, spread

__all__ = ["StyleTool", "main"]


class StyleTool(ragbench.CrossfootTool):
    """crossfoot checking each answer (and each injected variant) rewritten in ``style``."""

    def __init__(self, style: str) -> None:
        super().__init__()
        self.style = style
        self.drift: list[dict[str, Any]] = []

    def _verdicts(self, item: Item, answer: str, spans: list[tuple[int, int]]) -> Any:
        styled = restyle(answer, spans, self.style)
        report = self._checker(item).check(styled.text, question=item.question or None)
        return styled, report

    def _check_drift(self, item: Item, styled: Styled) -> None:
        for i, ((a, b), (c, d)) in enumerate(zip(item.sentences, styled.spans, strict=True)):
            lost = drift(item.answer[a:b], styled.text[c:d])
            if lost:
                self.drift.append({"id": item.id, "sentence": i, "drift": lost})

    def prepare(self, item: Item) -> ragbench.Prepared:
        styled, report = self._verdicts(item, item.answer, item.sentences)
        self._check_drift(item, styled)
        fails, details = [], []
        for a, b in styled.spans:
            bad = [c for c in self._sentence_claims(report, a, b) if not c.passed]
            fails.append(bool(bad))
            details.append([ragbench._claim_detail(c) for c in bad])
        return ragbench.Prepared(item, report, fails, details)

    def variant_fails(self, prep: ragbench.Prepared, i: int, new: str) -> bool:
        item = prep.item
        a, b = item.sentences[i]
        answer = item.answer[:a] + new + item.answer[b:]
        shift = len(new) - (b - a)
        spans = [
            (s, e) if j < i else (a, a + len(new)) if j == i else (s + shift, e + shift)
            for j, (s, e) in enumerate(item.sentences)
        ]
        styled, report = self._verdicts(item, answer, spans)
        claims = self._sentence_claims(report, *styled.spans[i])
        self.last_details = [ragbench._claim_detail(c) for c in claims]
        return any(not c.passed for c in claims)


def markdown(results: dict[str, Any], limit_points: float) -> str:
    """Per half and corpus: one row per style, then the spread row (flagged over the limit)."""
    head = "| style | " + " | ".join(t for t, _ in MEASURES) + " | transform drift |"
    rule = "|---|" + "---:|" * (len(MEASURES) + 1)
    lines: list[str] = []
    for half, corpora in results.items():
        for corpus, block in corpora.items():
            lines += [f"### {corpus}, {half} half", "", head, rule]
            for style, entry in block["styles"].items():
                cells = [_cell(entry["rates"][k], _counts(entry["counts"], k)) for _, k in MEASURES]
                cells.append(str(len(entry["drift"])))
                lines.append(f"| {style} | " + " | ".join(cells) + " |")
            spreads = []
            for _, k in MEASURES:
                s = block["spread"][k]
                text = "n/a" if s is None else f"{s:.1f}"
                spreads.append(f"**{text}**" if s is not None and s > limit_points else text)
            lines += ["| spread (points) | " + " | ".join(spreads) + " | |", ""]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot verdicts with answers in other styles.")
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument("--styles", nargs="+", default=list(STYLES), choices=list(STYLES))
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
    p.add_argument("--stem", default="styles")
    p.add_argument("--no-progress", action="store_true")
    return p


def _run_corpus(items: list[Item], name: str, half: str, args: Any) -> dict[str, Any]:
    block: dict[str, Any] = {"items": len(items), "styles": {}, "spread": {}}
    cache = ragbench.CACHE / "styles"
    cache.mkdir(parents=True, exist_ok=True)
    for style in args.styles:
        t0 = time.perf_counter()
        tool = StyleTool(style)
        o = ragbench.evaluate(items, [tool], args.seed, name, not args.no_progress)
        st = o.stats["crossfoot"]
        block["styles"][style] = {
            "counts": st,
            "rates": ragbench.summarize(st),
            "drift": tool.drift,
            "seconds": round(time.perf_counter() - t0, 1),
        }
        with open(cache / f"{half}-{name}-{style}.jsonl", "w") as fh:
            for rec in o.records:
                fh.write(json.dumps(rec) + "\n")
        fa = block["styles"][style]["rates"]["false_alarm_sentences"]
        print(
            f"{half} {name} {style}: false alarms {_cell(fa, _counts(st, 'false_alarm_sentences'))}"
            f", {st['errors']} errors, {len(tool.drift)} drift, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
    for _, key in MEASURES:
        block["spread"][key] = spread([e["rates"][key] for e in block["styles"].values()])
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
            results[half][name] = _run_corpus(in_half(loaded[name], half), name, half, args)
    elapsed = time.perf_counter() - t0
    command = "python benchmarks/styles.py " + " ".join(sys.argv[1:] if argv is None else argv)
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
    drifted = sum(
        len(e["drift"]) for c in results.values() for b in c.values() for e in b["styles"].values()
    )
    args.out_dir.mkdir(parents=True, exist_ok=True)
    data = {"meta": meta, "limit_points": args.limit_points, "results": results, "over": over}
    (args.out_dir / f"{args.stem}.json").write_text(json.dumps(data, indent=2) + "\n")
    table = markdown(results, args.limit_points)
    verdict = (
        f"Spread over {args.limit_points} points: " + "; ".join(over)
        if over
        else f"Every spread is at most {args.limit_points} points."
    )
    verdict += f" Transform drift: {drifted} sentences."
    (args.out_dir / f"{args.stem}.md").write_text(
        "# crossfoot verdicts by answer style (generated by styles.py)\n\n"
        + f"Run {meta['date']}, commit {meta['commit']}: `{command}`\n\n"
        + verdict
        + "\n\n"
        + table
    )
    print(table)
    print(verdict)
    print(f"results: {args.out_dir / args.stem}.{{json,md}}; elapsed {elapsed:.1f}s")
    return 1 if drifted else 0


if __name__ == "__main__":
    raise SystemExit(main())
