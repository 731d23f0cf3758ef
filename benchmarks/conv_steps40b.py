"""Counts-only: at which step of the two-operand search (``rules.derive.two_operand``) a convfinqa
false alarm of one operation over two numbers is refused, when both operands are read and
their result meets the written figure's window (round 40, conv40b).

``conv_steps39b`` says the engine reads both operands and that their result meets the window in
one unit view; this follows the claim into the search, with the claim's own context (captured
while the real check runs), and names the first step that keeps the pair out:

- **precision**: the figure is too coarse for the search (derived only exactly, from rows the
  answer names), or it states a cell and is never derived;
- **group**: no searched group holds both operands; or the group holding them is searched
  whole; or it is too large for the claim's limit (``derivation_limit``) and then searched by the
  rows the answer names, by the prose it names by subject and year, by nearby pairs (the two
  operands within ``rules._near.NEAR`` characters or not) or not at all;
- **pair**: the pair alone, searched as a group of two, gives a candidate or not (the pair's own
  tests: kinds, focus, wording refuse it);
- **verdict**: what ``two_operand`` returns for the claim over the real scope.

Counts only: never a sentence, a question, a table, a label or a number.
Used by ``cause_counts.py`` (its convfinqa section "two-operand search steps (conv40b)").
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import crossfoot.rules.derive as _derive
from conv_steps39b import _literals, _pair_place, _readings, _unit, _window
from corpora.common import Item
from crossfoot.language.rowmatch import focus_group
from crossfoot.language.years import aligned, same_quantity
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._answer_focus import ratio_named
from crossfoot.rules._asked_change import change_share_ok
from crossfoot.rules._derive_kinds import currency_ok, operand_class, same_item, same_kind
from crossfoot.rules._derive_nil import restated
from crossfoot.rules._derive_shared import derivation_limit, focus_ok, group_too_large
from crossfoot.rules._derive_wording import (
    part_of_whole,
    search_worded,
    whole_of_year,
    wording_specs,
)
from crossfoot.rules._latest_pair import off_latest
from crossfoot.rules._near import NEAR, offered_pairs, three_digits
from crossfoot.rules._prose_pairs import prose_pair_ok
from crossfoot.rules._rounded_reach import derivable_rounded
from crossfoot.rules._views import views_agree
from crossfoot.rules._year_focus import prose_focus
from crossfoot.rules.derive import CHANGE_KINDS

__all__ = ["count_earlier_tags", "count_search_tags", "earlier_tags", "search_tags"]


@contextmanager
def _capture(start: int) -> Iterator[dict[str, Any]]:
    """While open, keep the context ``two_operand`` judges the claim at ``start`` with (it ends
    in ``best_verdict``; a claim refused before the search never gets there)."""
    seen: dict[str, Any] = {}
    space = vars(_derive)  # (the rule reads the name at call time)
    orig = space["best_verdict"]

    def spy(ctx: Any, found: Any) -> Any:
        out = orig(ctx, found)
        if ctx.mention.start != start:
            return out
        # two_operand's caller: the engine's rule loop, or a rule that calls it on a narrowed
        # scope (rules.cross_source, rules._share_named): the loop's call is the one judged
        caller = str(sys._getframe(2).f_globals.get("__name__", ""))
        if "ctx" not in seen or (caller.startswith("crossfoot.engine") and not seen["own"]):
            spent = ctx.notes.get("derive.pairs")
            seen["ctx"], seen["verdict"] = ctx, out
            seen["own"] = caller.startswith("crossfoot.engine")
            seen["spent"] = spent[0] if isinstance(spent, list) else 0
        return out

    space["best_verdict"] = spy
    try:
        yield seen
    finally:
        space["best_verdict"] = orig


_THOUSANDS = tuple(Decimal(1000) ** k for k in range(5))


def _scoped(values: list[SourceValue], v: Decimal) -> list[SourceValue]:
    """The scope's values of magnitude ``v`` at any scale ("$ 7 billion" is held as 7e9)."""
    return [s for x in _THOUSANDS for s in _readings(values, v * x)]


def _holds(group: Any, ra: list[SourceValue], rb: list[SourceValue]) -> bool:
    ids = {id(v) for v in group.values}
    return any(id(v) in ids for v in ra) and any(id(v) in ids for v in rb)


def _large(ctx: Any, group: Any, limit: int, ra: list[SourceValue], rb: list[SourceValue]) -> str:
    """How a group too large for the claim's limit is still searched, for this pair."""
    focused = focus_group(ctx, group)
    if focused is not None and not group_too_large(focused, limit):
        held = "holds the pair" if _holds(focused, ra, rb) else "leaves the pair out"
        return f"too large; searched by the rows the answer names ({held})"
    named = prose_focus(ctx, group) if focused is None else None
    if named is not None and not group_too_large(named, limit) and _holds(named, ra, rb):
        return "too large; the prose it names by subject and year holds the pair"
    if not three_digits(ctx.mention):
        return "too large; not searched by pairs (figure under three digits)"
    offered = offered_pairs(ctx, group)
    if offered is None:
        return "too large; a pool of cells and prose: not searched by pairs"
    if offered[1] > limit * limit:
        return f"too large; its {offered[0]} pairs over the budget"
    if offered[0] == "lines":
        return "too large; searched along rows and columns (percent changes only)"
    near = any(
        abs(x.span[0] - y.span[0]) <= NEAR
        for x in ra
        for y in rb
        if x.span is not None and y.span is not None and x.source_id == y.source_id
    )
    return f"too large; nearby pairs searched, the operands {'near' if near else 'apart'}"


def _group_step(ctx: Any, ra: list[SourceValue], rb: list[SourceValue]) -> str:
    limit = derivation_limit(ctx)
    holding = [g for g in ctx.scope.groups if _holds(g, ra, rb)]
    if not holding:
        return "group: no searched group holds both operands"
    g = holding[0]
    if not group_too_large(g, limit):
        return "group: searched whole"
    return "group: " + _large(ctx, g, limit, ra, rb)


_OPS = {
    "- /": ("pct_change",),
    "/ -": ("pct_change", "quotient"),
    "-": ("diff",),
    "/": ("quotient",),
}


def _first_refusal(ctx: Any, spec: Any, x: SourceValue, y: SourceValue) -> str | None:
    """The first test of ``rules.derive._pair_ok`` that refuses ``x`` with ``y`` for ``spec``
    (its order mirrored here, named by the helper that refuses), or None when all pass."""
    if operand_class(y) != spec.cls or same_item(x, y) or not views_agree(x, y):
        return "class, item or view"
    if spec.op in ("sum", "diff") and (not same_kind(x, y) or restated(ctx, spec, x, y)):
        return "kind or restated"
    if x.span is not None and y.span is not None and x.source_id == y.source_id:
        if _derive._far_apart(ctx, x.span, y.span):
            return "two prose figures too far apart"
    if not currency_ok(x.currency, y.currency):
        return "currency"
    if (x.table is None or y.table is None) and not prose_pair_ok(ctx, spec.op, x, y):
        return "prose_pair_ok (a text figure's words, subject or kind)"
    if spec.kind in CHANGE_KINDS and off_latest(ctx, x, y):
        return "off_latest"
    if spec.kind in CHANGE_KINDS or spec.kind == "average":
        if not same_quantity(x, y):
            return "same_quantity (not one quantity of two periods)"
        return None if focus_ok(ctx, (x, y), True) else "focus_ok (the question's focus)"
    if spec.kind in ("share", "ratio") and not change_share_ok(ctx, x, y):
        return "change_share_ok"
    if spec.kind == "ratio" and not ratio_named(ctx, x, y):
        return "ratio_named (a ratio of lines the question never names)"
    if spec.kind == "share" and not part_of_whole(ctx, x, y):
        return "part_of_whole"
    if not (aligned(x, y) or (spec.kind == "share" and whole_of_year(ctx, x, y))):
        return "aligned (not one period)"
    return None if focus_ok(ctx, (x, y), False) else "focus_ok (the question's focus)"


def _pair_step(ctx: Any, prog: str, ra: list[SourceValue], rb: list[SourceValue]) -> str:
    if any(
        _derive.pair_candidates(ctx, ValueIndex([x, y]))
        for x in ra
        for y in rb
        if x.view == y.view or "both" in (x.view, y.view)
    ):
        return "pair: searched alone, the pair gives a candidate"
    why: set[str] = set()
    for spec in wording_specs(ctx):
        if spec.op not in _OPS.get(prog, ()):
            continue
        for x in ra:
            for y in rb:
                for p, q in ((x, y), (y, x)):
                    if operand_class(p) == spec.cls:
                        why.add(_first_refusal(ctx, spec, p, q) or "none (window, sign or size)")
    if not why:
        return "pair: no formula of the program's operation is searched for this wording"
    best = sorted(why)[0] if len(why) == 1 else "; ".join(sorted(why))
    return f"pair: refused by {best}"


def _regroup(ctx: Any, ra: list[SourceValue], rb: list[SourceValue]) -> str:
    """Whether the holding group, searched whole again with a fresh pair budget, yields a
    candidate over the pair, another candidate, or none; and whether an earlier group was
    searched before it (the pair budget is one per claim, spent across groups)."""
    groups = list(ctx.scope.groups)
    at = next((k for k, g in enumerate(groups) if _holds(g, ra, rb)), None)
    if at is None:
        return "regroup: -"
    where = "the first group" if at == 0 else "a later group"
    ctx.notes["derive.pairs"] = [0]
    found = list(_derive._search_group(ctx, groups[at], search_worded(ctx)))
    ids = {id(v) for v in ra} | {id(v) for v in rb}
    if any(all(id(v) in ids for v in c.operands) for c in found):
        return f"regroup: {where}'s search finds the pair"
    return f"regroup: {where}'s search finds " + ("other pairs only" if found else "none")


def search_tags(item: Item, figure: str, tool: Any) -> list[str]:
    """The tags of one false-alarm figure (module docstring); [] for other programs."""
    got, win = _literals(item), _window(figure)
    if got is None or win is None or tool is None:
        return []
    prog, a, b = got
    start = item.answer.rfind(figure.strip().rstrip("."))
    with _capture(start) as seen:
        report = tool.cf.Checker(item.sources, **tool.options).check(
            item.answer, question=item.question or None
        )
    claim = next((c for c in report.claims if c.mention.start == start), None)
    ctx = seen.get("ctx")
    if ctx is None or claim is None:
        return [f"[{prog}] search: two_operand refused before its search (or never ran)"]
    values = [v for g in ctx.scope.groups for v in g.values]
    ra, rb = _scoped(values, a), _scoped(values, b)
    if not (ra and rb):
        return [f"[{prog}] search: the scope's groups lack an operand (at any scale)"]
    if _unit(prog, ra, rb, win) != "unit: meets the window in one view":
        return [f"[{prog}] search: the scope's readings of the pair miss the window"]
    key = f"[{prog}] {_pair_place(ra[0], rb[0])}"
    flat = ctx.options.rel_tolerance is not None or ctx.options.abs_tolerance is not None
    out = [] if seen.get("own") else [f"{key} | judged: only by a rule calling two_operand"]
    if not derivable_rounded(claim.mention, flat):
        out.append(f"{key} | precision: too coarse for the search (exact, named rows only)")
        # (a coarse figure's groups are cut to the rows the answer names: rules._year_focus)
        out.append(f"{key} | group: the rows the answer names only (a coarse figure)")
    else:
        out.append(f"{key} | {_group_step(ctx, ra, rb)}")
    out.append(f"{key} | {_pair_step(ctx, prog, ra, rb)}")
    spent = int(seen.get("spent", 0))
    if spent > _derive.PAIR_BUDGET:
        out.append(f"{key} | search: stopped at its pair budget (values repeated)")
    elif spent > _derive.PAIR_BUDGET // 2:
        out.append(f"{key} | search: over half its pair budget spent")
    out.append(f"{key} | {_regroup(ctx, ra, rb)}")
    verdict = seen.get("verdict")
    got_rule = "none" if verdict is None else f"{verdict.status}"
    out.append(f"{key} | verdict: two_operand returns {got_rule}")
    return out


def count_search_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of one operation over two read numbers."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        figure = item.answer.rsplit("The answer is ", 1)[-1]
        out.update(set(search_tags(item, figure, tool)))
    return out


def _last_turn_names(item: Item) -> str:
    """What the last turn (the question the headline passes) names of the sources: content words
    the sources write, years only, or nothing."""
    from crossfoot.language.asked import question_years
    from crossfoot.rules.unnamed_operands import _said

    asked = item.question or ""
    said = _said(asked, {str(k): s for k, s in enumerate(item.sources)})
    if said:
        return "the last turn names words of the sources"
    return (
        "the last turn names years only" if question_years(asked) else "the last turn names nothing"
    )


def earlier_tags(item: Item, tool: Any) -> list[str]:
    """For a false alarm whose cell operands' rows only earlier turns name ("rows named:
    earlier"): what the last turn names, what it asks, the engine's verdict on the figure, and
    whether passing every turn as the question passes it."""
    from conv_program_tags import passes_when, program_tags

    report = tool.cf.Checker(item.sources, **tool.options).check(
        item.answer, question=item.question or None
    )
    last = report.claims[-1] if report.claims else None
    if last is None:
        return []
    ev = last.evidence
    claim = {"text": last.text, "status": last.status, "rule": ev.rule if ev else None}
    tags = program_tags(item, claim, None)
    if "rows named: earlier" not in tags:
        return []
    key = "[rows named: earlier]"
    out = [f"{key} {_last_turn_names(item)}"]
    out += [f"{key} {t}" for t in tags if t.startswith(("asks:", "program:", "cells:"))]
    out.append(f"{key} engine: {last.status} {f'{ev.rule}/{ev.kind}' if ev else '-'}")
    out += [f"{key} {t}" for t in passes_when(item, tool) if "all turns" in t]
    return out


def count_earlier_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """:func:`earlier_tags` of each convfinqa false-alarm sentence."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] == "false_alarm" and tool is not None:
            out.update(set(earlier_tags(items[rec["id"]], tool)))
    return out
