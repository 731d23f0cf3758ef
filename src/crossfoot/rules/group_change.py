"""The change between two periods' totals of a long result set.

"Revenue in February was up $7,900 from January" over a result set by region and month: the
figure is February's total less January's, each the sum of its month's rows
(:mod:`crossfoot.rules._rowsums_groups`). The two-operand search pairs cells, never totals.
Trace only (``Options.result_rows``), when the sentence names exactly two periods of the table
(two months or quarters, else two years; or one quarter and a move, from the quarter before) and
no row label; a series of one row per month is read the same way, its quarters three rows each
("revenue grew 21.4% from Q1 to Q2", lead42): the change of each amount column's
total between them, as a difference and as a percentage change, later period less earlier. A
direction the sentence states must be the change's: the opposite one is ``contradicted``.

>>> from crossfoot import trace
>>> data = [("N", "2024-01", 40), ("N", "2024-02", 46), ("S", "2024-01", 30), ("S", "2024-02", 31)]
>>> rows = [{"region": r, "month": m, "revenue": v} for r, m, v in data]
>>> [c.status for c in trace("Revenue rose 10% from January to February.", rows).claims]
['derived']
>>> [c.status for c in trace("Revenue fell 10% from January to February.", rows).claims]
['contradicted']
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.language.direction import stated_direction
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, format_decimal
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._month_focus import months_in
from crossfoot.rules._rowsums_tables import _Period, _Table, scope_tables
from crossfoot.rules.period_totals import named_subperiods
from crossfoot.sources.rows_months import MONTH_NUMBERS, QUARTER

__all__ = ["changes_over", "group_change"]

_HUNDRED = Decimal(100)


def group_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a change between two named periods' totals of a long result set (module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if not o.result_rows or not o.allow_derived or not m.claim or m.kind == "year":
        return None
    return changes_over(ctx, [t for t in scope_tables(ctx) if t.grouped() or _monthly(t)])


def _monthly(table: _Table) -> bool:
    """A series of one row per month: its quarters are groups of three rows (lead42)."""
    periods = table.row_periods()
    return bool(periods) and all(p is not None and p[1] <= 12 for p in periods or ())


def changes_over(ctx: ClaimContext, long: list[_Table]) -> Verdict | None:
    """The change of two named periods' totals in one of the ``long`` tables (rows sharing a
    period or a label) that meets the claim, or None."""
    if not long or ctx.mention.kind == "year":
        return None  # (most result sets: one row per label, no period repeated)
    said = ctx.sentence.text
    wanted = _named_periods(said)
    if wanted is None:
        wanted = _one_part(ctx)  # "rose 21.4% in Q2": from the quarter before
    if wanted is None:
        return None
    lo, hi = claim_interval(ctx)
    for table in long:
        if table.rows_named(said):
            continue  # (a named row's change is the two-operand search's)
        found = _search(ctx, table, wanted, lo, hi)
        if found is not None:
            return found
    return None


def _named_periods(text: str) -> tuple[str, set[object]] | None:
    """The two months or quarters (any year) the text names, else its two years, or None."""
    months: set[object] = set(named_subperiods(text))
    if len(months) == 2:
        return "month", months
    years: set[object] = set(years_in_text(text))
    return ("year", years) if not months and len(years) == 2 else None


def _one_part(ctx: ClaimContext) -> tuple[str, set[object]] | None:
    """The one quarter a sentence that states a move names, and the quarter before it in its
    year ("revenue rose 21.4% in Q2"), or None."""
    named = named_subperiods(ctx.sentence.text)
    if len(named) != 1 or not QUARTER + 1 < named[0] <= QUARTER + 4:
        return None
    m, s = ctx.mention, ctx.sentence
    if stated_direction(ctx.text, s.start, s.end, m.start, m.end) is None:
        return None
    return "month", {named[0] - 1, named[0]}


def _rows_of(by: dict[tuple[str, object], list[int]], kind: str, key: object) -> list[int]:
    """The rows of one period; a quarter's over rows of months, when all three are there."""
    rows = by.get((kind, key), [])
    if rows or kind != "month" or not isinstance(key, int) or not QUARTER < key < QUARTER + 5:
        return rows
    months = [by.get(("month", mo), []) for mo in months_in(key)]
    return sorted(i for part in months for i in part) if all(months) else []


def _search(
    ctx: ClaimContext, table: _Table, wanted: tuple[str, set[object]], lo: Decimal, hi: Decimal
) -> Verdict | None:
    by = table.period_index()
    periods = table.row_periods() or []
    groups = [(key, _rows_of(by, wanted[0], key)) for key in wanted[1]]
    if any(len(rows) < 2 for _, rows in groups) or not _one_year(periods, groups, wanted[0]):
        return None
    # in time order: by the rows' own period ("from December to January" crosses a year)
    groups.sort(key=lambda g: periods[g[1][0]] or (0, 0))
    (k1, first), (k2, second) = groups
    m = ctx.mention
    for col in table.columns:
        if col.percent:
            continue
        a = [col.values[i] for i in first if i in col.values]
        b = [col.values[i] for i in second if i in col.values]
        if len(a) < 2 or len(b) < 2:
            continue
        s1, s2 = sum(a, Decimal(0)), sum(b, Decimal(0))
        diff = s2 - s1
        options = []
        if m.kind == "percent" and s1 > 0 and kind_allowed(ctx, "percent_change"):
            options.append(("percent_change", diff / s1 * _HUNDRED))
        if m.kind != "percent" and kind_allowed(ctx, "difference"):
            options.append(("difference", diff))
        for kind, result in options:
            if not (lo <= abs(result) <= hi or lo <= result <= hi):
                continue
            said = stated_direction(ctx.text, ctx.sentence.start, ctx.sentence.end, m.start, m.end)
            operands = tuple(col.get(i) for i in (*first, *second) if i in col.values)
            one, two = _shown(k1, wanted[0]), _shown(k2, wanted[0])
            formula = (
                f"{'% change' if kind == 'percent_change' else 'change'} of the total "
                f"{col.name} from {one} ({format_decimal(s1)}) to {two} "
                f"({format_decimal(s2)}) = {fmt_result(ctx, result)}"
            )
            ev = Evidence("group_change", kind, formula, operands, result)
            wrong = (said == "up" and result < 0) or (said == "down" and result > 0)
            if wrong:
                why = f"the total {col.name} {'fell' if result < 0 else 'rose'}: {formula}"
                return Verdict("contradicted", replace(ev, note=why), why)
            return Verdict("derived", ev)
    return None


def _one_year(
    periods: list[_Period | None], groups: list[tuple[object, list[int]]], kind: str
) -> bool:
    """Months named without their year: each group holds one year (January 2024 and January
    2025 summed together are no month's total)."""
    if kind == "year":
        return True
    for _, rows in groups:
        if len({p[0] for i in rows if (p := periods[i]) is not None}) > 1:
            return False
    return True


def _shown(key: object, kind: str) -> str:
    if kind == "year":
        return str(key)
    if isinstance(key, int) and key > QUARTER:
        return f"Q{key - QUARTER}"
    if isinstance(key, int) and key <= 12:
        names = [k for k, v in MONTH_NUMBERS.items() if v == key]
        return max(names, key=len).title() if names else str(key)
    return str(key)
