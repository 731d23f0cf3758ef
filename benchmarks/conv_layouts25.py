"""Seeded ConvFinQA-style conversations over tables laid out the ways filings lay them out (round
25, conv25): how often crossfoot passes the right final figure and fails a wrong one.

``chain_shapes_convfinqa18.py`` writes its conversations over one layout (a row per line item, a
column per year). Filings lay their tables out in other ways too, and the validation half's false
alarms on correct answers ("one change as a fraction of two source numbers, not found", a
difference, a ratio or share, an average, a chain of steps) outnumber the tuning half's by far:
its tables are laid out in shapes the tuning half lacks. Here each conversation is written over
one of :data:`LAYOUTS`:

- ``years_cols``: a row per line item, a column per year (the baseline shape);
- ``dated_cols``: the same with dated headers ("december 31 , 2010", "year ended december 31 ,
  2010", "fiscal 2010");
- ``years_rows``: a row per year, a column per line item (selected financial data);
- ``rollforward``: a balance at the start of each year, its movements, the balance at the end
  (a reconciliation of a reserve or of unrecognized tax benefits), a column per year;
- ``performance``: a cumulative total return table: a row per index, a column per date, the
  first date at $ 100.00;
- ``quarters``: a stock price table of high and low per quarter, in a section per year;
- ``segments``: a column per segment and a total column, a row per year;
- ``prose``: the figures stated in the text only ("... was $ 412.5 million in 2010 compared to
  $ 388.1 million in 2009"), the table about something else.

A conversation asks a cell, another cell, and then one of :data:`KINDS`: their difference, the
change as a fraction of the earlier value (ConvFinQA's "percentage", 4 places), the same times
100, a ratio or a share of two cells, the mean of two cells, a ratio less 1, and a chain of three
cells. Each answer is written as ConvFinQA writes it ("The answer is 0.0412.",
:func:`corpora.convfinqa.answer_text`) and as a sentence ("The change in revenue as a portion of
its 2009 value is 0.0412."), checked with the final turn alone as ``question=`` (the headline) and
with every turn (the turns line), fed to crossfoot exactly as the benchmark feeds its items
(:class:`ragbench.CrossfootTool`, a JSON table and the text as sources). Its failing twin is the
same conversation answered with the figure 10-30 % off (the benchmark's value errors).

    python benchmarks/conv_layouts25.py --n 20 --seed 1
    python benchmarks/conv_layouts25.py --layouts rollforward --kinds change_frac --show 5

Columns: ``right`` = right figures passed (higher is better), ``wrong`` = failing twins passed
(lower is better), per layout and kind, for the final turn alone / the whole conversation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora.common import Item
from corpora.convfinqa import answer_text, conversation

__all__ = ["KINDS", "LAYOUTS", "Conv", "generate", "main"]

_ITEMS = (
    "net revenues, cost of sales, operating income, interest expense, net earnings, total "
    "assets, long-term debt, cash and equivalents, capital expenditures, research and "
    "development, selling and administrative expenses, accounts receivable, inventories, "
    "goodwill, deferred revenue, free cash flow, dividends paid, income tax expense"
).split(", ")
_INDEXES = ("the company, s&p 500 index, s&p midcap 400, nasdaq composite, peer group index").split(
    ", "
)
_SEGMENTS = ("north america, europe, asia pacific, latin america").split(", ")
_FILLER = (
    "the company reviews its results annually and discusses the factors that affected its "
    "operations during the periods presented . management believes the amounts are fairly stated ."
)
_Cell = tuple[int, int]


@dataclass
class Table:
    """A laid-out table: its grid, the text, and what a turn may name of each cell."""

    grid: list[list[str]]
    text: str
    values: dict[_Cell, Decimal]  # (row, column) of the grid -> its value
    names: dict[_Cell, tuple[str, str]]  # cell -> (what it is, when: "in 2010", "at ...")
    series: list[list[_Cell]]  # cells of one quantity over time, latest first
    aligned: list[list[_Cell]]  # cells of one period, of different quantities


def _amount(rng: random.Random, base: int, decimals: bool) -> Decimal:
    x = base * (1 + rng.uniform(-0.3, 0.3))
    return Decimal(f"{x:.1f}") if decimals else Decimal(int(x))


def _cell(v: Decimal, rng: random.Random, dollar: bool) -> str:
    text = f"{v:,}" if rng.random() < 0.6 else str(v)
    return f"$ {text}" if dollar else text


def _years(rng: random.Random, n: int) -> list[int]:
    first = rng.randint(2005, 2019)
    return [first - k for k in range(n)]


def years_cols(rng: random.Random, dated: bool = False) -> Table:
    years = _years(rng, 3)
    style = rng.randrange(3) if dated else -1
    heads = [
        str(y)
        if style < 0
        else (f"december 31 , {y}", f"year ended december 31 , {y}", f"fiscal {y}")[style]
        for y in years
    ]
    labels = rng.sample(_ITEMS, rng.randint(4, 6))
    grid = [[rng.choice(["( in millions )", "", "years ended december 31,"]), *heads]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    for r, label in enumerate(labels, start=1):
        base, dec = rng.choice([rng.randint(80, 999), rng.randint(1000, 20000)]), rng.random() < 0.3
        row = [label]
        for c, y in enumerate(years, start=1):
            v = _amount(rng, base, dec)
            t.values[(r, c)], t.names[(r, c)] = v, (label, f"in {y}")
            row.append(_cell(v, rng, r == 1))
        grid.append(row)
        t.series.append([(r, c) for c in range(1, 4)])
    t.aligned = [[(r, c) for r in range(1, len(grid))] for c in range(1, 4)]
    return t


def years_rows(rng: random.Random) -> Table:
    years = _years(rng, rng.randint(3, 5))
    labels = rng.sample(_ITEMS, rng.randint(3, 4))
    grid = [[rng.choice(["year", "", "fiscal year"]), *labels]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    bases = [(rng.choice([rng.randint(80, 999), rng.randint(1000, 9000)]), rng.random() < 0.3)]
    bases += [(rng.randint(80, 9000), rng.random() < 0.3) for _ in labels[1:]]
    for r, y in enumerate(years, start=1):
        row = [str(y)]
        for c, label in enumerate(labels, start=1):
            v = _amount(rng, *bases[c - 1])
            t.values[(r, c)], t.names[(r, c)] = v, (label, f"in {y}")
            row.append(_cell(v, rng, r == 1))
        grid.append(row)
    t.series = [[(r, c) for r in range(1, len(grid))] for c in range(1, len(labels) + 1)]
    t.aligned = [[(r, c) for c in range(1, len(labels) + 1)] for r in range(1, len(grid))]
    return t


def rollforward(rng: random.Random) -> Table:
    years = _years(rng, 3)
    what = rng.choice(["unrecognized tax benefits", "the reserve", "the allowance"])
    grid = [["( in millions )", *(f"{y}" for y in years)]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    moves = ["additions", "reductions", "settlements"]
    start = Decimal(rng.randint(200, 900))
    opening: dict[int, Decimal] = {}
    flows: dict[int, list[Decimal]] = {}
    for y in reversed(years):
        opening[y] = start
        flows[y] = [Decimal(rng.randint(5, 90)), -Decimal(rng.randint(5, 60))]
        flows[y].append(-Decimal(rng.randint(1, 30)))
        start = start + sum(flows[y])
    rows = [("balance at beginning of year", [opening[y] for y in years])]
    rows += [(m, [flows[y][k] for y in years]) for k, m in enumerate(moves)]
    rows.append(("balance at end of year", [opening[y] + sum(flows[y]) for y in years]))
    for r, (label, vals) in enumerate(rows, start=1):
        row = [label]
        for c, v in enumerate(vals, start=1):
            when = f"at the beginning of {years[c - 1]}" if r == 1 else f"in {years[c - 1]}"
            when = f"at the end of {years[c - 1]}" if r == len(rows) else when
            t.values[(r, c)], t.names[(r, c)] = v, (f"{label.split(' at ')[0]} of {what}", when)
            cell = f"( {abs(v)} )" if v < 0 else str(v)
            row.append(f"$ {cell}" if r in (1, len(rows)) else cell)
        grid.append(row)
    # the balance over the years: each end, and the first year's beginning
    t.series = [[(len(rows), c) for c in range(1, 4)] + [(1, 3)]]
    t.series.append([(1, c) for c in range(1, 4)])
    t.aligned = [[(r, c) for r in range(1, len(rows) + 1)] for c in range(1, 4)]
    return t


def performance(rng: random.Random) -> Table:
    first = rng.randint(2005, 2015)
    dates = [f"12/31/{(first + k) % 100:02d}" for k in range(6)]
    names = ["the company", *rng.sample(_INDEXES[1:], 2)]
    grid = [["", *dates]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    for r, name in enumerate(names, start=1):
        row, v = [name], Decimal(100)
        for c in range(1, 7):
            if c > 1:
                v = (v * Decimal(1 + rng.uniform(-0.15, 0.3))).quantize(Decimal("0.01"))
            else:
                v = Decimal("100.00")
            t.values[(r, c)], t.names[(r, c)] = v, (f"the value of {name}", f"in {first + c - 1}")
            row.append(f"$ {v}")
        grid.append(row)
        t.series.append([(r, c) for c in range(6, 0, -1)])
    t.aligned = [[(r, c) for r in range(1, 4)] for c in range(2, 7)]
    return t


def quarters(rng: random.Random) -> Table:
    years = _years(rng, 2)
    grid: list[list[str]] = []
    t = Table(grid, _FILLER, {}, {}, [], [])
    qs = ["first quarter", "second quarter", "third quarter", "fourth quarter"]
    for y in years:
        grid.append([str(y), "high", "low"])
        for q in qs:
            hi = Decimal(f"{rng.uniform(20, 80):.2f}")
            lo = (hi * Decimal(rng.uniform(0.7, 0.95))).quantize(Decimal("0.01"))
            r = len(grid)
            grid.append([q, f"$ {hi}", f"$ {lo}"])
            t.values[(r, 1)], t.names[(r, 1)] = hi, ("high price", f"in the {q} of {y}")
            t.values[(r, 2)], t.names[(r, 2)] = lo, ("low price", f"in the {q} of {y}")
    # the high of each quarter over the two years, the same quarter a year apart
    t.series = [[(1 + k, 1), (6 + k, 1)] for k in range(4)]
    t.series += [[(1 + k, 2), (6 + k, 2)] for k in range(4)]
    t.aligned = [[(1 + k, 1), (1 + k, 2)] for k in range(4)]
    return t


def segments(rng: random.Random) -> Table:
    years = _years(rng, 3)
    segs = rng.sample(_SEGMENTS, 3)
    grid = [["( in millions )", *segs, "total"]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    bases = [rng.randint(100, 3000) for _ in segs]
    for r, y in enumerate(years, start=1):
        vals = [_amount(rng, b, False) for b in bases]
        row = [str(y)]
        for c, v in enumerate([*vals, sum(vals, Decimal(0))], start=1):
            name = f"{grid[0][c]} revenues" if c <= 3 else "total revenues"
            t.values[(r, c)], t.names[(r, c)] = v, (name, f"in {y}")
            row.append(_cell(v, rng, r == 1))
        grid.append(row)
    t.series = [[(r, c) for r in range(1, 4)] for c in range(1, 5)]
    t.aligned = [[(r, c) for c in range(1, 5)] for r in range(1, 4)]
    return t


def prose(rng: random.Random) -> Table:
    """Figures of the text; the table is one about other things (its cells are no operands)."""
    other = years_cols(rng)
    years = _years(rng, 2)
    labels = rng.sample([x for x in _ITEMS if x not in {r[0] for r in other.grid}], 2)
    t = Table(other.grid, "", {}, {}, [], [])
    sentences = [_FILLER]
    for k, label in enumerate(labels):
        base = rng.randint(100, 4000)
        a, b = _amount(rng, base, True), _amount(rng, base, True)
        key_a, key_b = (-(k + 1), 0), (-(k + 1), 1)
        t.values[key_a], t.names[key_a] = a, (label, f"in {years[0]}")
        t.values[key_b], t.names[key_b] = b, (label, f"in {years[1]}")
        sentences.append(
            f"{label} was $ {a} million in {years[0]} compared to $ {b} million in {years[1]} ."
        )
        t.series.append([key_a, key_b])
    t.aligned = [[(-1, 0), (-2, 0)], [(-1, 1), (-2, 1)]]
    t.text = " ".join(sentences)
    return t


def payments(rng: random.Random) -> Table:
    """Contractual obligations: a total column and a column per period of payment."""
    y = rng.randint(2005, 2018)
    heads = ["total", f"{y + 1}", f"{y + 2} - {y + 3}", f"{y + 4} - {y + 5}", "thereafter"]
    labels = rng.sample(
        [
            "long-term debt",
            "operating leases",
            "purchase obligations",
            "capital leases",
            "interest payments",
            "pension contributions",
        ],
        4,
    )
    grid = [
        [rng.choice(["contractual obligations", "payments due by period ( in millions )"]), *heads]
    ]
    t = Table(grid, _FILLER, {}, {}, [], [])
    for r, label in enumerate(labels, start=1):
        parts = [Decimal(rng.randint(5, 900)) for _ in heads[1:]]
        row = [label]
        for c, v in enumerate([sum(parts, Decimal(0)), *parts], start=1):
            when = "in total" if c == 1 else f"due in {heads[c - 1]}"
            t.values[(r, c)], t.names[(r, c)] = v, (f"{label} payments", when)
            row.append(_cell(v, rng, r == 1))
        grid.append(row)
    # a line's payments of each period, and its total
    t.series = [[(r, c) for c in range(2, 6)] for r in range(1, len(grid))]
    t.series += [[(r, c), (r, 1)] for r in range(1, len(grid)) for c in range(2, 6)]
    t.aligned = [[(r, c) for r in range(1, len(grid))] for c in range(1, 6)]
    return t


def entity_years(rng: random.Random) -> Table:
    """Two entities side by side, a column per entity and year ("bermuda subsidiaries 2010")."""
    years = _years(rng, 2)
    ents = rng.sample(
        ["bermuda subsidiaries", "u.s. subsidiaries", "parent company", "international operations"],
        2,
    )
    heads = [f"{e} {y}" for e in ents for y in years]
    labels = rng.sample(
        [
            "statutory capital and surplus",
            "statutory net income",
            "required capital",
            "dividends paid",
        ],
        3,
    )
    grid = [["", *heads]]
    t = Table(grid, _FILLER, {}, {}, [], [])
    for r, label in enumerate(labels, start=1):
        row = [label]
        for c, h in enumerate(heads, start=1):
            base = 300 + 1000 * (c > 2) + 200 * r
            v = _amount(rng, base, False)
            ent, yr = h.rsplit(" ", 1)
            t.values[(r, c)], t.names[(r, c)] = v, (f"{label} for the {ent}", f"in {yr}")
            row.append(_cell(v, rng, False))
        grid.append(row)
        t.series += [[(r, 1), (r, 2)], [(r, 3), (r, 4)]]
    t.aligned = [[(r, c) for r in range(1, len(grid))] for c in range(1, 5)]
    t.aligned += [[(r, 1), (r, 3)] for r in range(1, len(grid))]
    return t


def options(rng: random.Random) -> Table:
    """A stock option roll-forward: the year in the row labels, a column per quantity."""
    y = rng.randint(2005, 2018)
    grid = [
        [
            "",
            rng.choice(["number of shares ( in thousands )", "options"]),
            "weighted average exercise price",
        ]
    ]
    t = Table(grid, _FILLER, {}, {}, [], [])
    shares, price = Decimal(rng.randint(3000, 20000)), Decimal(f"{rng.uniform(15, 60):.2f}")
    steps: list[tuple[str, Decimal, Decimal]] = [
        (f"outstanding at december 31 , {y - 1}", shares, price)
    ]
    for label in ("granted", "exercised", "forfeited"):
        n = Decimal(rng.randint(100, 2000))
        p = (price * Decimal(rng.uniform(0.7, 1.3))).quantize(Decimal("0.01"))
        steps.append((label, n, p))
        shares += n if label == "granted" else -n
    end_price = (price * Decimal(rng.uniform(0.9, 1.2))).quantize(Decimal("0.01"))
    steps.append((f"outstanding at december 31 , {y}", shares, end_price))
    for r, (label, n, p) in enumerate(steps, start=1):
        when = f"in {y}" if r not in (1, len(steps)) else ""
        name = label if r not in (1, len(steps)) else "outstanding"
        yr = label.rsplit(" ", 1)[-1] if r in (1, len(steps)) else str(y)
        t.values[(r, 1)], t.names[(r, 1)] = n, (f"{name} options", when or f"at the end of {yr}")
        t.values[(r, 2)], t.names[(r, 2)] = (
            p,
            (
                f"weighted average exercise price of the {name} options",
                when or f"at the end of {yr}",
            ),
        )
        grid.append([label, f"{n:,}" if rng.random() < 0.5 else str(n), f"$ {p}"])
    last = len(steps)
    t.series = [[(last, 1), (1, 1)], [(last, 2), (1, 2)]]
    t.aligned = [[(r, 1) for r in range(1, last + 1)], [(r, 2) for r in range(1, last + 1)]]
    return t


def mixed(rng: random.Random) -> Table:
    """A table of years and a sentence of the text stating one line in a later period."""
    t = years_cols(rng)
    r = rng.randrange(1, len(t.grid))
    label = t.grid[r][0]
    y = int(t.grid[0][1]) + 1
    v = (t.values[(r, 1)] * Decimal(rng.uniform(0.8, 1.25))).quantize(Decimal("0.1"))
    t.text = (
        f"{_FILLER} on february 13 , {y} , {label} was $ {v} million , as reported in the "
        f"company 's filings ."
    )
    t.values[(-1, 0)], t.names[(-1, 0)] = v, (label, f"in february {y}")
    t.series = [[(-1, 0), *s] for s in t.series if s[0][0] == r]
    t.aligned = [[(-1, 0), *[c for c in g if c[0] != r]] for g in t.aligned[:1]]
    return t


LAYOUTS: dict[str, Callable[[random.Random], Table]] = {
    "years_cols": years_cols,
    "dated_cols": lambda rng: years_cols(rng, dated=True),
    "years_rows": years_rows,
    "rollforward": rollforward,
    "performance": performance,
    "quarters": quarters,
    "segments": segments,
    "prose": prose,
    "payments": payments,
    "entity_years": entity_years,
    "options": options,
    "mixed": mixed,
}


# --- the conversations -------------------------------------------------------------------------


@dataclass(frozen=True)
class Conv:
    """One conversation: its turns, the cells it computes over, its formula and sentence."""

    layout: str
    kind: str
    turns: tuple[str, ...]
    cells: tuple[_Cell, ...]
    formula: Callable[..., Decimal]
    sentence: str  # the answer as a sentence, "{}" for the figure

    def figure(self, t: Table, cells: Sequence[_Cell] | None = None) -> Decimal:
        return self.formula(*(t.values[c] for c in (cells or self.cells)))


def _base(when: str) -> str:
    """ "in 2009" -> "2009"; "at the end of 2009" -> "end of 2009" (a turn's "the 2009 value")."""
    return when.removeprefix("in ").removeprefix("at the ").removeprefix("the ")


def _two(rng: random.Random, t: Table) -> tuple[_Cell, _Cell]:
    s = rng.choice([s for s in t.series if len(s) >= 2])
    i = rng.randrange(len(s) - 1)
    j = rng.randrange(i + 1, len(s))
    return s[i], s[j]  # the later, the earlier


def _asks(t: Table, a: _Cell, b: _Cell, rng: random.Random) -> list[str]:
    (name, wa), (name_b, wb) = t.names[a], t.names[b]
    first = rng.choice([f"what was the {name} {wa}?", f"what was, in millions, the {name} {wa}?"])
    if name_b != name:
        return [first, f"and what was the {name_b} {wb}?"]
    return [first, rng.choice([f"and {wb}?", f"and what was it {wb}?", f"what about {wb}?"])]


def _kind_difference(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _two(rng, t)
    ask = rng.choice(
        [
            "what was, then, the change over the years?",
            "what is the net change?",
            "what is the difference?",
            "by how much did it change?",
        ]
    )
    sentence = f"The change in the {t.names[a][0]} is {{}}."
    return (*_asks(t, a, b, rng), ask), (a, b), lambda x, y: x - y, sentence


_FRAC_ASKS = (
    "and how much does this change represent in relation to the {b} value?",
    "what is the percent change?",
    "what is that change as a portion of the {b} value?",
    "what is the net change divided by the {b} value?",
    "what was the growth rate over this period?",
    "what is that as a percentage of the {b} amount?",
)


def _kind_change_frac(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _two(rng, t)
    change = rng.choice(["what was, then, the change?", "what is the net change?"])
    ask = rng.choice(_FRAC_ASKS).format(b=_base(t.names[b][1]))
    sentence = f"The change in the {t.names[a][0]} as a portion of its earlier value is {{}}."
    return (*_asks(t, a, b, rng), change, ask), (a, b), lambda x, y: (x - y) / y, sentence


def _kind_change_pct(rng: random.Random, t: Table) -> tuple[Any, ...]:
    turns, cells, _, _ = _kind_change_frac(rng, t)
    ask = rng.choice(["what is that times 100?", "how much is that in percentage?"])
    sentence = f"The percentage change in the {t.names[cells[0]][0]} is {{}}%."
    return (*turns, ask), cells, lambda x, y: (x - y) / y * 100, sentence


def _pair(rng: random.Random, t: Table) -> tuple[_Cell, _Cell]:
    g = rng.choice([g for g in t.aligned if len(g) >= 2])
    a, b = rng.sample(g, 2)
    return (a, b) if abs(t.values[a]) <= abs(t.values[b]) else (b, a)  # a part, a whole


def _kind_ratio(rng: random.Random, t: Table) -> tuple[Any, ...]:
    b, a = _pair(rng, t)  # the larger over the smaller
    na, nb = t.names[a][0], t.names[b][0]
    ask = rng.choice(
        [f"what is the ratio of the {na} to the {nb}?", "what is that divided by this value?"]
    )
    sentence = f"The ratio of the {na} to the {nb} is {{}}."
    return (*_asks(t, a, b, rng), ask), (a, b), lambda x, y: x / y, sentence


def _kind_share(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _pair(rng, t)
    na, nb = t.names[a][0], t.names[b][0]
    ask = rng.choice(
        [
            f"what portion of the {nb} does the {na} represent?",
            "what percentage does the first represent in relation to the second?",
        ]
    )
    sentence = f"The {na} is {{}} of the {nb}."
    return (*_asks(t, a, b, rng), ask), (a, b), lambda x, y: x / y, sentence


def _kind_average(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _two(rng, t)
    ask = rng.choice(["what is the average?", "what is that divided by 2?", "what is the mean?"])
    sentence = f"The average {t.names[a][0]} is {{}}."
    turns = (*_asks(t, a, b, rng), "what is the sum?", ask)
    return turns, (a, b), lambda x, y: (x + y) / 2, sentence


def _kind_ratio_less_one(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _two(rng, t)
    (name, wa), wb = t.names[a], t.names[b][1]
    turns = (f"what is the ratio of the {name} {wa} to {_base(wb)}?", "what is that less 1?")
    sentence = f"The growth in the {name} is {{}}."
    return turns, (a, b), lambda x, y: x / y - 1, sentence


def _kind_change_over_other(rng: random.Random, t: Table) -> tuple[Any, ...]:
    a, b = _two(rng, t)
    groups = [g for g in t.aligned if b in g]
    others = [c for c in groups[0] if c not in (a, b) and t.values[c] != 0] if groups else []
    if not others:
        return _kind_change_frac(rng, t)
    c = rng.choice(others)
    (name, wa), wb = t.names[a], t.names[b][1]
    turns = (f"what was the change in the {name} from {_base(wb)} to {_base(wa)}?",)
    turns += (
        f"what was the {t.names[c][0]} {t.names[c][1]}?",
        "what is that change divided by this value?",
    )
    sentence = f"The change in the {name} over the {t.names[c][0]} is {{}}."
    return turns, (a, b, c), lambda x, y, z: (x - y) / z, sentence


KINDS: dict[str, Callable[[random.Random, Table], tuple[Any, ...]]] = {
    "difference": _kind_difference,
    "change_frac": _kind_change_frac,
    "change_pct": _kind_change_pct,
    "ratio": _kind_ratio,
    "share": _kind_share,
    "average": _kind_average,
    "ratio_less_one": _kind_ratio_less_one,
    "change_over_other": _kind_change_over_other,
}


def generate(rng: random.Random, layout: str, kind: str) -> tuple[Table, Conv]:
    t = LAYOUTS[layout](rng)
    turns, cells, formula, sentence = KINDS[kind](rng, t)
    return t, Conv(layout, kind, tuple(turns), tuple(cells), formula, sentence)


def wrong_figure(rng: random.Random, t: Table, conv: Conv) -> Decimal:
    """The figure 10-30 % off, up or down, as the benchmark's value errors are made
    (``corpora.common.inject``): a wrong figure no derivation of the turns gives."""
    f = Decimal(str(round(rng.uniform(0.10, 0.30), 4)))
    return conv.figure(t) * (1 + f if rng.random() < 0.5 else 1 - f)


def item(t: Table, conv: Conv, figure: Decimal, line: str, style: str) -> Item:
    ask = conv.turns[-1]
    written = answer_text(figure)
    sentence = "The answer is {}." if style == "bare" else conv.sentence
    if "%" in sentence and style == "bare":
        sentence = "The answer is {}."
    answer = f"{ask} {sentence.format(written)}"
    question = conversation(list(conv.turns)) if line == "turns" else ask
    return Item(
        corpus="convfinqa",
        id=f"{conv.layout}/{conv.kind}",
        question=question,
        answer=answer,
        sources=[json.dumps(t.grid), t.text],
        tables=[t.grid],
        label="good",
        sentences=[(len(ask) + 1, len(answer))],
    )


def run(args: argparse.Namespace) -> int:
    tool = ragbench.CrossfootTool()
    right: Counter[tuple[str, ...]] = Counter()
    wrong: Counter[tuple[str, ...]] = Counter()
    tried: Counter[tuple[str, ...]] = Counter()
    shown: Counter[tuple[str, ...]] = Counter()
    for layout in args.layouts:
        for kind in args.kinds:
            rng = random.Random(f"{args.seed}/{layout}/{kind}")
            for _ in range(args.n):
                t, conv = generate(rng, layout, kind)
                good = conv.figure(t)
                bad = wrong_figure(rng, t, conv)
                for line in args.lines:
                    for style in args.styles:
                        key = (layout, kind, line, style)
                        tried[key] += 1
                        p = tool.prepare(item(t, conv, good, line, style))
                        right[key] += not p.fails[0]
                        if p.fails[0] and shown[key] < args.show:
                            shown[key] += 1
                            print(f"--- {key}: {conv.turns} -> {answer_text(good)} {p.details[0]}")
                            print("   ", t.grid if t.grid else "", t.text[-200:])
                        q = tool.prepare(item(t, conv, bad, line, style))
                        wrong[key] += not q.fails[0]
    _print(tried, right, wrong, args)
    return 0


def _print(tried: Counter[Any], right: Counter[Any], wrong: Counter[Any], a: Any) -> None:
    print(
        "| layout | kind | "
        + " | ".join(f"{ln}/{s} right, wrong" for ln in a.lines for s in a.styles)
        + " |"
    )
    total_r: Counter[tuple[str, str]] = Counter()
    total_w: Counter[tuple[str, str]] = Counter()
    total_n: Counter[tuple[str, str]] = Counter()
    for layout in a.layouts:
        for kind in a.kinds:
            cells = []
            for ln in a.lines:
                for s in a.styles:
                    k = (layout, kind, ln, s)
                    cells.append(f"{right[k]}/{tried[k]}, {wrong[k]}")
                    total_r[ln, s] += right[k]
                    total_w[ln, s] += wrong[k]
                    total_n[ln, s] += tried[k]
            print(f"| {layout} | {kind} | " + " | ".join(cells) + " |")
    print(
        "| all | all | "
        + " | ".join(
            f"{total_r[k]}/{total_n[k]}, {total_w[k]}"
            for k in ((ln, s) for ln in a.lines for s in a.styles)
        )
        + " |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10, help="conversations per layout and kind")
    p.add_argument("--seed", default="25")
    p.add_argument("--layouts", nargs="*", default=list(LAYOUTS), choices=list(LAYOUTS))
    p.add_argument("--kinds", nargs="*", default=list(KINDS), choices=list(KINDS))
    p.add_argument("--lines", nargs="*", default=["final", "turns"], choices=["final", "turns"])
    p.add_argument(
        "--styles", nargs="*", default=["bare", "sentence"], choices=["bare", "sentence"]
    )
    p.add_argument("--show", type=int, default=0, help="failing right answers shown per cell")
    return run(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
