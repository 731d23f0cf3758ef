"""Counts-only: which test of ``rules.table_chain_mixed`` (a text figure and a table cell of one
line) refuses a convfinqa false alarm of one operation over two numbers, a difference or a
change over a base, when both operands are read and one is a text figure, the other a cell
(round 41, conv41b).

``conv_steps39b`` says whether the rule binds the pair; this replays the rule's own tests, in
its order, on the claim's context (captured while the real check runs) and names the first
that keeps the pair out:

- **gate**: the figure is coarser than the rule's three significant digits (with how many it
  states), the scope is cited or of one group, or the rule never saw the claim;
- **operands**: the cell or the text figure is not among the rule's operands (not an amount,
  or the scope over the rule's size);
- **bind**: the pair is bound by the text figure's own sentence, by the question's words, or
  not at all;
- **result**: one of the pair's results (in the unit views the rule reads) meets the figure's
  window, or none does (the program's operation is not among those the rule forms, or a
  unit view is missing);
- **chance**: the bound pairs' results in the figure's band, and whether the count of chance
  keeps the match (how many results, in bins: 1, 2-3, 4+).

For a coarse figure over two text figures of one source (``coarse_tags``): whether the program's
result is the figure exactly, whether ``exact_quotient``'s coarse search names a group holding
both operands (or which of its tests refuses first), and whether the text states the two as a
move ("from X to Y") or in one sentence.

Counts only: never a sentence, a question, a table, a label or a number (the number of
significant digits and the count bins are fixed words).
Used by ``cause_counts.py`` (its section "a text figure and a cell: the mixed rule's test that
refuses (conv41b)", which holds the coarse tags too).
"""

from __future__ import annotations

import importlib
import itertools
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import crossfoot.rules.table_chain_mixed as _mixed
from conv_steps39b import _apply, _literals, _pair_place, _readings, _window
from corpora.common import Item
from crossfoot.model.types import SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_shared import claim_interval, derivable
from crossfoot.rules.table_chain_text import _BUDGET, _FINE, _HUNDRED
from crossfoot.rules.turn_chain import fine_figure
from crossfoot.sources.load import load_sources

__all__ = ["coarse_tags", "count_mixed_tags", "mixed_tags"]

_quotient = importlib.import_module("crossfoot.rules.exact_quotient")  # (the rule's module)

_DIGITS = {1: "one", 2: "two", 3: "three"}


@contextmanager
def _capture(start: int) -> Iterator[dict[str, Any]]:
    """While open, keep the context the mixed rule is asked about the claim at ``start`` with
    (its first test, ``fine_figure``, sees every claim the rule is called for)."""
    seen: dict[str, Any] = {}
    space = vars(_mixed)  # (the rule reads the name at call time)
    orig = space["fine_figure"]

    def spy(ctx: Any, finest: Any = _FINE) -> Any:
        if ctx.mention.start == start and "ctx" not in seen:
            seen["ctx"] = ctx
        return orig(ctx, finest)

    space["fine_figure"] = spy
    try:
        yield seen
    finally:
        space["fine_figure"] = orig


def _digits(m: Any) -> str:
    """How many significant digits the figure states, as a word."""
    if not m.precision or not m.value:
        return "unknown"
    n = 0
    unit = m.precision * 2
    size = abs(m.value)
    while size >= unit and n < 4:
        unit *= 10
        n += 1
    return _DIGITS.get(n, "four or more")


def _ids(vs: list[SourceValue]) -> set[int]:
    return {id(v) for v in vs}


def _bins(n: int) -> str:
    return "one" if n <= 1 else "two or three" if n <= 3 else "four or more"


def _replay(ctx: Any, ra: list[SourceValue], rb: list[SourceValue]) -> list[str]:
    """The rule's tests in its order over the captured context (module docstring)."""
    m = ctx.mention
    if not fine_figure(ctx, _FINE):
        return [f"gate: the figure is coarser than three digits ({_digits(m)} stated)"]
    if ctx.scope is None or ctx.scope.cited or len(ctx.scope.groups) < 2:
        return ["gate: the scope is cited or of one group"]
    ops = _mixed._operands(ctx)
    ids = {id(v) for v in ops.cells} | {id(v) for v in ops.prose}
    if not (ids & _ids(ra)) or not (ids & _ids(rb)):
        return ["operands: an operand is not among the rule's amounts"]
    wanted = _ids(ra) | _ids(rb)
    bound = [b for b in _mixed._pairs(ctx, ops) if {id(b[0][0]), id(b[0][1])} <= wanted]
    if not bound:
        return ["bind: the pair is not bound (neither its sentence nor the words name it)"]
    by_sentence = any(id(p) in wanted and id(c) in wanted for p, c in ops.by_sentence)
    out = [f"bind: bound by {'the text figure sentence' if by_sentence else 'the words'}"]
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = claim_interval(ctx)
    met = [r for b in bound for r in _mixed._results(ops, b, factor) if lo <= r[4] <= hi]
    if not met:
        return [*out, "result: none of the pair's results meets the window"]
    out.append(f"result: the pair's {met[0][0].replace('_', ' ')} meets the window")
    chance = band(m.value)
    near = {
        _mixed._result_key(r)
        for b in _mixed._pairs(ctx, ops)
        for r in _mixed._results(ops, b, factor)
        if r[4] in chance
    }
    keeps = chance.within(len(near), hi - lo, _BUDGET)
    out.append(
        f"chance: {_bins(len(near))} result(s) in the band; kept: {'yes' if keeps else 'no'}"
    )
    return out


@contextmanager
def _capture_coarse(start: int) -> Iterator[dict[str, Any]]:
    """While open, keep the context and the groups the coarse search of ``exact_quotient``
    names for the claim at ``start`` (``coarse_group``'s answers)."""
    seen: dict[str, Any] = {"named": []}
    space = vars(_quotient)
    orig = space["coarse_group"]

    def spy(ctx: Any, group: Any, limit: int) -> Any:
        out = orig(ctx, group, limit)
        if ctx.mention.start == start:
            seen["ctx"] = ctx
            seen["named"].append(out)
        return out

    space["coarse_group"] = spy
    try:
        yield seen
    finally:
        space["coarse_group"] = orig


def _why_not(item: Item, claim: Any) -> str:
    """Which of ``exact_quotient``'s tests before its search refuses the claim."""
    if claim is None:
        return "no claim at the figure"
    m = claim.mention
    if m.kind != "number":
        return f"the figure is read as {m.kind}"
    if derivable(m, False):
        return "the figure is fine (two_operand's)"
    if m.approximate:
        return "the figure is approximate"
    words = f"{item.question} {item.answer}"
    if _quotient._WORDING.search(words) is None:
        return "no quotient word in the question or the answer"
    if abs(m.value) > 1:
        sign = "negative" if m.value < 0 else "positive"
        digits = len(m.value.normalize().as_tuple().digits)
        return f"a {sign} figure above one, {_DIGITS.get(digits, 'four or more')} digit(s)"
    return "another test"


# the words right before a move's start ("from", "from $"), and between its ends ("to", ", to")
_FROM = re.compile(r"(?i)\bfrom\s*$")
_TO = re.compile(r"(?i)^\s*,?\s*to\s*$")


def _moves_of(text: str, figs: list[SourceValue]) -> list[tuple[Any, Any]]:
    """The (start, end) spans of ``figs`` the text states as "from X to Y"."""
    spans = sorted({f.span for f in figs if f.span is not None})
    return [
        (x, y)
        for x, y in itertools.pairwise(spans)
        if x[1] <= y[0]
        and _TO.match(text[x[1] : y[0]])
        and _FROM.search(text[max(0, x[0] - 12) : x[0]])
    ]


def _same_sentence(text: str, a: SourceValue, b: SourceValue) -> bool:
    lo, hi = sorted((a.span or (0, 0), b.span or (0, 0)))
    between = text[lo[1] : hi[0]]
    return ". " not in between and len(between) < 200


def _operands(
    item: Item, figure: str, tool: Any
) -> tuple[str, Decimal, Decimal, list[SourceValue], list[SourceValue]] | None:
    """The program's shape, its two literals and the sources' readings of each; None when
    the program, the figure or the tool is missing."""
    got, win = _literals(item), _window(figure)
    if got is None or win is None or tool is None:
        return None
    prog, a, b = got
    values = [v for s in load_sources(item.sources).sources for v in s.values]
    return prog, a, b, _readings(values, a), _readings(values, b)


def coarse_tags(item: Item, figure: str, tool: Any) -> list[str]:
    """For a coarse figure (not derivable at its written precision) over two text figures of
    one source: whether the program's result is the figure exactly, whether the coarse search
    names a group holding both operands, one or none, and whether the text states the two as a
    move ("from X to Y") or in one sentence."""
    pair = _operands(item, figure, tool)
    if pair is None:
        return []
    prog, a, b, ra, rb = pair
    if not (ra and rb) or not _pair_place(ra[0], rb[0]).startswith("two text figures"):
        return []
    start = item.answer.rfind(figure.strip().rstrip("."))
    with _capture_coarse(start) as seen:
        report = tool._checker(item).check(item.answer, question=item.question or None)
    ctx = seen.get("ctx")
    key = f"[{prog}] coarse text pair"
    if ctx is None:
        claim = next((c for c in report.claims if c.mention.start == start), None)
        return [f"{key} | exact_quotient never searched: {_why_not(item, claim)}"]
    exact = _apply(prog, a, b)
    value = ctx.mention.value
    out = [f"{key} | exact: {'yes' if exact is not None and abs(exact) == abs(value) else 'no'}"]
    named = [g for g in seen["named"] if g is not None]
    # (the check's own readings are other objects: match by value and place)
    places = {(v.source_id, v.span) for g in named for v in g.values}
    held = sum(1 for r in (ra, rb) if any((v.source_id, v.span) in places for v in r))
    some = "some" if named else "none"
    out.append(f"{key} | named groups: {some}, holding {_DIGITS.get(held, 'no')} operand(s)")
    src = next((s for s in load_sources(item.sources).sources if s.id == ra[0].source_id), None)
    if src is not None:
        # (any reading of either operand: a figure the text writes twice is read at each place)
        moves = {frozenset(m) for m in _moves_of(src.text, [*ra, *rb])}
        moved = any(frozenset((x.span, y.span)) in moves for x in ra for y in rb)
        out.append(f"{key} | stated as a move from one to the other: {'yes' if moved else 'no'}")
        near = any(_same_sentence(src.text, x, y) for x in ra for y in rb if x.span != y.span)
        out.append(f"{key} | one sentence: {'yes' if near else 'no'}")
    return out


def mixed_tags(item: Item, figure: str, tool: Any) -> list[str]:
    """The tags of one false-alarm figure (module docstring); [] for other programs and pairs."""
    pair = _operands(item, figure, tool)
    if pair is None:
        return []
    prog, a, b, ra, rb = pair
    if not (ra and rb) or _pair_place(ra[0], rb[0]) != "a text figure and a cell":
        return []
    start = item.answer.rfind(figure.strip().rstrip("."))
    with _capture(start) as seen:
        tool._checker(item).check(item.answer, question=item.question or None)
    key = f"[{prog}] mixed"
    ctx = seen.get("ctx")
    if ctx is None:
        return [f"{key} | gate: the rule never saw the claim"]
    # the engine's own readings of the operands in this check (the claim's scope)
    scoped = list(ctx.scope.index.values) if ctx.scope else []
    sa, sb = _readings(scoped, a), _readings(scoped, b)
    if not (sa and sb):
        return [f"{key} | operands: the claim's scope lacks an operand"]
    return [f"{key} | {t}" for t in _replay(ctx, sa, sb)]


def count_mixed_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence over a text figure and a cell."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        figure = item.answer.rsplit("The answer is ", 1)[-1]
        out.update(set(mixed_tags(item, figure, tool)))
        out.update(set(coarse_tags(item, figure, tool)))
    return out
