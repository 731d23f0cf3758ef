"""Counts-only tags of the convfinqa false alarms of a sum program whose terms are figures of
running text (round 40, conv40a): where the terms sit in the text, and what lies between them.

``conv_window_tags38a`` says the sum search ran and which line holds the terms; for the false
alarms whose gold program sums three or more figures (two or more "+" steps, or a sum then a
"/") this says, for the terms the engine read as figures of running text:

- ``sources``: how many sources hold the terms (one source; a text figure and a cell);
- ``runs``: how many runs of listed figures (``multi._ProseRuns``) hold them;
- ``sentences``: how many sentences hold them;
- ``between``: how many other figures of the text lie between the first term and the last;
- ``between kind``: of each figure between, its kind (amount, percent) and whether a part word
  ("of which", "including", "net of", "excluding") stands just before it;
- ``years``: whether the terms each name a year, distinct ones, or some none.

Counts only: never a sentence, a question, a table, a label or a number.

    python benchmarks/conv_prose_sums40a.py --data-root ../shared/data
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from decimal import Decimal
from itertools import pairwise
from typing import Any

import ragbench
from conv_program_tags import _steps
from conv_sum_tags37a import _operands, is_sum_program
from corpora import convfinqa
from corpora.common import HALVES, Item, data_root, in_half
from crossfoot.language.years import period
from crossfoot.sources.load import load_sources

__all__ = ["count_prose_sum_tags", "prose_sum_tags"]

_PART = ("of which", "including", "included", "net of", "excluding", "excludes", "includes")


def _terms(item: Item, values: list[Decimal]) -> list[Any]:
    """The engine's source values each term is read as (the first of each, by magnitude; a
    figure of running text read in millions is its written number's size there too)."""
    out = []
    vals = [v for s in load_sources(item.sources).sources for v in s.values if v.operand]
    for x in values:
        hit = next((v for v in vals if abs(v.value) == abs(x)), None)
        if hit is None:
            hit = next(
                (v for v in vals if v.span is not None and _written(item, v) == abs(x)), None
            )
        out.append(hit)
    return out


def _written(item: Item, v: Any) -> Decimal | None:
    """The number a figure of running text writes (before its scale word)."""
    text = item.sources[1] if len(item.sources) > 1 else ""
    if v.source_id != "S2" or v.span is None:
        return None
    digits = "".join(ch for ch in text[v.span[0] : v.span[1]] if ch.isdigit() or ch == ".")
    try:
        return Decimal(digits.strip("."))
    except ArithmeticError:
        return None


def prose_sum_tags(item: Item) -> list[str]:
    """The counts-only tags of one sum program's terms (module docstring)."""
    steps = _steps(str(item.meta.get("program") or ""))
    values, _ = _operands(steps or [])
    if not values:
        return ["terms: none"]
    terms = _terms(item, values)
    if any(t is None for t in terms):
        return ["terms: some unread"]
    prose = [t for t in terms if t.table is None and t.span is not None]
    out = [f"terms: {len(prose)} of {len(terms)} in running text"]
    if len(prose) < 2:
        return out
    out.append(f"sources: {len({t.source_id for t in terms})}")
    src = prose[0].source_id
    text = item.sources[1]
    every = sorted(
        (
            v
            for s in load_sources(item.sources).sources
            if s.id == src
            for v in s.values
            if v.span is not None and v.operand
        ),
        key=lambda v: v.span[0],
    )
    spans = sorted(t.span[0] for t in prose)
    lo, hi = spans[0], spans[-1]
    between = [v for v in every if lo < v.span[0] < hi and v.span[0] not in spans]
    out.append(f"between: {min(len(between), 4)}{'+' if len(between) >= 4 else ''}")
    gaps = [b - a for a, b in pairwise(spans)]
    out.append(
        f"largest gap: {'<=80' if max(gaps) <= 80 else '81-200' if max(gaps) <= 200 else '>200'}"
    )
    stops = sum(1 for i in range(lo, hi) if text[i] == "." and text[i - 1 : i + 2].strip() == ".")
    out.append(f"sentences: {min(stops, 3) + 1}")
    for v in between:
        before = text[max(0, v.span[0] - 24) : v.span[0]].lower()
        part = any(w in before for w in _PART)
        kind = "percent" if v.kind == "percent" else "amount"
        out.append(f"between kind: {kind}{', a part word before' if part else ''}")
    years = [period(t) for t in prose]
    named = [y for y in years if y is not None]
    if not named:
        out.append("years: none named")
    elif len(named) < len(years):
        out.append("years: some named")
    else:
        out.append(
            "years: each named, " + ("distinct" if len(set(named)) == len(named) else "shared")
        )
    return out


def count_prose_sum_tags(records: list[dict[str, Any]], items: dict[str, Item]) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of a sum program, one count per tag."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        if not is_sum_program(item):
            continue
        prog = " ".join(op for _, op, _ in _steps(str(item.meta.get("program"))) or [])
        out.update(f"[{prog}] {t}" for t in prose_sum_tags(item))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    every = convfinqa.load(data_root(args.data_root), None)
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], {})
    table: dict[str, Counter[str]] = {}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "convfinqa", False)
        table[half] = count_prose_sum_tags(o.records, items)
    print("## convfinqa: sum programs' terms in running text (conv40a) (tune / valid)")
    keys = set(table["tune"]) | set(table["valid"])
    for k in sorted(keys, key=lambda k: (-table["valid"][k], -table["tune"][k], k)):
        print(f"{table['tune'][k]:4d} {table['valid'][k]:4d}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
