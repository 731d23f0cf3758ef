"""Sums an earlier turn of a conversation began, which the ask carries on without naming their
first parts: "what is the sum of goodwill and customer relationships? ... what is the sum
including trade names? The answer is 25,845" for 18,422 + 6,315 + 1,108 (:func:`carried_sum`),
and "... what is that total sum divided by total assets acquired? The answer is 0.8348" for
(18,422 + 6,315 + 1,108) / 30,960 (:func:`carried_sum_share`).

**A total carried on.** The ask words a sum ("the sum", "that total", "the combined amount") and
a part it adds ("including trade names", "plus", "adding") or points back at the total ("what
then becomes that total?"), and names that part's row. The earlier parts stand in the named
part's column (one table, one period): the figure is the named cell plus one or two other cells
of that column (at most :data:`_MAX_PARTS` searched: 36 sums), of a year the ask names if it names
one, stated to about three significant digits or finer (a coarse "35" meets some sum of small
cells by chance), met at its stated precision. A sum of adjacent rows is found by multi_operand
already; these are the sums whose parts are not adjacent, or whose column has a total row (the
total less the left-out part reaches the figure too, and it names no asked row).

**A share of a carried total.**

A conversation builds a total over several turns and then asks for its share of a whole; the ask
names the whole ("total assets acquired", "the total debt") and points back at the total ("that
sum", "this combined total"), so its parts are named in turns the check may never see. The parts
of a whole stand in the whole's own column (one table, one period), so the figure is derived as
(two or three other cells of the named whole's column) / the whole:

- the ask (the claim's sentence or the one before) points back at a sum ("that sum", "this
  combined total") and words a part of a whole ("divided by", "in relation to", "represent",
  "percentage", "share", "proportion", "over");
- the whole is a table cell of a row it names, positive, of a year it names if it names one;
- the parts are positive cells of that column, each and their sum less than the whole, at most
  :data:`_MAX_PARTS` of them searched (28 pairs and 56 triples);
- the figure is a plain fraction below 1 or a percentage, stated to about three significant
  digits or finer (a coarse "0.2" meets some pair or triple of most columns), met at its stated
  precision.

sum_share covers the parts named as rows by the text itself; this rule, the parts left unnamed.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowfocus import focus_group, focus_text
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._near import three_digits
from crossfoot.rules._year_focus import named_years

__all__ = ["carried_sum", "carried_sum_share"]

# "that sum", "this combined total", "that total sum", "those combined amounts": a sum an
# earlier turn made ("the total" alone is a row's name: "the total debt").
_CARRIED = re.compile(
    r"(?i)\b(?:that|this|those|these)\s+(?:(?:combined|total|overall|entire|whole|full)\s+)*"
    r"(?:sum|total|combined)s?\b"
)
# A part of a whole: the sum over the named row.
_SHARE = re.compile(
    r"(?i)\b(?:divided\s+by|in\s+relation\s+to|relative\s+to|represents?|percentages?|"
    r"proportions?|portion|share|fraction|over|as\s+a\s+percent\w*\s+of)\b"
)
# A sum the ask adds a part to: "the sum including trade names", "plus the 2014 amount".
_SUMMED = re.compile(r"(?i)\b(?:sum|total|combined|together|altogether|aggregate)\b")
_ADDS = re.compile(r"(?i)\b(?:includ(?:e|es|ed|ing)|plus|add(?:s|ed|ing)?)\b")
_MAX_PARTS = 8  # other cells of the whole's column searched at most
_HUNDRED = Decimal(100)


def _column(group: list[SourceValue], cell: SourceValue) -> list[SourceValue]:
    """The other amounts of the cell's column (one table, one period, one view)."""
    return [
        v
        for v in group
        if v.source_id == cell.source_id
        and v.table == cell.table
        and v.col_index == cell.col_index
        and v.view == cell.view
        and v.row_index != cell.row_index
        and v.operand
        and v.value != 0
        and operand_class(v) == "amount"
    ]


def _named_cells(ctx: ClaimContext, named: list[SourceValue]) -> list[SourceValue]:
    """The table amounts of the rows the ask names, of a year it names if it names one."""
    years = named_years(ctx)
    out = []
    for v in named:
        if v.table is None or not v.operand or operand_class(v) != "amount":
            continue
        p = period(v)
        if years and (p is None or p[0] not in years):
            continue  # "divided by the 2024 total debt": that year's column only
        out.append(v)
    return out


def carried_sum(ctx: ClaimContext) -> Verdict | None:
    """Rule: a named cell plus one or two other cells of its column (module docstring).

    >>> import json, crossfoot
    >>> grid = [["", "2025"], ["goodwill", "18,422"], ["cash", "1,245"], ["trade names", "1,108"],
    ...         ["customer relationships", "6,315"]]
    >>> q = "what is the sum including trade names?"
    >>> crossfoot.check(q + " The answer is 25,845.", [json.dumps(grid)], question=q,
    ...                 require_citations=False).passed
    True
    """
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "money") or not m.claim or m.high is not None:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "sum") or not three_digits(m):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    text = focus_text(ctx)
    if not _SUMMED.search(text) or not (_ADDS.search(text) or _CARRIED.search(text)):
        return None
    lo, hi = claim_interval(ctx)
    for group in ctx.scope.groups:
        named = focus_group(ctx, group)
        if named is None:
            continue
        for cell in _named_cells(ctx, list(named.values)):
            others = _column(list(group.values), cell)
            if not 1 <= len(others) <= _MAX_PARTS:
                continue
            for k in (1, 2):
                for combo in combinations(others, k):
                    total = cell.value + sum((v.value for v in combo), Decimal(0))
                    if lo <= total <= hi:
                        return Verdict("derived", _sum_evidence(ctx, (*combo, cell), total))
    return None


def carried_sum_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: (two or three cells of a named whole's column) / the whole (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent") or not m.claim or m.high is not None or m.value <= 0:
        return None
    if (m.kind == "number" and m.value >= 1) or (m.kind == "percent" and m.value >= 100):
        return None
    if not o.allow_derived or not kind_allowed(ctx, "share") or not three_digits(m):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    text = focus_text(ctx)
    if not _CARRIED.search(text) or not _SHARE.search(text):
        return None
    lo, hi = claim_interval(ctx)
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    for group in ctx.scope.groups:
        named = focus_group(ctx, group)
        if named is None:
            continue
        for whole in _named_cells(ctx, list(named.values)):
            if whole.value <= 0:
                continue
            parts = [v for v in _column(list(group.values), whole) if 0 < v.value < whole.value]
            if not 2 <= len(parts) <= _MAX_PARTS:
                continue
            for k in (2, 3):
                for combo in combinations(parts, k):
                    total = sum((v.value for v in combo), Decimal(0))
                    if total >= whole.value:
                        continue
                    result = total / whole.value * factor
                    if lo <= result <= hi:
                        return Verdict("derived", _evidence(ctx, combo, whole, result))
    return None


def _evidence(
    ctx: ClaimContext, parts: tuple[SourceValue, ...], whole: SourceValue, result: Decimal
) -> Evidence:
    unit = "%" if ctx.mention.kind == "percent" else ""
    summed = " + ".join(f"{label(v)} ({v.value:,})" for v in parts)
    formula = (
        f"share ({summed}) of {label(whole)} ({whole.value:,}) = {fmt_result(ctx, result)}{unit}"
    )
    return Evidence("derive", "share", formula, (*parts, whole), result)


def _sum_evidence(ctx: ClaimContext, parts: tuple[SourceValue, ...], total: Decimal) -> Evidence:
    summed = " + ".join(f"{label(v)} ({v.value:,})" for v in parts)
    return Evidence("derive", "sum", f"{summed} = {fmt_result(ctx, total)}", parts, total)
