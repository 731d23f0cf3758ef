"""Row derivations: what a result set implies beyond its cells.

Only for sources that are query result rows (``Options.result_rows``, set by ``trace``). Kinds:

============  ========================================================================
column_sum    the total of a column over every row ("combined $9.9M")
column_mean   the mean of a column over every row
share         a cell's share of its column total ("Europe is 32% of revenue")
row_sum       the cells of one row across columns of one unit (q1 + q2 + q3 + q4)
sum           two cells of one column, or a run of 3+ adjacent cells (first ``max_rows``)
row_count     the number of rows ("across 3 regions")
ratio         money per unit within a row: revenue / orders ("average order value $55")
============  ========================================================================

Sums never mix units: only cells of one column, or of columns of one family (``revenue_2023``
and ``revenue_2024``, ``Q1`` and ``Q2``), are added; ids and years are never operands. Pairwise
differences, ratios and changes (with their direction checks) are left to ``rules.derive``.
Growth wording ("rose 12%") is never matched here: a total or share has no direction.

>>> from decimal import Decimal
>>> from crossfoot._index import ValueIndex
>>> from crossfoot._resultrows import rows_to_sources
>>> from crossfoot._types import Mention, Sentence
>>> from crossfoot.rules import ClaimContext, Options, Scope
>>> src = rows_to_sources([{"r": "A", "x": 4}, {"r": "B", "x": 6}])[0]
>>> m = Mention("10", 9, 11, Decimal(10), "number", Decimal("0.5"))
>>> text = "Combined 10 units."
>>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
...     Scope((src,), False, ValueIndex(src.values), ()), Options(result_rows=True))
>>> row_derivations(ctx).evidence.formula
'sum of x over 2 rows = 10'
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from .._resultrows import is_count_column, is_id_column, unit_family
from .._types import Evidence, Source, SourceValue, format_decimal
from . import ClaimContext, Verdict
from .derive import claim_direction, claim_interval, derivable, kind_allowed

__all__ = ["row_derivations"]

_HUNDRED = Decimal(100)
# Evidence lists every operand up to this many; a longer column total names the count instead.
_MAX_LISTED = 25
# Kinds in order of preference when several match: one canonical figure before a search hit.
_PREFERENCE = ("column_sum", "column_mean", "row_sum", "share", "row_count", "ratio", "sum")
_GENERIC_ROW_NOUNS = frozenset({"row", "rows", "record", "records", "result", "results", "entries"})
_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*")


@dataclass(slots=True)
class _Column:
    name: str
    family: str
    percent: bool
    currency: str | None
    cells: list[SourceValue]  # every row, in row order
    operands: list[SourceValue]  # the first max_rows rows (operand=True), in row order
    total: Decimal = Decimal(0)
    keys: list[Decimal] = field(default_factory=list)  # sorted values of ``cells``
    by_value: list[SourceValue] = field(default_factory=list)
    op_keys: list[Decimal] = field(default_factory=list)
    op_by_value: list[SourceValue] = field(default_factory=list)


@dataclass(slots=True)
class _Table:
    source_id: str
    rows: int
    columns: list[_Column]
    families: list[list[int]]  # indexes of columns sharing a unit family, 2+ each
    row_cells: dict[int, dict[int, SourceValue]]  # row_index -> column position -> cell
    runs: tuple[list[Decimal], list[tuple[int, int, int]]] | None = None  # adjacent sums
    ratios: tuple[list[Decimal], list[tuple[SourceValue, SourceValue]]] | None = None


# Tables are built once per Source object and reused for every claim of the answer.
_CACHE: dict[int, tuple[Source, list[_Table]]] = {}
_CACHE_SIZE = 32


def _tables(source: Source) -> list[_Table]:
    hit = _CACHE.get(id(source))
    if hit is not None and hit[0] is source:
        return hit[1]
    tables = _build(source)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(source)] = (source, tables)
    return tables


def _build(source: Source) -> list[_Table]:
    groups: dict[int, dict[int, list[SourceValue]]] = {}
    rows: dict[int, set[int]] = {}
    for v in source.values:
        if v.table is None or v.column is None or v.row_index is None or v.col_index is None:
            continue
        rows.setdefault(v.table, set()).add(v.row_index)
        if v.kind not in ("money", "number", "percent") or v.view == "written":
            continue
        if is_id_column(v.column):
            continue
        groups.setdefault(v.table, {}).setdefault(v.col_index, []).append(v)
    tables: list[_Table] = []
    for t, cols in sorted(groups.items()):
        columns: list[_Column] = []
        row_cells: dict[int, dict[int, SourceValue]] = {}
        for _, cells in sorted(cols.items()):
            cells.sort(key=lambda v: v.row_index or 0)
            first = cells[0]
            assert first.column is not None
            col = _Column(
                first.column,
                unit_family(first.column),
                any(c.kind == "percent" for c in cells),
                first.currency,
                cells,
                [c for c in cells if c.operand],
            )
            col.total = sum((c.value for c in cells), Decimal(0))
            ordered = sorted(cells, key=lambda v: v.value)
            col.by_value, col.keys = ordered, [v.value for v in ordered]
            op_ordered = sorted(col.operands, key=lambda v: v.value)
            col.op_by_value, col.op_keys = op_ordered, [v.value for v in op_ordered]
            pos = len(columns)
            columns.append(col)
            for c in cells:
                row_cells.setdefault(c.row_index or 0, {})[pos] = c
        by_family: dict[tuple[str, bool], list[int]] = {}
        for pos, col in enumerate(columns):
            by_family.setdefault((col.family, col.percent), []).append(pos)
        families = [p for (_, pct), p in by_family.items() if len(p) > 1 and not pct]
        tables.append(_Table(source.id, len(rows.get(t, ())), columns, families, row_cells))
    return tables


@dataclass(frozen=True, slots=True)
class _Hit:
    kind: str
    result: Decimal
    formula: str
    operands: tuple[SourceValue, ...]
    note: str = ""


def row_derivations(ctx: ClaimContext) -> Verdict | None:
    """Rule: a column total or mean, a share of a column total, a row sum, a sum of cells of one
    column, or the row count (see the module docstring). ``None`` when none matches.
    """
    m, o = ctx.mention, ctx.options
    if not o.result_rows or not o.allow_derived or not m.claim:
        return None
    if m.kind not in ("money", "number", "percent") or (m.value == 0 and m.high is None):
        return None
    _, worded = claim_direction(ctx)
    if worded:
        return None  # "rose 12%" is a change; totals and shares have no direction
    lo, hi = claim_interval(ctx)
    flat = o.rel_tolerance is not None or o.abs_tolerance is not None
    fine = derivable(m, flat)
    hits: list[_Hit] = []
    for source in ctx.scope.sources:
        for table in _tables(source):
            hits.extend(_search(ctx, table, lo, hi, fine))
    if not hits:
        return None
    shares = [h for h in hits if h.kind == "share"]
    if shares and len(shares) == len(hits) and o.check_table_rows:
        wrong = _row_verdict(ctx, [h.operands[0] for h in shares])
        if wrong is not None:
            return Verdict(wrong.status, wrong.evidence, wrong.message)
    best = min(hits, key=lambda h: (_PREFERENCE.index(h.kind), abs(h.result - m.value)))
    return Verdict(
        "derived",
        Evidence("rowsums", best.kind, best.formula, best.operands, best.result, best.note),
    )


def _search(
    ctx: ClaimContext, table: _Table, lo: Decimal, hi: Decimal, fine: bool
) -> Iterator[_Hit]:
    m = ctx.mention
    percent = m.kind == "percent"
    fraction = m.kind == "number" and 0 < abs(m.value) <= 1
    signed = [(lo, hi)]
    if not m.negative and m.value > 0:
        signed.append((-hi, -lo))  # a positive figure may state the size of a negative total
    share_of = _share_of(ctx, table) if percent or fraction else None
    for pos, col in enumerate(table.columns):
        if not _currency_ok(m.currency, col.currency):
            continue
        n = len(col.cells)
        if percent == col.percent and n:
            if kind_allowed(ctx, "column_sum") and not col.percent and n > 1:
                if _inside(col.total, signed):
                    yield _Hit(
                        "column_sum",
                        col.total,
                        f"sum of {col.name} over {n} rows = {format_decimal(col.total)}",
                        _listed(col.cells),
                    )
            if kind_allowed(ctx, "column_mean") and n > 1:
                mean = col.total / n
                if _inside(mean, signed):
                    yield _Hit(
                        "column_mean",
                        mean,
                        f"mean of {col.name} over {n} rows = {_fmt(mean)}",
                        _listed(col.cells),
                    )
            if kind_allowed(ctx, "sum") and fine and not col.percent:
                yield from _pair_sums(col, signed)
        if (
            (percent or fraction)
            and not col.percent
            and kind_allowed(ctx, "column_share")
            and (share_of is None or pos in share_of)
        ):
            if fine or fraction:
                yield from _shares(col, lo, hi, _HUNDRED if percent else Decimal(1))
    if m.kind == "money" and fine and kind_allowed(ctx, "ratio"):
        yield from _unit_ratios(m.currency, table, signed)
    if not percent:
        if kind_allowed(ctx, "row_sum"):
            yield from _row_sums(m.currency, table, signed)
        if kind_allowed(ctx, "sum") and fine:
            yield from _runs(table, signed)
        if kind_allowed(ctx, "row_count") and _row_count_ok(ctx, table):
            yield _Hit(
                "row_count",
                Decimal(table.rows),
                f"rows in {table.source_id} = {table.rows}",
                (),
            )


_OF = re.compile(
    r"^\s*(?:percent\b|pct\b)?\s*(?:of|in)\s+(?:(?:the|all|total|our|their|its|group)\s+)*"
    r"([A-Za-z][A-Za-z_-]*)"
)


def _share_of(ctx: ClaimContext, table: _Table) -> set[int] | None:
    """Columns a share names ("32% of revenue" -> revenue); None when it names no column."""
    m = _OF.match(ctx.text[ctx.mention.end : ctx.mention.end + 60])
    if m is None:
        return None
    word = m.group(1).lower().rstrip("s")
    named = {
        pos
        for pos, col in enumerate(table.columns)
        if word in {w.rstrip("s") for w in col.family.split()}
    }
    return named or None


def _inside(value: Decimal, windows: list[tuple[Decimal, Decimal]]) -> bool:
    return any(lo <= value <= hi for lo, hi in windows)


def _listed(cells: list[SourceValue]) -> tuple[SourceValue, ...]:
    return tuple(cells) if len(cells) <= _MAX_LISTED else ()


def _fmt(value: Decimal) -> str:
    return format_decimal(
        value.quantize(Decimal("0.01")) if value != value.to_integral_value() else value
    )


def _shares(col: _Column, lo: Decimal, hi: Decimal, scale: Decimal) -> Iterator[_Hit]:
    total = col.total
    if total <= 0 or not col.keys or col.keys[0] < 0:
        return  # a share of a total is only meaningful for non-negative amounts
    # cell / total * scale in [lo, hi]  <=>  cell in [lo * total / scale, hi * total / scale]
    i = bisect_left(col.keys, lo * total / scale)
    j = bisect_right(col.keys, hi * total / scale)
    for cell in col.by_value[i:j]:
        share = cell.value / total * scale
        unit = "%" if scale == _HUNDRED else ""
        yield _Hit(
            "share",
            share,
            f"{cell.label} ({format_decimal(cell.value)}) / sum of {col.name} "
            f"({format_decimal(total)}) = {_fmt(share)}{unit}",
            (cell,),
        )


def _pair_sums(col: _Column, windows: list[tuple[Decimal, Decimal]]) -> Iterator[_Hit]:
    keys, cells = col.op_keys, col.op_by_value
    for a_pos, a in enumerate(cells):
        for lo, hi in windows:
            i = bisect_left(keys, lo - a.value, a_pos + 1)
            j = bisect_right(keys, hi - a.value, a_pos + 1)
            for b in cells[i:j]:
                total = a.value + b.value
                yield _Hit(
                    "sum",
                    total,
                    f"{a.label} ({format_decimal(a.value)}) + {b.label} "
                    f"({format_decimal(b.value)}) = {format_decimal(total)}",
                    (a, b),
                )


def _row_sums(
    currency: str | None, table: _Table, windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    for family in table.families:
        if not all(_currency_ok(currency, table.columns[p].currency) for p in family):
            continue
        for cells in table.row_cells.values():
            parts = [cells[p] for p in family if p in cells]
            if len(parts) < 2:
                continue
            total = sum((c.value for c in parts), Decimal(0))
            if _inside(total, windows):
                where = parts[0].row or f"row {(parts[0].row_index or 0) + 1}"
                names = " + ".join(c.column or "" for c in parts)
                yield _Hit(
                    "row_sum",
                    total,
                    f"{names} [{where}] = {format_decimal(total)}",
                    tuple(parts),
                )


def _unit_ratios(
    currency: str | None, table: _Table, windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    """Money per unit within one row: revenue / orders ("average order value was $55").

    The numerator is an amount column that is not a count, the denominator any other amount
    column that is not money; only the first ``max_rows`` rows take part.
    """
    if table.ratios is None:
        found: list[tuple[Decimal, SourceValue, SourceValue]] = []
        tops = [
            p for p, c in enumerate(table.columns) if not c.percent and not is_count_column(c.name)
        ]
        bottoms = [
            p
            for p, c in enumerate(table.columns)
            if not c.percent and not any(v.kind == "money" for v in c.cells[:1])
        ]
        for cells in table.row_cells.values():
            for a in tops:
                x = cells.get(a)
                if x is None or not x.operand:
                    continue
                for b in bottoms:
                    y = cells.get(b)
                    if b == a or y is None or not y.operand or y.value == 0:
                        continue
                    found.append((x.value / y.value, x, y))
        found.sort(key=lambda f: f[0])
        table.ratios = ([f[0] for f in found], [(f[1], f[2]) for f in found])
    keys, pairs = table.ratios
    for lo, hi in windows:
        for k in range(bisect_left(keys, lo), bisect_right(keys, hi)):
            x, y = pairs[k]
            if not _currency_ok(currency, x.currency):
                continue
            yield _Hit(
                "ratio",
                keys[k],
                f"{x.label} ({format_decimal(x.value)}) / {y.label} "
                f"({format_decimal(y.value)}) = {_fmt(keys[k])}",
                (x, y),
            )


def _runs(table: _Table, windows: list[tuple[Decimal, Decimal]]) -> Iterator[_Hit]:
    """Sums of 3 or more adjacent cells of one column within the first ``max_rows`` rows."""
    if table.runs is None:
        sums: list[tuple[Decimal, tuple[int, int, int]]] = []
        for pos, col in enumerate(table.columns):
            if col.percent:
                continue
            ops = col.operands
            for start in range(len(ops)):
                running = ops[start].value
                for end in range(start + 1, len(ops)):
                    running += ops[end].value
                    if end - start >= 2:
                        sums.append((running, (pos, start, end)))
        sums.sort(key=lambda s: s[0])
        table.runs = ([s[0] for s in sums], [s[1] for s in sums])
    keys, spans = table.runs
    for lo, hi in windows:
        for k in range(bisect_left(keys, lo), bisect_right(keys, hi)):
            pos, start, end = spans[k]
            col = table.columns[pos]
            part = col.operands[start : end + 1]
            first, last = part[0], part[-1]
            yield _Hit(
                "sum",
                keys[k],
                f"sum of {col.name} from {first.row or start + 1} to {last.row or end + 1} "
                f"({end - start + 1} adjacent rows) = {format_decimal(keys[k])}",
                tuple(part),
            )


def _row_count_ok(ctx: ClaimContext, table: _Table) -> bool:
    """The figure is the number of rows, and the noun after it is not a measured column."""
    m = ctx.mention
    if m.kind != "number" or m.currency or m.value != table.rows or m.precision > Decimal("0.5"):
        return False
    after = _WORD.match(ctx.text[m.end :].lstrip())
    if after is None:
        return False
    noun = after.group(0).lower()
    if noun in _GENERIC_ROW_NOUNS:
        return True
    stem = noun.rstrip("s")
    # "61 stores" names a measured column: that is a value claim, not a row count.
    measured = {w.rstrip("s") for c in table.columns for w in c.family.split()}
    return len(stem) > 2 and stem not in measured


def _currency_ok(a: str | None, b: str | None) -> bool:
    from .direct import currencies_agree

    return currencies_agree(a, b)


def _row_verdict(ctx: ClaimContext, cells: list[SourceValue]) -> Verdict | None:
    try:
        from .._rowmatch import row_verdict
    except ModuleNotFoundError:  # until the row module lands, no wrong_row for shares
        return None
    verdict: Verdict | None = row_verdict(ctx, cells)
    return verdict
