"""Seeded ConvFinQA-style final turns asking one change as a fraction of two source numbers, in
the shapes a filing's table gives that class (round 26, conv26): how often crossfoot passes the
right figure and fails a wrong one.

The validation half's false alarms "one change as a fraction of two source numbers, not found"
outnumber the tuning half's 9 to 1 (``benchmarks/cause_counts.py``): shapes of that class the
tuning half lacks. Each shape below writes its own table and turns; the final turn is checked
alone as ``question=`` (the headline) and with every turn (the turns line):

- ``span``: a roll-forward's balance from the beginning of one year to the end of a later one
  (two rows, two columns: the beginning row and the end row of a reconciliation);
- ``begin_end``: the same within one year (one column, the beginning row and the end row);
- ``row_gap``: two rows of one column, the gap as a fraction of the second ("how much more than
  the s&p 500 did the company return, as a portion of the index");
- ``low_high``: the change from the lowest to the highest value of a row of five years;
- ``neg_base``: a loss row (written negative) changing between two years, over the earlier loss;
- ``years_rows``: a row per year, the change of one column between two years;
- ``two_tables``: one line in two tables (this year's and a prior year's), one operand each;
- ``text_cell``: the later figure stated in the text, the earlier one a cell;
- ``ratio_less``: "what is the ratio of A to B? what is that less 1?";
- ``rounded``: the text states both figures rounded ("$ 1.2 billion"), the answer uses them;
- ``big`` / ``huge``: a table of 8-14 (up to 36) rows and 3-5 years, and a text of many figures;
- ``big_small`` / ``big_large``: the same, the line moving under 1 % ("-0.0078") or over 100 %.

Each is answered as ConvFinQA writes it ("The answer is 0.0412.") and as a sentence; its failing
twin is the same figure 10-30 % off. Measured (``--n 20 --lines final --styles bare``, right /
280, wrong passed): main 46225c7 207, 9; with ``rules/named_base.py`` 229, 9 (``span`` 12 -> 12,
``row_gap`` 7 -> 16, ``low_high`` 10 -> 13, ``big_small`` 0 -> 7, ``big_large`` 16 -> 19). The
corpora did not move (both halves identical): none of these shapes is what the validation half
holds. Reading a roll-forward's beginning and end rows as one balance (``span``) closed the
tuning half's one false alarm of the class and nothing of the validation half; dropped, as rounds
19 and 23 dropped it (``tests/vectors/conv26.json`` keeps it as a strict xfail). Round 30
(conv30, ``rules/named_base`` reading small changes to four places and bases named by no cell):
``low_high`` 13 -> 18, ``big_small`` 7 -> 12 of 20, wrong passed unchanged (final, bare).

    python benchmarks/conv_fraction26.py --n 20
    python benchmarks/conv_fraction26.py --shapes span --show 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora.common import Item
from corpora.convfinqa import answer_text, conversation

__all__ = ["SHAPES", "Case", "main"]

_ITEMS = (
    "net revenues, operating income, interest expense, net earnings, total assets, long-term "
    "debt, cash and equivalents, capital expenditures, research and development, accounts "
    "receivable, inventories, goodwill, deferred revenue, free cash flow, dividends paid, cost of "
    "sales, selling and administrative expenses, income tax expense, share repurchases, "
    "depreciation and amortization"
).split(", ")
_LOSSES = ("net loss, operating loss, foreign currency losses, impairment charges").split(", ")
_FILLER = (
    "the company reviews its results annually and discusses the factors that affected its "
    "operations during the periods presented . management believes the amounts are fairly stated ."
)
_ASK_FRAC = (
    "and how much does this change represent in relation to the {b} value?",
    "what is that change as a portion of the {b} value?",
    "what is the net change divided by the {b} value?",
    "and what percentage does this change represent in relation to {b}?",
    "what is the percent change?",
    "what was the growth rate over this period?",
)


@dataclass
class Case:
    """One conversation: its table(s) and text, turns, the right figure and its sentence."""

    shape: str
    grids: list[list[list[str]]]
    text: str
    turns: list[str]
    figure: Decimal
    sentence: str = "The change as a portion of the earlier value is {}."
    extra: dict[str, str] = field(default_factory=dict)


def _money(v: Decimal, rng: random.Random, dollar: bool = False) -> str:
    if v < 0:
        body = rng.choice([f"( {abs(v):,} )", f"-{abs(v)} ( {abs(v)} )", f"-{abs(v):,}"])
    else:
        body = f"{v:,}" if rng.random() < 0.6 else str(v)
    return f"$ {body}" if dollar else body


def _amount(rng: random.Random, base: int, dec: bool) -> Decimal:
    x = base * (1 + rng.uniform(-0.3, 0.3))
    return Decimal(f"{x:.1f}") if dec else Decimal(int(x))


def _frac(a: Decimal, b: Decimal) -> Decimal:
    return (a - b) / b


def _years(rng: random.Random, n: int) -> list[int]:
    first = rng.randint(2005, 2019)
    return [first - k for k in range(n)]


def _corner(rng: random.Random) -> str:
    return rng.choice(
        ["( in millions )", "", "years ended december 31,", "( dollars in millions )"]
    )


def _ask(rng: random.Random, b: str) -> str:
    return rng.choice(_ASK_FRAC).format(b=b)


def span(rng: random.Random, within: bool = False) -> Case:
    years = _years(rng, 3)
    what = rng.choice(["unrecognized tax benefits", "the reserve", "the allowance"])
    heads = [rng.choice(["{}", "year ended december 31 , {}", "{} "]).format(y) for y in years]
    heads = [h.strip() for h in heads]
    start = Decimal(rng.randint(200, 900))
    cols: dict[int, list[Decimal]] = {}
    for y in reversed(years):
        moves = [
            Decimal(rng.randint(5, 90)),
            -Decimal(rng.randint(5, 60)),
            -Decimal(rng.randint(1, 30)),
        ]
        cols[y] = [start, *moves, start + sum(moves)]
        start = start + sum(moves)
    first_lab = rng.choice(
        ["balance at beginning of year", "balance at january 1", "beginning balance"]
    )
    last_lab = {
        "balance at beginning of year": "balance at end of year",
        "balance at january 1": "balance at december 31",
        "beginning balance": "ending balance",
    }[first_lab]
    labels = [first_lab, "additions", "reductions", "settlements", last_lab]
    grid = [[_corner(rng), *heads]]
    for r, lab in enumerate(labels):
        grid.append([lab, *(_money(cols[y][r], rng, r in (0, 4)) for y in years)])
    if within:
        y = rng.choice(years)
        a, b = cols[y][4], cols[y][0]
        turns = [
            f"what was the balance of {what} at the end of {y}?",
            "and at the beginning of that year?",
            "what was, then, the change over the year?",
            _ask(rng, "beginning"),
        ]
    else:
        ya, yb = years[0] if rng.random() < 0.6 else years[1], years[-1]
        a, b = cols[ya][4], cols[yb][0]
        turns = [
            f"what was the change in the balance of {what} from the beginning of {yb} to the end "
            f"of {ya}?",
            _ask(rng, f"beginning of {yb}"),
        ]
    return Case(
        "begin_end" if within else "span",
        [grid],
        _FILLER,
        turns,
        _frac(a, b),
        f"The change in the balance of {what} as a portion of its beginning balance is {{}}.",
    )


def row_gap(rng: random.Random) -> Case:
    kind = rng.randrange(3)
    if kind == 0:  # a performance table: the company against an index at one date
        first = rng.randint(2005, 2015)
        dates = [f"12/31/{(first + k) % 100:02d}" for k in range(6)]
        names = ["the company", rng.choice(["s&p 500 index", "nasdaq composite"]), "peer group"]
        grid = [["", *dates]]
        vals = {}
        for n in names:
            v, row = Decimal(100), [n]
            for c in range(6):
                if c:
                    v = (v * Decimal(1 + rng.uniform(-0.15, 0.3))).quantize(Decimal("0.01"))
                vals[(n, c)] = v
                row.append(f"$ {v:.2f}")
            grid.append(row)
        c = rng.randrange(1, 6)
        a, b = vals[(names[0], c)], vals[(names[1], c)]
        turns = [
            f"what was the value of {names[0]} in {first + c}?",
            f"and of the {names[1]}?",
            "what is the difference?",
            _ask(rng, names[1]),
        ]
        sentence = "The difference as a portion of the index value is {}."
    else:  # two line items of one year
        years = _years(rng, 3)
        labels = rng.sample(_ITEMS, 4)
        grid = [[_corner(rng), *map(str, years)]]
        vals = {}
        for lab in labels:
            base = rng.randint(100, 3000)
            row = [lab]
            for c in range(len(years)):
                vals[(lab, c)] = _amount(rng, base, rng.random() < 0.3)
                row.append(_money(vals[(lab, c)], rng))
            grid.append(row)
        c = rng.randrange(3)
        la, lb = rng.sample(labels, 2)
        a, b = vals[(la, c)], vals[(lb, c)]
        turns = [
            f"what was the {la} in {years[c]}?",
            f"and the {lb}?",
            "what is the difference between them?",
            _ask(rng, lb),
        ]
        sentence = f"The difference as a portion of the {lb} is {{}}."
    return Case("row_gap", [grid], _FILLER, turns, _frac(a, b), sentence)


def low_high(rng: random.Random) -> Case:
    years = _years(rng, 5)
    labels = rng.sample(_ITEMS, 3)
    grid = [[_corner(rng), *map(str, years)]]
    rows = {}
    for lab in labels:
        base = rng.randint(100, 3000)
        rows[lab] = [_amount(rng, base, rng.random() < 0.3) for _ in years]
        grid.append([lab, *(_money(v, rng) for v in rows[lab])])
    lab = rng.choice(labels)
    lo, hi = min(rows[lab]), max(rows[lab])
    turns = [
        f"what was the highest {lab} over the five years?",
        "and the lowest?",
        "what is the change from the lowest to the highest?",
        _ask(rng, "lowest"),
    ]
    return Case(
        "low_high",
        [grid],
        _FILLER,
        turns,
        _frac(hi, lo),
        f"The change from the lowest to the highest {lab} as a portion of the lowest is {{}}.",
    )


def neg_base(rng: random.Random) -> Case:
    years = _years(rng, 3)
    lab = rng.choice(_LOSSES)
    others = rng.sample(_ITEMS, 2)
    grid = [[_corner(rng), *map(str, years)]]
    loss = [-_amount(rng, rng.randint(50, 900), rng.random() < 0.3) for _ in years]
    for o in others:
        base = rng.randint(100, 3000)
        grid.append([o, *(_money(_amount(rng, base, False), rng) for _ in years)])
    grid.append([lab, *(_money(v, rng) for v in loss)])
    i = rng.randrange(2)
    a, b = loss[i], loss[i + 1]
    turns = [
        f"what was the {lab} in {years[i]}?",
        f"and in {years[i + 1]}?",
        "what was the change?",
        _ask(rng, str(years[i + 1])),
    ]
    return Case(
        "neg_base",
        [grid],
        _FILLER,
        turns,
        _frac(a, b),
        f"The change in the {lab} as a portion of its {years[i + 1]} value is {{}}.",
    )


def years_rows(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(3, 5))
    labels = rng.sample(_ITEMS, 3)
    grid = [[rng.choice(["year", "", "fiscal year"]), *labels]]
    bases = [rng.randint(100, 5000) for _ in labels]
    vals = {}
    for r, y in enumerate(years):
        row = [str(y)]
        for c in range(len(labels)):
            vals[(r, c)] = _amount(rng, bases[c], rng.random() < 0.3)
            row.append(_money(vals[(r, c)], rng, r == 0))
        grid.append(row)
    c = rng.randrange(3)
    i = rng.randrange(len(years) - 1)
    j = rng.randrange(i + 1, len(years))
    a, b = vals[(i, c)], vals[(j, c)]
    turns = [
        f"what was the {labels[c]} in {years[i]}?",
        f"and in {years[j]}?",
        "what is the net change?",
        _ask(rng, str(years[j])),
    ]
    return Case(
        "years_rows",
        [grid],
        _FILLER,
        turns,
        _frac(a, b),
        f"The change in the {labels[c]} as a portion of its {years[j]} value is {{}}.",
    )


def two_tables(rng: random.Random) -> Case:
    years = _years(rng, 4)
    labels = rng.sample(_ITEMS, 4)
    grids = []
    vals = {}
    bases = {lab: rng.randint(100, 3000) for lab in labels}
    for part in (years[:2], years[2:]):
        g = [[_corner(rng), *map(str, part)]]
        for lab in labels:
            row = [lab]
            for y in part:
                vals[(lab, y)] = _amount(rng, bases[lab], False)
                row.append(_money(vals[(lab, y)], rng))
            g.append(row)
        grids.append(g)
    lab = rng.choice(labels)
    ya, yb = rng.choice(years[:2]), rng.choice(years[2:])
    a, b = vals[(lab, ya)], vals[(lab, yb)]
    turns = [
        f"what was the {lab} in {ya}?",
        f"and in {yb}?",
        "what was the change?",
        _ask(rng, str(yb)),
    ]
    return Case(
        "two_tables",
        grids,
        _FILLER,
        turns,
        _frac(a, b),
        f"The change in the {lab} as a portion of its {yb} value is {{}}.",
    )


def text_cell(rng: random.Random) -> Case:
    years = _years(rng, 3)
    labels = rng.sample(_ITEMS, 4)
    grid = [[_corner(rng), *map(str, years[1:])]]
    vals = {}
    for lab in labels:
        base = rng.randint(100, 3000)
        row = [lab]
        for y in years[1:]:
            vals[(lab, y)] = _amount(rng, base, True)
            row.append(_money(vals[(lab, y)], rng))
        grid.append(row)
    lab = rng.choice(labels)
    a = (vals[(lab, years[1])] * Decimal(rng.uniform(0.8, 1.25))).quantize(Decimal("0.1"))
    text = f"{_FILLER} in {years[0]} , {lab} was $ {a} million ."
    yb = rng.choice(years[1:])
    b = vals[(lab, yb)]
    turns = [
        f"what was the {lab} in {years[0]}?",
        f"and in {yb}?",
        "what was the change?",
        _ask(rng, str(yb)),
    ]
    return Case(
        "text_cell",
        [grid],
        text,
        turns,
        _frac(a, b),
        f"The change in the {lab} as a portion of its {yb} value is {{}}.",
    )


def _busy_text(rng: random.Random, years: list[int], k: int) -> str:
    """Running text with ``k`` figures of its own, as a filing's notes carry them."""
    out = [_FILLER]
    for _ in range(k):
        y = rng.choice(years)
        what = rng.choice(
            [
                "commitments",
                "the credit facility",
                "letters of credit",
                "leases",
                "purchase obligations",
                "the share repurchase program",
            ]
        )
        out.append(
            f"at december 31 , {y} , {what} totaled $ {_amount(rng, rng.randint(5, 3000), True)}"
            f" million , of which $ {_amount(rng, rng.randint(5, 300), False)} million is current ."
        )
    return " ".join(out)


def big(rng: random.Random, move: tuple[float, float] | None = None, rows: int = 14) -> Case:
    """A large table (8-14 rows, 3-5 years) and a text of many figures; ``move``: the asked
    line moves by a factor in that range between the two years (a change under 1 %, over 100 %)."""
    years = _years(rng, rng.randint(3, 5))
    labels = rng.sample(_ITEMS * 2, rng.randint(8, rows))
    labels = [f"{x} ( {k} )" if x in labels[:k] else x for k, x in enumerate(labels)]
    grid = [[_corner(rng), *map(str, years)]]
    vals = {}
    for lab in labels:
        base = rng.choice([rng.randint(50, 999), rng.randint(1000, 20000)])
        row = [lab]
        for y in years:
            vals[(lab, y)] = _amount(rng, base, rng.random() < 0.3)
            row.append(_money(vals[(lab, y)], rng))
        grid.append(row)
    lab = rng.choice(labels)
    i = rng.randrange(len(years) - 1)
    j = rng.randrange(i + 1, len(years))
    if move is not None:
        f = Decimal(str(round(rng.uniform(*move), 4))) * rng.choice([1, -1] if move[1] < 1 else [1])
        b = vals[(lab, years[j])]
        a = (b * (1 + f)).quantize(Decimal(1) if b == b.to_integral_value() else Decimal("0.1"))
        vals[(lab, years[i])] = a
        row = next(r for r in grid if r[0] == lab)
        row[1 + i] = _money(a, rng)
    a, b = vals[(lab, years[i])], vals[(lab, years[j])]
    turns = [
        f"what was the {lab} in {years[i]}?",
        f"and in {years[j]}?",
        "what was the change?",
        _ask(rng, str(years[j])),
    ]
    return Case(
        "big",
        [grid],
        _busy_text(rng, years, rng.randint(4, 12)),
        turns,
        _frac(a, b),
        f"The change in the {lab} as a portion of its {years[j]} value is {{}}.",
    )


def ratio_less(rng: random.Random) -> Case:
    c = rng.choice([span, years_rows, low_high])(rng)
    ask = rng.choice(["what is that less 1?", "what is that minus 1?", "and less one?"])
    c.turns = ["what is the ratio of the later value to the earlier one?", ask]
    c.shape = "ratio_less"
    return c


def rounded(rng: random.Random) -> Case:
    years = _years(rng, 2)
    lab = rng.choice(_ITEMS)
    fine = [Decimal(rng.randint(1000, 9000)) for _ in years]
    coarse = [(v / 1000).quantize(Decimal("0.1")) for v in fine]
    grid = [[_corner(rng), *map(str, years)], [lab, *(_money(v, rng) for v in fine)]]
    for o in rng.sample([x for x in _ITEMS if x != lab], 2):
        grid.append([o, *(_money(Decimal(rng.randint(100, 900)), rng) for _ in years)])
    text = (
        f"{_FILLER} {lab} was $ {coarse[0]} billion in {years[0]} and $ {coarse[1]} billion in "
        f"{years[1]} ."
    )
    turns = [
        f"what was the {lab} in {years[0]}, in billions?",
        f"and in {years[1]}?",
        "what was the change?",
        _ask(rng, str(years[1])),
    ]
    return Case(
        "rounded",
        [grid],
        text,
        turns,
        _frac(coarse[0], coarse[1]),
        f"The change in the {lab} as a portion of its {years[1]} value is {{}}.",
    )


SHAPES: dict[str, Callable[[random.Random], Case]] = {
    "span": span,
    "begin_end": lambda rng: span(rng, within=True),
    "row_gap": row_gap,
    "low_high": low_high,
    "neg_base": neg_base,
    "years_rows": years_rows,
    "two_tables": two_tables,
    "text_cell": text_cell,
    "ratio_less": ratio_less,
    "rounded": rounded,
    "big": big,
    "big_small": lambda rng: big(rng, (0.001, 0.01)),
    "huge": lambda rng: big(rng, None, 36),
    "big_large": lambda rng: big(rng, (1.0, 3.0)),
}


def item(case: Case, figure: Decimal, line: str, style: str) -> Item:
    ask = case.turns[-1]
    sentence = "The answer is {}." if style == "bare" else case.sentence
    answer = f"{ask} {sentence.format(answer_text(figure))}"
    return Item(
        corpus="convfinqa",
        id=case.shape,
        question=conversation(case.turns) if line == "turns" else ask,
        answer=answer,
        sources=[*(json.dumps(g) for g in case.grids), case.text],
        tables=case.grids,
        label="good",
        sentences=[(len(ask) + 1, len(answer))],
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=20)
    p.add_argument("--seed", default="26")
    p.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    p.add_argument("--lines", nargs="*", default=["final", "turns"], choices=["final", "turns"])
    p.add_argument(
        "--styles", nargs="*", default=["bare", "sentence"], choices=["bare", "sentence"]
    )
    p.add_argument("--show", type=int, default=0)
    a = p.parse_args(argv)
    tool = ragbench.CrossfootTool()
    right: Counter[tuple[str, ...]] = Counter()
    wrong: Counter[tuple[str, ...]] = Counter()
    shown: Counter[tuple[str, ...]] = Counter()
    cols = [(ln, s) for ln in a.lines for s in a.styles]
    print("| shape | " + " | ".join(f"{ln}/{s} right, wrong" for ln, s in cols) + " |")
    tot_r: Counter[tuple[str, str]] = Counter()
    tot_w: Counter[tuple[str, str]] = Counter()
    for shape in a.shapes:
        rng = random.Random(f"{a.seed}/{shape}")
        cases = [SHAPES[shape](rng) for _ in range(a.n)]
        for case in cases:
            f = Decimal(str(round(rng.uniform(0.10, 0.30), 4)))
            bad = case.figure * (1 + f if rng.random() < 0.5 else 1 - f)
            for ln, s in cols:
                prep = tool.prepare(item(case, case.figure, ln, s))
                ok = not prep.fails[0]
                right[(shape, ln, s)] += ok
                if not ok and shown[(shape, ln, s)] < a.show:
                    shown[(shape, ln, s)] += 1
                    print(
                        f"--- {shape} {ln}/{s}: {case.turns} -> {answer_text(case.figure)}",
                        prep.details[0],
                    )
                    for g in case.grids:
                        print("   ", g)
                    print("   ", case.text[-160:])
                wrong[(shape, ln, s)] += not tool.prepare(item(case, bad, ln, s)).fails[0]
        print(
            f"| {shape} | "
            + " | ".join(
                f"{right[(shape, ln, s)]}/{a.n}, {wrong[(shape, ln, s)]}" for ln, s in cols
            )
            + " |"
        )
        for k in cols:
            tot_r[k] += right[(shape, *k)]
            tot_w[k] += wrong[(shape, *k)]
    n = a.n * len(a.shapes)
    print("| all | " + " | ".join(f"{tot_r[k]}/{n}, {tot_w[k]}" for k in cols) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
