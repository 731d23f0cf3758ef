"""The reach of :func:`crossfoot.rules.rowsums.row_derivations` (see :mod:`crossfoot.rules._reach`):
every value its kinds can produce from a small table, whichever rows a sentence names.

Per table (at most :data:`MAX_ROWS` rows), as magnitudes: each column's total, mean and
median; every cell's share of its column total (as a percent and as a fraction), and of every
set of cells together; every ratio of two column totals; the sum of every two cells of
a column and of every run of adjacent rows; every row sum over a family of columns; every ratio
of two cells of one row; the row count. Made once per table (``_tables`` keeps a table per
result set) and kept beside it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from itertools import accumulate
from typing import Any

from crossfoot.arithmetic.middle import median_of
from crossfoot.model.context import ClaimContext, Scope
from crossfoot.model.memo import by_identity, per_answer
from crossfoot.rules._reach import EMPTY, Reach, as_floats
from crossfoot.rules._rowsums_categories import category_values
from crossfoot.rules._rowsums_tables import _Table, _tables
from crossfoot.sources.rows import IntNumbers

__all__ = ["MAX_ROWS", "rowsums_reach"]

#: Tables of more rows are not listed (their pairs and runs grow as the square of the rows):
#: the rule always runs on them.
MAX_ROWS = 6
_ZERO = Decimal(0)

_TABLES: dict[int, tuple[_Table, Reach | None]] = {}
_KEPT = 64


def rowsums_reach(ctx: ClaimContext) -> Reach | None:
    """The values ``row_derivations`` can produce in ``ctx``'s scope (None: a table too large)."""
    o = ctx.options
    if not o.result_rows or not o.allow_derived:
        return EMPTY  # the rule returns None at once
    return per_answer(ctx, "reach.rowsums", ctx.scope, _scope_reach)


def _scope_reach(scope: Scope) -> Reach | None:
    parts: list[Reach] = []
    made: Reach | None = EMPTY
    for source in scope.sources:
        for table in _tables(source):
            r = _table_reach(table)
            if r is None:
                made = None
                break
            parts.append(r)
        if made is None:
            break
    if made is not None and parts:
        made = parts[0] if len(parts) == 1 else _merge(parts)
    return made


def _merge(parts: list[Reach]) -> Reach:
    values = sorted(v for p in parts for v in p.values)
    return Reach(values, max(p.slack for p in parts))


def _table_reach(table: _Table) -> Reach | None:
    if table.rows > MAX_ROWS:
        return None  # (not kept: the memo holds small tables only, never a large result set)
    return by_identity(_TABLES, table, _KEPT, _list)


def _list(table: _Table) -> Reach | None:
    """Sums are taken exactly (ints, or Decimals in the rule's order), then made floats; a
    quotient of two floats is within a few 1e-16 of its Decimal: the gate's relative widening
    (1e-9) covers both."""
    out: list[float] = [float(table.rows)]
    columns: list[dict[int, Decimal]] = []
    for col in table.columns:
        values = col.values
        cells: Sequence[int] | Sequence[Decimal]
        if isinstance(values, IntNumbers):  # an int column: its ints, no Decimal per cell
            order: Sequence[int] = range(len(values.ints))
            cells = values.ints
        else:
            order = sorted(values)
            cells = [values[i] for i in order]
        floats = as_floats(cells)
        if floats is None:
            return None
        columns.append(dict(zip(order, cells, strict=True)))  # type: ignore[arg-type]
        total = float(col.total)
        out.append(total)
        if floats:
            out.append(total / len(floats))
            if len(floats) > 2:  # the median, as rules.rowsums reads it
                out.append(median_of(floats))
        if total:
            out.extend([x / total for x in floats])  # shares, as fractions
            out.extend([x / total * 100 for x in floats])  # and as percents
            parts = _subset_sums(floats)  # several rows' share together (rows_share)
            out.extend(parts)  # (and a total less named rows: the other rows' sum, rowsums._rest)
            out.extend([x / total for x in parts])
            out.extend([x / total * 100 for x in parts])
        _sums(cells, out)
    rows = sorted(set().union(*columns))  # (row indexes as the cells have them)
    for family in table.families:
        for i in rows:
            present = [columns[p][i] for p in family if i in columns[p]]
            out.append(float(sum(present, _ZERO)))
    for i in rows:
        row = [float(c[i]) for c in columns if i in c]
        for y in row:
            if y:
                out.extend([x / y for x in row])  # ratios of two cells of a row
    totals = [float(c.total) for c in table.columns]
    out.extend(x / y * k for x in totals for y in totals if y for k in (1, 100))  # totals_ratio
    _group_values(table, columns, out)
    category_values(table, columns, out)
    ordered = sorted(map(abs, out))
    if not math.isfinite(ordered[-1]):
        return None  # a quotient beyond float range: the rule runs
    return Reach(ordered, 0.0)


def _subset_sums(floats: list[float]) -> list[float]:
    """The sum of every set of two or more cells of a column (at most MAX_ROWS cells)."""
    sums = [0.0]
    for x in floats:
        sums += [s + x for s in sums]
    return sums


def _sums(cells: Sequence[Any], out: list[float]) -> None:
    """Every two cells of a column, and every run of rows (as the rule adds them, from the
    first), summed exactly (ints, or Decimals in the engine's 80-digit context)."""
    for a, x in enumerate(cells):
        rest = cells[a + 1 :]
        out.extend(map(float, map(x.__add__, rest)))
        out.extend(map(float, accumulate(rest, initial=x)))


def _group_values(table: _Table, columns: list[dict[int, Decimal]], out: list[float]) -> None:
    """The totals and means of every group of rows of one period or one label (and of the months
    of one quarter or half), and each row's share of its period's total
    (rules._rowsums_groups)."""
    groups = dict(table.period_index())
    # the counts of distinct periods, years and labels ("over the two months")
    for kind in ("period", "year"):
        out.append(float(sum(1 for k in groups if k[0] == kind)))
    out.append(float(len({table.labels_of(i) for i in range(table.rows)} - {None})))
    for i in range(table.rows):
        label = table.labels_of(i)
        if label is not None:
            groups.setdefault(("label", label), []).append(i)
    for i, p in enumerate(table.row_periods() or ()):
        if p is not None and 1 <= p[1] <= 12:  # a named quarter or half of rows by month
            groups.setdefault(("quarter", (p[0], (p[1] - 1) // 3)), []).append(i)
            groups.setdefault(("half", (p[0], (p[1] - 1) // 6)), []).append(i)
    for key, rows in groups.items():
        if len(rows) < 2:
            continue
        for col in columns:
            cells = [col[i] for i in rows if i in col]
            if len(cells) < 2:
                continue
            total = sum(cells, _ZERO)
            out.append(float(total))
            out.append(float(total / len(cells)))
            if total and key[0] != "label":
                out.extend(float(x / total * 100) for x in cells)
