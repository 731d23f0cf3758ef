"""Correct answers of one cell (or two) near the ``off_question`` readings, as models write them.

    python benchmarks/flags33_shapes.py                  # 400 seeded questions, a summary
    python benchmarks/flags33_shapes.py --n 1000 --show 3 --seed 5 --kind year

Every table, question and answer is generated here (fictional figures, seeded) over the
TAT-QA-like grids of ``flags32_shapes`` (rows repeated under sections, subtotals, near-namesakes),
with the years of the header written as models meet them ("2019", "Fiscal 2019", "FY2019",
"December 31, 2019", a "Year Ended December 31," row over bare years). A question asks one cell
(or two cells "respectively") with its row named as the table names it, by its section's words
("other deferred tax assets"), without "Total", or with "net" left out, and its year written as
"2019", "fiscal 2019", "FY2019", "FY19", "the year ended December 31, 2019"; the answer gives the
asked cell, the true figure, in the chain-of-thought shape with its own naming of row and year.
Every case is a correct answer: each that fails is a false alarm, printed by the axes it took,
and with ``--show`` its table, question, answer and the failing claims.

A wrong twin per question (the cell of the other year, named as the question names it) shows
the readings still catch the slip they were written for.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import render
from flags32_shapes import Row, _table, draw_years

__all__ = ["Case", "cases", "main"]

Grid = list[list[str]]


@dataclass(frozen=True)
class Case:
    """One question over one table and one answer; ``good`` says whether it is correct."""

    good: bool
    axes: str
    grid: Grid
    question: str
    answer: str


_HEADERS = ("plain", "fiscal", "fy", "dated", "ended_row")


def _header(grid: Grid, years: list[int], style: str) -> Grid:
    """``grid`` with its year row written in ``style``."""
    out = [list(r) for r in grid]
    top = out[0]
    if style == "fiscal":
        out[0] = [top[0]] + [f"Fiscal {y}" for y in years]
    elif style == "fy":
        out[0] = [top[0]] + [f"FY{y}" for y in years]
    elif style == "dated":
        out[0] = [top[0]] + [f"December 31, {y}" for y in years]
    elif style == "ended_row":
        out.insert(0, ["", "Year Ended December 31,"] + [""] * (len(years) - 1))
    return out


def _year_words(y: int, style: str) -> str:
    return {
        "plain": f"{y}",
        "fiscal": f"fiscal {y}",
        "fiscal_year": f"fiscal year {y}",
        "fy": f"FY{y}",
        "fy2": f"FY{str(y)[2:]}",
        "ended": f"the year ended December 31, {y}",
        "as_at": f"December 31, {y}",
    }[style]


_YEAR_STYLES = ("plain", "fiscal", "fiscal_year", "fy", "fy2", "ended", "as_at")


def _row_words(r: Row, style: str) -> str:
    """How a question or answer names row ``r``."""
    label = r.label.lower()
    if style == "section":
        return r.words
    if style == "no_total" and label.startswith("total "):
        return label[len("total ") :]
    if style == "no_net":
        return label.replace(", net", "").replace("net ", "")
    if style == "amount":
        return f"{label} amount"
    if style == "the_line" and label.startswith("total "):
        return f"{label[len('total ') :]} in total"
    return label


# ("no_net" is read only where dropping "net" names no other row of the grids: "net deferred
# tax assets" without "net" names "Total deferred tax assets" as well)
_ROW_STYLES = ("label", "section", "no_total", "amount", "the_line")


def _unit(grid: Grid) -> str:
    text = " ".join(" ".join(r) for r in grid[:3]).lower()
    if "thousand" in text or "'000" in text:
        return " thousand"
    if "million" in text:
        return " million"
    return ""


def _fig(v: int, dollar: bool, unit: str) -> str:
    s = f"{abs(v):,}"
    sign = "-" if v < 0 else ""
    return f"{sign}${s}{unit}" if dollar else f"{sign}{s}{unit}"


def _one(rng: random.Random, grid: Grid, rows: list[Row], years: list[int]) -> list[Case]:
    target = rng.choice([r for r in rows if not r.percent])
    j = rng.randrange(len(years))
    y = years[j]
    qr, ar = rng.choice(_ROW_STYLES), rng.choice(_ROW_STYLES)
    qy, ay = rng.choice(_YEAR_STYLES), rng.choice(_YEAR_STYLES)
    q = rng.choice(
        [
            "What was the {r} in {y}?",
            "What is the value of {r} in {y}?",
            "How much was the {r} for {y}?",
            "What was the amount of {r} as of {y}?",
        ]
    ).format(r=_row_words(target, qr), y=_year_words(y, qy))
    dollar = rng.random() < 0.7
    unit = _unit(grid) if rng.random() < 0.5 else ""
    axes = f"q_row={qr} q_year={qy} a_row={ar} a_year={ay}"

    def answer(v: int) -> str:
        f = _fig(v, dollar, unit)
        if rng.random() < 0.2:
            return f"Explanation: The answer can be directly extracted from the text.\nAnswer: {f}"
        return (
            f"Explanation: The {_row_words(target, ar)} in {_year_words(y, ay)} is {f}.\n"
            f"Answer: {f}"
        )

    out = [Case(True, f"one | {axes}", grid, q, answer(target.values[j]))]
    other = target.values[(j + 1) % len(years)]
    if other != target.values[j]:
        out.append(Case(False, f"one | {axes}", grid, q, answer(other)))
    return out


def _two(rng: random.Random, grid: Grid, rows: list[Row], years: list[int]) -> list[Case]:
    target = rng.choice([r for r in rows if not r.percent])
    qr, ar = rng.choice(_ROW_STYLES), rng.choice(_ROW_STYLES)
    qy = rng.choice(_YEAR_STYLES)
    y1, y2 = years[0], years[1]
    q = rng.choice(
        [
            "What were the {r} in {a} and {b} respectively?",
            "What was the {r} in {a} and {b} respectively?",
            "What was the {r} in {a} and {b}, respectively?",
        ]
    ).format(r=_row_words(target, qr), a=_year_words(y1, qy), b=_year_words(y2, qy))
    unit = _unit(grid) if rng.random() < 0.5 else ""
    v1, v2 = target.values[0], target.values[1]
    f1, f2 = _fig(v1, True, unit), _fig(v2, True, unit)
    a = (
        f"Explanation: The {_row_words(target, ar)} in {_year_words(y1, qy)} is {f1} and the "
        f"{_row_words(target, ar)} in {_year_words(y2, qy)} is {f2}.\nAnswer: ['{f1}', '{f2}']"
    )
    axes = f"two | q_row={qr} q_year={qy} a_row={ar}"
    out = [Case(True, axes, grid, q, a)]
    if v1 != v2:
        out.append(Case(False, axes, grid, q, a.replace(f"['{f1}', '{f2}']", f"['{f2}', '{f1}']")))
    return out


def cases(n: int, seed: int) -> list[Case]:
    """``n`` questions' cases (a true answer and its wrong twin each), seeded."""
    rng = random.Random(seed)
    out: list[Case] = []
    for _ in range(n):
        years = draw_years(rng)
        grid, rows, _groups = _table(rng, years)
        hs = rng.choice(_HEADERS)
        grid = _header(grid, years, hs)
        made = (_one if rng.random() < 0.75 else _two)(rng, grid, rows, years)
        out.extend(
            Case(c.good, f"{c.axes} header={hs}", c.grid, c.question, c.answer) for c in made
        )
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--n", type=int, default=400)
    p.add_argument("--seed", type=int, default=33)
    p.add_argument("--formats", nargs="+", default=["json", "markdown", "html"])
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--kind", default="")
    args = p.parse_args(argv)
    bad: Counter[str] = Counter()
    total: Counter[str] = Counter()
    axis_bad: Counter[str] = Counter()
    axis_all: Counter[str] = Counter()
    why: Counter[str] = Counter()
    shown = 0
    for k, case in enumerate(cases(args.n, args.seed)):
        fmt = args.formats[k % len(args.formats)]
        table = render(case.grid, fmt)
        rep = crossfoot.check(case.answer, [table], question=case.question)
        key = "good" if case.good else "wrong twin"
        total[key] += 1
        if case.good:
            for ax in case.axes.replace(" | ", " ").split():
                axis_all[ax] += 1
        if case.good == rep.passed:
            continue
        bad[key] += 1
        if not case.good:
            continue
        for ax in case.axes.replace(" | ", " ").split():
            axis_bad[ax] += 1
        for c in rep.claims:
            if not c.passed:
                path = f"{c.evidence.rule}/{c.evidence.kind}" if c.evidence else ""
                why[f"{c.status} {path}"] += 1
        if args.show and shown < args.show and args.kind in case.axes:
            shown += 1
            print(f"--- false alarm [{case.axes} {fmt}]")
            print("Q:", case.question)
            print(table)
            print("A:", case.answer)
            for c in rep.claims:
                if not c.passed:
                    print("   ", c.text, c.status, c.message[:300])
            print()
    print(f"true answers failing: {bad['good']} of {total['good']}")
    print(f"wrong twins passing: {bad['wrong twin']} of {total['wrong twin']}")
    for k, n in why.most_common():
        print(f"  {n:4d}  {k}")
    print("failing true answers by axis (failing / all):")
    for ax in sorted(axis_all):
        if axis_bad[ax]:
            print(f"  {axis_bad[ax]:4d}/{axis_all[ax]:<4d} {ax}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
