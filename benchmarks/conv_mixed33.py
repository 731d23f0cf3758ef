"""Seeded ConvFinQA-style final turns over one figure the text states and one table cell
(round 33, conv33): how often crossfoot passes the right figure and fails the same figure
10-30 % off, per operation and wording.

``conv_causes33.py`` (counts only) shows the validation half's false alarms "one change as a
fraction / difference / ratio (%) / average of two source numbers, not found" taking one operand
from the table and the other from the running text far more often than the tuning half's (whose
fractions sit in one table row: 1 of 100 is a text figure and a cell). A filing's text states
what the table leaves out (another year, a later date), and a conversation combines it with a
cell. Each shape writes its own table (2-3 years, 3-6 lines, several corner and header styles)
and a text with the figure and a few figures of other lines and years:

- ``diff_named`` / ``diff_unnamed``: the difference, the last turn naming the line and both years
  ("what was the difference in X between 2007 and 2009?") or nothing ("what was the change?");
- ``frac_named`` / ``frac_unnamed``: the change as a fraction of the earlier figure (a rise or
  a fall: ConvFinQA's four places, "-0.1825");
- ``pct_of``: one year's figure as a percentage of the other's, answered as a plain number
  ("81.75": the gold's ``x 100`` step);
- ``mean``: the average of the two years;
- ``billions``: the text's figure in billions beside a table in millions, the change as a
  fraction.

The text figure's year is before or after the table's years, its sentence names the line in the
table's words, and the text names one more line's figure the same year (the distractor). Two more:

- ``reworded``: the text names the line in other words ("capital spending" for *capital
  expenditures*), the change as a fraction;
- ``year_rows``: the table set out with a row per year and a column per line.

Measured (``--n 20``, right / 20, wrong passed; final turn alone, bare): main 7eb5944 90 of
180, 1 (``reworded`` 7, ``year_rows`` 0); with ``rules/_clause_row`` (5b0bdff) 115, 1
(``reworded`` 17, ``year_rows`` 15); with ``rules/_named_years.prose_base_fits`` (6c60627) 132,
1 (``frac_named`` 12 -> 18, ``billions`` 12 -> 17: the question names the base year, the base
is the text figure, "this change in relation to the 2007 value"). ``pct_of`` stays 0: a line's
two years as a percentage, a text figure over a cell. ``portion`` (a text figure over a cell of
its line in another year, "the 2009 value as a portion of the 2008 value") stays 8 of 20:
reading the later over the earlier as a quotient too gave 13 with no corpus figure moving, and
passed ``convfinqa19.json``'s failing twin (a text figure over its row's cell of the year
before): dropped.

    python benchmarks/conv_mixed33.py --n 20
    python benchmarks/conv_mixed33.py --shapes diff_named --show 3
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import conv_fraction26
from conv_chains27 import _LINES, _table
from conv_fraction26 import _FILLER, Case, _years

__all__ = ["SHAPES"]

_Pick = tuple[list[list[str]], str, str, int, int, Decimal, Decimal]


# Ways a filing's text names a table's line in other words (a part of its label, a synonym)
_OTHER_WORDS = {
    "net revenues": "revenues",
    "cost of sales": "costs of sales",
    "operating income": "income from operations",
    "interest expense": "interest costs",
    "net earnings": "earnings",
    "capital expenditures": "capital spending",
    "research and development": "r&d spending",
    "selling and administrative expenses": "sg&a expenses",
    "income tax expense": "the provision for income taxes",
    "depreciation and amortization": "depreciation",
    "dividends paid": "dividends",
    "share repurchases": "repurchases of common stock",
}


def _setup(rng: random.Random, billions: bool = False, reworded: bool = False) -> _Pick:
    """A table over two years, a text stating one line's figure in a third year (before or
    after), and the (text year, cell year, text figure, cell) of that line."""
    years = _years(rng, 3)
    later = rng.random() < 0.5
    text_year = years[0] if later else years[2]
    cols = years[1:] if later else years[:2]
    labels = rng.sample(_LINES, rng.randint(3, 6))
    grid, v = _table(rng, labels, cols)
    lab, other = rng.sample(labels, 2)
    cell_year = rng.choice(cols)
    b = v[(lab, cell_year)]
    a = Decimal(f"{float(b) * rng.uniform(0.7, 1.3):.1f}")
    if a == a.to_integral_value() or rng.random() < 0.5:
        a = a.to_integral_value()
    d = (v[(other, cols[0])] * Decimal(rng.uniform(0.8, 1.2))).quantize(Decimal(1))
    if billions:
        grid[0][0] = "( in millions )"
        a = (a / 1000).quantize(Decimal("0.01"))
        shown, other_shown = f"$ {a} billion", f"$ {d} million"
    else:
        shown, other_shown = f"$ {a} million", f"$ {d} million"
    said_lab = _OTHER_WORDS[lab] if reworded else lab
    said = rng.choice(
        [
            f"in {text_year} , {said_lab} was {shown} , and {other} was {other_shown} .",
            f"{said_lab} for {text_year} was {shown} , while {other} totaled {other_shown} .",
            f"during {text_year} , the company reported {said_lab} of {shown} and {other} of "
            f"{other_shown} .",
        ]
    )
    text = f"{_FILLER} {said} {rng.choice(['', _FILLER])}".strip()
    return grid, text, lab, text_year, cell_year, (a * 1000 if billions else a), b


def _ends(p: _Pick) -> tuple[int, int, Decimal, Decimal]:
    """(earlier year, later year, earlier figure, later figure)."""
    _, _, _, ty, cy, a, b = p
    return (cy, ty, b, a) if ty > cy else (ty, cy, a, b)


def _first_turns(p: _Pick) -> list[str]:
    lab = p[2]
    y0, y1, _, _ = _ends(p)
    return [f"what was the {lab} in {y1}?", f"and in {y0}?"]


def diff_named(rng: random.Random) -> Case:
    p = _setup(rng)
    y0, y1, e, late = _ends(p)
    ask = rng.choice(
        [
            f"what was the difference in {p[2]} between {y0} and {y1}?",
            f"what was the change in {p[2]} from {y0} to {y1}?",
            f"by how much did the {p[2]} change from {y0} to {y1}?",
        ]
    )
    return Case("diff_named", [p[0]], p[1], [*_first_turns(p), ask], late - e)


def diff_unnamed(rng: random.Random) -> Case:
    p = _setup(rng)
    _, _, e, late = _ends(p)
    ask = rng.choice(["what was the change?", "what is the net change?", "and the difference?"])
    return Case("diff_unnamed", [p[0]], p[1], [*_first_turns(p), ask], late - e)


def frac_named(rng: random.Random) -> Case:
    p = _setup(rng)
    y0, y1, e, late = _ends(p)
    ask = rng.choice(
        [
            f"what was the percentage change in {p[2]} from {y0} to {y1}?",
            f"and how much does this change represent in relation to the {y0} value?",
            f"what is that change as a portion of the {y0} {p[2]}?",
        ]
    )
    turns = [*_first_turns(p), "what was the change?", ask]
    return Case("frac_named", [p[0]], p[1], turns, (late - e) / e)


def frac_unnamed(rng: random.Random) -> Case:
    p = _setup(rng)
    _, _, e, late = _ends(p)
    ask = rng.choice(
        [
            "what was the percentage change?",
            "and how much does this represent in relation to the earlier value?",
            "what is that as a percentage of the earlier value?",
            "what is the growth rate?",
        ]
    )
    turns = [*_first_turns(p), "what was the change?", ask]
    return Case("frac_unnamed", [p[0]], p[1], turns, (late - e) / e)


def pct_of(rng: random.Random) -> Case:
    p = _setup(rng)
    y0, y1, e, late = _ends(p)
    ask = rng.choice(
        [
            f"what was the {y1} {p[2]} as a percentage of the {y0} amount?",
            f"what percentage of the {y0} {p[2]} does the {y1} amount represent?",
        ]
    )
    return Case("pct_of", [p[0]], p[1], [*_first_turns(p), ask], late / e * 100)


def portion(rng: random.Random) -> Case:
    p = _setup(rng)
    y0, y1, e, late = _ends(p)
    ask = rng.choice(
        [
            f"what is the {y1} value as a portion of the {y0} value?",
            f"what is the {y1} {p[2]} divided by the {y0} amount?",
        ]
    )
    return Case("portion", [p[0]], p[1], [*_first_turns(p), ask], late / e)


def mean(rng: random.Random) -> Case:
    p = _setup(rng)
    y0, y1, e, late = _ends(p)
    ask = rng.choice(
        [f"what was the average {p[2]} for {y0} and {y1}?", "what is the average of the two?"]
    )
    return Case("mean", [p[0]], p[1], [*_first_turns(p), ask], (late + e) / 2)


def billions(rng: random.Random) -> Case:
    p = _setup(rng, billions=True)
    y0, _, e, late = _ends(p)
    ask = rng.choice(
        [
            f"and how much does this change represent in relation to the {y0} value?",
            "what was the percentage change?",
        ]
    )
    turns = [*_first_turns(p), "what was the change, in millions?", ask]
    return Case("billions", [p[0]], p[1], turns, (late - e) / e)


def reworded(rng: random.Random) -> Case:
    p = _setup(rng, reworded=True)
    y0, _, e, late = _ends(p)
    ask = rng.choice(
        [
            f"and how much does this change represent in relation to the {y0} value?",
            "what was the percentage change?",
            "what is that as a percentage of the earlier value?",
        ]
    )
    turns = [*_first_turns(p), "what was the change?", ask]
    return Case("reworded", [p[0]], p[1], turns, (late - e) / e)


def year_rows(rng: random.Random) -> Case:
    """The table set out with a row per year and a column per line (transposed)."""
    p = _setup(rng)
    grid = [list(col) for col in zip(*p[0], strict=True)]
    grid[0][0] = rng.choice(["year", "", "fiscal year"])
    y0, _, e, late = _ends(p)
    ask = rng.choice(
        [
            f"and how much does this change represent in relation to the {y0} value?",
            "what was the percentage change?",
        ]
    )
    turns = [*_first_turns(p), "what was the change?", ask]
    return Case("year_rows", [grid], p[1], turns, (late - e) / e)


SHAPES: dict[str, Callable[[random.Random], Case]] = {
    f.__name__: f
    for f in (
        diff_named,
        diff_unnamed,
        frac_named,
        frac_unnamed,
        pct_of,
        portion,
        mean,
        billions,
        reworded,
        year_rows,
    )
}

if __name__ == "__main__":
    conv_fraction26.SHAPES = SHAPES  # type: ignore[assignment]  # the same runner, these shapes
    raise SystemExit(conv_fraction26.main([*sys.argv[1:], "--seed", "33"]))
