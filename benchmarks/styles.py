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
``.cache/bench/styles/<half>-<corpus>-<style>.jsonl`` (not for the validation half).
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
from corpora.common import Item
from corpora.styles import STYLES, Styled, drift, restyle
from variants import (
    MEASURES,
    add_arguments,
    cell,
    counts,
    run_halves,
    spread,
    spread_cells,
    write_results,
)

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
            lost = drift(item.answer[a:b], styled.text[c:d], rounding=self.style == "rounded")
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
                cells = [cell(entry["rates"][k], counts(entry["counts"], k)) for _, k in MEASURES]
                cells.append(str(len(entry["drift"])))
                lines.append(f"| {style} | " + " | ".join(cells) + " |")
            spreads = spread_cells(block, limit_points)
            lines += ["| spread (points) | " + " | ".join(spreads) + " | |", ""]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot verdicts with answers in other styles.")
    p.add_argument("--styles", nargs="+", default=list(STYLES), choices=list(STYLES))
    add_arguments(p, "styles")
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
        ragbench.write_records(cache / f"{half}-{name}-{style}.jsonl", half, o.records)
        fa = block["styles"][style]["rates"]["false_alarm_sentences"]
        print(
            f"{half} {name} {style}: false alarms {cell(fa, counts(st, 'false_alarm_sentences'))}"
            f", {st['errors']} errors, {len(tool.drift)} drift, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
    for _, key in MEASURES:
        block["spread"][key] = spread([e["rates"][key] for e in block["styles"].values()])
    return block


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    t0 = time.perf_counter()
    results = run_halves(args, _run_corpus)
    if results is None:
        return 2
    drifted = sum(
        len(e["drift"]) for c in results.values() for b in c.values() for e in b["styles"].values()
    )
    title = "crossfoot verdicts by answer style"
    note = f" Transform drift: {drifted} sentences."
    write_results(args, "styles.py", title, argv, results, t0, markdown, note)
    return 1 if drifted else 0


if __name__ == "__main__":
    raise SystemExit(main())
