"""One value as a part of a change: "how much does the volume/weather variance represent in
relation to the change in net revenue? The answer is 0.5665" for 21.3 / (577.8 - 540.2).

A variance analysis (a rollforward: last year's total, the drivers, this year's total) explains a
change by its parts, and an answer states a driver's share of it: x / (b - a). Three operands, so
no two-operand formula reaches it. It is derived when the figure is stated to three significant
digits or finer, the wording names both a part ("represent", "in relation to", "share",
"portion", "proportion", "percentage", "due to", "contributed") and a change ("change",
"variance", "increase", "decrease", "growth", "difference"), a and b are one quantity in two
periods (a change, as for a two-operand change) opening and closing one column of a table, and x
is a row of that column between them (the bridge from a to b); only
within the group size the figure's precision allows, and while the changes times the values
stay within the chance budget (``derivation_limit`` squared). The figure may be a fraction or a
percentage; magnitude only, and the note says so (``share``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from crossfoot.language.changewords import CHANGE_NOUNS, words
from crossfoot.language.years import known_order, period, same_quantity
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class, same_item, views_compatible
from crossfoot.rules._derive_shared import (
    _magnitude,
    claim_interval,
    derivation_limit,
    fmt_result,
    group_too_large,
    kind_allowed,
)
from crossfoot.rules._near import focus_says, may_say, three_digits

__all__ = ["fine_share", "part_of_change"]

_PART = WordGated(
    re.compile(
        r"(?i)\b(?:represent\w*|relation|relative|share|portion|proportion|percent(?:age)?|"
        r"due\s+to|contribut\w*|account(?:ed|s)?\s+for)\b"
    ),
    ("represent", "relati", "share", "portion", "percent", "due", "contribut", "account"),
)
_CHANGE = words(CHANGE_NOUNS)
_MAY = WordGated(
    re.compile(r"(?i)change|varia|increase|decrease|growth|difference|decline"),
    ("change", "varia", "increase", "decrease", "growth", "difference", "decline"),
)
_HUNDRED = Decimal(100)
_NOTE = "a part of a change: magnitude only"
_MAX_VALUES = 400  # values of a group paired up into changes at most (quadratic)
_Pairs = list[tuple[SourceValue, SourceValue]]


# Per group (kept across answers: check() reuses the sources of the same passages, so their
# groups are the same objects): (cap, pairs) where pairs is the whole list when it holds at most
# cap pairs, else None (more than cap of them).
_CHANGES: dict[int, tuple[ValueIndex, list[tuple[int, _Pairs | None]]]] = {}
_CHANGES_KEPT = 64


def _changes(group: ValueIndex, most: int) -> _Pairs | None:
    """Pairs (earlier, later) of one quantity in two periods, along a row or a column; None
    past ``most`` of them (or a group too large to pair up). The list only grows as it is made,
    so it is made once per group: a later call with another ``most`` reads the kept one, or the
    kept "more than cap" when ``most`` is at most cap."""
    kept = by_identity(_CHANGES, group, _CHANGES_KEPT, lambda g: [(-1, None)])
    cap, pairs = kept[0]
    if pairs is not None:
        return None if len(pairs) > most else pairs
    if most <= cap:
        return None
    made = _pairs_of(group, most)
    kept[0] = (most, made)
    return made


def _pairs_of(group: ValueIndex, most: int) -> _Pairs | None:
    """:func:`_changes`, made: every two amounts in the group's order that differ, are not one
    cell, combine (``views_compatible``), have a known order and are one quantity.

    Made per group of every new document, over every two of up to 400 amounts. Two tests that
    most pairs fail are made first from each value's fields read once: a value naming no period,
    two of one period (neither orders them: ``known_order``), two cells of one table off each
    other's row and column (not ``aligned``: no ``same_quantity``); the pairs left take the
    plain tests (tests/test_speed_paths_speed18.py)."""
    amounts = [v for v in group.values if operand_class(v) == "amount"]
    if len(amounts) > _MAX_VALUES:
        return None
    dated = [
        (v, p[0], p[1], v.source_id, v.table, v.row_index, v.col_index)
        for v in amounts
        if (p := period(v)) is not None
    ]
    out = []
    for i, (a, ya, sub_a, sa, ta, ra, ca) in enumerate(dated):
        for b, yb, sub_b, sb, tb, rb, cb in dated[i + 1 :]:
            if ya == yb and (sub_a is None or sub_b is None or sub_a == sub_b):
                continue  # no known order
            if ta is not None and ta == tb and sa == sb and ra != rb and ca != cb:
                continue  # one table, neither one row nor one column: not aligned
            if a.value == b.value or same_item(a, b) or not views_compatible(a, b):
                continue
            order = known_order(a, b)
            if order is not None and same_quantity(a, b):
                out.append(order)
                if len(out) > most:
                    return None
    return out


def _between(x: SourceValue, a: SourceValue, b: SourceValue) -> bool:
    """``x`` is a line of the bridge from ``a`` to ``b``: one column of one table, ``a`` and ``b``
    its opening and closing rows, ``x`` a row between them (a variance analysis, a rollforward).
    """
    if x.table is None or x.source_id != a.source_id or x.table != a.table or b.table != a.table:
        return False
    if x.col_index is None or not x.col_index == a.col_index == b.col_index:
        return False
    rows = (x.row_index, a.row_index, b.row_index)
    if None in rows:
        return False
    lo, hi = sorted((a.row_index or 0, b.row_index or 0))
    return lo < (x.row_index or 0) < hi


def _parts(
    group: ValueIndex, lo: Decimal, hi: Decimal, budget: int
) -> Iterator[tuple[Decimal, tuple[SourceValue, ...]]]:
    changes = _changes(group, budget // max(1, len(group)))
    if not changes:
        return
    for a, b in changes:
        d = abs(b.value - a.value)
        for x in group.between(lo * d, hi * d) + group.between(-hi * d, -lo * d):
            if x is a or x is b or operand_class(x) != "amount" or not views_compatible(x, a):
                continue
            if _between(x, a, b):
                yield x.value / (b.value - a.value), (x, a, b)


def fine_share(ctx: ClaimContext, rule: str, may: WordGated) -> bool:
    """Whether the claim may be a share these rules derive: a nonzero number or percentage of
    three significant digits or more, derivations allowed at the stated precision, and the
    rule's words (``may``, through rules._near.may_say) in its sentence."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "percent") or m.value == 0:
        return False
    if not o.allow_derived or not kind_allowed(ctx, "share") or not three_digits(m):
        return False
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return False
    return may_say(ctx, rule, may)


def part_of_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a driver's share of a change, x / (b - a) (see the module docstring)."""
    m = ctx.mention
    if not fine_share(ctx, "part_of_change", _MAY):
        return None
    if not (focus_says(ctx, _PART) and focus_says(ctx, _CHANGE)):
        return None
    factor = Decimal(1) if m.kind == "number" else _HUNDRED
    lo, hi = (x / factor for x in _magnitude(*claim_interval(ctx)))
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if group_too_large(group, limit):
            continue
        for result, ops in _parts(group, lo, hi, limit * limit):
            return Verdict("derived", _evidence(ctx, result * factor, ops))
    return None


def _evidence(ctx: ClaimContext, result: Decimal, ops: tuple[SourceValue, ...]) -> Evidence:
    x, a, b = (f"{label(v)} ({v.value:,})" for v in ops)
    unit = " x 100" if ctx.mention.kind == "percent" else ""
    formula = f"{x} / ({b} - {a}){unit} = {fmt_result(ctx, result)}"
    return Evidence("derive", "share", formula, ops, result, _NOTE)
