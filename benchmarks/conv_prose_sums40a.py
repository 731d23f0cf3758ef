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
- ``years``: whether the terms each name a year, distinct ones, or some none;
- ``term positions``: the terms' places among the text's figures, from the first term's;
- ``between year``: each figure between: no year, a term's year, another year;
- ``largest gap``: the most characters between two neighbouring terms (<=80, 81-200, >200);
- ``offered`` (with the tool): whether the sum search's subsets hold the terms as one subset for
  the failing claim, and which test refuses it (:func:`offered_tags`).

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

import crossfoot.rules.multi as _multi
import ragbench
from conv_program_tags import _steps
from conv_sum_tags37a import _operands, is_sum_program
from conv_window_tags38a import _spy
from corpora import convfinqa
from corpora.common import HALVES, Item, data_root, in_half
from crossfoot.language.years import period
from crossfoot.rules import _prose_series as _series
from crossfoot.rules._derive_shared import claim_interval, focus_ok
from crossfoot.rules._prose_pairs import prose_sum_ok
from crossfoot.sources.load import load_sources

__all__ = ["count_prose_sum_tags", "prose_sum_tags"]

_PART = ("of which", "including", "included", "net of", "excluding", "excludes", "includes")


def _terms(item: Item, values: list[Decimal]) -> list[Any]:  # SourceValue or None
    """The engine's source values each term is read as (the first of each, by magnitude; a
    figure of running text read in millions is its written number's size there too)."""
    out = []
    vals = [v for s in load_sources(item.sources).sources for v in s.values if v.operand]
    used: set[Any] = set()
    for x in values:
        # (a term written twice in the program is the same figure only when no other has it)
        hits: list[Any] = [v for v in vals if abs(v.value) == abs(x)]
        hits = hits or [v for v in vals if v.span is not None and _written(item, v) == abs(x)]
        fresh = [v for v in hits if id(v) not in used and (v.span or v.row_index) not in used]
        hit: Any = (fresh or hits or [None])[0]
        if hit is not None:
            used.update((id(hit), hit.span or hit.row_index))
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
    every: list[Any] = sorted(
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
    runs = _multi._ProseRuns()
    run_of = {v.span[0]: runs.of(v) for v in every}
    out.append(f"runs: {len({run_of[x] for x in spans})}")
    starts = [v.span[0] for v in every]
    first = starts.index(lo)
    pattern = ",".join(str(starts.index(x) - first) for x in spans if x in starts)
    out.append(f"term positions in the text's figures: {pattern}")
    term_years = {t.year for t in prose if t.year is not None}
    by_start = {t.span[0]: t for t in prose}
    for v in between:
        where = "none" if v.year is None else "a term's" if v.year in term_years else "another"
        if v.year in term_years:
            nxt = min((x for x in spans if x > v.span[0]), default=None)
            prev = max((x for x in spans if x < v.span[0]), default=None)
            if nxt is not None and by_start[nxt].year == v.year:
                where += " (the next term's)"
            elif prev is not None and by_start[prev].year == v.year:
                where += " (the previous term's)"
        out.append(f"between year: {where}")
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


def offered_tags(item: Item, tool: Any, rec: dict[str, Any]) -> list[str]:
    """Whether the sum search's subsets (``multi._answer_subsets``, every line and series) hold
    the terms as one subset for the failing claim, and if so which test refuses it."""
    steps = _steps(str(item.meta.get("program") or ""))
    values, divisor = _operands(steps or [])
    terms = _terms(item, values) if values else []
    if not terms or any(t is None for t in terms):
        return []
    with _spy() as seen:
        report = tool._checker(item).check(item.answer, question=item.question or None)
    start = item.answer.find(rec["sentence"])
    failing = [c for c in report.claims if c.mention.start >= start and not c.passed]
    hit = seen.get(failing[-1].mention.start) if failing else None
    if hit is None:
        return ["offered: the search never ran"]
    ctx = hit[0]

    def key(v: Any) -> tuple[Any, ...]:
        return (v.source_id, v.span, v.table, v.row_index, v.col_index)

    want = {key(t) for t in terms}
    for group in ctx.scope.groups:
        for subset in _multi._answer_subsets(ctx, group, "amount"):
            if {key(v) for v in subset[2]} != want:
                continue
            terms_t, line = subset[2], subset[3]
            if not focus_ok(ctx, terms_t, False):
                return ["offered: refused by the focus"]
            if _multi._twice(terms_t, line):
                return ["offered: refused as counted twice"]
            if not _series.years_fit(ctx, terms_t):
                return ["offered: refused by the named years"]
            if not prose_sum_ok(ctx, terms_t, "sum"):
                return ["offered: refused by the prose-sum test"]
            lo, hi = claim_interval(ctx)
            total = subset[0] / divisor if divisor else subset[0]
            if not lo <= total <= hi:
                return ["offered: outside the window"]
            return ["offered: not refused here"]
    out = ["offered: no subset holds the terms"]
    for group in ctx.scope.groups:
        for line in _multi.lines(group, "amount"):
            keys = [key(v) for v in line]
            if want <= set(keys):
                pos = ",".join(str(keys.index(k)) for k in sorted(want, key=keys.index))
                series = "a series" if _multi._is_series(line) is not None else "no series"
                out.append(f"offered: the line of {len(line)}, {series}, holds them at {pos}")
        held = sum(1 for v in group.values if key(v) in want)
        out.append(f"offered: a group holds {held} of the {len(want)} terms")
        if 0 < held < len(want):
            every = {key(v): v for s in ctx.scope.sources for v in s.values}
            for t in terms:
                if not any(key(v) == key(t) for v in group.values):
                    v = every.get(key(t))
                    why = (
                        "not a value of the scope"
                        if v is None
                        else ("an alias, no operand" if not v.operand else "another group")
                    )
                    out.append(f"offered: the term the group lacks: {why}, kind {t.kind}")
    return out


def count_prose_sum_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of a sum program, one count per tag."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        if not is_sum_program(item):
            continue
        prog = " ".join(op for _, op, _ in _steps(str(item.meta.get("program"))) or [])
        tags = prose_sum_tags(item) + (offered_tags(item, tool, rec) if tool else [])
        out.update(f"[{prog}] {t}" for t in tags)
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
        table[half] = count_prose_sum_tags(o.records, items, tools[0])
    print("## convfinqa: sum programs' terms in running text (conv40a) (tune / valid)")
    keys = set(table["tune"]) | set(table["valid"])
    for k in sorted(keys, key=lambda k: (-table["valid"][k], -table["tune"][k], k)):
        print(f"{table['tune'][k]:4d} {table['valid'][k]:4d}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
