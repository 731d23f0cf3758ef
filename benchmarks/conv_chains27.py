"""Seeded ConvFinQA-style conversations of several turns, each turn's figure feeding the next
(round 27, conv27): per shape, how often crossfoot passes the right final figure and how often
it passes the same figure 10-30 % off.

The validation half's false alarms outnumber the tuning half's 46 to 21 (24.7 % against 9.1 %),
the multi-step class 13 to 8 (``benchmarks/cause_counts.py``): the rules fit the tuning half's
shapes. This script writes its own conversations of the multi-step shapes a filing's analyst
chains, over tables and texts it writes itself (never the corpora's):

- ``sum_share``: two lines of one year summed, the sum as a share of the year's total line;
- ``sum3_over``: three lines summed in two turns ("the sum including X"), over a fourth line;
- ``avg_changes``: one line's changes over two successive years, their average;
- ``ratio_sums``: the sum of two lines over the sum of two others, one year;
- ``change_ratio``: the change of one line's ratio to another between two years;
- ``share_change``: one line's change as a portion of the total line's change;
- ``text_table``: the later figure stated in the text in millions, the earlier one a cell, the
  change as a fraction of the cell;
- ``from_percent``: the text states a decrease and the percentage it was ("decreased $ 932
  million , or 13.4 %"), the conversation computes the earlier whole and asks it in billions;
- ``years_times``: the years of a span the text names, times an annual amount of the text;
- ``sum_scaled``: the sum of three lines of one year, asked "in billions" (the table in
  millions);
- ``change_times``: the change of one line times a quotient the conversation writes ("what is
  100000 divided by 100?");
- ``two_tables_sum``: one line of a year in two tables (segments), their sum's change;
- ``sum3_big``: three lines of one year summed over two turns in a table of 9-16 lines and a text
  of many figures, the last turn naming the third line or nothing ("what is the total of the
  3?"): ``rules/table_chain`` sums three or four cells of a line of at most ten only.

Each is checked with the final turn alone as ``question=`` (the headline) and with every turn
(the turns line), answered as ConvFinQA writes it ("The answer is 0.0412."); its failing twin is
the same figure 10-30 % off.

Round 31 (conv31): ``rules/table_chain_mean`` reads the average of changes; ``avg_changes``
(``--n 40``) 1 -> 21 with the last turn alone, 1 -> 35 with every turn, no wrong figure passed
(the rest are coarse averages such as "1" or "0.5" that a line's other changes meet by chance).

    python benchmarks/conv_chains27.py --n 20
    python benchmarks/conv_chains27.py --shapes sum_share --show 3
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal, localcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from conv_fraction26 import _FILLER, Case, _busy_text, _corner, _money, _years, item
from corpora.convfinqa import answer_text

__all__ = ["SHAPES", "item", "main", "shape_table"]

_PARTS = (
    "goodwill, customer-related intangible assets, contract-based intangible assets, property "
    "and equipment, accounts receivable, inventories, prepaid expenses, deferred tax assets, "
    "cash and cash equivalents, other current assets"
).split(", ")
_LINES = (
    "net revenues, cost of sales, operating income, interest expense, net earnings, capital "
    "expenditures, research and development, selling and administrative expenses, income tax "
    "expense, depreciation and amortization, dividends paid, share repurchases"
).split(", ")


def _q(v: float, places: int) -> Decimal:
    return Decimal(f"{v:.{places}f}")


def _table(
    rng: random.Random, labels: list[str], years: list[int], total: str | None = None
) -> tuple[list[list[str]], dict[tuple[str, int], Decimal]]:
    """A table of ``labels`` over ``years`` (columns), optionally closed by a ``total`` line."""
    dec = rng.random() < 0.3
    heads = [
        rng.choice(["{}", "december 31 , {}", "year ended {}", "{} ( a )"]).format(y) for y in years
    ]
    grid = [[_corner(rng), *heads]]
    vals: dict[tuple[str, int], Decimal] = {}
    for lab in labels:
        base = rng.choice([rng.randint(60, 900), rng.randint(900, 9000)])
        row = [lab]
        for y in years:
            v = _q(base * (1 + rng.uniform(-0.25, 0.25)), 1 if dec else 0)
            vals[(lab, y)] = v
            row.append(_money(v, rng, rng.random() < 0.3))
        grid.append(row)
    if total:
        row = [total]
        for y in years:
            v = sum((vals[(lab, y)] for lab in labels), Decimal(0))
            vals[(total, y)] = v
            row.append(_money(v, rng, True))
        grid.append(row)
    return grid, vals


def _text(rng: random.Random, years: list[int]) -> str:
    return _busy_text(rng, years, rng.randint(0, 6)) if rng.random() < 0.5 else _FILLER


def _line_table(
    rng: random.Random, years: list[int], most: int
) -> tuple[list[list[str]], dict[tuple[str, int], Decimal], str]:
    """A table of 2 to ``most`` of :data:`_LINES` over ``years``, and one of its lines."""
    labels = rng.sample(_LINES, rng.randint(2, most))
    grid, v = _table(rng, labels, years)
    return grid, v, rng.choice(labels)


def sum_share(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_PARTS, rng.randint(3, 6))
    grid, v = _table(rng, labels, years, "total assets acquired")
    a, b = rng.sample(labels, 2)
    y = rng.choice(years)
    t = v[("total assets acquired", y)]
    turns = [
        f"what was the value of {a} in {y}?",
        f"and of {b}?",
        "what is the sum?",
        "what was the value of total assets acquired?",
        rng.choice(
            [
                "what is that sum divided by the total assets acquired?",
                "what portion of the total does that sum represent?",
                "and what percentage of the total assets acquired is the combined value?",
            ]
        ),
    ]
    return Case(
        "sum_share",
        [grid],
        _text(rng, years),
        turns,
        (v[(a, y)] + v[(b, y)]) / t,
        "The two lines are {} of the total.",
    )


def sum3_over(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_PARTS, rng.randint(4, 6))
    grid, v = _table(rng, labels, years, "total assets acquired")
    a, b, c = labels[:3]
    y = rng.choice(years)
    turns = [
        f"what is the sum of {a} and {b}?",
        f"what is the sum including {c}?",
        "what is the value of total assets acquired?",
        rng.choice(
            [
                "what is the total sum divided by the total assets acquired?",
                "what is that total sum divided by total assets?",
            ]
        ),
    ]
    if len(years) > 1:
        turns[0] = f"what is the sum of {a} and {b} in {y}?"
    s = v[(a, y)] + v[(b, y)] + v[(c, y)]
    return Case(
        "sum3_over",
        [grid],
        _text(rng, years),
        turns,
        s / v[("total assets acquired", y)],
        "The three lines are {} of the total.",
    )


def avg_changes(rng: random.Random) -> Case:
    years = _years(rng, 3)
    grid, v, lab = _line_table(rng, years, 5)
    y2, y1, y0 = years
    turns = [
        f"what was the change in {lab} from {y1} to {y2}?",
        f"and from {y0} to {y1}?",
        "what is the sum of the two changes?",
        rng.choice(["what is the average change?", "and the average of those changes?"]),
    ]
    fig = ((v[(lab, y2)] - v[(lab, y1)]) + (v[(lab, y1)] - v[(lab, y0)])) / 2
    return Case("avg_changes", [grid], _text(rng, years), turns, fig, "The average change is {}.")


def ratio_sums(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_LINES, 4)
    grid, v = _table(rng, labels, years)
    y = rng.choice(years)
    a, b, c, d = labels
    turns = [
        f"what was the sum of {a} and {b} in {y}?",
        f"and of {c} and {d}?",
        "what is the ratio of the first sum to the second?",
    ]
    fig = (v[(a, y)] + v[(b, y)]) / (v[(c, y)] + v[(d, y)])
    return Case("ratio_sums", [grid], _text(rng, years), turns, fig, "The ratio is {}.")


def change_ratio(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_LINES, rng.randint(2, 5))
    grid, v = _table(rng, labels, years)
    a, b = labels[:2]
    y1, y0 = years[0], years[1]
    turns = [
        f"what was the ratio of {a} to {b} in {y1}?",
        f"and in {y0}?",
        "what is the change in that ratio?",
    ]
    with localcontext() as ctx:
        ctx.prec = 30
        fig = v[(a, y1)] / v[(b, y1)] - v[(a, y0)] / v[(b, y0)]
    return Case("change_ratio", [grid], _text(rng, years), turns, fig, "The ratio moved by {}.")


def share_change(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_PARTS, rng.randint(3, 5))
    grid, v = _table(rng, labels, years, "total")
    lab = rng.choice(labels)
    y1, y0 = years[0], years[1]
    turns = [
        f"what was the change in {lab} from {y0} to {y1}?",
        "and the change in the total?",
        "what portion of the change in the total is the change in " + lab + "?",
    ]
    num = v[(lab, y1)] - v[(lab, y0)]
    den = v[("total", y1)] - v[("total", y0)]
    if den == 0:
        return share_change(rng)
    return Case("share_change", [grid], _text(rng, years), turns, num / den, "It is {}.")


def text_table(rng: random.Random) -> Case:
    years = _years(rng, 3)
    grid, v, lab = _line_table(rng, years[1:], 5)
    b = v[(lab, years[1])]
    a = _q(float(b) * rng.uniform(0.8, 1.25), 1)
    text = f"{_FILLER} {lab} was $ {a} million in {years[0]} , compared with the amounts below ."
    turns = [
        f"what was the {lab} in {years[0]}?",
        f"and in {years[1]}?",
        "what was the change?",
        rng.choice(
            ["what is that change as a portion of the {} value?", "what is the growth rate?"]
        ).format(years[1]),
    ]
    return Case("text_table", [grid], text, turns, (a - b) / b, "The growth is {}.")


def from_percent(rng: random.Random) -> Case:
    years = _years(rng, 3)
    labels = rng.sample(_LINES, rng.randint(2, 4))
    grid, _ = _table(rng, labels, years)
    drop = Decimal(rng.randint(100, 2000))
    pct = _q(rng.uniform(3, 30), 1)
    lab = rng.choice(["net earnings", "operating income", "net revenues"])
    text = (
        f"{_FILLER} {lab} decreased by $ {drop} million , or {pct} % ( {pct} % ) , from "
        f"{years[1]} to {years[0]} ."
    )
    turns = [
        f"by what amount did the {lab} decrease over the year, in millions?",
        "and what percentage of the previous year's amount is this decrease?",
        "what, then, was the amount in the previous year, in millions?",
        "and what is that in billions?",
    ]
    fig = drop / (pct / 100) / 1000
    return Case("from_percent", [grid], text, turns, fig, "That is $ {} billion.")


def years_times(rng: random.Random) -> Case:
    first = rng.randint(2004, 2015)
    last = first + rng.randint(3, 9)
    rent = Decimal(rng.randint(50, 900)) * (1000 if rng.random() < 0.4 else 1)
    years = [first - 1, first - 2]
    labels = rng.sample(_LINES, 3)
    grid, _ = _table(rng, labels, years)
    text = (
        f"{_FILLER} the leases run from {first} through {last} . annual rent expense was "
        f"$ {rent:,} in {first - 1} ."
    )
    turns = [
        "what is the last year of the leases?",
        "and the first?",
        "how many years, then, does this period comprehend?",
        "considering the annual rent continues through this period, what is the total "
        "remaining obligation?",
    ]
    return Case(
        "years_times", [grid], text, turns, rent * (last - first), "The obligation is $ {}."
    )


def sum_scaled(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    labels = rng.sample(_LINES, rng.randint(3, 6))
    grid, v = _table(rng, labels, years)
    a, b, c = rng.sample(labels, 3)
    y = rng.choice(years)
    turns = [
        f"what is the sum of {a} and {b} in {y}?",
        f"what is the value of {c}?",
        "what is the total sum including all 3?",
        rng.choice(["what is that divided by 1000?", "and what is that in billions?"]),
    ]
    fig = (v[(a, y)] + v[(b, y)] + v[(c, y)]) / 1000
    return Case("sum_scaled", [grid], _text(rng, years), turns, fig, "That is $ {} billion.")


def change_times(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    grid, v, lab = _line_table(rng, years, 4)
    y1, y0 = years[0], years[1]
    k = rng.choice([(100000, 100), (10000, 100), (5000, 100), (1000, 10)])
    turns = [
        f"what is the change in {lab} from {y0} to {y1}?",
        f"what is {k[0]} divided by {k[1]}?",
        "what is the product of the change by the quotient?",
    ]
    fig = (v[(lab, y1)] - v[(lab, y0)]) * k[0] / k[1]
    return Case("change_times", [grid], _text(rng, years), turns, fig, "The product is {}.")


def sum3_big(rng: random.Random) -> Case:
    """Three lines of one year summed over two turns, in a table of 9-16 lines and a text of
    many figures; the last turn names the third line or nothing."""
    years = _years(rng, 3)
    labels = rng.sample(_PARTS + _LINES, rng.randint(9, 16))
    grid, v = _table(rng, labels, years)
    a, b, c = labels[:3]
    y = rng.choice(years)
    turns = [
        f"what is the sum of {a} and {b} in {y}?",
        f"what is the value of {c}?",
        rng.choice(
            [
                f"what is the sum including {c}?",
                "what is the total of the 3?",
                f"including {c}, what then becomes that total?",
            ]
        ),
    ]
    fig = v[(a, y)] + v[(b, y)] + v[(c, y)]
    return Case("sum3_big", [grid], _busy_text(rng, years, 8), turns, fig, "The total is {}.")


def two_tables_sum(rng: random.Random) -> Case:
    years = _years(rng, 2)
    labels = rng.sample(_LINES, 3)
    g1, v1 = _table(rng, labels, years)
    g2, v2 = _table(rng, labels, years)
    g1[0][0], g2[0][0] = "segment a ( in millions )", "segment b ( in millions )"
    lab = rng.choice(labels)
    y1, y0 = years
    turns = [
        f"what was the combined {lab} of both segments in {y1}?",
        f"and in {y0}?",
        "what was the change in the combined amount?",
        "and how much does this change represent in relation to the earlier amount?",
    ]
    s1 = v1[(lab, y1)] + v2[(lab, y1)]
    s0 = v1[(lab, y0)] + v2[(lab, y0)]
    return Case("two_tables_sum", [g1, g2], _text(rng, years), turns, (s1 - s0) / s0, "It is {}.")


SHAPES: dict[str, Callable[[random.Random], Case]] = {
    "sum_share": sum_share,
    "sum3_over": sum3_over,
    "avg_changes": avg_changes,
    "ratio_sums": ratio_sums,
    "change_ratio": change_ratio,
    "share_change": share_change,
    "text_table": text_table,
    "from_percent": from_percent,
    "years_times": years_times,
    "sum_scaled": sum_scaled,
    "change_times": change_times,
    "two_tables_sum": two_tables_sum,
    "sum3_big": sum3_big,
}


def shape_table(
    description: str,
    shapes: dict[str, Callable[[random.Random], Case]],
    argv: Sequence[str] | None,
    seed: str,
    *,
    styles: bool = True,
    quantized: bool = False,
) -> int:
    """Check each shape's cases, right and 10-30 % off, and print a table of what passed.

    The generators of conversations (this script, ``conv_sums28``, ``conv_fraction28``) share it:
    ``styles`` offers ``--styles`` (else the bare answer alone, headed by its line only);
    ``quantized`` writes the wrong figure at the right one's places.
    """
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--n", type=int, default=20)
    p.add_argument("--seed", default=seed)
    p.add_argument("--shapes", nargs="*", default=list(shapes), choices=list(shapes))
    p.add_argument("--lines", nargs="*", default=["final", "turns"], choices=["final", "turns"])
    if styles:
        p.add_argument("--styles", nargs="*", default=["bare"], choices=["bare", "sentence"])
    p.add_argument("--show", type=int, default=0)
    a = p.parse_args(argv)
    tool = ragbench.CrossfootTool()
    cols = [(ln, s) for ln in a.lines for s in (a.styles if styles else ["bare"])]
    heads = [f"{ln}/{s}" if styles else ln for ln, s in cols]
    print("| shape | " + " | ".join(f"{h} right, wrong" for h in heads) + " |")
    tot_r: Counter[tuple[str, str]] = Counter()
    tot_w: Counter[tuple[str, str]] = Counter()
    for shape in a.shapes:
        rng = random.Random(f"{a.seed}/{shape}")
        right: Counter[tuple[str, str]] = Counter()
        wrong: Counter[tuple[str, str]] = Counter()
        shown: Counter[tuple[str, str]] = Counter()
        for _ in range(a.n):
            case = shapes[shape](rng)
            f = Decimal(str(round(rng.uniform(0.10, 0.30), 4)))
            bad = case.figure * (1 + f if rng.random() < 0.5 else 1 - f)
            if quantized:
                places = case.figure if case.figure.as_tuple().exponent else Decimal(1)
                bad = bad.quantize(places)
            for k in cols:
                prep = tool.prepare(item(case, case.figure, *k))
                ok = not prep.fails[0]
                right[k] += ok
                if not ok and shown[k] < a.show:
                    shown[k] += 1
                    print(f"--- {shape} {k}: {case.turns} -> {answer_text(case.figure)}")
                    print("   ", prep.details[0])
                    for g in case.grids:
                        print("   ", g)
                    print("   ", case.text[-200:])
                wrong[k] += not tool.prepare(item(case, bad, *k)).fails[0]
        print(f"| {shape} | " + " | ".join(f"{right[k]}/{a.n}, {wrong[k]}" for k in cols) + " |")
        tot_r.update(right)
        tot_w.update(wrong)
    n = a.n * len(a.shapes)
    print("| all | " + " | ".join(f"{tot_r[k]}/{n}, {tot_w[k]}" for k in cols) + " |")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return shape_table(__doc__.splitlines()[0], SHAPES, argv, "27")


if __name__ == "__main__":
    raise SystemExit(main())
