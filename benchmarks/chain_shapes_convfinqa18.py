"""Seeded conversations in ConvFinQA's style over fictional tables, one family per program shape
of three numbers (round 18, convfinqa18): how often crossfoot passes the right final figure and
fails the same figure computed with one operand swapped for a neighbouring cell.

ConvFinQA's gold programs chain binary steps (``x0 = a - b; ans = x0 / c``); the answers whose
program uses three distinct numbers verified far less often on the validation half than on the
tuning half. This script writes conversations of each such shape itself (the turns, a table of
three years, the final figure rounded as :func:`corpora.convfinqa.answer_text` rounds the gold),
so a shape crossfoot refuses shows without reading either half. Each case is checked twice: with
the final turn alone as ``question=`` (the headline convfinqa run) and with every turn (the
turns line).

Round 19 (convfinqa19) added the shapes its count of the tuning half's false alarms names
(``benchmarks/convfinqa_causes19.py``): operands the text states (in one of four ways filings
word three years' figures, one of them with no year on its first figure), a table in thousands
divided down to the text's millions, a share of a sum of three cells (four numbers), and a whole
computed from a percentage the text rounds.

Round 20 (convfinqa20) added prose operands in other words and units (``forms_*``: billions, a
prior year in parentheses, "respectively" after the years, "approximately", counts of things,
dividends per share) and a whole asked in billions by a last turn that names nothing
(``whole_in_billions``).

    python benchmarks/chain_shapes_convfinqa18.py --n 30 --seed 1
    python benchmarks/chain_shapes_convfinqa18.py --shapes change_ratio share_of_sum --show 5

Round 21 (convfinqa21) added signed operands (``signed_*``, ``crossing_growth``, ``neg_over_pos``,
``loss_over_loss``, ``text_loss``): a table's loss rows written "( 1,234 )", "(1,234)", "-1,234",
"$ ( 1,234 )" or ConvFinQA's "$ -1234 ( 1234 )", one crossing zero, and a loss the text states
with a sign word.

Columns: ``right`` = right figures passed, ``wrong`` = wrong figures passed (lower is better),
``sign`` = the right figure with the wrong sign passed (signed shapes only; lower is better),
for the final turn alone and for the whole conversation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.convfinqa import answer_text, conversation

__all__ = ["SHAPES", "main"]

_ROWS = (
    "net revenues, cost of sales, operating income, interest expense, net earnings, total "
    "assets, long-term debt, cash and equivalents, capital expenditures, depreciation and "
    "amortization, research and development, selling and administrative expenses, accounts "
    "receivable, inventories, goodwill, deferred revenue, free cash flow, dividends paid, share "
    "repurchases, income tax expense"
).split(", ")
_TEXT = (
    "the company reviews its results annually and discusses the factors that affected its "
    "operations during the periods presented below . management believes the amounts are "
    "fairly stated ."
)
_Cell = tuple[int, int]
_Values = dict[_Cell, Decimal]
# a shape: (rng, row labels, years, values) -> (operand cells, the program, the turns[, a
# sentence of the text that states figures of its own: rows >= _PROSE of ``values``])
_Shape = Callable[[random.Random, list[str], list[int], _Values], Any]
_PROSE = 100  # the pseudo-rows of figures stated in the text, not the table


def _table(
    rng: random.Random, thousands: bool = False, signed: bool = False
) -> tuple[list[list[str]], list[str], list[int], _Values]:
    """A table of 3-6 rows over three years, headed in one of ConvFinQA's ways (``thousands``:
    its corner says so; ``signed``: its last two rows are losses, written negative, the last
    one crossing zero between the years: :func:`_signed_rows`)."""
    first = rng.randint(2005, 2024)
    years = [first, first - 1, first - 2]
    style = rng.randrange(3)
    heads = [
        str(y) if style == 0 else f"december 31 , {y}" if style == 1 else f"year ended {y}"
        for y in years
    ]
    corner = rng.choice(["( in millions )", "", "years ended december 31,"])
    corner = "( in thousands )" if thousands else corner
    labels = rng.sample(_ROWS, rng.randint(3, 6))
    grid, values = [[corner, *heads]], {}
    for r, label in enumerate(labels):
        base = rng.choice([rng.randint(50, 999), rng.randint(1000, 20000)])
        decimals = rng.random() < 0.3
        row = [label]
        for c in range(3):
            x = base * (1 + rng.uniform(-0.25, 0.25))
            v = Decimal(f"{x:.1f}") if decimals else Decimal(int(x))
            values[(r, c)] = v
            text = f"{v:,}" if rng.random() < 0.6 else str(v)
            row.append(f"$ {text}" if r == 0 else text)
        grid.append(row)
    if signed:
        _signed_rows(rng, grid, labels, values)
    return grid, labels, years, values


_LOSSES = (
    "net loss, other comprehensive loss, foreign currency translation adjustments, unrealized "
    "losses on hedges, impairment charges, restructuring reserve utilization, operating loss, "
    "other income ( expense ) net, net cash used in investing activities"
).split(", ")


def _signed_rows(rng: random.Random, grid: list[list[str]], labels: list[str], v: _Values) -> None:
    """Three rows of losses appended (round 21, convfinqa21): the first negative in every year,
    the second negative in the two later years and a gain in the earliest (a gain turned into a
    loss), the third a gain in the latest year only (a loss turned into a gain), each cell
    written in one of the ways filings write a negative number: "( 1,234 )", "(1,234)",
    "-1,234", "$ ( 1,234 )", and ConvFinQA's own "-1234 ( 1234 )", "$ -1234 ( 1234 )"."""
    style = rng.randrange(6)
    for k, label in enumerate(rng.sample(_LOSSES, 3)):
        r = len(labels)
        labels.append(label)
        base = rng.choice([rng.randint(20, 900), rng.randint(1000, 9000)])
        decimals = rng.random() < 0.3
        row = [label]
        for c in range(3):
            x = base * (1 + rng.uniform(-0.3, 0.3))
            if (k == 1 and c == 2) or (k == 2 and c == 0):
                x = base * rng.uniform(0.2, 0.8)  # a gain in the earliest (latest) year
            else:
                x = -x
            val = Decimal(f"{x:.1f}") if decimals else Decimal(int(x))
            v[(r, c)] = val
            size = f"{abs(val):,}" if rng.random() < 0.7 else str(abs(val))
            if val >= 0:
                row.append(size)
            elif style == 0:
                row.append(f"( {size} )")
            elif style == 1:
                row.append(f"({size})")
            elif style == 2:
                row.append(f"-{size}")
            elif style == 3:
                row.append(f"$ ( {size} )")
            else:
                plain = str(abs(val))
                row.append(f"{'$ ' if style == 5 else ''}-{plain} ( {plain} )")
        grid.append(row)


def _largest(values: _Values, c: int, rows: int) -> int:
    return max(range(rows), key=lambda r: values[(r, c)])


def _ratio_less_one(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = rng.randrange(len(lab))
    turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[2]}?"]
    turns += [f"what is the ratio of {y[0]} to {y[2]}?", "what is that less 1?"]
    return [(r, 0), (r, 2)], lambda a, b: a / b - 1, turns


def _change_times_100(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = rng.randrange(len(lab))
    turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    turns += [f"what is that change divided by the {y[1]} value?", "what is that times 100?"]
    return [(r, 0), (r, 1)], lambda a, b: (a - b) / b * 100, turns


def _sum_share(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    c = rng.randrange(3)
    whole = _largest(v, c, len(lab))
    r1, r2 = rng.sample([r for r in range(len(lab)) if r != whole], 2)
    turns = [f"what was the {lab[r1]} in {y[c]}?", f"and the {lab[r2]}?", "what is the sum?"]
    turns += [f"what was the {lab[whole]} in {y[c]}?", "what is that sum divided by this value?"]
    return [(r1, c), (r2, c), (whole, c)], lambda a, b, t: (a + b) / t, turns


def _change_over_other(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r1, r2 = rng.sample(range(len(lab)), 2)
    turns = [f"what was the change in {lab[r1]} from {y[1]} to {y[0]}?"]
    turns += [f"what was the {lab[r2]} in {y[1]}?", "what is that change divided by this value?"]
    return [(r1, 0), (r1, 1), (r2, 1)], lambda a, b, t: (a - b) / t, turns


def _change_ratio(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = rng.randrange(len(lab))
    turns = [f"what was the change in {lab[r]} from {y[1]} to {y[0]}?"]
    turns += [f"and from {y[2]} to {y[1]}?", "what is the ratio of the first change to the second?"]
    return [(r, 0), (r, 1), (r, 2)], lambda a, b, c: (a - b) / (b - c), turns


def _changes_gap(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = rng.randrange(len(lab))
    turns = [f"what was the change in {lab[r]} from {y[1]} to {y[0]}?"]
    turns += [f"and from {y[2]} to {y[1]}?", "what is the difference between these changes?"]
    return [(r, 0), (r, 1), (r, 2)], lambda a, b, c: (a - b) - (b - c), turns


def _share_of_sum(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r1, r2 = rng.sample(range(len(lab)), 2)
    c = rng.randrange(3)
    turns = [f"what was the {lab[r1]} in {y[c]}?", f"and the {lab[r2]}?", "what is the sum?"]
    turns += [f"what is the {lab[r1]} divided by that sum?"]
    return [(r1, c), (r2, c)], lambda a, b: a / (a + b), turns


def _average(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = rng.randrange(len(lab))
    turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[1]}?", "what is the sum?"]
    turns += ["what is that divided by 2?"]
    return [(r, 0), (r, 1)], lambda a, b: (a + b) / 2, turns


def _named_changes(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r1, r2 = rng.sample(range(len(lab)), 2)
    turns = [f"what was the {lab[r1]} in {y[0]}?", f"and in {y[1]}?"]
    turns += [
        f"how much did {lab[r1]} grow from {y[1]} to {y[0]} as a multiple of the growth in "
        f"{lab[r2]} over the same years?"
    ]
    return [(r1, 0), (r1, 1), (r2, 0), (r2, 1)], lambda a, b, c, d: (a - b) / (c - d), turns


def _named_sum_share(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    c = rng.randrange(3)
    whole = _largest(v, c, len(lab))
    r1, r2 = rng.sample([r for r in range(len(lab)) if r != whole], 2)
    turns = [f"what was the {lab[r1]} in {y[c]}?", f"and the {lab[r2]}?"]
    turns += [
        f"what portion of the {lab[whole]} in {y[c]} do {lab[r1]} and {lab[r2]} represent combined?"
    ]
    return [(r1, c), (r2, c), (whole, c)], lambda a, b, t: (a + b) / t, turns


_SUBJECTS = (
    "rental expense under operating leases, segment net sales, pension contributions, "
    "restructuring charges, advertising costs, warranty expense, royalty income, "
    "environmental remediation costs"
).split(", ")


def _prose(
    rng: random.Random, y: list[int], v: _Values, low: int = 40, high: int = 900
) -> tuple[str, str]:
    """A subject of the text and a sentence stating it in the three years, in one of the ways
    filings word it; its figures are ``v[(_PROSE, c)]`` (millions, ``low`` to ``high``)."""
    subj = rng.choice(_SUBJECTS)
    base = rng.randint(low, high)
    for c in range(3):
        x = base * (1 + rng.uniform(-0.25, 0.25))
        v[(_PROSE, c)] = Decimal(f"{x:.1f}") if rng.random() < 0.3 else Decimal(int(x))
    a, b, c = (v[(_PROSE, k)] for k in range(3))
    moved = "increased" if a > b else "decreased"
    forms = [
        f"{subj} was $ {a} million , $ {b} million and $ {c} million for {y[0]} , {y[1]} and "
        f"{y[2]} , respectively .",
        f"{subj} {moved} from $ {b} million in {y[1]} to $ {a} million in {y[0]} , and was $ {c} "
        f"million in {y[2]} .",
        f"{subj} of $ {a} million were {'up' if a > b else 'down'} from $ {b} million in {y[1]} "
        f"and $ {c} million in {y[2]} .",
        f"{subj} totaled $ {a} million in {y[0]} compared to $ {b} million in {y[1]} and $ {c} "
        f"million in {y[2]} .",
    ]
    return subj, rng.choice(forms)


# Round 20 (convfinqa20): prose operands in other words and units than _prose's: billions,
# a prior year in parentheses, "respectively" after the years, "approximately", counts of
# things, dividends per share; the figures are ``v[(_PROSE, c)]`` in the unit the text writes.
_COUNTED = ("stores", "employees", "aircraft", "retail locations", "franchised restaurants")


def _prose_forms(
    rng: random.Random, y: list[int], v: _Values, kinds: int = 6
) -> tuple[str, str, str]:
    """A subject, a sentence stating it in three years in one of six further ways (the first
    ``kinds``: 4 for amounts of money only), and the unit the turns ask it in (empty: the
    text's own)."""
    kind = rng.randrange(kinds)
    if kind == 4:  # a count of things
        subj = rng.choice(_COUNTED)
        base = rng.randint(800, 9000)
        for c in range(3):
            v[(_PROSE, c)] = Decimal(int(base * (1 + rng.uniform(-0.2, 0.2))))
        a, b, c = (f"{v[(_PROSE, k)]:,}" for k in range(3))
        text = (
            f"we operated {a} {subj} at the end of {y[0]} , compared with {b} at the end of "
            f"{y[1]} and {c} at the end of {y[2]} ."
        )
        return f"number of {subj}", text, ""
    if kind == 5:  # dividends per share
        base = rng.randint(20, 300)
        for c in range(3):
            v[(_PROSE, c)] = Decimal(int(base * (1 + rng.uniform(-0.2, 0.2)))) / 100
        a, b, c = (v[(_PROSE, k)] for k in range(3))
        text = (
            f"cash dividends declared per common share were $ {a:.2f} , $ {b:.2f} and $ {c:.2f} "
            f"in {y[0]} , {y[1]} and {y[2]} , respectively ."
        )
        return "cash dividends declared per common share", text, ""
    subj = rng.choice(_SUBJECTS)
    billions = kind == 0
    base = rng.uniform(1.1, 9.9) if billions else rng.randint(40, 900)
    for c in range(3):
        x = base * (1 + rng.uniform(-0.25, 0.25))
        v[(_PROSE, c)] = Decimal(f"{x:.1f}") if billions or rng.random() < 0.3 else Decimal(int(x))
    a, b, c = (v[(_PROSE, k)] for k in range(3))
    unit = "billion" if billions else "million"
    forms = [
        f"{subj} amounted to $ {a} {unit} in {y[0]} , compared with $ {b} {unit} in {y[1]} and "
        f"$ {c} {unit} in {y[2]} .",
        f"{subj} were $ {a} {unit} in {y[0]} ( $ {b} {unit} in {y[1]} and $ {c} {unit} in "
        f"{y[2]} ) .",
        f"for {y[0]} , {y[1]} and {y[2]} , {subj} were $ {a} {unit} , $ {b} {unit} and $ {c} "
        f"{unit} , respectively .",
        f"{subj} were approximately $ {a} {unit} , $ {b} {unit} and $ {c} {unit} in {y[0]} , "
        f"{y[1]} and {y[2]} .",
    ]
    return subj, forms[kind if kind < 4 else 0], ""


def _forms_change(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text, _ = _prose_forms(rng, y, v)
    turns = [f"what was the {subj} in {y[0]}?", f"and in {y[1]}?"]
    turns += ["what was the change?" if rng.random() < 0.5 else "what is the net change?"]
    return [(_PROSE, 0), (_PROSE, 1)], lambda a, b: a - b, turns, text


def _forms_growth(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text, _ = _prose_forms(rng, y, v)
    turns = [f"what was the {subj} in {y[1]}?", f"and in {y[0]}?", "what was the change?"]
    turns += [
        rng.choice(
            [
                f"how much does that change represent in relation to the {y[1]} value?",
                f"what is that change divided by the {y[1]} {subj}?",
                "and what is this change as a percentage of the earlier value?",
            ]
        )
    ]
    return [(_PROSE, 0), (_PROSE, 1)], lambda a, b: (a - b) / b, turns, text


def _forms_over_cell(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text, _ = _prose_forms(rng, y, v, 4)  # (an amount of money over a cell)
    r, c = rng.randrange(len(lab)), rng.randrange(3)
    turns = [f"what was the {subj} in {y[c]}?", f"and the {lab[r]} in that year?"]
    turns += [f"what is the ratio of the {subj} to the {lab[r]}?"]
    return [(_PROSE, c), (r, c)], lambda a, b: a / b, turns, text


def _text_change(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text = _prose(rng, y, v)
    turns = [f"what was the {subj} in {y[0]}?", f"and in {y[1]}?"]
    turns += [f"what was the change in {subj} from {y[1]} to {y[0]}?"]
    return [(_PROSE, 0), (_PROSE, 1)], lambda a, b: a - b, turns, text


def _text_growth(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text = _prose(rng, y, v)
    turns = [f"what was the {subj} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    turns += [f"what is that change divided by the {y[1]} {subj}?"]
    return [(_PROSE, 0), (_PROSE, 1)], lambda a, b: (a - b) / b, turns, text


def _text_over_cell(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text = _prose(rng, y, v)
    r, c = rng.randrange(len(lab)), rng.randrange(3)
    turns = [f"what was the {subj} in {y[c]}?", f"and the {lab[r]}?"]
    turns += [f"what is the {subj} divided by the {lab[r]}?"]
    return [(_PROSE, c), (r, c)], lambda a, b: a / b, turns, text


def _thousands_over_text(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj, text = _prose(rng, y, v, 5, 60)
    c = rng.randrange(3)
    r = _largest(v, c, len(lab))  # a figure in thousands that is some millions
    turns = [f"what was the {lab[r]} in {y[c]}?", "what is that divided by 1000?"]
    turns += [f"what is that divided by the {y[c]} {subj}?"]
    return [(r, c), (_PROSE, c)], lambda a, b: a / 1000 / b, turns, text


def _sum3_share(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    c = rng.randrange(3)
    whole = _largest(v, c, len(lab))
    rest = [r for r in range(len(lab)) if r != whole]
    if len(rest) < 3:
        return None
    r1, r2, r3 = rng.sample(rest, 3)
    turns = [f"what was the {lab[r1]} in {y[c]}?", f"and the {lab[r2]}?", "what is the sum?"]
    turns += [f"what is the sum including the {lab[r3]}?"]
    turns += [f"what is that total sum divided by the {lab[whole]}?"]
    return [(r1, c), (r2, c), (r3, c), (whole, c)], lambda a, b, d, t: (a + b + d) / t, turns


def _percent_rounded(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    subj = rng.choice(_SUBJECTS)
    text = ""
    for k in (1, 0):  # the year before's decrease too (a neighbour for the wrong twin)
        before = Decimal(rng.randint(300, 9000))
        cut = Decimal(int(before * Decimal(str(rng.uniform(0.05, 0.4)))))
        pct = (cut / before * 100).quantize(Decimal("0.1"))
        v[(_PROSE + k, 0)], v[(_PROSE + k, 1)] = cut, pct / 100
        text += f"{subj} decreased $ {cut} million , or {pct} % , in {y[k]} . "
    turns = [f"by how much did the {subj} decrease in {y[0]}?"]
    turns += [f"and what percentage of the {y[1]} {subj} does that decrease represent?"]
    turns += [f"what, then, was the {subj} in {y[1]}?"]
    return [(_PROSE, 0), (_PROSE, 1)], lambda a, b: a / b, turns, text


def _whole_in_billions(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    made = _percent_rounded(rng, lab, y, v)
    turns = [*made[2], "and what is that in billions?"]  # the last turn names nothing
    return made[0], lambda a, b: a / b / 1000, turns, made[3]


# Round 21 (convfinqa21): signed operands. A table's last three rows are losses
# (:func:`_signed_rows`): row -3 negative in every year, row -2 negative in the two later years
# and a gain in the earliest, row -1 a gain in the latest year only; y[0] is the latest year.
def _pos_row(rng: random.Random, lab: list[str]) -> int:
    return rng.randrange(len(lab) - 3)


def _signed_change(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = len(lab) - 3
    if rng.random() < 0.5:
        turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    else:
        turns = [f"what was the change in {lab[r]} from {y[1]} to {y[0]}?"]
    return [(r, 0), (r, 1)], lambda a, b: a - b, turns


def _recovery_growth(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    """A loss turned into a gain: the change over the size of the loss, as ConvFinQA's programs
    write it ("x0 = 17388 - -38957; ans = x0 / 38957")."""
    r = len(lab) - 1
    turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    turns += [
        rng.choice(
            [
                f"what percentage does this change represent in relation to the {y[1]} value?",
                f"what is that change divided by the {y[1]} value?",
            ]
        )
    ]
    return [(r, 0), (r, 1)], lambda a, b: (a - b) / abs(b), turns


def _signed_growth(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = len(lab) - 3
    turns = [f"what was the {lab[r]} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    turns += [
        rng.choice(
            [
                f"what is that change divided by the {y[1]} value?",
                "and what is this change as a percentage of the earlier value?",
                f"how much does that change represent in relation to the {y[1]} value?",
            ]
        )
    ]
    return [(r, 0), (r, 1)], lambda a, b: (a - b) / b, turns


def _crossing_growth(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    r = len(lab) - 2  # a gain in y[2] turned into a loss in y[1]
    turns = [f"what was the {lab[r]} in {y[1]}?", f"and in {y[2]}?", "what was the change?"]
    turns += [f"what is that change divided by the {y[2]} value?"]
    return [(r, 1), (r, 2)], lambda a, b: (a - b) / b, turns


def _neg_over_pos(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    neg, pos, c = len(lab) - 3, _pos_row(rng, lab), rng.randrange(3)
    turns = [f"what was the {lab[neg]} in {y[c]}?", f"and the {lab[pos]}?"]
    turns += [
        rng.choice(
            [
                f"what is the ratio of the {lab[neg]} to the {lab[pos]}?",
                "what is the first divided by the second?",
                f"what portion of the {lab[pos]} does that {lab[neg]} represent?",
            ]
        )
    ]
    return [(neg, c), (pos, c)], lambda a, b: a / b, turns


def _loss_over_loss(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    a, b, c = len(lab) - 3, len(lab) - 2, rng.randrange(2)
    turns = [f"what was the {lab[a]} in {y[c]}?", f"and the {lab[b]}?"]
    turns += [f"what is the ratio of the {lab[a]} to the {lab[b]}?"]
    return [(a, c), (b, c)], lambda p, q: p / q, turns


def _signed_sum(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    neg, pos, c = len(lab) - 3, _pos_row(rng, lab), rng.randrange(3)
    turns = [f"what was the {lab[pos]} in {y[c]}?", f"and the {lab[neg]}?"]
    turns += [rng.choice(["what is the sum?", "what is the total of the two?"])]
    return [(pos, c), (neg, c)], lambda a, b: a + b, turns


def _signed_over_other(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    neg, pos = len(lab) - 3, _pos_row(rng, lab)
    turns = [f"what was the change in {lab[neg]} from {y[1]} to {y[0]}?"]
    turns += [f"what was the {lab[pos]} in {y[1]}?", "what is that change divided by this value?"]
    return [(neg, 0), (neg, 1), (pos, 1)], lambda a, b, t: (a - b) / t, turns


def _text_loss(rng: random.Random, lab: list[str], y: list[int], v: _Values) -> Any:
    """A loss the text states with a sign word, over two years; the program takes its sizes
    as written (ConvFinQA's programs write a text figure's digits)."""
    subj = rng.choice(["net loss", "operating loss", "loss from discontinued operations"])
    base = rng.randint(40, 900)
    for c in range(3):
        x = base * (1 + rng.uniform(-0.3, 0.3))
        v[(_PROSE, c)] = Decimal(f"{x:.1f}") if rng.random() < 0.3 else Decimal(int(x))
    a, b, d = v[(_PROSE, 0)], v[(_PROSE, 1)], v[(_PROSE, 2)]
    text = rng.choice(
        [
            f"the company reported a {subj} of $ {a} million in {y[0]} , compared with a {subj} "
            f"of $ {b} million in {y[1]} and $ {d} million in {y[2]} .",
            f"{subj} was $ ( {a} ) million in {y[0]} , $ ( {b} ) million in {y[1]} and $ ( {d} ) "
            f"million in {y[2]} .",
            f"we incurred a {subj} of $ {a} million in {y[0]} , $ {b} million in {y[1]} and $ {d} "
            f"million in {y[2]} .",
        ]
    )
    turns = [f"what was the {subj} in {y[0]}?", f"and in {y[1]}?", "what was the change?"]
    if rng.random() < 0.5:
        turns += [f"what is that change divided by the {y[1]} {subj}?"]
        return [(_PROSE, 0), (_PROSE, 1)], lambda p, q: (p - q) / q, turns, text
    return [(_PROSE, 0), (_PROSE, 1)], lambda p, q: p - q, turns, text


SHAPES: dict[str, _Shape] = {
    "ratio_less_one": _ratio_less_one,  # x0 = a / b; ans = x0 - 1
    "change_times_100": _change_times_100,  # x0 = a - b; x1 = x0 / b; ans = x1 * 100
    "sum_share": _sum_share,  # x0 = a + b; ans = x0 / c
    "change_over_other": _change_over_other,  # x0 = a - b; ans = x0 / c
    "change_ratio": _change_ratio,  # x0 = a - b; x1 = b - c; ans = x0 / x1
    "changes_gap": _changes_gap,  # x0 = a - b; x1 = b - c; ans = x0 - x1
    "share_of_sum": _share_of_sum,  # x0 = a + b; ans = a / x0
    "average": _average,  # x0 = a + b; ans = x0 / 2
    "named_changes": _named_changes,  # the last turn names both lines, points back to nothing
    "named_sum_share": _named_sum_share,  # the same, a sum's share
    # round 19 (convfinqa19): the shapes the tuning half's false alarms name
    "text_change": _text_change,  # ans = a - b of two figures the text states
    "text_growth": _text_growth,  # x0 = a - b; ans = x0 / b, text figures
    "text_over_cell": _text_over_cell,  # ans = t / c: a text figure over a table cell
    "thousands_over_text": _thousands_over_text,  # x0 = c / 1000; ans = x0 / t
    "sum3_share": _sum3_share,  # x0 = a + b; x1 = x0 + c; ans = x1 / d
    "percent_rounded": _percent_rounded,  # ans = a / p: a percent the text rounds
    # round 20 (convfinqa20): prose operands in other words and units (_prose_forms)
    "forms_change": _forms_change,  # ans = a - b of two text figures
    "forms_growth": _forms_growth,  # x0 = a - b; ans = x0 / b, text figures
    "forms_over_cell": _forms_over_cell,  # ans = t / c: a text figure over a table cell
    "whole_in_billions": _whole_in_billions,  # x0 = a / p; ans = x0 / 1000, a bare last turn
    # round 21 (convfinqa21): signed operands (_signed_rows)
    "signed_change": _signed_change,  # ans = a - b of a loss row
    "signed_growth": _signed_growth,  # x0 = a - b; ans = x0 / b, a negative base
    "crossing_growth": _crossing_growth,  # x0 = a - b; ans = x0 / b, a gain turned into a loss
    "recovery_growth": _recovery_growth,  # x0 = a - b; ans = x0 / |b|, a loss turned into a gain
    "neg_over_pos": _neg_over_pos,  # ans = a / b, a loss over a positive cell
    "loss_over_loss": _loss_over_loss,  # ans = a / b, two losses
    "signed_sum": _signed_sum,  # ans = a + b, a positive and a negative cell
    "signed_over_other": _signed_over_other,  # x0 = a - b; ans = x0 / c, a loss row's change
    "text_loss": _text_loss,  # ans = a - b or (a - b) / b of a loss the text states
}
_THOUSANDS = {"thousands_over_text"}  # shapes over a table in thousands
_SIGNED = {
    "signed_change",
    "signed_growth",
    "crossing_growth",
    "recovery_growth",
    "neg_over_pos",
    "loss_over_loss",
    "signed_sum",
    "signed_over_other",
    "text_loss",
}  # shapes over a table with loss rows


def _passes(answer: str, sources: list[str], question: str) -> bool:
    report = crossfoot.check(answer, sources, question=question, require_citations=False)
    start = answer.index("The answer is")
    return all(c.passed for c in report.claims if c.mention.start >= start)


def _neighbour(rng: random.Random, cell: _Cell, values: _Values, used: list[_Cell]) -> _Cell | None:
    r, c = cell
    near = [(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)]
    near = [k for k in near if k in values and k not in used and values[k] != values[cell]]
    return rng.choice(near) if near else None


def _case(
    rng: random.Random, name: str
) -> tuple[list[str], list[str], str, str, str | None] | None:
    """Sources, turns, the right figure, the figure with one operand swapped for a neighbouring
    cell, and (a signed shape) the right figure with the wrong sign."""
    grid, labels, years, values = _table(rng, name in _THOUSANDS, name in _SIGNED)
    made = SHAPES[name](rng, labels, years, values)
    if made is None:
        return None
    cells, program, turns = made[:3]
    text = f"{made[3]} {_TEXT}" if len(made) > 3 else _TEXT
    swapped = list(cells)
    k = rng.randrange(len(cells))
    other = _neighbour(rng, cells[k], values, cells)
    if other is None:
        return None
    swapped[k] = other
    with localcontext() as ctx:
        ctx.prec = 40
        try:
            right = answer_text(program(*(values[c] for c in cells)))
            wrong = answer_text(program(*(values[c] for c in swapped)))
            flip = answer_text(-program(*(values[c] for c in cells)))
        except ArithmeticError:
            return None
    if right == wrong:
        return None
    return [json.dumps(grid), text], turns, right, wrong, flip if name in _SIGNED else None


def run(n: int, seed: int, shapes: Sequence[str], show: int = 0) -> dict[str, Counter[str]]:
    """Per shape, the counts of right and wrong figures passed in both modes."""
    rng = random.Random(seed)
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for name in shapes:
        shown = 0
        for _ in range(n):
            case = _case(rng, name)
            if case is None:
                continue
            sources, turns, right, wrong, flip = case
            out[name]["n"] += 1
            for mode, question in (("final", turns[-1]), ("turns", conversation(turns))):
                ok = _passes(f"{turns[-1]} The answer is {right}.", sources, question)
                bad = _passes(f"{turns[-1]} The answer is {wrong}.", sources, question)
                sign = flip is not None and _passes(
                    f"{turns[-1]} The answer is {flip}.", sources, question
                )
                out[name][f"{mode} right"] += ok
                out[name][f"{mode} wrong"] += bad
                out[name][f"{mode} flip"] += sign
                if (not ok or bad or sign) and shown < show:
                    shown += 1
                    print(
                        f"-- {name} ({mode}): right {right} {ok}, wrong {wrong} {bad}, sign {sign}"
                    )
                    print(f"   {' | '.join(turns)}\n   {sources[0]}\n   {sources[1][:200]}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=30, help="conversations per shape")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    p.add_argument("--show", type=int, default=0, help="cases shown per shape where it errs")
    args = p.parse_args(argv)
    counts = run(args.n, args.seed, args.shapes, args.show)
    print(f"{'shape':20} {'n':>3}  final right/wrong/sign  turns right/wrong/sign")
    for name, c in counts.items():
        final, turns = (
            f"{c['final right']}/{c['final wrong']}/{c['final flip']}",
            f"{c['turns right']}/{c['turns wrong']}/{c['turns flip']}",
        )
        print(f"{name:20} {c['n']:>3}  {final:>22}  {turns:>22}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
