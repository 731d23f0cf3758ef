"""Seeded ConvFinQA-style turns asking one change as a fraction of its base, in the variants a
conversation words it (round 28, conv28): per variant, how often crossfoot passes the right
figure and how often it passes the same figure 10-30 % off.

The validation half's false alarms "one change as a fraction of two source numbers, not found"
outnumber the tuning half's 9 to 1 (``benchmarks/cause_counts.py``); ``conv_fraction26.py``
wrote the table layouts of the class. This script writes the ways a conversation asks it, over
tables and texts of its own (never the corpora's):

- ``earlier`` / ``later``: the change over the earlier year's value, or over the later one's;
- ``unnamed``: the last turn names no year and no line ("what was the percentage change?");
- ``percent``: the same times 100, answered as a plain number ("4.12");
- ``decline``: a fall, answered negative ("-0.0853");
- ``pct_cells``: a line of percentages (margins, rates: "12.5 %") changing, the change over the
  earlier rate as a plain decimal;
- ``per_share``: per-share amounts ("$ 1.52"), the answer to four places;
- ``text_both``: both figures stated in the text in billions ("$ 4.5 billion in 2009");
- ``text_thousands``: the later figure in the text in millions, the earlier a cell in thousands;
- ``prev_rounded``: an earlier turn's change rounded in the unit it asks ("in billions"), the
  fraction computed from the rounded change.

Measured (``--n 20``, right / 200, wrong passed; final turn alone, turns): main b40565d 153, 1;
169, 1. With ``rules/named_base`` reading a later year's base in time's order, 171, 1; 173, 1
(``later`` 0 -> 18 of 20). ``prev_rounded`` stays 0: a fraction of a change another turn rounded
to a tenth of a billion is a chain no rule reads (its figure is off the exact one by more than
its four places allow). ``conv_fraction26.py --styles sentence`` (a full sentence naming the base
year: "The change in X as a portion of its 2017 value is 0.0229."): 136 -> 155 of 280, wrong
passed 2 -> 2 (``years_rows`` 0 -> 18: the lines of a table of a row per year are its columns).
Both halves of ``run_all.py`` identical: the validation half's class is none of these.

    python benchmarks/conv_fraction28.py --n 20
    python benchmarks/conv_fraction28.py --shapes later --show 3
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conv_chains27 import _LINES, _line_table, _table, _text, shape_table
from conv_fraction26 import _FILLER, Case, _years

__all__ = ["SHAPES", "main"]

_ASK = (
    "what is that change as a portion of the {y} value?",
    "and how much does this change represent in relation to the {y} amount?",
    "what is the change divided by the {y} value?",
    "what percentage of the {y} value does that change represent?",
)


def _pair(rng: random.Random) -> tuple[list[list[str]], str, str, int, int, Decimal, Decimal]:
    years = _years(rng, rng.randint(2, 3))
    grid, v, lab = _line_table(rng, years, 6)
    y1, y0 = years[0], years[1]
    return grid, _text(rng, years), lab, y1, y0, v[(lab, y1)], v[(lab, y0)]


def _turns(rng: random.Random, lab: str, y1: int, y0: int, base: int) -> list[str]:
    return [
        f"what was the {lab} in {y1}?",
        f"and in {y0}?",
        "what was the change?",
        rng.choice(_ASK).format(y=base),
    ]


def earlier(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    return Case("earlier", [grid], text, _turns(rng, lab, y1, y0, y0), (a - b) / b)


def unnamed(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    turns = _turns(rng, lab, y1, y0, y0)
    turns[-1] = rng.choice(
        [
            "what was the percentage change?",
            "and the percent change?",
            "what is the growth rate?",
            "what was the change as a percentage?",
            "and what is that change as a percentage of the earlier value?",
        ]
    )
    return Case("unnamed", [grid], text, turns, (a - b) / b)


def later(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    return Case("later", [grid], text, _turns(rng, lab, y1, y0, y1), (a - b) / a)


def percent(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    turns = _turns(rng, lab, y1, y0, y0)
    turns[-1] = rng.choice(
        [
            f"what is the percentage change from {y0} to {y1}?",
            "and what is that change as a percentage of the earlier value, times 100?",
        ]
    )
    return Case("percent", [grid], text, turns, (a - b) / b * 100)


def decline(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    if a > b:
        a, b = b, a
        grid = [[r[0], *(str(b) if c == str(a) else c for c in r[1:])] for r in grid]
        return decline(rng)
    return Case("decline", [grid], text, _turns(rng, lab, y1, y0, y0), (a - b) / b)


def pct_cells(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    names = rng.sample(
        [
            "gross margin",
            "operating margin",
            "effective tax rate",
            "return on equity",
            "payout ratio",
        ],
        3,
    )
    grid = [["", *map(str, years)]]
    v = {}
    for n in names:
        base = rng.uniform(5, 60)
        row = [n]
        for y in years:
            v[(n, y)] = Decimal(f"{base * (1 + rng.uniform(-0.2, 0.2)):.1f}")
            row.append(f"{v[(n, y)]} %" if rng.random() < 0.5 else f"{v[(n, y)]}%")
        grid.append(row)
    n = rng.choice(names)
    y1, y0 = years[0], years[1]
    a, b = v[(n, y1)], v[(n, y0)]
    return Case("pct_cells", [grid], _FILLER, _turns(rng, n, y1, y0, y0), (a - b) / b)


def per_share(rng: random.Random) -> Case:
    years = _years(rng, rng.randint(2, 3))
    names = ["basic earnings per share", "diluted earnings per share", "dividends per share"]
    grid = [["", *map(str, years)]]
    v = {}
    for n in names:
        base = rng.uniform(0.5, 6)
        row = [n]
        for y in years:
            v[(n, y)] = Decimal(f"{base * (1 + rng.uniform(-0.2, 0.2)):.2f}")
            row.append(f"$ {v[(n, y)]}")
        grid.append(row)
    n = rng.choice(names)
    y1, y0 = years[0], years[1]
    a, b = v[(n, y1)], v[(n, y0)]
    return Case("per_share", [grid], _FILLER, _turns(rng, n, y1, y0, y0), (a - b) / b)


def text_both(rng: random.Random) -> Case:
    years = _years(rng, 2)
    grid, _ = _table(rng, rng.sample(_LINES, 3), years)
    lab = rng.choice(["net sales", "backlog", "operating revenues"])
    b = Decimal(f"{rng.uniform(1, 30):.1f}")
    a = Decimal(f"{float(b) * rng.uniform(0.75, 1.3):.1f}")
    text = (
        f"{_FILLER} {lab} were $ {a} billion in {years[0]} compared to $ {b} billion in "
        f"{years[1]} ."
    )
    return Case(
        "text_both", [grid], text, _turns(rng, lab, years[0], years[1], years[1]), (a - b) / b
    )


def text_thousands(rng: random.Random) -> Case:
    years = _years(rng, 3)
    labels = rng.sample(_LINES, 3)
    grid, v = _table(rng, labels, years[1:])
    grid[0][0] = "( in thousands )"
    lab = rng.choice(labels)
    b = v[(lab, years[1])]
    a = Decimal(f"{float(b) * rng.uniform(0.8, 1.25) / 1000:.1f}")
    text = f"{_FILLER} {lab} was $ {a} million in {years[0]} ."
    turns = _turns(rng, lab, years[0], years[1], years[1])
    return Case("text_thousands", [grid], text, turns, (a * 1000 - b) / b)


def prev_rounded(rng: random.Random) -> Case:
    grid, text, lab, y1, y0, a, b = _pair(rng)
    grid[0][0] = "( in millions )"
    change = ((a - b) / 1000).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if change == 0:
        return prev_rounded(rng)
    turns = [
        f"what was the change in {lab} from {y0} to {y1}, in billions?",
        f"and what was the {lab} in {y0}, in billions?",
        "what is that change as a portion of that value?",
    ]
    return Case("prev_rounded", [grid], text, turns, change / (b / 1000))


SHAPES: dict[str, Callable[[random.Random], Case]] = {
    "earlier": earlier,
    "later": later,
    "unnamed": unnamed,
    "percent": percent,
    "decline": decline,
    "pct_cells": pct_cells,
    "per_share": per_share,
    "text_both": text_both,
    "text_thousands": text_thousands,
    "prev_rounded": prev_rounded,
}


def main(argv: Sequence[str] | None = None) -> int:
    return shape_table(__doc__.splitlines()[0], SHAPES, argv, "28", styles=False)


if __name__ == "__main__":
    raise SystemExit(main())
