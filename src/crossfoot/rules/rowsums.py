"""Row derivations: what a result set implies beyond its cells.

Only for sources that are query result rows (``Options.result_rows``, set by ``trace``). Kinds:

============  ========================================================================
column_sum    the total of a column over every row ("combined $9.9M")
column_mean   the mean of a column over every row
share         a cell's share of its column total ("Europe is 32% of revenue")
rows_share    two or more named rows' share, together, of their column total
row_sum       the cells of one row across columns of one unit (q1 + q2 + q3 + q4)
sum           two cells of one column, or a run of 3+ adjacent cells (first ``max_rows``)
row_count     the number of rows ("across 3 regions")
ratio         money per unit within a row: revenue / orders ("average order value $55")
totals_ratio  one column's total over another's, for a sentence that gathers every row
============  ========================================================================

Sums never mix units: only cells of one column, or of columns of one family (``revenue_2023``
and ``revenue_2024``, ``Q1`` and ``Q2``), are added; ids and years are never operands. Kinds that
pick some rows out of many (share, sum, ratio, row_sum) use only the rows the sentence names:
with a dozen rows some share or pair lands near almost any figure, so an unnamed one proves
nothing. Pairwise differences, ratios and changes (with their direction checks) are left to
``rules.derive``. Growth wording ("rose 12%") is never matched here: a total has no direction.

>>> from decimal import Decimal
>>> from crossfoot.model.index import ValueIndex
>>> from crossfoot.sources.rows import rows_to_sources
>>> from crossfoot.model.types import Mention, Sentence
>>> from crossfoot.model.context import ClaimContext, Scope
>>> from crossfoot.model.options import Options
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
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from crossfoot.arithmetic.middle import median_of
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._column_focus import column_in_focus
from crossfoot.rules._derive_shared import (
    claim_interval,
    claim_worded,
    derivable,
    kind_allowed,
    known_worded,
)
from crossfoot.rules._derive_wording import move_level
from crossfoot.rules._month_focus import in_named_month
from crossfoot.rules._period_narrow import names_part_of_periods
from crossfoot.rules._rowsums_categories import category_hits
from crossfoot.rules._rowsums_groups import claim_clause, distinct_count, group_hits
from crossfoot.rules._rowsums_tables import (
    _EXACT,
    _Column,
    _Table,
    fmt_total,
    inside,
    scope_tables,
)
from crossfoot.rules._rowsums_totals import rows_share, totals_ratios
from crossfoot.rules.column_rest import leaves_out
from crossfoot.rules.direct import currencies_agree
from crossfoot.sources.rows import (
    IntNumbers,
    is_count_column,
    row_named,
)

__all__ = ["row_derivations"]

_HUNDRED = Decimal(100)
_ZERO = Decimal(0)
# Evidence lists every operand up to this many; a longer column total names the count instead.
_MAX_LISTED = 25
# Kinds in order of preference when several match: one canonical figure before a search hit.
_PREFERENCE = (
    "column_sum",
    "column_mean",
    "median",
    "group_sum",
    "group_share",
    "group_mean",
    "row_sum",
    "share",
    "rows_share",
    "row_count",
    "distinct_count",
    "ratio",
    "totals_ratio",
    "sum",
    "difference",
)
_GENERIC_ROW_NOUNS = frozenset({"row", "rows", "record", "records", "result", "results", "entries"})
_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*")


# Tables are built once per parsed result set (or per hand-made source) and reused for every
# claim; trace issues a new source per answer, so the cache is keyed on the table behind it.


@dataclass(frozen=True, slots=True)
class _Hit:
    kind: str
    result: Decimal
    formula: str
    operands: tuple[SourceValue, ...]
    note: str = ""


def row_derivations(ctx: ClaimContext) -> Verdict | None:
    """Rule: a column total or mean, a share of a column total, a row sum, a sum of cells of one
    column, a per-unit ratio, or the row count (see the module docstring). ``None`` when none
    matches.
    """
    m, o = ctx.mention, ctx.options
    if not o.result_rows or not o.allow_derived or not m.claim:
        return None
    if m.kind not in ("money", "number", "percent") or (m.value == 0 and m.high is None):
        return None
    # "We added 4,160 signups in total": growth wording that a total word makes a sum.
    summed = not _TOTAL.isdisjoint(_words(ctx.sentence.text))
    if not summed and known_worded(ctx) and not move_level(ctx, starts=True):
        return None  # an earlier rule read growth wording: a change, never a total
    lo, hi = claim_interval(ctx)
    flat = o.rel_tolerance is not None or o.abs_tolerance is not None
    fine = derivable(m, flat)
    hits: list[_Hit] = []
    for table in scope_tables(ctx):
        hits.extend(_search(ctx, table, lo, hi, fine))
    if not hits:
        return None
    # Read only now that something matched: the wording costs more than the whole search.
    if claim_worded(ctx):
        # "rose 12%" is a change; totals and shares have no direction. An end of the move
        # ("grew from $100,500 in January to ...") may be a group's total.
        level = move_level(ctx, starts=True)
        hits = (
            [h for h in hits if h.kind.startswith("group_") or _dated(h)]
            if level
            else [h for h in hits if h.kind in _SUMS]
            if summed
            else []
        )
        if not hits:
            return None
    best = min(hits, key=lambda h: (_PREFERENCE.index(h.kind), abs(h.result - m.value)))
    return Verdict(
        "derived",
        Evidence("rowsums", best.kind, best.formula, best.operands, best.result, best.note),
    )


def _dated(hit: _Hit) -> bool:
    """A column's total or mean of one year ("sales_2023"): a level a move may reach (gaps34)."""
    return hit.kind in _LEVELS and bool(hit.operands) and hit.operands[0].year is not None


_LEVELS = ("column_sum", "column_mean")
_MEAN = frozenset("mean means average averages averaged avg".split())
_TOTAL = frozenset("total totals totaled totalled altogether combined cumulative".split())
_SUMS = ("column_sum", "group_sum", "sum")
# Words that say a figure gathers rows ("in total", "combined", "across all regions").
_GATHER = frozenset(
    "total totals totaled totalled totaling sum summed combined together altogether overall all "
    "aggregate aggregated across cumulative cumulatively whole entire average averaged averages "
    "mean typical typically per each every".split()
)


def _rows_said(ctx: ClaimContext, table: _Table, named: list[int]) -> bool:
    """Whether the claim's own clause names one of the rows ``named`` (some, not all, of a
    table of three rows or more) and its sentence has no word that gathers rows: the figure
    is a row's, not the column's total or mean."""
    if table.rows < 3 or len(named) >= table.rows:
        return False
    before, after = claim_clause(ctx)
    clause = f"{before} {after}"
    if not any(row_named(table.labels_of(i), clause) for i in named):
        return False
    return _GATHER.isdisjoint(_words(ctx.sentence.text))


def _said(memo: list[bool], ctx: ClaimContext, table: _Table, named: list[int]) -> bool:
    if not memo:
        memo.append(bool(named) and _rows_said(ctx, table, named))
    return memo[0]


def _total_said(ctx: ClaimContext) -> bool:
    """Whether the claim's own clause words no mean, or words a total too (lead42)."""
    before, _ = claim_clause(ctx)
    said = _words(before)
    return _MEAN.isdisjoint(said) or not _TOTAL.isdisjoint(said)


@lru_cache(maxsize=64)  # (asked once per claim: every claim of a sentence asks the same)
def _words(sentence: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z]+", sentence.lower()))


def _centres(
    col: _Column, signed: list[tuple[Decimal, Decimal]], total: bool, mean: bool, median: bool
) -> Iterator[tuple[str, Decimal, str]]:
    """The column's total, mean and median (those asked for) that lie in ``signed``."""
    n = col.count
    if total and n > 1 and inside(col.total, signed):
        yield (
            "column_sum",
            col.total,
            f"sum of {col.name} over {n} rows = {format_decimal(col.total)}",
        )
    if mean and n > 1 and inside(col.total / n, signed):
        yield (
            "column_mean",
            col.total / n,
            f"mean of {col.name} over {n} rows = {fmt_total(col.total / n)}",
        )
    if median and n > 2:
        mid = median_of(col.values.values())
        if inside(mid, signed):
            yield "median", mid, f"median of {col.name} over {n} rows = {fmt_total(mid)}"


def _search(
    ctx: ClaimContext, table: _Table, lo: Decimal, hi: Decimal, fine: bool
) -> Iterator[_Hit]:
    m = ctx.mention
    percent = m.kind == "percent"
    fraction = m.kind == "number" and 0 < abs(m.value) <= 1
    signed = [(lo, hi)]
    if not m.negative and m.value > 0:
        signed.append((-hi, -lo))  # a positive figure may state the size of a negative total
    named = in_named_month(
        table, ctx.sentence.text, table.rows_named(ctx.sentence.text, ctx.options.max_rows)
    )
    share_of = _share_of(ctx, table) if percent or fraction else None
    # Which kinds may match at all: decided once per claim, not once per column.
    words = _words(ctx.sentence.text)
    # ("the average revenue was 90" is no column's total, unless its clause names one too)
    want_total = kind_allowed(ctx, "column_sum") and (_MEAN.isdisjoint(words) or _total_said(ctx))
    want_median = "median" in words and kind_allowed(ctx, "median")
    # ("the median was 3.3M" is no mean, unless the sentence names one too)
    want_mean = kind_allowed(ctx, "column_mean") and (
        not want_median or not _MEAN.isdisjoint(words)
    )
    # "Europe had $9.9M": a row's figure, not the total (read once a total or mean matched)
    rows_said: list[bool] = []
    whole = not names_part_of_periods(table, ctx.sentence.text)  # "in Q1": not the column's
    want_sums = kind_allowed(ctx, "sum") and fine and len(named) > 1
    want_rest = 0 < len(named) <= 3 and leaves_out(ctx.sentence.text) and fine
    want_shares = (percent or fraction) and kind_allowed(ctx, "column_share") and (fine or fraction)
    for pos, col in enumerate(table.columns):
        if not _currency_ok(m.currency, col.currency) or not column_in_focus(ctx, col.name):
            continue
        n = col.count
        if percent == col.percent and n:
            wanted = (want_total and not col.percent, want_mean, want_median)
            for kind, value, formula in _centres(col, signed, *wanted) if whole else ():
                if not _said(rows_said, ctx, table, named):
                    yield _Hit(kind, value, formula, _listed(col))
            if want_sums and not col.percent:
                yield from _named_sums(col, named, signed)
            if want_rest and not col.percent and n > len(named):  # "excluding North, ..."
                yield from _rest(col, named, signed)
        if want_shares and not col.percent and (share_of is None or pos in share_of):
            yield from _shares(col, named, lo, hi, _HUNDRED if percent else Decimal(1))
            for hit in rows_share(col, named, lo, hi, _HUNDRED if percent else Decimal(1)):
                yield _Hit(*hit)
    if table.grouped() and kind_allowed(ctx, "column_share" if percent else "column_sum"):
        said = ctx.sentence.text
        rows = table.rows_named(said)
        for hit in group_hits(table, said, claim_clause(ctx), rows, signed, percent):
            yield _Hit(*hit)
    if not named and kind_allowed(ctx, "column_share" if percent else "column_sum"):
        yield from (_Hit(*hit) for hit in category_hits(ctx, table, signed, percent))
    if m.kind == "money" and fine and kind_allowed(ctx, "ratio"):
        yield from _unit_ratios(m.currency, table, named, signed)
    if (
        fine
        and not named
        and kind_allowed(ctx, "ratio")
        and not _GATHER.isdisjoint(_words(ctx.sentence.text))
    ):  # "overall, 3.8% of units were returned": one column's total over another's
        for hit in totals_ratios(table, percent, m.currency, signed):
            yield _Hit(*hit)
    if not percent:
        if kind_allowed(ctx, "row_sum"):
            yield from _row_sums(m.currency, table, named, signed)
        if kind_allowed(ctx, "row_count") and _row_count_ok(ctx, table):
            yield _Hit(
                "row_count",
                Decimal(table.rows),
                f"rows in {table.source_id} = {table.rows}",
                (),
            )
        elif table.grouped() and kind_allowed(ctx, "row_count"):  # "over the two months"
            found = distinct_count(table, ctx.mention, ctx.text[ctx.mention.end :])
            if found is not None:
                yield _Hit("distinct_count", Decimal(found[0]), found[1], ())


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


def _listed(col: _Column) -> tuple[SourceValue, ...]:
    if col.count > _MAX_LISTED:
        return ()
    if col.cells is None:
        col.cells = tuple(col.get(i) for i in sorted(col.values))
    return col.cells


def _shares(
    col: _Column, named: list[int], lo: Decimal, hi: Decimal, scale: Decimal
) -> Iterator[_Hit]:
    total = col.total
    if total <= 0 or not col.nonnegative:
        return  # a share of a total is only meaningful for non-negative amounts
    unit = "%" if scale == _HUNDRED else ""
    for i in named:
        value = col.values.get(i)
        if value is None:
            continue
        share = value / total * scale
        if lo <= share <= hi:
            cell = col.get(i)
            yield _Hit(
                "share",
                share,
                f"{cell.label} ({format_decimal(cell.value)}) / sum of {col.name} "
                f"({format_decimal(total)}) = {fmt_total(share)}{unit}",
                (cell,),
            )


def _rest(col: _Column, named: list[int], windows: list[tuple[Decimal, Decimal]]) -> Iterator[_Hit]:
    """The column's total less the named rows' cells (rules.column_rest, for result rows)."""
    rows = [(i, col.values[i]) for i in named if i in col.values]
    if len(rows) != len(named):
        return
    rest = col.total - sum((v for _, v in rows), Decimal(0))
    if rest > 0 and inside(rest, windows):
        cells = [col.get(i) for i, _ in rows]
        less = " - ".join(
            f"{c.label} ({format_decimal(v)})" for c, (_, v) in zip(cells, rows, strict=True)
        )
        formula = f"sum of {col.name} over {col.count} rows ({format_decimal(col.total)}) - {less}"
        yield _Hit("difference", rest, f"{formula} = {format_decimal(rest)}", _listed(col))


def _named_sums(
    col: _Column, named: list[int], windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    """Two named cells of one column, or a run of adjacent rows between two named ends.

    Sums are taken over the column's numbers; cells (SourceValues) are made only for a hit.
    """
    values = col.values
    ints = values.ints if isinstance(values, IntNumbers) else None
    rows = [(i, values[i]) for i in named if i in values]
    for a_pos, (i, a) in enumerate(rows):
        for j, b in rows[a_pos + 1 :]:
            total = a + b
            if inside(total, windows):
                x, y = col.get(i), col.get(j)
                yield _Hit(
                    "sum",
                    total,
                    f"{x.label} ({format_decimal(a)}) + {y.label} "
                    f"({format_decimal(b)}) = {format_decimal(total)}",
                    (x, y),
                )
            if j - i < 2:
                continue
            if ints is not None and sum(map(abs, ints[i : j + 1])) < _EXACT:
                # Every cell of an int column has a number, and int partial sums this small
                # are exactly what the Decimal sum would be.
                total = Decimal(sum(ints[i : j + 1]))
            else:
                total = sum((values[k] for k in range(i, j + 1) if k in values), Decimal(0))
            if inside(total, windows):
                run = [col.get(k) for k in range(i, j + 1) if k in values]
                x, y = col.get(i), col.get(j)
                yield _Hit(
                    "sum",
                    total,
                    f"sum of {col.name} from {x.row} to {y.row} ({len(run)} adjacent rows) "
                    f"= {format_decimal(total)}",
                    tuple(run),
                )


def _row_sums(
    currency: str | None, table: _Table, named: list[int], windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    for family in table.families:
        columns = [table.columns[p] for p in family]
        if not all(_currency_ok(currency, c.currency) for c in columns):
            continue
        for i in named:
            present = [c for c in columns if i in c.values]
            if len(present) < 2:
                continue
            total = sum((c.values[i] for c in present), Decimal(0))
            if inside(total, windows):
                parts = [c.get(i) for c in present]  # cells only for a hit
                where = parts[0].row or f"row {i + 1}"
                names = " + ".join(c.column or "" for c in parts)
                yield _Hit(
                    "row_sum", total, f"{names} [{where}] = {format_decimal(total)}", tuple(parts)
                )


def _unit_ratios(
    currency: str | None, table: _Table, named: list[int], windows: list[tuple[Decimal, Decimal]]
) -> Iterator[_Hit]:
    """Money per unit within a named row: revenue / orders ("average order value was $55").

    The numerator is an amount column that is not a count, the denominator any other amount
    column that is not money.
    """
    cols = table.columns
    tops = [c for c in cols if not c.percent and not is_count_column(c.name)]
    bottoms = [c for c in cols if not c.percent and not c.money]
    for i in named:
        for top in tops:
            if i not in top.values or not _currency_ok(currency, top.currency):
                continue
            xv = top.values[i]
            for bottom in bottoms:
                if bottom is top:
                    continue
                yv = bottom.values.get(i)
                if not yv:
                    continue
                ratio = xv / yv
                if inside(ratio, windows):
                    x, y = top.get(i), bottom.get(i)  # cells only for a hit
                    yield _Hit(
                        "ratio",
                        ratio,
                        f"{x.label} ({format_decimal(x.value)}) / {y.label} "
                        f"({format_decimal(y.value)}) = {fmt_total(ratio)}",
                        (x, y),
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
    return currencies_agree(a, b)
