"""Answers over a line whose name differs from the asked one by a word the question does say.

    python benchmarks/flags34_shapes.py                  # 300 seeded questions, a summary
    python benchmarks/flags34_shapes.py --n 600 --show 3 --seed 5 --kind stray

Every table, question and answer is generated here (fictional figures, seeded), rendered in
several formats. Three kinds of question, each with a true answer and a wrong twin in the
chain-of-thought shape ("Explanation: The X in 2019 is $A and the X in 2018 is $B. The change
is A - B = $C.\\nAnswer: $C"), the wrong twin naming its rows by their own labels:

- ``net_total``: a table with both *Total X* and *Net X*; the question writes one of them whole
  ("the net deferred tax assets", "the average total deferred tax assets"); the wrong twin
  answers over the other (``rules.off_question_optional``);
- ``other``: a catch-all *Other* under two sections; the question names it with a section's
  words ("other deferred tax liabilities"); the wrong twin takes the other section's *Other*
  (not judged: measured and not kept, flags34);
- ``stray``: segments each with the same lines; the question asks a sum, a difference or a
  share of one line of two segments; the wrong twin takes another line for one of them
  (``rules.off_question_operand``).

Prints the true answers that fail (false alarms) and the wrong twins that pass, by kind.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import render

__all__ = ["cases", "main"]

Grid = list[list[str]]
Case = tuple[str, bool, Grid, str, str]  # kind, true, grid, question, answer


def _n(rng: random.Random) -> int:
    return rng.randrange(1_000, 99_000)


def _m(v: Decimal | int) -> str:
    d = Decimal(v).quantize(Decimal("0.01"), ROUND_HALF_UP).normalize()
    return f"-${-d:,}" if d < 0 else f"${d:,}"


def _pair_answer(name_a: str, a: int, name_b: str, b: int, ya: str, yb: str, op: str) -> str:
    x = Decimal(a) - b if op == "change" else (Decimal(a) + b) / 2
    if op == "share":
        x = Decimal(a) / b * 100
    said = {
        "change": f"The change is {a:,} - {b:,}",
        "average": f"The average is ({a:,} + {b:,}) / 2",
    }
    fig = f"{x.quantize(Decimal('0.01'), ROUND_HALF_UP)}%" if op == "share" else _m(x)
    last = said.get(op, f"The percentage is {a:,} / {b:,}")
    return (
        f"Explanation: The {name_a} in {ya} is {_m(a)} and the {name_b} in {yb} is {_m(b)}. "
        f"{last} = {fig}.\nAnswer: {fig}"
    )


def _net_total(rng: random.Random, years: list[int]) -> list[Case]:
    stem = rng.choice(["deferred tax assets", "revenue", "sales", "interest income"])
    rows = {"total": [_n(rng), _n(rng)], "net": [_n(rng), _n(rng)]}
    grid = [["", *map(str, years)], [f"Total {stem}", *(f"{v:,}" for v in rows["total"])]]
    grid += [
        ["Less: allowances", "-1,215", "-1,090"],
        [f"Net {stem}".capitalize(), *(f"{v:,}" for v in rows["net"])],
    ]
    asked = rng.choice(["total", "net"])
    other = "net" if asked == "total" else "total"
    op = rng.choice(["change", "average"])
    word = "change in" if op == "change" else "average"
    q = f"What was the {word} {asked} {stem} from {years[1]} to {years[0]}?"
    ya, yb = str(years[0]), str(years[1])
    out = []
    for good, line in ((True, asked), (False, other)):
        a, b = rows[line]
        out.append(
            (
                "net_total",
                good,
                grid,
                q,
                _pair_answer(f"{line} {stem}", a, f"{line} {stem}", b, ya, yb, op),
            )
        )
    return out


def _other(rng: random.Random, years: list[int]) -> list[Case]:
    secs = rng.choice(
        [
            ("Deferred tax assets", "Deferred tax liabilities"),
            ("Current liabilities", "Non-current liabilities"),
        ]
    )
    vals = {s: [_n(rng), _n(rng)] for s in secs}
    grid = [["", *map(str, years)]]
    for s in secs:
        grid += [
            [f"{s}:", "", ""],
            ["Accruals", f"{_n(rng):,}", f"{_n(rng):,}"],
            ["Other", *(f"{v:,}" for v in vals[s])],
        ]
    asked = rng.choice(secs)
    q = f"What was the change in other {asked.lower()} from {years[1]} to {years[0]}?"
    out = []
    for good, s in ((True, asked), (False, next(x for x in secs if x != asked))):
        a, b = vals[s]
        out.append(
            (
                "other",
                good,
                grid,
                q,
                _pair_answer("other", a, "other", b, str(years[0]), str(years[1]), "change"),
            )
        )
    return out


def _stray(rng: random.Random, years: list[int]) -> list[Case]:
    segs = rng.sample(["Americas", "Europe", "Greater China", "Japan", "Rest of Asia Pacific"], 3)
    lines = rng.choice([("Revenue", "Operating income"), ("Net sales", "Gross profit")])
    vals = {(s, ln): _n(rng) for s in segs for ln in lines}
    grid = [["", str(years[0])]]
    for s in segs:
        grid += [[f"{s}:", ""], *[[ln, f"{vals[(s, ln)]:,}"] for ln in lines]]
    s1, s2 = segs[:2]
    line, other = lines[1], lines[0]
    op = rng.choice(["sum", "difference", "share"])
    y, a1, a2 = str(years[0]), f"{s1} {line.lower()}", f"{s2} {line.lower()}"
    q = {
        "sum": f"What is the sum of {a1} and {a2} in {y}?",
        "difference": f"What is the difference between {a1} and {a2} in {y}?",
        "share": f"What is {a1} as a percentage of {a2} in {y}?",
    }[op]
    out = []
    for good, second in ((True, line), (False, other)):
        a, b = vals[(s1, line)], vals[(s2, second)]
        x = a + b if op == "sum" else a - b
        if op == "share":
            text = _pair_answer(
                f"{s1} {line.lower()}", a, f"{s2} {second.lower()}", b, y, y, "share"
            )
        else:
            sign = "+" if op == "sum" else "-"
            text = (
                f"Explanation: The {a1} in {y} is {_m(a)} and the {s2} {second.lower()} in {y} is "
                f"{_m(b)}. The {op} is {a:,} {sign} {b:,} = {_m(x)}.\nAnswer: {_m(x)}"
            )
        out.append(("stray", good, grid, q, text))
    return out


def cases(n: int, seed: int) -> list[Case]:
    """``n`` questions' cases (a true answer and its wrong twin each), seeded."""
    rng = random.Random(seed)
    out: list[Case] = []
    for _ in range(n):
        top = rng.choice([2019, 2020, 2021])
        out += rng.choice([_net_total, _other, _stray])(rng, [top, top - 1])
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--n", type=int, default=300)
    p.add_argument("--seed", type=int, default=34)
    p.add_argument("--formats", nargs="+", default=["json", "markdown", "html"])
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--kind", default="")
    args = p.parse_args(argv)
    total: Counter[str] = Counter()
    bad: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    for k, (kind, good, grid, q, answer) in enumerate(cases(args.n, args.seed)):
        fmt = args.formats[k % len(args.formats)]
        table = render(grid, fmt)
        rep = crossfoot.check(answer, [table], question=q)
        key = f"{'true' if good else 'wrong'} | {kind}"
        total[key] += 1
        if rep.passed == good:
            continue
        bad[key] += 1
        if args.show and shown[key] < args.show and args.kind in key:
            shown[key] += 1
            print(f"--- {'false alarm' if good else 'miss'} [{key} {fmt}]")
            print(f"Q: {q}\n{table}\nA: {answer}")
            print(rep.explain(), "\n")
    for key in sorted(total):
        what = "failing" if key.startswith("true") else "passing"
        print(f"{key}: {bad[key]}/{total[key]} {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
