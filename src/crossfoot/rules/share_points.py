"""The change of a row's share of its column's total between two years, in points: "North's
share of sales rose 1.8 percentage points in 2023", "... up 180 basis points", "South's share
fell 3.6 points to 28.9%".

A share of a whole the table does not write (``rules.column_share``), or of its total line, is
read in each of two years; the figure is the later share less the earlier, in percentage points
(basis points are hundredths of one; a plain figure followed by "points" is read in points). The
rows are the ones the sentence names (one to three of one table); the years are the two the
sentence names, or the one it names and the year before, or a two-year table's two. The figure
is met at its stated precision, and its direction words must agree with the sign ("rose" where
the share fell is ``contradicted``).

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,802", "3,540"],'
...      ' ["East", "1,650", "1,643"], ["West", "2,010", "2,410"]]')
>>> check("North's share of sales rose 1.8 percentage points in 2023.", [t]).claims[0].status
'derived'
>>> check("North's share of sales fell 1.8 percentage points in 2023.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from crossfoot.language.summary_lines import parts_named
from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import SourceValue
from crossfoot.rules._column_whole import column_part_whole
from crossfoot.rules._derive_shared import claim_interval, kind_allowed
from crossfoot.rules._row_order import named_rows, one_part
from crossfoot.rules.rows_years import pp_verdict, rows_share_points, year_pair

__all__ = ["share_points"]

_POINTS = re.compile(r"(?i)\s*(?:percentage\s+|percent\s+)?(?:points?|pts?\.?)\b")
_SHARE = re.compile(r"(?i)\b(?:share|portion|proportion|percentage|mix)\b")
_HUNDRED = Decimal(100)


def share_points(ctx: ClaimContext) -> Verdict | None:
    """Rule: a share's change in points between two years (module docstring)."""
    m = ctx.mention
    if not m.claim or m.high is not None or not ctx.options.allow_derived:
        return None
    if m.kind == "pp":
        scale = Decimal(1)
    elif m.kind == "bps":
        scale = Decimal("0.01")
    elif m.kind == "number" and _POINTS.match(ctx.text, m.end):
        scale = Decimal(1)
    else:
        return None
    s = ctx.sentence
    if _SHARE.search(s.text) is None or not kind_allowed(ctx, "pp_change"):
        return None
    if ctx.options.result_rows:  # (a result set's scope holds no whole column: gaps34)
        return rows_share_points(ctx, scale)
    rows = parts_named(named_rows(ctx.text[s.start : m.start], ctx.scope.index.values))
    if not one_part(rows):
        return None
    have = {y for cells in rows.values() for y in cells}
    pair = year_pair(have, {int(y) for y in YEAR.findall(s.text)})
    if pair is None:
        return None
    shares = [_share(ctx, rows, y) for y in pair]
    if shares[0] is None or shares[1] is None:
        return None
    (early, used_a), (late, used_b) = shares[0], shares[1]
    change = late - early
    lo, hi = claim_interval(ctx)
    lo, hi = lo * scale, hi * scale
    if not (lo <= abs(change) <= hi or lo <= change <= hi):
        return None
    return pp_verdict(ctx, early, late, (*used_a, *used_b), pair)


def _share(
    ctx: ClaimContext, rows: Mapping[Any, dict[int, SourceValue]], year: int
) -> tuple[Decimal, tuple[SourceValue, ...]] | None:
    """The named rows' share (in percent) of their column's whole in ``year``: the total line,
    else the rows summed (three or more, none negative)."""
    parts = [cells.get(year) for cells in rows.values()]
    if any(p is None for p in parts):
        return None
    cells = [p for p in parts if p is not None]
    found = column_part_whole(ctx.scope.index.values, cells, same_kind=True)
    if found is None:
        return None
    whole, total, column = found
    used = (total, *cells) if total is not None else tuple(column.values())
    if whole <= 0:
        return None
    return sum((c.value for c in cells), Decimal(0)) / whole * _HUNDRED, used
