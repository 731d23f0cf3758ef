"""Metrics a statement implies by a standard definition: net debt, working capital, free cash flow.

"Net debt was $1,350 million in 2024" was unsupported over a balance sheet of total debt (2,300)
and cash (950): the sentence names "debt", so the search kept to the debt line and never paired
it with cash; "working capital was $1,320 million" failed the same way over a table with a
"Capital expenditures" line, which the word "capital" named instead of the current assets and
liabilities. A metric's name names the lines of its definition. When a figure's clause names
one of these metrics, it is ``derived`` when the definition over one table column (the year the
claim is of, if the sentence says) meets it:

========================  ===============================================================
metric                    definition (lines by their usual labels)
========================  ===============================================================
net debt                  debt (total debt, borrowings) less cash (and cash equivalents)
net cash                  cash less debt
working capital           current assets less current liabilities
free cash flow            operating cash flow less capital expenditures (by their size)
EBITDA                    operating income (or EBIT) plus depreciation and amortization
========================  ===============================================================

Only a derivation: definitions vary (leases in net debt, acquisitions in free cash flow), so a
figure the definition does not meet is left to the other rules.

>>> import crossfoot
>>> t = "| ($m) | 2024 |\\n|---|---|\\n| Cash and cash equivalents | 950 |\\n| Total debt | 2,300 |"
>>> t += "\\n| Capital expenditures | (515) |"
>>> crossfoot.check("Net debt was $1,350 million in 2024.", [t]).passed
True
>>> bool(_DEBT.search("Total debt")), bool(_DEBT.search("Debt to equity ratio"))
(True, False)
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

__all__ = ["named_metric"]

_DEBT = re.compile(
    r"(?i)^(?!.*\b(?:net|cost|interest|issuance|repayment|proceeds|ratio|to)\b)"
    r".*\b(?:debt|borrowings)\b"
)
_CASH = re.compile(
    r"(?i)^(?!.*\b(?:flows?|provided|used|activities|restricted|net)\b)\s*(?:total\s+)?cash\b"
)
_CURRENT_ASSETS = re.compile(r"(?i)^\s*(?:total\s+)?current\s+assets\b")
_CURRENT_LIABILITIES = re.compile(r"(?i)^\s*(?:total\s+)?current\s+liabilities\b")
_OPERATING_CASH = re.compile(
    r"(?i)\b(?:operating\s+activities|cash\s+(?:flows?\s+)?from\s+operations|operating\s+cash\s+flows?)\b"
)
_CAPEX = re.compile(
    r"(?i)\b(?:capital\s+expenditures?|capex|purchases?\s+of\s+property(?:,\s+plant)?)"
)
_OPERATING_INCOME = re.compile(r"(?i)^\s*(?:operating\s+(?:income|profit)|ebit)\b")
_DA = re.compile(r"(?i)^\s*depreciation(?:\s+and\s+amorti[sz]ation)?\b")

# name -> (the name as a sentence writes it, first line, second line, sign of the second)
_METRICS: tuple[tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], int], ...] = (
    (re.compile(r"(?i)\bnet\s+debt\b"), _DEBT, _CASH, -1),
    (re.compile(r"(?i)\bnet\s+cash\b(?!\s+(?:provided|used|flows?|from))"), _CASH, _DEBT, -1),
    (re.compile(r"(?i)\bworking\s+capital\b"), _CURRENT_ASSETS, _CURRENT_LIABILITIES, -1),
    (re.compile(r"(?i)\bfree\s+cash\s+flows?\b|\bfcf\b"), _OPERATING_CASH, _CAPEX, -1),
    (re.compile(r"(?i)\bebitda\b"), _OPERATING_INCOME, _DA, 1),
)
_GATE = ("debt", "net cash", "working capital", "free cash", "fcf", "ebitda")


def named_metric(ctx: ClaimContext) -> Verdict | None:
    """The derivation of a metric the clause names by its definition (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number") or m.high is not None:
        return None
    low = sentence_low(ctx)
    if not any(g in low for g in _GATE) or not kind_allowed(ctx, "difference"):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    metrics = [d for d in _METRICS if d[0].search(ctx.text, lo, hi)]
    if not metrics:
        return None
    columns = _columns(ctx, claim_years(ctx))
    for _, first, second, sign in metrics:
        for cells in columns:
            for a in (v for v in cells if first.search(v.row or "")):
                for b in (v for v in cells if second.search(v.row or "")):
                    value = abs(a.value) + sign * abs(b.value)
                    if agrees(m.value, value, m.precision):
                        return Verdict("derived", _evidence(a, b, sign, value))
    return None


def _columns(ctx: ClaimContext, years: set[int]) -> list[list[SourceValue]]:
    """The amount cells of each table column (of the claim's years, if any)."""
    if not years:
        return table_columns(ctx)
    return [[v for v in column if v.year in years] for column in table_columns(ctx)]


def _evidence(a: SourceValue, b: SourceValue, sign: int, value: Decimal) -> Evidence:
    op = "+" if sign > 0 else "-"
    formula = (
        f"{label(a)} ({format_decimal(abs(a.value))}) {op} {label(b)} "
        f"({format_decimal(abs(b.value))}) = {format_decimal(value)}"
    )
    return Evidence("derive", "sum" if sign > 0 else "difference", formula, (a, b), value)
