"""The scope's table rows by period and its table columns, read once per answer and scope.

:mod:`crossfoot.rules.span_mean`, :mod:`crossfoot.rules.part_year` and
:mod:`crossfoot.rules.period_basis` read a row's cells by their periods;
:mod:`crossfoot.rules.profit_cascade` and :mod:`crossfoot.rules.named_metric` read a column's
cells by their rows. Each scanned every value of the scope for every claim it was asked about;
here the scan is made once per answer and scope (kept in ``ctx.shared``, keyed by the scope's
groups, which the memo holds so their ids stay theirs).
"""

from __future__ import annotations

from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class

__all__ = ["Row", "period_rows", "table_columns"]

#: One table row of one operand class: (year, month its period ends or None) -> its first cell
Row = dict[tuple[int, int | None], SourceValue]
_Key = tuple[int, ...]


def period_rows(ctx: ClaimContext) -> list[tuple[str, Row]]:
    """``(operand class, cells by period)`` of each table row of the scope (in the order the
    rows are first met; the first cell of a period kept)."""
    memo: dict[_Key, tuple[object, list[tuple[str, Row]]]]
    memo = ctx.shared.setdefault("scope_lines.rows", {})  # type: ignore[assignment]
    key = tuple(map(id, ctx.scope.groups))
    found = memo.get(key)
    if found is None:
        rows: dict[tuple[str, int, int | None, str, str], Row] = {}
        for group in ctx.scope.groups:
            for v in group.values:
                cls = operand_class(v)
                if cls is None or v.table is None:
                    continue
                p = period(v)
                if p is not None:
                    line = (v.source_id, v.table, v.row_index, v.view, cls)
                    rows.setdefault(line, {}).setdefault(p, v)
        found = memo[key] = (ctx.scope.groups, [(k[4], r) for k, r in rows.items()])
    return found[1]


def table_columns(ctx: ClaimContext) -> list[list[SourceValue]]:
    """The amount cells of each table column of the scope that have a row label and a row
    index, in the order met."""
    memo: dict[_Key, tuple[object, list[list[SourceValue]]]]
    memo = ctx.shared.setdefault("scope_lines.columns", {})  # type: ignore[assignment]
    key = tuple(map(id, ctx.scope.groups))
    found = memo.get(key)
    if found is None:
        cols: dict[tuple[str, int, int, str], list[SourceValue]] = {}
        for group in ctx.scope.groups:
            for v in group.values:
                if v.table is None or v.col_index is None or v.row_index is None or not v.row:
                    continue
                if operand_class(v) == "amount":
                    cols.setdefault((v.source_id, v.table, v.col_index, v.view), []).append(v)
        found = memo[key] = (ctx.scope.groups, list(cols.values()))
    return found[1]
