"""A point change of a ratio named by its name, between two years: "Operating margin was 15% in
2021, up 3 percentage points from 2020", "the gross margin contracted 120 bps in 2024"; or two
quarters (lead40: "up 4.9 points in Q4 2024" runs from Q3 2024, over quarter columns).

A margin or a rate is rarely a row of the table: it is the quotient of two rows ("operating
margin" is operating income over revenue, :mod:`crossfoot.rules._ratio_names`), so its change in
points is a difference of two quotients, four cells that no two-operand search reaches. It is
derived only for a figure in points ("pp", "percentage points", "bps", "basis points", or a bare
"points" after the figure) whose text names a ratio by its name, between the sentence's two years
(its first and last), or the year before its one year and that year ("up 3 points in 2021"; from
it when it is the base: "up 1.6 points from 2023"), or a two-year table's two years when the
sentence names none ("Gross margin expanded 1.6 points"). The ratio's two sides are the
fullest rows of one table their words name, so there is one candidate per table and unit view:
a coincidence at a point's precision is unlikely. The words' direction must agree with the
change ("down 3 points" for a margin that rose is ``contradicted``). A record's fields serve as
rows (``net_income_2024`` over ``revenue_2024``: :mod:`crossfoot.rules._ratio_fields`).

>>> from crossfoot import check
>>> t = ('[["(in millions)", "2021", "2020"], ["Revenue", "1,000", "800"],'
...      ' ["Operating income", "150", "96"]]')
>>> check("Operating margin rose 3 percentage points in 2021.", [t]).passed
True
>>> check("Operating margin rose 4 percentage points in 2021.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import chain

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._base_year import base_year
from crossfoot.rules._derive_kinds import label, operand_class, views_compatible
from crossfoot.rules._derive_shared import claim_direction, claim_interval, fmt_result, kind_allowed
from crossfoot.rules._quarter_focus import named_quarters
from crossfoot.rules._ratio_fields import field_changes
from crossfoot.rules._ratio_names import named_ratio, ratio_sides

__all__ = ["compared_years", "points_unit", "ratio_points"]

_SCALE = {"pp": Decimal(100), "bps": Decimal(10_000)}
_KIND = {"pp": "pp_change", "bps": "bps_change"}
_Row = tuple[str, int | None, int]
_Key = tuple[int, int | None]  # (year, month its sub-period ends or None)
_Ops = tuple[SourceValue, SourceValue, SourceValue, SourceValue]


def _spans(ctx: ClaimContext) -> list[tuple[_Key, _Key]]:
    """The two periods compared, in the order tried: the quarters the sentence names (the
    quarter before its one), then years as :func:`compared_years` reads them (a sentence of a year's
    change may name a quarter too: "rose 3 points in 2024, helped by a strong Q4 2024")."""
    out: list[tuple[_Key, _Key]] = []
    quarters = named_quarters(ctx.sentence.text)  # (None: a quarter without its year)
    if quarters:
        ends = sorted(y * 4 + q - 1 for y, q in quarters)  # ("Q4 2024", "Q3 2024": in order)
        if len(ends) == 1:  # "up 4.9 points in Q4 2024"; "up 4.9 points from Q3 2024"
            one = ends[0]
            ends = [one, one + 1] if base_year(ctx, one // 4) else [one - 1, one]
        lo, hi = ends[0], ends[-1]
        out.append(((lo // 4, (lo % 4 + 1) * 3), (hi // 4, (hi % 4 + 1) * 3)))  # (month it ends)
    years = compared_years(ctx)
    if years is not None:
        out.append(((years[0], None), (years[1], None)))
    return out


def compared_years(ctx: ClaimContext) -> tuple[int, int] | None:
    """The two years compared: the sentence's first and last, or the year before its one."""
    years = sorted(set(years_in_text(ctx.sentence.text)))
    if not years:
        years = sorted(set(years_in_text(focus_text(ctx))))
    if len(years) >= 2:
        return years[0], years[-1]
    if years:  # "up 3 points in 2021"; "up 1.6 points from 2023": from its base
        return (years[0], years[0] + 1) if base_year(ctx, years[0]) else (years[0] - 1, years[0])
    # No year named ("Gross margin expanded 1.6 points"): a table of two years gives them.
    two = per_answer(ctx, "ratio_points.years", ctx.scope, _table_years)  # (once an answer)
    return (two[0], two[1]) if len(two) == 2 else None


def _table_years(scope: Scope) -> list[int]:
    """The years of the scope's table cells, in order."""
    years = {v.year for g in scope.groups for v in g.values if v.table is not None}
    return sorted(y for y in years if y is not None)


def _cells(
    values: Sequence[SourceValue], rows: set[_Row], years: tuple[_Key, _Key]
) -> dict[_Row, list[tuple[SourceValue, SourceValue]]]:
    """Each row's (earlier, later) cells of the two periods, one pair per unit view."""
    by_year: dict[tuple[_Row, str], dict[_Key, SourceValue]] = {}
    for v in values:
        if v.row_index is None:
            continue
        key = (v.source_id, v.table, v.row_index)
        if key not in rows or operand_class(v) != "amount":
            continue
        p = period(v)
        if p is None or p not in years:
            continue
        by_year.setdefault((key, v.view), {})[p] = v
    out: dict[_Row, list[tuple[SourceValue, SourceValue]]] = {}
    for (key, _view), cells in by_year.items():
        if years[0] in cells and years[1] in cells:
            out.setdefault(key, []).append((cells[years[0]], cells[years[1]]))
    return out


def _changes(
    tops: dict[_Row, list[tuple[SourceValue, SourceValue]]],
    bottoms: dict[_Row, list[tuple[SourceValue, SourceValue]]],
    scale: Decimal,
) -> Iterator[tuple[Decimal, _Ops]]:
    for top, top_pairs in tops.items():
        for bottom, bottom_pairs in bottoms.items():
            if top[:2] != bottom[:2] or top == bottom:
                continue  # one table's two rows
            for a1, a2 in top_pairs:
                for b1, b2 in bottom_pairs:
                    if not (views_compatible(a1, b1) and views_compatible(a2, b2)):
                        continue
                    if b1.value == 0 or b2.value == 0:
                        continue
                    yield (a2.value / b2.value - a1.value / b1.value) * scale, (a1, b1, a2, b2)


# A bare "points" after a figure ("up 1.6 points"): percentage points where a ratio is named.
_POINTS = re.compile(r"\s*(?:points?|pts?)\b", re.IGNORECASE)


def points_unit(ctx: ClaimContext) -> str | None:
    """``"pp"`` or ``"bps"`` when the claim is a change in points, else None."""
    m = ctx.mention
    if m.kind in _SCALE:
        return m.kind
    if m.kind == "number" and _POINTS.match(ctx.text, m.end) is not None:
        return "pp"
    return None


def ratio_points(ctx: ClaimContext) -> Verdict | None:
    """Rule: a named ratio's change in points between two years (module docstring)."""
    m, o = ctx.mention, ctx.options
    unit = points_unit(ctx)
    if unit is None or not m.claim or m.high is not None or m.value == 0:
        return None
    if not o.allow_derived or not kind_allowed(ctx, _KIND[unit]):
        return None
    sides = named_ratio(focus_text(ctx))
    if sides is None:
        return None
    lo, hi = claim_interval(ctx)
    low, high = sorted((abs(lo), abs(hi)))
    if lo <= 0 <= hi:
        low = Decimal(0)
    direction, _worded = claim_direction(ctx)
    against: tuple[Decimal, _Ops] | None = None
    for span in _spans(ctx):
        years = (span[0][0], span[1][0]) if span[0][1] is None and span[1][1] is None else None
        seen = False
        for group in ctx.scope.groups:
            top_rows, bottom_rows = ratio_sides(group.values, sides)
            tops = _cells(group.values, top_rows, span)
            bottoms = _cells(group.values, bottom_rows, span)
            seen = seen or bool(tops or bottoms)
            found = _changes(tops, bottoms, _SCALE[unit])
            fields = field_changes(group.values, sides, years, _SCALE[unit]) if years else ()
            for change, ops in chain(found, fields):
                if not low <= abs(change) <= high:
                    continue
                if (direction == "up" and change < 0) or (direction == "down" and change > 0):
                    against = against or (change, ops)
                    continue
                return Verdict("derived", _evidence(ctx, ops, change, "", unit))
        if seen:
            break  # (the periods the sentence names are in the table: no other span is tried)
    if against is None:
        return None
    said = "a rise" if direction == "up" else "a fall"
    note = f"the words state {said}, but the ratio moved the other way"
    ev = _evidence(ctx, against[1], against[0], note, unit)
    return Verdict("contradicted", ev, note)


def _evidence(ctx: ClaimContext, ops: _Ops, change: Decimal, note: str, kind: str) -> Evidence:
    a1, b1, a2, b2 = ops
    unit = "pp" if kind == "pp" else " bps"
    times = "100" if kind == "pp" else "10,000"

    def q(a: SourceValue, b: SourceValue) -> str:
        return f"{label(a)} ({format_decimal(a.value)}) / {label(b)} ({format_decimal(b.value)})"

    formula = f"({q(a2, b2)} - {q(a1, b1)}) x {times} = {fmt_result(ctx, change)}{unit}"
    return Evidence(
        "derive", _KIND[kind], formula, ops, change, note or "a named ratio's point change"
    )
