"""The asked operation on operands the question does not name, in the shapes a model writes.

    python benchmarks/flags32_shapes.py                  # 600 seeded cases, a summary
    python benchmarks/flags32_shapes.py --n 2000 --show 5 --seed 3

Every table, question and answer is generated here (fictional figures, seeded): TAT-QA-like
grids of two or three years whose rows repeat under sections ("Deferred tax assets:" /
"Deferred tax liabilities:" each with an "Other" and a total; segments each with "Revenue"),
hold subtotals ("Total current assets" beside "Current assets: Cash"), near-namesakes ("Net
deferred tax assets" beside "Deferred tax assets, net of valuation allowance") and percentage
rows. A question names a row and two years (a change, a percentage change, an average, a
total), or two rows and a year (a difference, a share). Each gets a true answer in the
chain-of-thought shape ("Explanation: The X in 2019 is $A and the X in 2018 is $B. The change
is $C.\nAnswer: $C") and wrong twins that do the asked operation on another row (a section
sibling, a subtotal, a namesake), another year pair, or do another operation (a difference
where a percentage change is asked, an average where a total is asked), with the operands named
as the question names them (the model's usual slip) or by their own labels.

Prints the true answers that fail (false alarms) and the wrong twins that pass (misses), by
kind, and with ``--show`` examples of each.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import render

__all__ = ["Case", "cases", "main"]

Grid = list[list[str]]


@dataclass(frozen=True)
class Case:
    """One question over one table and one answer, true or not."""

    kind: str  # "good" or the wrong twin's kind
    shape: str
    grid: Grid
    question: str
    answer: str


@dataclass
class Row:
    label: str  # the label in the table
    words: str  # how a question names it
    values: list[int]  # one per year, newest first
    percent: bool = False
    section: str = ""


def _amount(rng: random.Random) -> int:
    return rng.randint(300, 99_000)


def _table(rng: random.Random, years: list[int]) -> tuple[Grid, list[Row], dict[str, list[Row]]]:
    """A grid and its rows, with the groups a wrong twin draws siblings from."""
    n = len(years)
    kind = rng.choice(["tax", "segments", "subtotals"])
    rows: list[Row] = []
    grid: Grid = [[""] + [str(y) for y in years]]
    if rng.random() < 0.5:
        grid.append([""] + [rng.choice(["(in thousands)", "$'000", "(In millions)"])] * n)
    groups: dict[str, list[Row]] = {}

    def add(label: str, words: str, section: str = "", vals: list[int] | None = None) -> Row:
        r = Row(label, words, vals or [_amount(rng) for _ in years], section=section)
        rows.append(r)
        grid.append([label] + [f"{v:,}" if v >= 0 else f"-{-v:,}" for v in r.values])
        return r

    if kind == "tax":
        grid.append(["Deferred tax assets:"] + [""] * n)
        a = [
            add(lb, lb.lower(), "assets")
            for lb in ("Net operating losses", "Accruals and reserves")
        ]
        a.append(add("Other", "other deferred tax assets", "assets"))
        ta = [sum(r.values[i] for r in a) for i in range(n)]
        tot_a = add("Total deferred tax assets", "total deferred tax assets", "", ta)
        allow = [-_amount(rng) // 4 for _ in years]
        va = add("Less: valuation allowance", "valuation allowance", "", allow)
        net_a = add(
            "Deferred tax assets, net of valuation allowance",
            "deferred tax assets, net of valuation allowance",
            "",
            [x + y for x, y in zip(ta, allow, strict=True)],
        )
        grid.append(["Deferred tax liabilities:"] + [""] * n)
        li = [
            add(lb, lb.lower(), "liabilities")
            for lb in ("Intangible assets", "Property and equipment")
        ]
        li.append(add("Other", "other deferred tax liabilities", "liabilities"))
        tl = [sum(r.values[i] for r in li) for i in range(n)]
        tot_l = add("Total deferred tax liabilities", "total deferred tax liabilities", "", tl)
        net = add(
            "Net deferred tax assets",
            "net deferred tax assets",
            "",
            [x - y for x, y in zip(net_a.values, tl, strict=True)],
        )
        groups = {
            "sibling": [a[2], li[2]],
            "namesake": [net, net_a, tot_a],
            "subtotal": [tot_a, a[0]],
            "subtotal2": [tot_l, li[1]],
            "plain": [va, a[1], li[0]],
        }
    elif kind == "segments":
        segs = rng.sample(["Americas", "Europe", "Asia Pacific", "Greater China"], 2)
        rev: list[Row] = []
        oi: list[Row] = []
        for s in segs:
            grid.append([f"{s}:"] + [""] * n)
            rev.append(add("Revenue", f"{s} revenue", s))
            oi.append(add("Operating income", f"{s} operating income", s))
        tr = add(
            "Total revenue", "total revenue", "", [sum(r.values[i] for r in rev) for i in range(n)]
        )
        groups = {"sibling": rev, "sibling2": oi, "subtotal": [tr, rev[0]], "plain": [tr, oi[1]]}
    else:
        grid.append(["Current assets:"] + [""] * n)
        c = [
            add(lb, lb.lower(), "current") for lb in ("Cash", "Accounts receivable", "Inventories")
        ]
        tc = add(
            "Total current assets",
            "total current assets",
            "",
            [sum(r.values[i] for r in c) for i in range(n)],
        )
        pp = add("Property and equipment, net", "property and equipment", "")
        tot = add(
            "Total assets",
            "total assets",
            "",
            [x + y for x, y in zip(tc.values, pp.values, strict=True)],
        )
        groups = {"subtotal": [tc, c[0]], "subtotal2": [tot, tc], "plain": [c[1], c[2], pp]}
    return grid, rows, groups


def _money(v: Decimal, dollar: bool) -> str:
    q = v.quantize(Decimal("1") if v == v.to_integral() else Decimal("0.01"), ROUND_HALF_UP)
    s = f"{abs(q):,f}"
    sign = "-" if q < 0 else ""
    return f"{sign}${s}" if dollar else f"{sign}{s}"


def _pct(v: Decimal) -> str:
    return f"{v.quantize(Decimal('0.01'), ROUND_HALF_UP)}%"


OPS = ("change", "percent_change", "average", "sum")


def _result(op: str, a: int, b: int) -> str:
    """``a`` the newer (or first) operand, ``b`` the older (or second)."""
    x, y = Decimal(a), Decimal(b)
    if op == "change":
        return _money(x - y, True)
    if op == "percent_change":
        return _pct((x - y) / y * 100)
    if op == "average":
        return _money((x + y) / 2, True)
    if op == "sum":
        return _money(x + y, True)
    if op == "difference":
        return _money(x - y, True)
    return _pct(x / y * 100)  # share


_QUESTION = {
    "change": [
        "What was the change in {r} between {o} and {n}?",
        "What was the change in {r} from {o} to {n}?",
        "How much did {r} change from {o} to {n}?",
    ],
    "percent_change": [
        "What was the percentage change in {r} between {o} and {n}?",
        "What is the % change in {r} from {o} to {n}?",
    ],
    "average": [
        "What was the average {r} for {o} and {n}?",
        "What is the average {r} in {o} and {n}?",
    ],
    "sum": ["What is the total {r} in {o} and {n}?", "What is the sum of {r} in {o} and {n}?"],
}
_SAY = {
    "change": [
        "The change is {x}.",
        "The net change in {r} is {x}.",
        "The change is {a} - {b} = {x}.",
    ],
    "percent_change": [
        "The percentage change is {x}.",
        "The percentage change is ({a} - {b}) / {b} = {x}.",
    ],
    "average": ["The average {r} is {x}.", "The average is ({a} + {b}) / 2 = {x}."],
    "sum": ["The total {r} is {x}.", "The total is {a} + {b} = {x}."],
    "difference": ["The difference is {x}.", "The difference is {a} - {b} = {x}."],
    "share": ["The percentage is {x}.", "{a} / {b} = {x}."],
}


def _answer(
    rng: random.Random, say_op: str, r1: str, ya: str, a: int, r2: str, yb: str, b: int, x: str
) -> str:
    fa, fb = f"${a:,}" if a >= 0 else f"-${-a:,}", f"${b:,}" if b >= 0 else f"-${-b:,}"
    first = f"Explanation: The {r1} in {ya} is {fa} and the {r2} in {yb} is {fb}."
    last = rng.choice(_SAY[say_op]).format(x=x, a=fa.replace("$", ""), b=fb.replace("$", ""), r=r1)
    style = rng.random()
    if style < 0.7:
        return f"{first} {last}\nAnswer: {x}"
    return f"{first} {last}"


def _year_cases(
    rng: random.Random, grid: Grid, rows: list[Row], groups: dict[str, list[Row]], years: list[int]
) -> list[Case]:
    out: list[Case] = []
    op = rng.choice(OPS)
    target = rng.choice([r for r in rows if not r.percent])
    i_new, i_old = 0, 1
    if len(years) == 3 and rng.random() < 0.5:
        i_new, i_old = 1, 2
    yn, yo = str(years[i_new]), str(years[i_old])
    q = rng.choice(_QUESTION[op]).format(r=target.words, o=yo, n=yn)
    shape = f"{op}/{len(years)}y"

    def ans(row: Row, jn: int, jo: int, said_op: str, named: str, yna: str, yob: str) -> str:
        a, b = row.values[jn], row.values[jo]
        return _answer(rng, said_op, named, yna, a, named, yob, b, _result(said_op, a, b))

    out.append(Case("good", shape, grid, q, ans(target, i_new, i_old, op, target.words, yn, yo)))
    # another row, named as the question names its row, or by its own label
    others = [r for g in groups.values() if target in g for r in g if r is not target]
    others = others or [r for r in rows if r is not target]
    other = rng.choice(others)
    out.append(
        Case(
            "other_row/asked_name",
            shape,
            grid,
            q,
            ans(other, i_new, i_old, op, target.words, yn, yo),
        )
    )
    out.append(
        Case(
            "other_row/own_name",
            shape,
            grid,
            q,
            ans(other, i_new, i_old, op, other.label.lower(), yn, yo),
        )
    )
    # another year pair
    if len(years) == 3:
        jn, jo = (1, 2) if (i_new, i_old) == (0, 1) else (0, 1)
        out.append(
            Case(
                "other_years/asked_years",
                shape,
                grid,
                q,
                ans(target, jn, jo, op, target.words, yn, yo),
            )
        )
        out.append(
            Case(
                "other_years/own_years",
                shape,
                grid,
                q,
                ans(target, jn, jo, op, target.words, str(years[jn]), str(years[jo])),
            )
        )
    # another operation
    other_op = {
        "change": "percent_change",
        "percent_change": "change",
        "average": "sum",
        "sum": "average",
    }[op]
    out.append(
        Case(
            f"other_op/{other_op}",
            shape,
            grid,
            q,
            ans(target, i_new, i_old, other_op, target.words, yn, yo),
        )
    )
    return out


def _row_cases(
    rng: random.Random, grid: Grid, rows: list[Row], groups: dict[str, list[Row]], years: list[int]
) -> list[Case]:
    out: list[Case] = []
    pair_groups = [g for g in groups.values() if len(g) >= 2]
    g = rng.choice(pair_groups)
    r1, r2 = rng.sample(g, 2)
    j = rng.randrange(len(years))
    y = str(years[j])
    op = rng.choice(["difference", "share", "sum"])
    if op == "difference":
        q = f"What is the difference between {r1.words} and {r2.words} in {y}?"
    elif op == "share":
        q = f"What is {r1.words} as a percentage of {r2.words} in {y}?"
    else:
        q = f"What is the sum of {r1.words} and {r2.words} in {y}?"
    shape = f"{op}/rows"

    def ans(a: Row, b: Row, jj: int, said: str, na: str, nb: str, yy: str) -> str:
        x = _result(said, a.values[jj], b.values[jj])
        return _answer(rng, said, na, yy, a.values[jj], nb, yy, b.values[jj], x)

    out.append(Case("good", shape, grid, q, ans(r1, r2, j, op, r1.words, r2.words, y)))
    others = [r for r in rows if r is not r1 and r is not r2 and not r.percent]
    o = rng.choice(others)
    out.append(
        Case("other_row/asked_name", shape, grid, q, ans(r1, o, j, op, r1.words, r2.words, y))
    )
    out.append(
        Case("other_row/own_name", shape, grid, q, ans(r1, o, j, op, r1.words, o.label.lower(), y))
    )
    jo = (j + 1) % len(years)
    out.append(
        Case("other_years/asked_years", shape, grid, q, ans(r1, r2, jo, op, r1.words, r2.words, y))
    )
    other_op = {"difference": "share", "share": "difference", "sum": "difference"}[op]
    out.append(
        Case(
            f"other_op/{other_op}", shape, grid, q, ans(r1, r2, j, other_op, r1.words, r2.words, y)
        )
    )
    return out


def draw_years(rng: random.Random) -> list[int]:
    """A table's years, latest first: two or three ending in 2019, 2020 or 2021."""
    ny = rng.choice([2, 3])
    top = rng.choice([2019, 2020, 2021])
    return list(range(top, top - ny, -1))


def cases(n: int, seed: int) -> list[Case]:
    """``n`` questions' cases (a true answer and its wrong twins each), seeded."""
    rng = random.Random(seed)
    out: list[Case] = []
    for _ in range(n):
        years = draw_years(rng)
        grid, rows, groups = _table(rng, years)
        if rng.random() < 0.65:
            out.extend(_year_cases(rng, grid, rows, groups, years))
        else:
            out.extend(_row_cases(rng, grid, rows, groups, years))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=300)
    p.add_argument("--seed", type=int, default=32)
    p.add_argument("--formats", nargs="+", default=["json", "markdown", "html"])
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--kind", default="")
    args = p.parse_args(argv)
    fa: Counter[str] = Counter()
    miss: Counter[str] = Counter()
    total: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    for k, case in enumerate(cases(args.n, args.seed)):
        fmt = args.formats[k % len(args.formats)]
        table = render(case.grid, fmt)
        rep = crossfoot.check(case.answer, [table], question=case.question)
        key = f"{case.kind} | {case.shape}"
        total[key] += 1
        bad = (case.kind == "good") == (not rep.passed)
        if not bad:
            continue
        (fa if case.kind == "good" else miss)[key] += 1
        if args.show and shown[key] < args.show and args.kind in key:
            shown[key] += 1
            print(f"--- {'false alarm' if case.kind == 'good' else 'miss'} [{key} {fmt}]")
            print("Q:", case.question)
            print(table)
            print("A:", case.answer)
            print(rep.explain() if hasattr(rep, "explain") else rep)
            print()
    goods = sum(n for key, n in total.items() if key.startswith("good"))
    print(f"true answers failing: {sum(fa.values())} of {goods}")
    for key, n in sorted(fa.items(), key=lambda kv: -kv[1]):
        print(f"  {n:4d}/{total[key]:<4d} {key}")
    print(f"wrong answers passing: {sum(miss.values())} of {sum(total.values()) - goods}")
    for key, n in sorted(miss.items(), key=lambda kv: -kv[1]):
        print(f"  {n:4d}/{total[key]:<4d} {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
