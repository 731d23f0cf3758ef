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

For the ``rounded`` style it also counts the wrong answers whose final figure, rounded to three
significant digits, is the gold answer at those digits (:func:`made_right`: the error lay in the
digits the rounding drops; a counted answer is right as written and a flag on it is no catch).

``--diff`` (tuning half only) then prints, per corpus, the items whose verdict differs between
the first style asked and each other one: a sentence falsely flagged in one style only, a real
error flagged in one only, an injected error caught in one only (the restyled sentence and the
failing claims' reasons beside each).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora.common import Item, is_year, number_tokens
from corpora.styles import STYLES, Styled, drift, restyle, restyle_sentence, three_digits
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


def made_right(item: Item) -> bool:
    """Whether a wrong answer's final figure, rounded as the ``rounded`` style rounds it (three
    significant digits), is the gold answer at those digits: its error lay in the digits the
    rounding drops, so the rounded answer is right and no checker should flag it.

    >>> made_right(Item("c", "1", "q", "The change is -22.29%.", [], meta={"gold": -22.26}))
    True
    >>> made_right(Item("c", "1", "q", "The change is -22.39%.", [], meta={"gold": -22.26}))
    False
    """
    gold = item.meta.get("gold")
    if isinstance(gold, list):
        gold = gold[0] if len(gold) == 1 else None
    try:
        want = Decimal(str(gold).replace(",", ""))
    except (InvalidOperation, ValueError):
        return False
    toks = [t for t in number_tokens(item.answer) if not is_year(t)]
    if not toks or want == 0:
        return False
    got = toks[-1].value
    digits = toks[-1].digits.replace(",", "").lstrip("0.").replace(".", "")
    if len(digits) < 4 or (got < 0) != (want < 0):
        return False  # (the transform leaves a figure of three digits or fewer as it is)
    return three_digits(got) == three_digits(want)


class StyleTool(ragbench.CrossfootTool):
    """crossfoot checking each answer (and each injected variant) rewritten in ``style``."""

    def __init__(self, style: str) -> None:
        super().__init__()
        self.style = style
        self.drift: list[dict[str, Any]] = []
        # wrong answers the rounding made right, and how many of them were flagged
        self.made_right = [0, 0]

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
        if self.style == "rounded" and item.label == "bad" and made_right(item):
            self.made_right[0] += 1
            self.made_right[1] += not report.passed
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
            right = block["styles"].get("rounded", {}).get("made_right", [0, 0])
            if right[0]:
                lines += [
                    f"rounded: {right[0]} of the real errors are right once rounded (the error lay"
                    f" in the digits the rounding drops; {right[1]} of them flagged).",
                    "",
                ]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot verdicts with answers in other styles.")
    p.add_argument("--styles", nargs="+", default=list(STYLES), choices=list(STYLES))
    p.add_argument(
        "--diff",
        action="store_true",
        help="print the items whose verdict differs from the first style's (tuning half only)",
    )
    add_arguments(p, "styles")
    return p


# Record types whose presence in one style and absence in another is a verdict that moved.
_MOVES = ("false_alarm", "real_flagged", "real_missed")


def _keyed(path: Path) -> dict[tuple[str, str, str], dict[str, Any]]:
    """A style's records by (type, item id, sentence or injected text): one per verdict."""
    out: dict[tuple[str, str, str], dict[str, Any]] = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        kind = rec["type"]
        if kind in _MOVES or kind.startswith("miss_"):
            out[(kind, rec["id"], rec.get("injected") or rec["sentence"])] = rec
    return out


def _shown(rec: dict[str, Any], style: str) -> str:
    text = rec.get("injected") or rec["sentence"]
    styled = restyle_sentence(text, style) if text else ""
    why = "; ".join(f"{c.get('text')} {c.get('status')} {c.get('rule', '')}: {c.get('why', '')}"
                    for c in rec.get("claims", [])[:3])  # fmt: skip
    return f"  {rec['id']} | {styled.strip()[:200]}\n      {why[:400]}"


def style_diff(corpus: str, base: str, other: str, cache: Path) -> list[str]:
    """Lines naming each tuning-half item whose verdict differs between styles ``base`` and
    ``other`` (read from their record files under ``cache``)."""
    a, b = (cache / f"tune-{corpus}-{s}.jsonl" for s in (base, other))
    return [f"## {corpus}: {base} -> {other}", *record_diff(a, b, base, other, (base, other))]


def record_diff(
    a_path: Path, b_path: Path, a_style: str, b_style: str, names: tuple[str, str]
) -> list[str]:
    """The verdicts recorded in ``b_path`` and not in ``a_path`` and the other way round, by
    record type, each with its sentence restyled as the run that recorded it wrote it; ``names``
    call the two runs in the headings."""
    a, b = _keyed(a_path), _keyed(b_path)
    lines = []
    for title, keys, recs, style in (
        (f"only in {names[1]}", sorted(b.keys() - a.keys()), b, b_style),
        (f"only in {names[0]}", sorted(a.keys() - b.keys()), a, a_style),
    ):
        for kind in sorted({k[0] for k in keys}):
            picked = [k for k in keys if k[0] == kind]
            lines.append(f"### {kind} {title}: {len(picked)}")
            lines += [_shown(recs[k], style) for k in picked]
    return lines


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
            "made_right": tool.made_right,
            "seconds": round(time.perf_counter() - t0, 1),
        }
        ragbench.write_records(cache / f"{half}-{name}-{style}.jsonl", half, o.records)
        fa = block["styles"][style]["rates"]["false_alarm_sentences"]
        print(
            f"{half} {name} {style}: false alarms {cell(fa, counts(st, 'false_alarm_sentences'))}"
            f", {st['errors']} errors, {len(tool.drift)} drift, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
        if style == "rounded" and tool.made_right[0]:
            print(
                f"{half} {name} rounded: {tool.made_right[0]} wrong answers are right once"
                f" rounded (their error lay in the dropped digits), {tool.made_right[1]} flagged",
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
    if args.diff and "tune" in args.half and len(args.styles) > 1:
        cache = ragbench.CACHE / "styles"
        for corpus in args.corpora:
            for other in args.styles[1:]:
                print("\n".join(style_diff(corpus, args.styles[0], other, cache)))
    return 1 if drifted else 0


if __name__ == "__main__":
    raise SystemExit(main())
