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
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_years, kind_allowed
from crossfoot.rules._low import sentence_low
from crossfoot.rules._scope_lines import table_columns

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


def profit_cascade(ctx: ClaimContext) -> Verdict | None:
    """The derivation of a profit or margin from sales and cost lines (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    if m.high is not None or m.kind not in ("money", "number", "percent"):
        return None
    low = sentence_low(ctx)
    margin = m.kind == "percent"
    if margin and "margin" not in low:
        return None
    if not margin and not any(w in low for w in ("profit", "income", "earning", "ebit")):
        return None
    if not kind_allowed(ctx, "share" if margin else "difference"):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if (_MARGIN if margin else _PROFIT).search(ctx.text, lo, hi) is None:
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
    return None


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
