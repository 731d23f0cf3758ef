"""Which shapes of derivation could reach the convfinqa false alarms at all: an oracle rule, put
last in the rule order for one run, passes a figure when ANY chain of one shape over the answer's
source values meets it at its stated precision; the run prints, per half, the false alarms left
and the value errors still caught (round 27, conv27). Counts only: no item is read or printed.

A shape that closes many false alarms of the validation half and few wrong figures (value caught
barely falls) names a class worth a gated rule; a shape whose closed false alarms come with as
many wrong figures passed is a coincidence of the half's many numbers, not a class. The numbers
the oracle takes are every value of the answer's scopes (both views of a cell, prose figures; a
prose figure that reads as a year, 1990-2035, left out).

Measured on main e82ff8b (false alarms of 186 / 232, value errors caught; validation / tuning;
the oracle of one shape added alone; ``python benchmarks/conv_reach27.py``):

==============  =====================  =====================
shape           valid                  tune
==============  =====================  =====================
none            46, 135/138            21, 205/209
sum_over        29, 116/155            11, 154/219
diff_over       27, 107/157            11, 138/219
sum3            33, 137/151            18, 201/212
sum3_col        39, 140/145            21, 205/209
sum3_text       44, 135/140            21, 204/209
part_of_sum     44, 130/139            18, 199/212
product         43, 135/141            21, 205/209
scaled2         29, 113/154            11, 156/219
chg_over        40, 128/144            20, 189/210
colsum_over     41, 137/143            18, 201/212
colsum_pos      45, 136/139            19, 205/211
rowsum_over     45, 135/138            21, 202/209
sum3_row        46, 135/138            21, 205/209
sum4_col        45, 135/139            21, 205/209
sum2_col        46, 135/138            21, 205/209
mean3_row       45, 136/139            20, 204/210
mean3_col       45, 136/139            21, 205/209
==============  =====================  =====================

Most shapes that close several validation false alarms pass about as many wrong figures (value
caught falls by as many): a coincidence of the half's many numbers, not a class. One does not:
``sum3_col``, a sum of three cells of one column of a table, closes 7 validation false alarms
for 2 more wrong figures passed, and none of the tuning half's: the one validation-only class
this oracle finds. ``rules/table_chain`` enumerates such sums (three or four cells of a line of
at most ten) and refuses them: with every gate of its sums lifted (the words' binding, the chance
budget, the precision floor of a thousandth, the table and line sizes) the validation half went
46 -> 41 (value caught 138/142), the tuning half's false alarms unchanged (swaps caught 185 ->
182); lifting the precision floor alone, or the words and the chance budget alone, closed 0-1.
So the figures are coarse (a sum answered to the unit, "916") and the words name other lines
than the summed ones: a gated reading of that is the next round's work.

Lifting every gate of the two-operand search at once (any pair, any group size, coarse figures
too) left 38 of 46 (value caught 133/145); the chance budgets of ``table_chain``, ``named_base``,
``turn_chain``, ``signed_quotient`` and ``table_chain_text`` four times looser moved nothing on
either half.

    python benchmarks/conv_reach27.py --shapes none colsum_pos rowsum_over
"""

from __future__ import annotations

import argparse
import sys
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Sequence
from itertools import combinations, permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot.rules as rules_pkg
import ragbench
from corpora.common import HALVES, data_root, in_half
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_shared import claim_interval
from run_all import ADAPTERS, crossfoot_options

__all__ = ["SHAPES", "main"]

_Test = Callable[[list[SourceValue], float, float], bool]


def _plain(values: list[SourceValue]) -> list[float]:
    out = set()
    for v in values:
        x = float(v.value)
        if x != 0 and not (v.table is None and x.is_integer() and 1990 <= x <= 2035):
            out.add(x)
    return sorted(out)


def _has(vals: list[float], lo: float, hi: float) -> bool:
    lo, hi = min(lo, hi), max(lo, hi)
    return bisect_left(vals, lo) < bisect_right(vals, hi)


def _quotient_of(top: Callable[[float, float], float]) -> _Test:
    """top(a, b) / c for any a, b, c: c solved for and looked up."""

    def test(values: list[SourceValue], lo: float, hi: float) -> bool:
        vals = _plain(values)
        if len(vals) > 400 or (lo <= 0 <= hi):
            return False
        return any((s := top(a, b)) != 0 and _has(vals, s / hi, s / lo) for a in vals for b in vals)

    return test


def _sum3(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain(values)
    return len(vals) <= 400 and any(_has(vals, lo - a - b, hi - a - b) for a in vals for b in vals)


def _part_of_sum(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain(values)
    return any(a + b != 0 and lo <= a / (a + b) <= hi for a in vals for b in vals)


def _product(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain(values)
    return any(lo <= a * b <= hi for a in vals for b in vals)


def _scaled2(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain(values)
    for a in vals:
        for b in vals:
            for r in (a + b, a - b, a / b, (a - b) / b):
                if any(lo <= r / f <= hi for f in (1000.0, 0.001, 100.0, 0.01, 1e6, 1e-6)):
                    return True
    return False


def _lines(values: list[SourceValue], across: bool) -> list[list[SourceValue]]:
    out: dict[tuple[object, ...], list[SourceValue]] = defaultdict(list)
    for v in values:
        if v.table is None or v.row_index is None or v.col_index is None or v.value == 0:
            continue
        if v.view != "true":
            out[(v.source_id, v.table, v.row_index if across else v.col_index)].append(v)
    return list(out.values())


def _sum3_col(values: list[SourceValue], lo: float, hi: float) -> bool:
    return any(
        lo <= sum(float(v.value) for v in c) <= hi
        for line in _lines(values, False)
        if len(line) <= 40
        for c in combinations(line, 3)
    )


def _line_mean(across: bool, k: int, mean: bool) -> _Test:
    """The sum (``mean``: the mean) of ``k`` cells of one row (``across``) or column."""

    def test(values: list[SourceValue], lo: float, hi: float) -> bool:
        d = k if mean else 1
        return any(
            lo <= sum(float(v.value) for v in c) / d <= hi
            for line in _lines(values, across)
            if len(line) <= 40
            for c in combinations(line, k)
        )

    return test


def _sum3_text(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain([v for v in values if v.table is None])
    return len(vals) <= 60 and any(lo <= sum(c) <= hi for c in combinations(vals, 3))


def _chg_over(values: list[SourceValue], lo: float, hi: float) -> bool:
    vals = _plain(values)
    if lo <= 0 <= hi:
        return False
    for line in _lines(values, True):
        for a, b in permutations(line, 2):
            d = float(a.value - b.value)
            if d != 0 and _has(vals, d / hi, d / lo):
                return True
    return False


def _line_share(across: bool, positive: bool) -> _Test:
    """(a + b) / c of three cells of one line (``positive``: all above 0, c above a + b)."""

    def test(values: list[SourceValue], lo: float, hi: float) -> bool:
        for line in _lines(values, across):
            xs = [float(v.value) for v in line if v.value > 0 or not positive]
            for i, j in combinations(range(len(xs)), 2):
                s = xs[i] + xs[j]
                for k, z in enumerate(xs):
                    if k in (i, j) or z == 0 or (positive and z <= s):
                        continue
                    if lo <= s / z <= hi:
                        return True
        return False

    return test


SHAPES: dict[str, _Test | None] = {
    "none": None,
    "sum_over": _quotient_of(lambda a, b: a + b),
    "diff_over": _quotient_of(lambda a, b: a - b),
    "sum3": _sum3,
    "sum3_col": _sum3_col,
    "sum3_text": _sum3_text,
    "sum3_row": _line_mean(True, 3, False),
    "sum4_col": _line_mean(False, 4, False),
    "sum2_col": _line_mean(False, 2, False),
    "mean3_row": _line_mean(True, 3, True),
    "mean3_col": _line_mean(False, 3, True),
    "part_of_sum": _part_of_sum,
    "product": _product,
    "scaled2": _scaled2,
    "chg_over": _chg_over,
    "colsum_over": _line_share(False, False),
    "colsum_pos": _line_share(False, True),
    "rowsum_over": _line_share(True, False),
}


def _oracle(test: _Test) -> Callable[[ClaimContext], Verdict | None]:
    def oracle(ctx: ClaimContext) -> Verdict | None:
        if ctx.shared.get("ask.text") is None:
            return None
        lo, hi = (float(x) for x in claim_interval(ctx))
        if ctx.mention.kind == "percent":
            lo, hi = lo / 100, hi / 100
        values = [v for g in ctx.scope.groups for v in g.values]
        if not test(values, lo, hi):
            return None
        ev = Evidence("oracle", "oracle", "any chain of the shape", (), ctx.mention.value, "")
        return Verdict("derived", ev)

    return oracle


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    p.add_argument("--data-root", default=None)
    a = p.parse_args(argv)
    every = ADAPTERS["convfinqa"].load(data_root(a.data_root), None)
    base = rules_pkg.RULES
    print("| shape | " + " | ".join(f"{h} false alarms, value caught" for h in HALVES) + " |")
    for shape in a.shapes:
        test = SHAPES[shape]
        rules_pkg.RULES = base if test is None else (*base, _oracle(test))
        cells = []
        try:
            for half in HALVES:
                tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
                o = ragbench.evaluate(in_half(every, half), tools, 0, "convfinqa", False)
                st = o.stats["crossfoot"]
                value = st["injections"].get("value", {"caught": 0, "base": 0})
                cells.append(
                    f"{st['false_alarms']}/{st['good_sentences']}, "
                    f"{value['caught']}/{value['base']}"
                )
        finally:
            rules_pkg.RULES = base
        print(f"| {shape} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
