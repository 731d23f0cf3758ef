"""One value as a share of it and another together: "what proportion does this represent? The
answer is 0.0989" for 448,859 of 448,859 + 4,087,587.

x / (x + y) takes two operands but is neither a share of two source values nor a ratio: no
two-operand formula reaches it. It is derived when the figure is a plain fraction between 0 and
1 stated to three significant digits or finer (a half unit of at most 0.1 % of it), the
wording speaks of a part ("proportion", "represent", "share", "portion", "fraction", "in
relation to", "combined", "sum of"), and x and y are two amounts of one group that crossfoot (one
row or one column of a table) within the group size the figure's precision allows
(docs/derivations.md). Two figures of running text are parts of one whole only when one sentence
of the passage states both ("$3.1 billion were secured and $1.2 billion unsecured"): a passage
offers scores of amounts, and some pair of its sentences lands near any fraction by chance.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import aligned
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import (
    currency_ok,
    label,
    operand_class,
    same_item,
    same_kind,
    views_compatible,
)
from crossfoot.rules._derive_shared import (
    claim_interval,
    derivation_limit,
    fmt_result,
    group_too_large,
    kind_allowed,
)

__all__ = ["part_of_sum"]

_PART = WordGated(
    re.compile(
        r"(?i)\b(?:proportions?|represents?|share|portion|fraction|relation|combined|sum\s+of)\b"
    ),
    ("portion", "represent", "share", "fraction", "relation", "combined", "sum"),
)
_FINE = Decimal("0.001")
_STOP = re.compile(r"[.!?][\"\u201d')]?\s")  # a sentence's end, as language.prose_row reads it
_ONE = Decimal(1)


def _one_sentence(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether two figures of running text stand in one sentence of one passage (module
    docstring); a table's cell is judged by its row and column instead."""
    if x.table is not None or y.table is not None:
        return True
    source = ctx.scope.source(x.source_id)
    if source is None or x.source_id != y.source_id or x.span is None or y.span is None:
        return False
    (_, a), (b, _) = sorted((x.span, y.span))
    return _STOP.search(source.text, a, b) is None


def _pair_ok(x: SourceValue, y: SourceValue) -> bool:
    return (
        operand_class(y) == "amount"
        and y.value > 0
        and not same_item(x, y)
        and views_compatible(x, y)
        and same_kind(x, y)
        and currency_ok(x.currency, y.currency)
        and aligned(x, y)
        and (x.table is not None or y.table is not None or x.source_id == y.source_id)
    )


def part_of_sum(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fine fraction that is x / (x + y) of two crossfooting amounts (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind != "number" or not m.claim or m.high is not None or not 0 < m.value < 1:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "share") or m.precision > m.value * _FINE:
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if not _PART.search(focus_text(ctx)):
        return None
    lo, hi = claim_interval(ctx)
    lo, hi = max(lo, m.value / 2), min(hi, (1 + m.value) / 2)
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if group_too_large(group, limit):
            continue
        for x in group.values:
            if operand_class(x) != "amount" or x.value <= 0:
                continue
            # x / (x + y) in [lo, hi]  <=>  y in [x (1/hi - 1), x (1/lo - 1)]
            for y in group.between(x.value * (_ONE / hi - _ONE), x.value * (_ONE / lo - _ONE)):
                if _pair_ok(x, y) and _one_sentence(ctx, x, y):
                    result = x.value / (x.value + y.value)
                    return Verdict("derived", _evidence(ctx, x, y, result))
    return None


def _evidence(ctx: ClaimContext, x: SourceValue, y: SourceValue, result: Decimal) -> Evidence:
    fx, fy = f"{x.value:,}", f"{y.value:,}"
    formula = (
        f"share {label(x)} ({fx}) of {label(x)} ({fx}) + {label(y)} ({fy})"
        f" = {fmt_result(ctx, result)}"
    )
    return Evidence("derive", "share", formula, (x, y), result)
