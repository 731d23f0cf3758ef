"""Per-cause count of crossfoot's convfinqa false alarms on the TUNING half only (round 19,
convfinqa19): for each final turn (and each earlier turn that computes) crossfoot fails, what
the gold program's shape is and where its operands sit, so the mechanism behind the false alarms
shows without reading the validation half.

    python benchmarks/convfinqa_causes19.py                  # both lines, counts
    python benchmarks/convfinqa_causes19.py --show 40        # and the failing cases

Causes (one case may carry several): ``steps=N`` (binary steps of the program), ``operands=N``
(distinct numbers), ``text operand`` (a number found in the pre/post text and not the table),
``constant`` (a number the sources do not write: 100, 2, 1), ``ratio to percent`` (the question
asks a percentage, the gold is a ratio), ``table in thousands, text in millions`` (operands from
both, the table's header in thousands and the text's scale words millions), ``stored answer``
(the program disagrees with the data set's rounded answer), ``x100 step``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora import convfinqa, convfinqa_earlier
from corpora.common import Item, in_half, number_tokens
from corpora.convfinqa import program_value
from ragbench import CROSSFOOT_OPTIONS

__all__ = ["causes", "main"]


def _numbers(text: str) -> set[Decimal]:
    return {abs(t.value) for t in number_tokens(text)}


def causes(item: Item) -> list[str]:
    """The causes the program of ``item`` shows (module docstring)."""
    program = str(item.meta.get("program", ""))
    steps = [s for s in program.split(";") if s.strip()]
    out = [f"steps={len(steps)}", f"operands={item.meta.get('operands', 0)}"]
    ops = "".join(c for s in steps for c in s.split("=", 1)[-1] if c in "+-*/")
    out.append(f"ops={ops}")
    table, text = _numbers(item.sources[0]), _numbers(item.sources[1])
    where = Counter()
    for t in number_tokens(program.replace("const_", "")):
        v = abs(t.value)
        where["table" if v in table else "text" if v in text else "constant"] += 1
    if where["text"]:
        out.append("text operand")
    if where["constant"]:
        out.append("constant")
    q = item.question.lower()
    gold = program_value(program) if program else None
    if "percent" in q and gold is not None and abs(gold) < 2:
        out.append("ratio to percent")
    if "*" in ops and "100" in program:
        out.append("x100 step")
    head = item.sources[0].lower()
    if where["text"] and where["table"] and "thousand" in head and "million" in item.sources[1]:
        out.append("table in thousands, text in millions")
    if gold is not None and convfinqa.answer_text(gold) not in item.answer:
        out.append("stored answer")
    return out


def _fails(item: Item) -> list[str]:
    report = crossfoot.check(item.answer, item.sources, question=item.question, **CROSSFOOT_OPTIONS)
    a, b = item.sentences[0]
    return [c.describe() for c in report.claims if a <= c.mention.start < b and not c.passed]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--data-root", type=Path, default=Path("../shared/data"))
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--turns", action="store_true", help="final turns with every turn as question")
    args = p.parse_args(argv)
    lines = {
        "final": convfinqa.load(args.data_root),
        "earlier": convfinqa_earlier.load(args.data_root),
    }
    for name, every in lines.items():
        items = in_half(every, "tune")  # the tuning half only: never read the validation half
        if args.turns and name == "final":
            items = [replace(i, question=convfinqa.conversation(i.meta["turns"])) for i in items]
        count, fa, shown = Counter(), Counter(), 0
        failing = 0
        for item in items:
            cs = causes(item)
            count.update(cs)
            bad = _fails(item)
            if not bad:
                continue
            failing += 1
            fa.update(cs)
            if shown < args.show:
                shown += 1
                print(f"-- {item.id}: {' | '.join(cs)}\n   {item.meta['turns']}")
                print(f"   program {item.meta['program']}\n   {item.answer}\n   {bad}")
        print(f"\n== {name}: {failing}/{len(items)} fail (tuning half)")
        for cause, n in sorted(fa.items(), key=lambda kv: -kv[1]):
            print(f"  {cause:45} {n:4} of {count[cause]:4} ({n / count[cause]:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
