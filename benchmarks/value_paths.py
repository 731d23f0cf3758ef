"""Which supporting path lets a changed figure pass: a held-out measure of value errors caught.

For every passing numeric sentence of a correct answer (a corpus half), each of crossfoot's
claims in it is changed several ways, the answer re-checked, and the changed claim's verdict
read. Per supporting path (the evidence's rule and kind, and the status), the script counts how
many TRUE figures the path supports and how many CHANGED figures it lets pass: a path that passes
changed figures nearly as often as it supports true ones is coincidence.

Changes: ``inject`` (the corpora's own value rule, +-10-30 %), ``digit`` (+1 or -1 in the last
written digit), ``x10`` (the figure ten times larger or smaller, same digits written), and
``cell`` (a neighbouring number of the source that supported the claim, scaled into the claim's
digits: another year's or row's cell of a table).

    python benchmarks/value_paths.py --corpora tatqa convfinqa --half tune
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa, pot_tatqa, ragbench_interp, tatqa
from corpora.common import data_root, format_like, in_half, inject, is_year, number_tokens

ADAPTERS = {m.NAME: m for m in (pot_tatqa, tatqa, ragbench_interp, convfinqa)}
KINDS = ("inject", "digit", "x10", "cell")


def path_of(claim: Any) -> str:
    ev = claim.evidence
    if ev is None:
        return f"{claim.status}"
    if ev.rule != "derive" or not ev.operands:
        return f"{ev.rule}/{ev.kind}"
    # where the operands stand: c a table cell, p a figure of running text; x when two sources
    where = "".join(
        sorted("c" if v.table is not None or v.row is not None else "p" for v in ev.operands)
    )
    mixed = "x" if len({v.source_id for v in ev.operands}) > 1 else ""
    return f"{ev.rule}/{ev.kind}/{where}{mixed}"


def _bump_digit(digits: str, rng: random.Random) -> str | None:
    plain = digits.replace(",", "")
    dec = len(plain.split(".")[1]) if "." in plain else 0
    unit = Decimal(1).scaleb(-dec)
    value = Decimal(plain)
    new = value + unit if rng.random() < 0.5 or value - unit <= 0 else value - unit
    return format_like(new, digits)


def _times_ten(digits: str, rng: random.Random) -> str | None:
    plain = Decimal(digits.replace(",", ""))
    new = plain * 10 if rng.random() < 0.5 else plain / 10
    return format_like(new, digits)


def _neighbour(
    digits: str, target: Decimal, support: Decimal, sources: Sequence[str], rng: random.Random
) -> str | None:
    """The written figure moved as the supporting value's neighbour in its source would move it."""
    if support == 0:
        return None
    options: list[Decimal] = []
    for s in sources:
        toks = [t for t in number_tokens(s) if not is_year(t)]
        for k, t in enumerate(toks):
            if abs(t.scaled) != abs(support) and abs(t.value) != abs(support):
                continue
            for j in (k - 1, k + 1):
                if 0 <= j < len(toks) and toks[j].value != 0:
                    options.append(abs(toks[j].value) / abs(t.value) if t.value else Decimal(0))
    rng.shuffle(options)
    for ratio in options:
        new = format_like(abs(target) * ratio, digits)
        if Decimal(new.replace(",", "")) not in (0, abs(target)):
            return new
    return None


def changes(
    sentence: str, tok: Any, claim: Any, sources: Sequence[str], rng: random.Random
) -> Iterator[tuple[str, str]]:
    """(kind, changed sentence) for each change that applies to ``tok``."""
    a, b = tok.num_start, tok.num_end
    digits = tok.digits
    new = inject("value", sentence, [tok], [], rng)
    if new is not None and new != sentence:
        yield "inject", new
    for kind, fn in (("digit", _bump_digit), ("x10", _times_ten)):
        d = fn(digits, rng)
        if d is not None and d.replace(",", "") != digits.replace(",", ""):
            yield kind, sentence[:a] + d + sentence[b:]
    ev = claim.evidence
    if ev is not None and ev.rule == "direct" and ev.operands:
        d = _neighbour(digits, tok.value, ev.operands[0].value, sources, rng)
        if d is not None:
            yield "cell", sentence[:a] + d + sentence[b:]


def _row(item: Any, kind: str, claim: Any, true_path: str, sentence: str) -> dict[str, Any]:
    ev = claim.evidence
    from crossfoot.language.asked import read_question

    ask = read_question(item.question or "") if item.question else None
    return {
        "corpus": item.corpus,
        "id": item.id,
        "change": kind,
        "true_path": true_path,
        "path": path_of(claim),
        "status": claim.status,
        "text": claim.mention.text,
        "precision": str(claim.mention.precision),
        "value": str(claim.mention.value),
        "formula": ev.formula if ev else "",
        "note": ev.note if ev else "",
        "labels": [v.label for v in ev.operands] if ev else [],
        "sentence": sentence.strip()[:300],
        "question": (item.question or "")[-300:],
        "op": ask.op if ask else None,
        "plain": bool(ask and ask.plain),
        "several": bool(ask and ask.several),
        "computed": bool(ask and ask.computed),
        "operands": [str(v.value) for v in ev.operands] if ev else [],
        "result": str(ev.result) if ev and ev.result is not None else None,
    }


def run(
    items: Sequence[Any],
    seed: int,
    show: int,
    kinds: Sequence[str] = KINDS,
    dump: list[dict[str, Any]] | None = None,
) -> dict[str, Counter[str]]:
    tool = ragbench.CrossfootTool()
    true: Counter[str] = Counter()
    changed: dict[str, Counter[str]] = {k: Counter() for k in KINDS}
    tried: Counter[str] = Counter()
    examples: list[str] = []
    for item in items:
        if item.label != "good":
            continue
        prep = tool.prepare(item)
        report = prep.state
        for i, (a, b) in enumerate(item.sentences):
            if prep.fails[i] or item.sentence_label(i) != "good":
                continue
            sentence = item.answer[a:b]
            claims = {c.mention.start: c for c in report.claims if a <= c.mention.start < b}
            for tok in number_tokens(sentence):
                if is_year(tok):
                    continue
                claim = next(
                    (c for s, c in claims.items() if tok.start + a <= s < tok.end + a), None
                )
                if claim is None or not claim.passed:
                    continue
                p = path_of(claim)
                true[p] += 1
                if dump is not None:
                    dump.append(_row(item, "true", claim, p, sentence))
                rng = random.Random(f"{seed}|{item.id}|{i}|{tok.start}")
                for kind, new in changes(sentence, tok, claim, item.sources, rng):
                    if kind not in kinds:
                        continue
                    tried[kind] += 1
                    text = item.answer[:a] + new + item.answer[b:]
                    r2 = tool._checker(item).check(text, question=item.question or None)
                    at = claim.mention.start
                    same = [c for c in r2.claims if a <= c.mention.start < a + len(new)]
                    hit = next((c for c in same if c.mention.start == at), None)
                    if hit is None or not all(c.passed for c in same):
                        continue
                    q = path_of(hit)
                    changed[kind][q] += 1
                    if dump is not None:
                        dump.append(_row(item, kind, hit, p, new))
                    if len(examples) < show:
                        ev = hit.evidence
                        examples.append(
                            f"[{item.corpus} {item.id} {kind}] {p} -> {q}: {new.strip()[:160]}"
                            f"\n      {ev.formula if ev else ''}  [{hit.status}]"
                            f" Q: {item.question[-100:]}"
                        )
    print("tried:", dict(tried))
    paths = sorted(set(true) | {p for c in changed.values() for p in c}, key=lambda p: -true[p])
    print(f"{'path':42} {'true':>6} " + " ".join(f"{k:>7}" for k in KINDS))
    for p in paths:
        print(f"{p:42} {true[p]:6d} " + " ".join(f"{changed[k][p]:7d}" for k in KINDS))
    print(
        "caught: "
        + ", ".join(
            f"{k} {100 * (1 - sum(changed[k].values()) / tried[k]):.1f}% of {tried[k]}"
            for k in KINDS
            if tried[k]
        )
    )
    for e in examples:
        print(e)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument("--half", default="tune", choices=["tune", "valid"])
    p.add_argument("--data-root")
    p.add_argument("--limit", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--show", type=int, default=0, help="print this many passing changes")
    p.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    p.add_argument("--dump", type=Path, help="JSON lines: every true and changed figure passed")
    args = p.parse_args(argv)
    root = data_root(args.data_root)
    dump: list[dict[str, Any]] | None = [] if args.dump else None
    for name in args.corpora:
        items = in_half(ADAPTERS[name].load(root, args.limit), args.half)
        print(f"## {name} ({args.half}): {len(items)} answers")
        run(items, args.seed, args.show, args.kinds, dump)
    if args.dump and dump is not None:
        args.dump.write_text("".join(json.dumps(r) + "\n" for r in dump))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
