"""Counts-only tags of WHY the sum search holds no sum for a convfinqa false alarm of a sum
program (round 38, conv38a): gold programs with two or more "+" steps, or a sum then a "/".

``conv_sum_tags37a`` says whether the engine-read operands' sum lands in the claim's window; these
tags follow the one failing claim through :func:`crossfoot.rules.multi.multi_operand`'s stages,
never a sentence, a question, a table or a number:

- ``stage``: never reached (the figure too coarse to derive, "states a cell", growth wording),
  or searched;
- ``operands``: whether the program's "+" terms are values the engine read at all, and if not
  where they sit (prose, cell, an earlier turn's answer, a year, a unit);
- ``group``: whether one searched group holds every term (the group over the limit and the rows
  the answer names lack them; another source);
- ``line``: whether a line (``multi.lines``) offers the terms as one subset (no line holds them;
  the line over the cap; apart in an ordered line);
- ``refused``: for a subset that is offered and in the window, which test refuses it (the focus,
  the currency, a total counted twice, the prose-sum test).

    python benchmarks/cause_counts.py convfinqa --data-root ../shared/data
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import crossfoot.rules.multi as _multi
from conv_program_tags import _cells, _place, _steps
from conv_sum_tags37a import _engine_reads, _operands, _prose, is_sum_program
from corpora.common import Item
from crossfoot.language.rowmatch import focus_group
from crossfoot.rules._derive_shared import derivation_limit, group_too_large

__all__ = ["count_window_tags", "window_tags"]


@contextmanager
def _spy() -> Iterator[dict[int, Any]]:
    """While open, keep the context of each claim that passes multi_operand's precision gate
    (``states_a_cell`` is the first call that sees it), and mark the claims refused as too
    coarse (``derivable`` false, called with the mention)."""
    seen: dict[int, Any] = {}
    real_cell, real_derivable = _multi.states_a_cell, _multi.derivable

    def cell_spy(ctx: Any, *args: Any) -> bool:
        said = bool(real_cell(ctx, *args))
        seen[ctx.mention.start] = (ctx, said)
        return said

    def derivable_spy(m: Any, flat: bool) -> bool:
        ok = bool(real_derivable(m, flat))
        if not ok:
            seen.setdefault(-1 - m.start, True)
        return ok

    _multi.states_a_cell, _multi.derivable = cell_spy, derivable_spy
    try:
        yield seen
    finally:
        _multi.states_a_cell, _multi.derivable = real_cell, real_derivable


def _line_tag(group: Any, values: list[Decimal], cls: str) -> tuple[str, tuple[Any, ...] | None]:
    """Whether a line of the group offers the terms as one subset, and that subset."""
    best = "no line holds every term"
    for line in _multi.lines(group, cls):
        vals = [v.value for v in line]
        if not all(x in vals for x in values):
            continue
        if len(line) > _multi.LINE_CAP:
            best = "a line holds them, over the cap"
            continue
        terms = tuple(line[vals.index(x)] for x in values)
        ordered = line[0].table is not None or line[0].field is None
        series = _multi._is_series(line)
        seq = list(series if series is not None else line)
        idx = sorted(seq.index(t) for t in terms)
        adjacent = idx == list(range(idx[0], idx[0] + len(idx)))
        if (ordered or series is not None) and not adjacent and len(terms) < len(line):
            best = "a line holds them, apart (runs only)"
            continue
        return "a line offers them", terms
    return best, None


def _group_tag(ctx: Any, values: list[Decimal]) -> tuple[str, Any]:
    """Which searched group holds every term (the one multi_operand searches), or why none."""
    limit = derivation_limit(ctx)
    why = "no group holds every term"
    for group in ctx.scope.groups:
        have = {v.value for v in group.values}
        if not all(x in have for x in values):
            continue
        if group_too_large(group, limit):
            focused = focus_group(ctx, group)
            if focused is None:
                why = "the group over the limit, the answer names no rows"
                continue
            if group_too_large(focused, limit):
                why = "the group over the limit, the named rows over it too"
                continue
            if not all(x in {v.value for v in focused.values} for x in values):
                why = "the group over the limit, the named rows lack a term"
                continue
            return "the rows the answer names hold them", focused
        return "a group within the limit holds them", group
    return why, None


def _refused(ctx: Any, terms: tuple[Any, ...], divisor: Decimal | None) -> str:
    lo, hi = _multi.claim_interval(ctx)
    total = sum((t.value for t in terms), Decimal(0))
    if divisor:
        # a sum then a division (a mean, a unit, a share): the quotient is the figure
        total /= divisor
    if not (lo <= total <= hi or lo <= -total <= hi):
        return f"the terms' {'quotient' if divisor else 'sum'} outside the window"
    if not _multi.focus_ok(ctx, terms, False):
        return "refused by the focus"
    if _multi._twice(terms):
        return "refused: a total counted twice"
    if not _multi.prose_sum_ok(ctx, terms, "sum"):
        return "refused by the prose-sum test"
    return "offered, in the window, not refused here"


def window_tags(item: Item, claim: Any, seen: dict[int, Any]) -> list[str]:
    """The counts-only tags of one failing claim of a sum program (module docstring)."""
    steps = _steps(str(item.meta.get("program") or ""))
    values, divisor = _operands(steps or [])
    if claim is None or not values:
        return ["stage: no failing claim or no '+' terms"]
    reads, got = _engine_reads(item, values)
    out = [f"operands: {reads}"]
    if got is None:
        cells, prose = _cells(item), _prose(item)
        out.append(
            "unread terms: " + " ".join(sorted(_place(abs(v), item, cells, prose) for v in values))
        )
    start = claim.mention.start
    if seen.get(-1 - start):
        out.append("stage: never reached: the figure too coarse to derive")
        return out
    hit = seen.get(start)
    if hit is None:
        out.append("stage: never reached: multi_operand not called (a rule before it, no claim)")
        return out
    ctx, said = hit
    if said:
        out.append("stage: never reached: states a cell")
        return out
    if _multi.search_worded(ctx):
        out.append("stage: never reached: worded as a change")
        return out
    out.append("stage: searched")
    if got is None:
        return out
    where, group = _group_tag(ctx, got)
    out.append(f"group: {where}")
    if group is None:
        return out
    cls = "percent" if claim.mention.kind == "percent" else "amount"
    line, terms = _line_tag(group, got, cls)
    out.append(f"line: {line}")
    if terms is not None:
        out.append(_refused(ctx, terms, divisor))
    return out


def count_window_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of a sum program, one count per sentence and
    tag, each keyed by its program's operations."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        if not is_sum_program(item):
            continue
        with _spy() as seen:
            report = tool._checker(item).check(item.answer, question=item.question or None)
        start = item.answer.find(rec["sentence"])
        failing = [c for c in report.claims if c.mention.start >= start and not c.passed]
        claim = failing[-1] if failing else None
        prog = " ".join(op for _, op, _ in _steps(str(item.meta.get("program"))) or [])
        tags = window_tags(item, claim, seen)
        out.update(f"[{prog}] {t}" for t in tags)
        out[f"[{prog}] why: {'; '.join(t.split(': ', 1)[-1] for t in tags)}"] += 1
    return out
