"""A fraction word as a named row's share of its column: "West made up nearly a quarter of 2023
sales", "South accounted for about a third of sales in 2023".

``rules.fraction_share`` pairs two rows the sentence names ("of total revenue" names the Total
line). "of 2023 sales" names no row: the whole is the column of the year the sentence names,
its total line when the table has one (``language.summary_lines.whole_line``), else the sum of
its rows (three or more parts, summary lines aside, no negative cell), as a percentage share of
it is read (``rules.column_share``).
The part is the row or rows (at most three) named in the fraction's own stretch of the
sentence (from the last comma, semicolon or colon before it), in that column. It is met within
the fraction's window (``rules._worded_fraction``): "nearly a quarter" as loosely as
"about 25%" may be, "exactly a quarter" at the fraction's own precision.

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,300", "4,700"], ["South", "3,600", "3,740"],'
...      ' ["West", "2,400", "2,660"]]')
>>> check("West made up nearly a quarter of 2023 sales.", [t]).claims[0].status
'derived'
>>> check("West made up nearly half of 2023 sales.", [t]).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.summary_lines import line_role, parts_named, whole_line
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._row_order import named_rows, one_part

__all__ = ["column_fraction"]

_BREAK = re.compile(r"[;:]|,(?!\d)")  # (not the comma of "4,637")
_MIN_PARTS = 3  # a column of two rows is a pair, which fraction_share reads


def column_fraction(ctx: ClaimContext, lo: Decimal, hi: Decimal) -> Verdict | None:
    """The named rows' share of their year column's whole within ``[lo, hi]`` (fractions of 1),
    as a ``derived`` verdict; None when the sentence does not name one year and one to three
    rows of one table, or the share is outside (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    years = set(years_in_text(ctx.text[s.start : s.end]))
    if len(years) != 1:
        return None
    (year,) = years
    head = ctx.text[s.start : m.start]
    cut = max((b.end() for b in _BREAK.finditer(head)), default=0)
    rows = parts_named(named_rows(head[cut:], ctx.scope.index.values))
    if not one_part(rows):
        return None
    parts = [cells.get(year) for cells in rows.values()]
    if any(p is None for p in parts):
        return None
    named = [p for p in parts if p is not None]
    whole = _whole(ctx, named[0])
    if whole is None or any(line_role(p.row) for p in named):
        return None
    total, used = whole
    part = sum((p.value for p in named), Decimal(0))
    if total <= 0 or part <= 0 or part >= total:
        return None
    share = part / total
    if not lo <= share <= hi:
        return None
    names = " + ".join(f"{p.label} ({format_decimal(p.value)})" for p in named)
    formula = (
        f"({names}) / {year} column's whole {format_decimal(total)} = "
        f"{format_decimal(round(share, 4))}"
    )
    note = "a fraction in words, met within its plain-language window"
    return Verdict("derived", Evidence("derive", "share", formula, (*named, *used), share, note))


def _whole(ctx: ClaimContext, cell: SourceValue) -> tuple[Decimal, tuple[SourceValue, ...]] | None:
    """The whole of ``cell``'s column: its total line's cell, else the sum of its rows (three or
    more parts of the cell's kind, none negative; summary lines aside)."""
    column: dict[int, SourceValue] = {}
    lines: list[SourceValue] = []
    for v in ctx.scope.index.values:
        if v.source_id != cell.source_id or v.table != cell.table or v.col_index != cell.col_index:
            continue
        if v.row_index is None or v.kind == "year" or v.view != cell.view or v.year != cell.year:
            continue  # (a long result set holds every year in one column)
        if line_role(v.row) is not None:
            lines.append(v)
        elif v.kind != cell.kind or v.value < 0:
            return None
        else:
            column[v.row_index] = v
    whole = whole_line(lines, column.values())
    if whole is not None:
        return whole.value, (whole,)
    if any(line_role(v.row) == "whole" for v in lines) or len(column) < _MIN_PARTS:
        return None  # (a total line, but which one cannot be told)
    return sum((v.value for v in column.values()), Decimal(0)), tuple(column.values())
