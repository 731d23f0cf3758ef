"""pot-tatqa's good/bad labels, as the corpus gives them and at the answer's own precision.

``answers_match`` (``corpora/common.py``) calls a final answer good when it equals the gold at the
*gold's* precision. Two kinds of arithmetic answer are then labelled against what they state:

- a right answer stated more coarsely than the gold is *bad*: "25.2%" for a gold 25.19 computed
  from (295.2 - 235.8) / 235.8 = 25.1908...;
- a wrong answer stated more finely than the gold is *good*: "2.21%" for a gold 2.2 computed
  from (3,574 - 3,497) / 3,497 = 2.2019 (the answer's own digits say 2.20).

The corpus keeps each question's derivation ("(295.2-235.8)/235.8"). This script evaluates it
exactly, reads the answer at the precision it states, and labels the answer good when the
derivation rounds to it there (half up or half to even at a tie, same sign): the *own-precision*
labelling. Items whose derivation is not plain arithmetic keep the corpus label. It prints how
many labels the two labellings disagree on, and crossfoot's real-error figures under each
(answers whose report fails, as ``run_all.py`` counts them), for a half or both.
The benchmark itself (``run_all.py``) keeps the corpus labelling.

    python benchmarks/labelling.py --half valid
    python benchmarks/labelling.py --half tune --list      # every changed label, with its numbers

>>> round(exact_value("(295.2-235.8)/235.8", 25.19), 4)
Decimal('25.1908')
>>> own_precision("(3,574-3,497)/3,497", 2.2, "percent", ["2.21%"])
False
>>> own_precision("(295.2-235.8)/235.8", 25.19, "percent", ["25.2%"])
True
"""

from __future__ import annotations

import argparse
import ast
import operator
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import (
    Item,
    _gold_numbers,
    _pred_numbers,
    data_root,
    in_half,
    is_year,
    number_tokens,
)

__all__ = ["exact_value", "own_precision"]

_OPS: dict[type, Callable[[Decimal, Decimal], Decimal]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def _evaluate(node: ast.AST) -> Decimal:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Decimal(str(node.value))
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    raise ValueError("not plain arithmetic")


def exact_value(derivation: str, gold: Any) -> Decimal | None:
    """The derivation's exact value in the gold's unit (a percentage gold of a ratio formula is
    the ratio x 100), or None when it is not plain arithmetic or does not give the gold."""
    text = derivation.strip().replace("$", "").replace("[", "(").replace("]", ")")
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text.replace("×", "*"))
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"(\1/100)", text)
    if not text or re.search(r"[A-Za-z#]", text):
        return None
    parsed = _gold_numbers(gold)
    if parsed is None or len(parsed[0]) != 1:
        return None
    value, quantum = parsed[0][0]
    try:
        with localcontext() as ctx:
            ctx.prec = 40
            x = _evaluate(ast.parse(text, mode="eval"))
    except (ValueError, SyntaxError, ArithmeticError):
        return None
    for factor in (Decimal(1), Decimal(100)):
        if abs(x * factor - value) <= quantum:
            return x * factor
    return None


def own_precision(derivation: str, gold: Any, scale: str, pred: Any) -> bool | None:
    """Whether the final answer is the exact derivation at the answer's own precision (None:
    not decidable, keep the corpus label)."""
    x = exact_value(derivation, gold)
    parsed = _gold_numbers(gold)
    if x is None or parsed is None:
        return None
    _, percent, absolute = parsed
    unit = "percent" if percent else "" if absolute else scale
    values = _pred_numbers(pred, unit)
    tokens = [
        t for p in (pred if isinstance(pred, list) else [pred]) for t in number_tokens(str(p))
    ]
    if len(values) > 1 and len(values) == len(tokens):
        kept = [(v, t) for v, t in zip(values, tokens, strict=True) if not is_year(t)]
        values, tokens = [v for v, _ in kept][-1:], [t for _, t in kept][-1:]
    if len(values) != 1 or len(tokens) != 1 or tokens[0].value == 0:
        return None
    stated, token = values[0], tokens[0]
    factor = stated / token.value  # the unit conversion _pred_numbers applied
    quantum = Decimal(1).scaleb(-token.decimals) * abs(factor)
    ups = {x.quantize(quantum, rounding=r) for r in (ROUND_HALF_UP, ROUND_HALF_EVEN)}
    return any(abs(stated - u) < quantum / 1000 for u in ups)


def sign_only(item: Item) -> bool:
    """A wrong answer that is the gold but for its sign ("$168 thousand" for a gold "(168)" of
    an allowance for losses, "$43 million" for a change of -43): counted, not relabelled, since
    the sign of a change is a real error and that of a named cost a convention."""
    meta = item.meta
    parsed = _gold_numbers(meta["gold"])
    if item.label != "bad" or parsed is None or len(parsed[0]) != 1:
        return False
    (gold, quantum), percent, absolute = parsed[0][0], parsed[1], parsed[2]
    unit = "percent" if percent else "" if absolute else meta["scale"]
    values = _pred_numbers(meta["pred"], unit)
    if not values or gold == 0:
        return False
    stated = values[-1]
    same = abs(stated).quantize(quantum, rounding=ROUND_HALF_UP) == abs(gold).quantize(quantum)
    return same and (stated < 0) != (gold < 0)


def relabel(item: Item) -> str | None:
    """The own-precision label of a pot-tatqa item (the corpus label when not decidable)."""
    meta = item.meta
    if meta.get("answer_type") != "arithmetic":
        return item.label
    verdict = own_precision(meta.get("derivation") or "", meta["gold"], meta["scale"], meta["pred"])
    return item.label if verdict is None else ("good" if verdict else "bad")


def _flags(items: Sequence[Item]) -> dict[str, tuple[bool, int, int]]:
    """Per item holding a number: flagged (the whole answer fails, as ``run_all.py`` counts
    it), failing numeric sentences, numeric ones (sentences with a number that is no year)."""
    from ragbench import CrossfootTool

    tool = CrossfootTool()
    out: dict[str, tuple[bool, int, int]] = {}
    for item in items:
        tokens = [number_tokens(item.answer[a:b]) for a, b in item.sentences]
        if not any(tokens) or item.label is None:
            continue
        numeric = [i for i, toks in enumerate(tokens) if any(not is_year(t) for t in toks)]
        prep = tool.prepare(item)
        bad = sum(prep.fails[i] for i in numeric)
        out[item.id + item.question] = (any(prep.fails), bad, len(numeric))
    return out


def _figures(items: Sequence[Item], labels: dict[str, str | None], flags: dict[str, Any]) -> str:
    c: Counter[str] = Counter()
    for item in items:
        key = item.id + item.question
        if key not in flags:
            continue
        flagged, bad_sentences, numeric = flags[key]
        label = labels[key]
        c[f"{label}"] += 1
        c[f"{label}_flagged"] += flagged
        if label == "good":
            c["good_sentences"] += numeric
            c["false_alarm_sentences"] += bad_sentences
    flagged = c["bad_flagged"] + c["good_flagged"]
    return (
        f"real errors flagged {c['bad_flagged']}/{c['bad']} "
        f"({100 * c['bad_flagged'] / max(c['bad'], 1):.1f}%), precision "
        f"{100 * c['bad_flagged'] / max(flagged, 1):.1f}% ({c['bad_flagged']}/{flagged}), "
        f"false alarms {c['false_alarm_sentences']}/{c['good_sentences']} sentences, "
        f"{c['good_flagged']}/{c['good']} answers"
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--half", choices=["tune", "valid", "all"], default="valid")
    p.add_argument("--data-root")
    p.add_argument("--list", action="store_true", help="print every item whose label changes")
    args = p.parse_args(argv)
    items = in_half(pot_tatqa.load(data_root(args.data_root)), args.half)
    corpus = {i.id + i.question: i.label for i in items}
    own = {i.id + i.question: relabel(i) for i in items}
    flags = _flags(items)
    moved = Counter(
        f"{corpus[k]} -> {own[k]}" for k in corpus if corpus[k] != own[k] and k in flags
    )
    print(f"pot-tatqa, {args.half} half: {len(flags)} labelled answers holding a number")
    print(
        "labels that differ (corpus -> own precision): "
        + (", ".join(f"{k}: {v}" for k, v in sorted(moved.items())) or "none")
    )
    signs = [i for i in items if i.id + i.question in flags and sign_only(i)]
    print(
        f"wrong only by the sign (kept wrong in both labellings): {len(signs)}, of which "
        f"crossfoot flags {sum(flags[i.id + i.question][0] for i in signs)}"
    )
    print("corpus labelling:        " + _figures(items, corpus, flags))
    print("own-precision labelling: " + _figures(items, own, flags))
    if args.list:
        for i in items:
            key = i.id + i.question
            if corpus[key] != own[key] and key in flags:
                m = i.meta
                print(
                    f"  {corpus[key]} -> {own[key]}  flagged={flags[key][0]}  gold {m['gold']} "
                    f"({m['derivation'].strip()})  answer {m['pred']}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
