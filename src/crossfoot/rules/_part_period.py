"""The quarter (or half) of a named row's cell that a share's sentence names.

A share of a column's unwritten total (:mod:`crossfoot.rules.column_share`) finds its part by
the row the sentence names and the year it names. Over quarter columns ("Q1 2024" ... "Q4
2024") every column is of one year, and the year alone picked any quarter: "Cloud made up about
60% of Q4 revenue" passed on Q3's 62.4%. When the named row holds several quarters (or halves)
of the part's year, the part is the cell of the one the sentence names ("Q4", "the fourth
quarter"); a sentence that names none, or several, leaves the share unread.
"""

from __future__ import annotations

from typing import Any

from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._sub_period_focus import named_sub_periods

__all__ = ["sub_period_rows"]

_Rows = dict[Any, dict[int, SourceValue]]


def sub_period_rows(ctx: ClaimContext, rows: _Rows) -> _Rows:
    """Named ``rows`` (cells by year), each year's cell the one of the sub-period the sentence
    names when the row holds several of that year; a year whose sub-period the sentence names
    not (or names several of) is dropped.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention, Sentence
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.index import ValueIndex
    >>> cells = [SourceValue(Decimal(v), "S1", row="Cloud", column=c, year=2024, table=0,
    ...          row_index=1, col_index=i) for i, (v, c) in enumerate([(498, "Q3 2024"),
    ...          (530, "Q4 2024")], 1)]
    >>> text = "Cloud made up about 60% of Q4 revenue."
    >>> m = Mention("60%", 20, 23, Decimal(60), "percent", Decimal("0.5"))
    >>> g = ValueIndex(cells)
    >>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
    ...     Scope((), False, g, (g,)), Options())
    >>> sub_period_rows(ctx, {"cloud": {2024: cells[0]}})["cloud"][2024].column
    'Q4 2024'
    """
    if not any(
        (p := period(v)) is not None and p[1] is not None
        for cells in rows.values()
        for v in cells.values()
    ):
        return rows
    ends = named_sub_periods(ctx.sentence.text)
    out: _Rows = {}
    for key, cells in rows.items():
        kept = {}
        for year, v in cells.items():
            w = _pick(ctx, v, ends)
            if w is not None:
                kept[year] = w
        out[key] = kept
    return out


def _pick(ctx: ClaimContext, v: SourceValue, ends: set[int]) -> SourceValue | None:
    """``v``'s row's cell of its year in the one sub-period of ``ends``; ``v`` itself when the
    row holds one sub-period of that year (or ``v`` none); None when ``ends`` names none of the
    row's, or several."""
    own = period(v)
    if own is None or own[1] is None:
        return v
    key = (v.source_id, v.table, v.row_index, v.view)
    line = {
        p: w
        for w in ctx.scope.index.values
        if (w.source_id, w.table, w.row_index, w.view) == key
        and (p := period(w)) is not None
        and p[0] == own[0]
        and p[1] is not None
    }
    if len(line) < 2:
        return v  # the one sub-period of its year: the year names it
    picked = [w for p, w in line.items() if p[1] in ends]
    return picked[0] if len(picked) == 1 else None
