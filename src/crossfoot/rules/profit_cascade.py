"""Profits and margins an income statement implies: sales less the cost lines below them.

"Gross margin was 40.0% in 2024" was unsupported over a table of net sales (2,600) and cost of
sales (1,560) that writes no gross profit line, and "operating income was $480" over the same
table with operating expenses (560) below: each is a level of the statement's cascade, sales
less the cost lines that follow it in order, and a margin is such a level over sales. For a
table column (the year the sentence names, if it names one), a figure is ``derived`` when:

- its clause words a profit ("profit", "income", "earnings", "EBIT") and it is sales less the
  first one, two, ... cost lines below the sales line (a cost written negative is subtracted by
  its size; a subtotal line between them is stepped over);
- its clause words a margin and it is such a level over sales, in percent.

A margin's change in points ("gross margin fell 2.5 percentage points in 2023", "down 250 bps
from 2022") is the change of one such level over sales between the two years
:func:`crossfoot.rules.ratio_points.compared_years` reads, with the same cost lines in both
(lead42); the words' direction must agree (else ``contradicted``).

Only a derivation: a figure the cascade does not meet is left to the other rules.

>>> import crossfoot
>>> t = "| | 2024 |\\n|---|---|\\n| Net sales | 2,600 |\\n| Cost of sales | 1,560 |"
>>> t += "\\n| Operating expenses | 560 |"
>>> crossfoot.check("Operating margin was 18.5% in 2024.", [t]).passed
True
>>> crossfoot.check("Operating margin was 24.5% in 2024.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import (
    claim_direction,
    claim_interval,
    claim_years,
    kind_allowed,
)
from crossfoot.rules._low import sentence_low
from crossfoot.rules._scope_lines import table_columns
from crossfoot.rules.ratio_points import compared_years, points_unit

__all__ = ["profit_cascade"]

_SALES = re.compile(r"(?i)^\s*(?:total\s+|net\s+)?(?:revenues?|sales|turnover)\b(?!.*\bcost)")
_COST = re.compile(
    r"(?i)\b(?:costs?|expenses?|cogs|sg&a|selling|administrative|research|depreciation|"
    r"amortization|amortisation)\b"
)
_LEVEL = re.compile(r"(?i)\b(?:profit|income|earnings|ebit|margin|loss)\b")
_PROFIT = re.compile(r"(?i)\b(?:profits?|income|earnings|ebit)\b")
_MARGIN = re.compile(r"(?i)\bmargins?\b")
_HUNDRED = Decimal(100)
_POINT = {"pp": Decimal(1), "bps": Decimal(100)}  # a margin in percent, changed in points
_KIND = {"pp": "pp_change", "bps": "bps_change"}
# The words that join a figure to the one before it, with the same subject ("and 37.5% in 2023").
_LINK = frozenset("and or but while with versus vs against compared to from".split())
_WORDS = re.compile(r"[a-z]+")


def profit_cascade(ctx: ClaimContext) -> Verdict | None:
    """The derivation of a profit or margin from sales and cost lines (module docstring)."""
    m = ctx.mention
    if m.high is not None or m.kind not in ("money", "number", "percent", "pp", "bps"):
        return None
    low = sentence_low(ctx)
    if "margin" in low and (unit := points_unit(ctx)) is not None:
        return _points(ctx, unit)
    if m.kind not in ("money", "number", "percent"):
        return None
    margin = m.kind == "percent"
    profit = any(w in low for w in ("profit", "income", "earning", "ebit"))
    if margin and "margin" not in low:
        return _level_change(ctx) if profit else None  # "operating income fell 6.7%"
    if not margin and not profit:
        return None
    if not kind_allowed(ctx, "share" if margin else "difference"):
        return None
    if not _worded(ctx, _MARGIN if margin else _PROFIT):
        return None
    for sales, costs in _columns(ctx, claim_years(ctx)):
        level = abs(sales.value)
        used: list[SourceValue] = []
        for cost in costs:
            level -= abs(cost.value)
            used.append(cost)
            value = level / abs(sales.value) * _HUNDRED if margin else level
            if agrees(m.value, value, m.precision):
                return Verdict("derived", _evidence(sales, used, value, margin))
    return None if margin else _level_change(ctx)  # "gross profit rose $2M"


def _level_change(ctx: ClaimContext) -> Verdict | None:
    """A profit's change between two years, of one level of the cascade with the same cost
    lines in both ("gross profit rose $2M", "operating income fell 6.7%"; lead42): a difference,
    or a percentage change for a percent; the words' direction must agree (else
    ``contradicted``)."""
    m = ctx.mention
    direction, _ = claim_direction(ctx)
    kind = "percent_change" if m.kind == "percent" else "difference"
    if direction is None or not m.claim or not kind_allowed(ctx, kind):
        return None
    years = compared_years(ctx)
    if years is None or not _worded(ctx, _PROFIT):
        return None
    lo, hi = claim_interval(ctx)
    low, high = sorted((abs(lo), abs(hi)))
    against: Verdict | None = None
    for (s0, c0), (s1, c1) in _year_pairs(ctx, years):
        for k, l0, l1 in _steps(s0, c0, s1, c1):
            if kind == "difference":
                change = l1 - l0
            elif l0 > 0:
                change = (l1 - l0) / l0 * _HUNDRED
            else:
                continue
            if not low <= abs(change) <= high:
                continue
            before = _evidence(s0, c0[:k], l0, False).formula
            after = _evidence(s1, c1[:k], l1, False).formula
            formula = f"{after}; {before}: change {format_decimal(change)}"
            ev = Evidence("derive", kind, formula, (s0, *c0[:k], s1, *c1[:k]), change)
            if (direction == "up") != (change > 0):
                note = "the words state a change the other way than the profit moved"
                against = against or Verdict("contradicted", ev, note)
                continue
            return Verdict("derived", ev)
    return against


def _worded(ctx: ClaimContext, worded: re.Pattern[str]) -> bool:
    """Whether the claim's clause words a margin (a profit), or joins the figure to one before
    that does ("margin was 40% in 2022 and 37.5% in 2023", lead42)."""
    m, s = ctx.mention, ctx.sentence
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if worded.search(ctx.text, lo, hi) is not None:
        return True
    joined = _LINK.issuperset(_WORDS.findall(ctx.text[lo : m.start].lower()))
    return joined and worded.search(ctx.text, s.start, lo) is not None


def _points(ctx: ClaimContext, unit: str) -> Verdict | None:
    """A margin's change in points between two years, of one level of the cascade."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.value == 0 or not o.allow_derived or not kind_allowed(ctx, _KIND[unit]):
        return None
    years = compared_years(ctx)
    if years is None or not _worded(ctx, _MARGIN):
        return None
    lo, hi = claim_interval(ctx)
    low, high = sorted((abs(lo), abs(hi)))
    direction, _ = claim_direction(ctx)
    against: Verdict | None = None
    for (s0, c0), (s1, c1) in _year_pairs(ctx, years):
        if not _margin_of(ctx, s0):
            continue  # ("EBITDA margin": none of this table's levels)
        for k, l0, l1 in _steps(s0, c0, s1, c1):
            v0, v1 = l0 / abs(s0.value) * _HUNDRED, l1 / abs(s1.value) * _HUNDRED
            change = (v1 - v0) * _POINT[unit]
            if not low <= abs(change) <= high:
                continue
            ev = _points_evidence(unit, (s0, c0[:k], v0), (s1, c1[:k], v1), change)
            if (direction == "up" and change < 0) or (direction == "down" and change > 0):
                note = "the words state a change the other way than the margin moved"
                against = against or Verdict("contradicted", ev, note)
                continue
            return Verdict("derived", ev)
    return against


# "EBITDA margin", "gross margin": the word that says which margin; words that say none
_QUALIFIED = re.compile(r"(?i)\b([a-z][a-z&'-]*)\s+margins?\b")
_PLAIN = frozenset("the our its their a an and of profit total overall company".split())
# the kinds of margin a cascade of sales less cost lines reaches, written or not
_LEVELS = frozenset("gross operating ebit pretax pre-tax net".split())


def _margin_of(ctx: ClaimContext, sales: SourceValue) -> bool:
    """Whether the margin the claim's clause names may be a level of ``sales``'s table: it says
    no kind ("the margin") or one a row label of that table names ("gross" of *Gross profit*);
    "EBITDA margin" over sales and cost lines alone is none of its levels (read42a)."""
    m, s = ctx.mention, ctx.sentence
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    said = {q.group(1).lower() for q in _QUALIFIED.finditer(ctx.text, lo, hi)}
    if not said:
        said = {q.group(1).lower() for q in _QUALIFIED.finditer(s.text)}
    said -= _PLAIN
    if not said:
        return True
    labels = per_answer(ctx, "profit_cascade.labels", ctx.scope.index, _label_words)
    return said <= labels.get((sales.source_id, sales.table), frozenset()) | _LEVELS


def _label_words(index: ValueIndex) -> dict[tuple[str, int | None], frozenset[str]]:
    """The words of each table's row labels, by (source, table)."""
    words: dict[tuple[str, int | None], set[str]] = {}
    for v in index.values:
        if v.table is not None and v.row:
            words.setdefault((v.source_id, v.table), set()).update(_WORDS.findall(v.row.lower()))
    return {k: frozenset(w) for k, w in words.items()}


_Line = tuple[SourceValue, list[SourceValue]]  # a sales cell and the cost cells below it


def _year_pairs(ctx: ClaimContext, years: tuple[int, int]) -> list[tuple[_Line, _Line]]:
    """Each sales line's (sales, costs) of the two years, where it has both."""
    ends: dict[tuple[object, ...], dict[int | None, _Line]] = {}
    for sales, costs in _columns(ctx, set(years)):
        key = (sales.source_id, sales.table, sales.row_index, sales.view)
        ends.setdefault(key, {})[sales.year] = (sales, costs)
    return [
        (by_year[years[0]], by_year[years[1]])
        for by_year in ends.values()
        if years[0] in by_year and years[1] in by_year
    ]


def _steps(
    s0: SourceValue, c0: list[SourceValue], s1: SourceValue, c1: list[SourceValue]
) -> Iterator[tuple[int, Decimal, Decimal]]:
    """``(k, level before, level after)``: sales less their first k cost lines in each year,
    while the two years' cost lines are the same rows."""
    l0, l1 = abs(s0.value), abs(s1.value)
    for k, (a, b) in enumerate(zip(c0, c1, strict=False), start=1):
        if a.row_index != b.row_index:
            return
        l0, l1 = l0 - abs(a.value), l1 - abs(b.value)
        yield k, l0, l1


def _points_evidence(
    unit: str,
    before: tuple[SourceValue, list[SourceValue], Decimal],
    after: tuple[SourceValue, list[SourceValue], Decimal],
    change: Decimal,
) -> Evidence:
    said = " - ".join(f"{_evidence(s, c, v, True).formula}" for s, c, v in (after, before))
    formula = f"{said}: {format_decimal(change)}{' pp' if unit == 'pp' else ' bps'}"
    ops = (before[0], *before[1], after[0], *after[1])
    return Evidence("derive", _KIND[unit], formula, ops, change, "a margin's point change")


def _columns(ctx: ClaimContext, named: set[int]) -> list[tuple[SourceValue, list[SourceValue]]]:
    """Per table column (of a named year, if any): the sales cell and the cost cells below it,
    in row order, up to the first line that is neither a cost nor a stated level."""
    out: list[tuple[SourceValue, list[SourceValue]]] = []
    for column in table_columns(ctx):
        cells: dict[int, SourceValue] = {}
        for v in column:
            if v.row_index is not None and (not named or v.year in named):
                cells.setdefault(v.row_index, v)
        rows = sorted(cells)
        for i, r in enumerate(rows):
            sales = cells[r]
            if sales.value == 0 or not _SALES.search(sales.row or ""):
                continue
            costs: list[SourceValue] = []
            for later in rows[i + 1 :]:
                name = cells[later].row or ""
                if _COST.search(name):
                    costs.append(cells[later])
                elif not _LEVEL.search(name):
                    break
            if costs:
                out.append((sales, costs))
    return out


def _evidence(
    sales: SourceValue, costs: list[SourceValue], value: Decimal, margin: bool
) -> Evidence:
    terms = " - ".join(f"{label(v)} ({format_decimal(abs(v.value))})" for v in (sales, *costs))
    sales_term = f"{label(sales)} ({format_decimal(abs(sales.value))})"
    formula = f"({terms}) / {sales_term} x 100" if margin else terms
    formula += f" = {format_decimal(value)}"
    return Evidence("derive", "share" if margin else "difference", formula, (sales, *costs), value)
