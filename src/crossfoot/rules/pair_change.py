"""The change between two years of a combination of two named rows: "What was the percentage
increase in revenue from the EMEA and Americas regions in 2025 compared to 2024? The answer is
0.21%." for ((a2 + b2) - (a1 + b1)) / (a1 + b1), or "What is the change in current assets as
a ratio of current liabilities from 2024 to 2025? The answer is 0.137." for a2 / b2 - a1 / b1.

Four operands, which no two-operand search reaches, and which a search over every pair of pairs
of a table would meet by chance. So it is derived only when the wording names a change, the
sentence (or the one before) names exactly two rows of one table and two years, both rows have
a cell in both years, and the figure is fine (a percentage to a tenth of a point or finer, other
figures to about three significant digits). Each year the two rows are combined as their sum, or
as the quotient of one by the other (times 100 for a percentage: a point change of a share);
then the two years' combinations are compared as a change (later less earlier) or, for a
percentage, as a percentage change of a sum; and when the wording names a part ("what
percentage of the decrease in total revenue came from X"), one row's change over the other's
(a contribution to a change). Fewer than a dozen candidates: a coincidence is
unlikely at that precision.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal, DivisionByZero, InvalidOperation
from itertools import combinations

from crossfoot.language.rowmatch import focus_group, focus_text
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._near import may_say, three_digits

__all__ = ["pair_change"]

_CHANGE = WordGated(
    re.compile(r"(?i)\b(?:change[ds]?|difference|increase[ds]?|decrease[ds]?|growth|grew)\b"),
    ("change", "difference", "increase", "decrease", "growth", "grew"),
)
_MAY = WordGated(
    re.compile(r"(?i)change|difference|increase|decrease|growth|grew"),
    ("change", "difference", "increase", "decrease", "growth", "grew"),
)
# A part of a whole: "what percentage of the increase ... came from", "the share of".
_PART = re.compile(
    r"(?i)\b(?:percentage\s+of|proportion|share\s+of|portion|came\s+from|due\s+to|"
    r"attributable|contribut\w*|account(?:ed|s)?\s+for)\b"
)
_HUNDRED = Decimal(100)
_MAX_ROWS = 4  # named rows paired at most: a question names two (and totals, at times)
_TENTH = Decimal("0.05")  # a percentage stated to a tenth of a point or finer
_Ops = tuple[SourceValue, SourceValue, SourceValue, SourceValue]


def _by_year(values: Sequence[SourceValue], view: str) -> dict[int, dict[int, SourceValue]]:
    """The named amounts of one unit view, by table row and then by (whole) year. Percentages
    are left out: they are never operands here (:func:`_pairs`), and a table that repeats its
    rows in a percent section ("% of revenues by region") would double the rows counted."""
    rows: dict[int, dict[int, SourceValue]] = {}
    for v in values:
        if v.view not in (view, "both") or v.table is None or v.row_index is None:
            continue
        if v.kind == "percent":
            continue
        p = period(v)
        if operand_class(v) is None or p is None or p[1] is not None:
            continue
        rows.setdefault(v.row_index, {}).setdefault(p[0], v)
    return rows


def _div(a: Decimal, b: Decimal) -> Decimal | None:
    try:
        return a / b if b else None
    except (DivisionByZero, InvalidOperation):
        return None


def _first_named(ops: _Ops, said: list[str]) -> str | None:
    """``"ab"`` when the text names row a before row b (by the words one label has and the other
    not: "the ratio of current assets to current liabilities"), ``"ba"`` the other way, None
    when it does not tell."""
    a, b = ops[0].row or "", ops[1].row or ""
    ta, tb = required_tokens(a), required_tokens(b)
    at = [i for i, t in enumerate(said) if t in ta - tb]
    bt = [i for i, t in enumerate(said) if t in tb - ta]
    if not at or not bt or min(at) == min(bt):
        return None
    return "ab" if min(at) < min(bt) else "ba"


def _candidates(
    ops: _Ops, percent: bool, order: str | None, part: bool
) -> Iterator[tuple[Decimal, str]]:
    """(result, formula shape) of each reading of ``ops`` = (a1, b1, a2, b2); a quotient is of
    the row the text names first over the other (either way when it does not tell). With
    ``part`` (the text names a part: "what percentage of the increase in total revenue came
    from subscriptions"), also one row's change over the other's, either way."""
    a1, b1, a2, b2 = (v.value for v in ops)
    s1, s2 = a1 + b1, a2 + b2
    scale = _HUNDRED if percent else Decimal(1)
    if part:
        for dx, dy, shape in ((a2 - a1, b2 - b1, "dab"), (b2 - b1, a2 - a1, "dba")):
            q = _div(dx, dy)
            if q is not None:
                yield q * scale, shape
    # A deduction row, negative in both years ("Accumulated depreciation (2,311.8)"), is a size
    # in a quotient: "net as a percentage of accumulated depreciation".
    if a1 < 0 and a2 < 0:
        a1, a2 = -a1, -a2
    if b1 < 0 and b2 < 0:
        b1, b2 = -b1, -b2
    if percent:
        rate = _div(s2 - s1, s1)
        if rate is not None:
            yield rate * _HUNDRED, "pct_sum"
    else:
        yield s2 - s1, "sum"
    for x1, y1, x2, y2, shape in ((a1, b1, a2, b2, "ab"), (b1, a1, b2, a2, "ba")):
        q1, q2 = _div(x1, y1), _div(x2, y2)
        if order not in (None, shape):
            continue
        if q1 is not None and q2 is not None:
            yield (q2 - q1) * scale, shape


def _describe(ctx: ClaimContext, ops: _Ops, shape: str, result: Decimal) -> str:
    a1, b1, a2, b2 = (f"{label(v)} ({v.value:,})" for v in ops)
    res = fmt_result(ctx, result)
    if shape in ("sum", "pct_sum"):
        body = f"({a2} + {b2}) - ({a1} + {b1})"
        if shape == "sum":
            return f"{body} = {res}"
        return f"({body}) / ({a1} + {b1}) x 100 = {res}"
    if shape in ("ba", "dba"):
        a1, b1, a2, b2 = b1, a1, b2, a2
    mult = " x 100" if ctx.mention.kind == "percent" else ""
    if shape in ("dab", "dba"):
        return f"({a2} - {a1}) / ({b2} - {b1}){mult} = {res}"
    return f"({a2} / {b2} - {a1} / {b1}){mult} = {res}"


def _fine(ctx: ClaimContext) -> bool:
    m = ctx.mention
    if m.kind == "percent":
        return m.value != 0 and 0 < m.precision <= _TENTH
    return three_digits(m)


def pair_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a change between two years of the sum or quotient of two named rows (see the
    module docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("money", "number", "percent"):
        return None
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if not kind_allowed(ctx, "difference") or not _fine(ctx):
        return None
    if not may_say(ctx, "pair_change", _MAY):
        return None
    text = focus_text(ctx)
    years = sorted(set(years_in_text(text)))
    if len(years) != 2 or not _CHANGE.search(text):
        return None
    lo, hi = claim_interval(ctx)
    percent = m.kind == "percent"
    said = tokens(text)
    part = _PART.search(text) is not None
    for group in ctx.scope.groups:
        named = focus_group(ctx, group)
        if named is None:
            continue
        for view in ("true", "written"):
            rows = _by_year(named.values, view)
            if not 2 <= len(rows) <= _MAX_ROWS:
                continue
            for ops in _pairs(rows, years):
                order = _first_named(ops, said)
                for result, shape in _candidates(ops, percent, order, part):
                    if lo <= result <= hi:
                        return Verdict("derived", _evidence(ctx, ops, shape, result))
    return None


def _pairs(rows: dict[int, dict[int, SourceValue]], years: list[int]) -> Iterator[_Ops]:
    """(a1, b1, a2, b2) of each two named rows of one table with cells in both years, amounts
    only (a change of percentages is a two-operand change)."""
    y1, y2 = years
    for (_, a), (_, b) in combinations(sorted(rows.items()), 2):
        if not all(y in a and y in b for y in years) or a[y1].table != b[y1].table:
            continue
        ops: _Ops = (a[y1], b[y1], a[y2], b[y2])
        if all(v.kind != "percent" for v in ops):
            yield ops


def _evidence(ctx: ClaimContext, ops: _Ops, shape: str, result: Decimal) -> Evidence:
    formula = _describe(ctx, ops, shape, result)
    note = "a change of two named rows' combination between two years"
    kind = {"pct_sum": "percent_change", "dab": "share", "dba": "share"}.get(shape, "difference")
    return Evidence("derive", kind, formula, ops, result, note)
