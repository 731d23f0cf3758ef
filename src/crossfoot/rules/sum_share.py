"""Two or three named rows together as a share of another: "What is the proportion of land and
leasehold improvements over the gross cost of land, property and equipment in 2019? The answer is
0.18" for (672 + 798) / 8,109; "what share of the total did land, buildings and construction in
progress make up?" for (a + b + c) / d.

(a + b) / c takes three operands: no two-operand formula reaches it, and a search of every
triple of a table would meet most figures by chance. It is derived only from rows the sentence
(or the question before it) names, three or more of one table, the cells in one column (one
period), with a part of a whole worded ("proportion", "percentage", "share", "ratio", "over",
"as a percentage of"); the parts are positive and together less than the whole. Three parts are
summed only when the text names four rows or more of the column, and the figure is stated to
about three significant digits or finer (a coarse "0.5" meets some triple of most columns). The
figure is a plain fraction or a percentage, met at its stated precision.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowfocus import focus_group, focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._near import three_digits

__all__ = ["sum_share"]

_WORDING = WordGated(
    re.compile(
        r"(?i)\b(?:proportions?|percentages?|share|portion|fraction|ratio|over|"
        r"as\s+a\s+percent\w*\s+of)\b"
    ),
    ("portion", "percent", "share", "fraction", "ratio", "over"),
)
_MAX_ROWS = 6  # named rows of one column searched at most: 60 triples
_HUNDRED = Decimal(100)


def _columns(values: list[SourceValue]) -> dict[tuple[object, ...], list[SourceValue]]:
    out: dict[tuple[object, ...], list[SourceValue]] = {}
    for v in values:
        if operand_class(v) == "amount" and v.table is not None and v.value > 0:
            out.setdefault((v.source_id, v.table, v.col_index, v.view), []).append(v)
    return out


def sum_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: (a + b) / c of three named rows of one column (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent") or not m.claim or m.high is not None or m.value <= 0:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "share"):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if m.kind == "number" and m.value >= 1:
        return None
    if not _WORDING.search(focus_text(ctx)):
        return None
    lo, hi = claim_interval(ctx)
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    for group in ctx.scope.groups:
        named = focus_group(ctx, group, whole=True)
        if named is None:
            continue
        for column in _columns(list(named.values)).values():
            rows = {v.row_index: v for v in column}
            if not 3 <= len(rows) <= _MAX_ROWS:
                continue
            cells = list(rows.values())
            sizes = (2, 3) if len(cells) >= 4 and three_digits(m) else (2,)
            for c in cells:
                for k in sizes:
                    for parts in combinations([v for v in cells if v is not c], k):
                        part = sum((v.value for v in parts), Decimal(0))
                        if part >= c.value:
                            continue
                        result = part / c.value * factor
                        if lo <= result <= hi:
                            return Verdict("derived", _evidence(ctx, parts, c, result))
    return None


def _evidence(
    ctx: ClaimContext, parts: tuple[SourceValue, ...], c: SourceValue, result: Decimal
) -> Evidence:
    unit = "%" if ctx.mention.kind == "percent" else ""
    summed = " + ".join(f"{label(v)} ({v.value:,})" for v in parts)
    formula = f"share ({summed}) of {label(c)} ({c.value:,}) = {fmt_result(ctx, result)}{unit}"
    return Evidence("derive", "share", formula, (*parts, c), result)
