"""Two years of a result set (``trace``), as the rules of a document's table read them: a share's
change in points ("North's share of sales rose 2.3 percentage points", "... up 235 basis
points", "South's share fell 2.9 points in 2023"), and the totals of a column in two years
(:func:`year_totals`, for ``rules.column_share.column_total_change``: "Total sales grew 12.6% in
2023").

:mod:`crossfoot.rules.share_points` reads it over a document's table, from the values of the
claim's scope; a result set's scope holds only the cells near the answer's figures, so the whole
of the column is not there and the change failed as unsupported. Here the result set is read as
:mod:`crossfoot.rules.rowsums` reads it (``scope_tables``: every column with its total):

- wide rows (``sales_2022``, ``sales_2023``: one column of a family a year): the named rows'
  share of each year's column total;
- long rows (a ``year`` column, one row a label and year): the named rows' share of the rows of
  each year, in the one amount column the sentence names (or the only one).

The years are share_points' (the two the sentence names, the one it names and the year before,
or the only two); the figure is met at its stated precision and its direction words must agree
with the sign ("rose" where the share fell is ``contradicted``).

>>> from crossfoot import trace
>>> rows = [{"region": "North", "sales_2022": 4000, "sales_2023": 4637},
...         {"region": "South", "sales_2022": 3600, "sales_2023": 3540},
...         {"region": "West", "sales_2022": 3400, "sales_2023": 3802}]
>>> trace("North's share of sales rose 2.3 percentage points.", rows).claims[0].status
'derived'
>>> trace("North's share of sales fell 2.3 percentage points.", rows).claims[0].status
'contradicted'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_direction, claim_interval
from crossfoot.rules._low import sentence_low
from crossfoot.rules._rowsums_tables import _Column, _Table, scope_tables

__all__ = ["pp_verdict", "rows_share_points", "year_pair", "year_totals"]

_HUNDRED = Decimal(100)


def rows_share_points(ctx: ClaimContext, scale: Decimal) -> Verdict | None:
    """The verdict of a share's change in points over the scope's result sets, or None."""
    s, m = ctx.sentence, ctx.mention
    said = {int(y) for y in YEAR.findall(s.text)}
    before = ctx.text[s.start : m.start]
    lo, hi = claim_interval(ctx)
    lo, hi = lo * scale, hi * scale
    for table in scope_tables(ctx):
        named = table.rows_named(before)
        if not named or len(named) > 3 or len(named) >= table.rows:
            continue
        years = _years(table, said, sentence_low(ctx))
        if years is None:
            continue
        pair, sides = years
        labels = {table.labels_of(i) for i in named}
        long = bool(table.row_periods())
        shares = [
            _share(
                col,
                [i for i in rows if (table.labels_of(i) in labels if long else i in named)],
                rows,
            )
            for col, rows in sides
        ]
        if shares[0] is None or shares[1] is None:
            continue
        (early, used_a), (late, used_b) = shares[0], shares[1]
        change = late - early
        if lo <= abs(change) <= hi or lo <= change <= hi:
            return pp_verdict(ctx, early, late, (*used_a, *used_b), pair)
    return None


def year_totals(
    ctx: ClaimContext, early: int, late: int
) -> list[tuple[Decimal, Decimal, tuple[SourceValue, ...]]]:
    """Each result set's totals of one amount in ``early`` and ``late`` (wide: two columns of
    a family; long: the rows of each year, in the one amount column), every cell non-negative,
    three rows or more a year, with their cells (none past 25 rows a year)."""
    out = []
    for table in scope_tables(ctx):
        years = _years(table, {early, late}, sentence_low(ctx))
        if years is None or years[0] != (early, late):
            continue
        totals = []
        for col, rows in years[1]:
            values = [col.values.get(i) for i in rows]
            if len(values) < 3 or any(v is None or v < 0 for v in values):
                break
            cells = tuple(col.get(i) for i in rows) if len(rows) <= _LISTED else ()
            totals.append((sum((v for v in values if v is not None), Decimal(0)), cells))
        else:
            (a, used_a), (b, used_b) = totals
            out.append((a, b, (*used_a, *used_b)))
    return out


_LISTED = 25
_Side = tuple[_Column, list[int]]


def pp_verdict(
    ctx: ClaimContext,
    early: Decimal,
    late: Decimal,
    used: tuple[SourceValue, ...],
    pair: tuple[int, int],
) -> Verdict | None:
    """The verdict of a share's change in points from ``early`` to ``late`` (percent) that met
    the figure (``rules.share_points`` over a document's table, and over a result set here): the
    wording's direction against the sign, else ``derived``; None for a fall with no word of it
    and a positive figure (left to other rules)."""
    change = late - early
    formula = (
        f"share {pair[1]} {format_decimal(round(late, 3))}% - share {pair[0]} "
        f"{format_decimal(round(early, 3))}% = {format_decimal(round(change, 3))} points"
    )
    direction, _ = claim_direction(ctx)
    if (direction == "up" and change < 0) or (direction == "down" and change > 0):
        went = "fell" if change < 0 else "rose"
        why = f"the wording says the other way, but the share {went}: {formula}"
        return Verdict("contradicted", Evidence("derive", "pp_change", formula, used), why)
    if direction is None and not ctx.mention.negative and change < 0:
        return None  # (share_points': a positive figure with no word of a fall)
    return Verdict("derived", Evidence("derive", "pp_change", formula, used, change))


def year_pair(have: set[int], said: set[int]) -> tuple[int, int] | None:
    """The two years of a change among the years a table ``have``s: the two the sentence
    names (``said``), the one it names and the year before, or the only two.

    >>> year_pair({2022, 2023}, set()), year_pair({2021, 2022, 2023}, {2023})
    ((2022, 2023), (2022, 2023))
    >>> year_pair({2021, 2022, 2023}, set()) is None
    True
    """
    if len(said) == 2:
        a, b = sorted(said)
    elif len(said) == 1:
        b = next(iter(said))
        a = b - 1
    elif len(have) == 2:
        a, b = sorted(have)
    else:
        return None
    return (a, b) if a in have and b in have else None


def _years(
    table: _Table, said: set[int], low: str
) -> tuple[tuple[int, int], tuple[_Side, _Side]] | None:
    """The two years of the table the sentence's change runs between, and for each the column
    and rows that hold it: two year columns of one family (wide), or the rows of each year in
    the one amount column the sentence names (long)."""
    rows = list(range(table.rows))
    periods = table.row_periods()
    if not periods:
        by_family: dict[str, dict[int, _Column]] = {}
        for col in table.columns:
            if col.percent or not col.values:
                continue
            year = col.get(next(iter(col.values))).year
            if year is not None:
                by_family.setdefault(col.family, {})[year] = col
        for cols in by_family.values():
            pair = year_pair(set(cols), said)
            if pair is not None:
                return pair, ((cols[pair[0]], rows), (cols[pair[1]], rows))
        return None
    by_year: dict[int, list[int]] = {}
    for i, p in enumerate(periods):
        if p is not None and p[0] is not None and p[1] == 0:
            by_year.setdefault(p[0], []).append(i)
    pair = year_pair(set(by_year), said)
    amounts = [c for c in table.columns if not c.percent and c.values]
    picked = [c for c in amounts if c.family and c.family in low] if len(amounts) > 1 else amounts
    if pair is None or len(picked) != 1:
        return None
    return pair, ((picked[0], by_year[pair[0]]), (picked[0], by_year[pair[1]]))


def _share(
    col: _Column, named: Sequence[int], rows: Sequence[int]
) -> tuple[Decimal, tuple[SourceValue, ...]] | None:
    """The share in percent of ``named`` rows' cells among ``rows``' (none negative)."""
    values = [col.values.get(i) for i in rows]
    parts = [col.values.get(i) for i in named]
    if not parts or any(v is None or v < 0 for v in values) or any(p is None for p in parts):
        return None
    whole = sum((v for v in values if v is not None), Decimal(0))
    if whole <= 0:
        return None
    part = sum((p for p in parts if p is not None), Decimal(0))
    return part / whole * _HUNDRED, tuple(col.get(i) for i in named)
