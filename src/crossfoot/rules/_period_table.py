"""A table that is one series of quarters or months laid out over rows and columns.

"Revenue ($m)" with rows Q1..Q4 and columns 2023 and 2024 holds one line of eight quarters, but
each table row holds only one quarter of two years (``rules._scope_lines.period_rows`` reads
rows), so ``rules.period_basis`` found no line and a change "year over year" or "sequentially"
was judged by the search that ignores the base. The same holds with years as rows and quarters
as columns. :func:`table_lines` reads such a table whole as one line: a table of one operand
class whose cells, over more than one row and more than one column, each name a different
period (a table of several measures repeats its periods and is read by rows only).

>>> import crossfoot
>>> t = '[["Revenue", "2023", "2024"], ["Q1", "400", "440"], ["Q2", "410", "470"],'
>>> t += ' ["Q3", "430", "480"], ["Q4", "450", "520"]]'
>>> crossfoot.check("Q4 2024 revenue rose 15.6% year over year.", [t]).passed
True
>>> crossfoot.check("Q4 2024 revenue rose 8.3% year over year.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class

__all__ = ["table_lines"]

#: (year, month its period ends) -> the cell
Line = dict[tuple[int, int], SourceValue]
_Key = tuple[int, ...]


def table_lines(ctx: ClaimContext) -> list[Line]:
    """One line per table of the scope laid out as one series over rows and columns (module
    docstring); read once per answer and scope."""
    memo: dict[_Key, tuple[object, list[Line]]]
    memo = ctx.shared.setdefault("period_table.lines", {})  # type: ignore[assignment]
    key = tuple(map(id, ctx.scope.groups))
    found = memo.get(key)
    if found is None:
        found = memo[key] = (ctx.scope.groups, _read(ctx))
    return found[1]


def _read(ctx: ClaimContext) -> list[Line]:
    tables: dict[tuple[str, int, str], list[SourceValue]] = {}
    for group in ctx.scope.groups:
        for v in group.values:
            if v.table is None or v.row_index is None or v.col_index is None:
                continue
            if operand_class(v) == "amount":
                tables.setdefault((v.source_id, v.table, v.view), []).append(v)
    lines: list[Line] = []
    for cells in tables.values():
        if len({v.row_index for v in cells}) < 2 or len({v.col_index for v in cells}) < 2:
            continue
        line: Line = {}
        seen: set[tuple[int, int]] = set()  # (row, column): a cell met twice (two groups)
        for v in cells:
            p = period(v)
            if p is None or p[1] is None:
                break
            at = (v.row_index or 0, v.col_index or 0)
            if (p[0], p[1]) in line and at not in seen:
                break  # two cells of one period: several measures
            seen.add(at)
            line.setdefault((p[0], p[1]), v)
        else:
            if len(line) > 2:
                lines.append(line)
    return lines
