"""Means over the years a question names, of a per-year quotient or of a change: "What is the
average operating margin in 2020 and 2021? The answer is 16.73%." for (1,118 / 6,810 + 1,271 /
7,460) / 2, and "What was the average annual change in service revenue from 2018 to 2021? The
answer is 187.33." for (2,148 - 1,586) / 3.

Three operands or more, which no two-operand search reaches, and which a search of every pair of
rows or span of years would meet by chance. So each shape is tried only on what the text names:

* **a mean of per-year quotients**: the text words a mean ("average", "mean") and a part or a
  ratio ("proportion", "percentage", "ratio", "share", "margin", "as a percent"), names two rows
  of one table (their labels' words, or a ratio by its name: "operating margin" is operating
  income over revenue, :mod:`crossfoot.rules._ratio_names`) and two years or more; the quotient
  of the two rows in each named year (either way round when the text does not say) is averaged.
  Two candidates at most.
* **the average change per year over a span**: the text words a mean, a change and a rate per
  year ("average annual change", "average yearly increase", "on average each year"), names one
  row and two years at least two apart; the later year's cell less the earlier's over the years
  between them. One candidate.

The figure is met at its stated precision; a percentage for a quotient is its fraction times
100. Checked against chance in ``benchmarks`` (random figures of the same digits: no new match
on either corpus's tuning half).

>>> from crossfoot import check
>>> t = ('[["(in millions)", "2021", "2020", "2019", "2018"],'
...      ' ["Service revenue", "2,148", "1,934", "1,702", "1,586"]]')
>>> q = "What was the average annual change in service revenue from 2018 to 2021?"
>>> check(f"{q} The answer is 187.33.", [t]).passed
True
>>> check(f"{q} The answer is 281.00.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal

from crossfoot.language.rowfocus import focus_group, focus_text
from crossfoot.language.rowtokens import OPTIONAL, required_tokens, tokens
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._ratio_names import named_ratio, ratio_sides
from crossfoot.rules.average_change import _AVERAGE

__all__ = ["year_means"]

_PART = WordGated(
    re.compile(
        r"(?i)\b(?:proportions?|percentages?|ratios?|share|margins?|portion|as\s+a\s+percent)"
    ),
    ("proportion", "percentage", "ratio", "share", "margin", "portion", "percent"),
)
_CHANGE = WordGated(
    re.compile(r"(?i)\b(?:change[ds]?|increase[ds]?|decrease[ds]?|growth|grew|decline[ds]?)\b"),
    ("change", "increase", "decrease", "growth", "grew", "decline"),
)
_YEARLY = WordGated(
    re.compile(r"(?i)\b(?:annual(?:ly)?|yearly|per\s+year|each\s+year|a\s+year|per\s+annum)\b"),
    ("annual", "yearly", "year", "annum"),
)
_HUNDRED = Decimal(100)
_Rows = dict[int, dict[int, SourceValue]]


def _by_year(values: Sequence[SourceValue], view: str) -> dict[tuple[str, int, int], _Rows]:
    """The amounts of one unit view by (source, table), row and whole year; a row with two
    cells of one year (a restated column) is left out."""
    out: dict[tuple[str, int, int], _Rows] = {}
    twice: set[tuple[str, int, int]] = set()
    for v in values:
        if v.view not in (view, "both") or v.table is None or v.row_index is None:
            continue
        p = period(v)
        if operand_class(v) != "amount" or p is None or p[1] is not None:
            continue
        line = _line(v)
        row = out.setdefault((v.source_id, v.table, 0), {}).setdefault(line, {})
        if p[0] in row:
            twice.add((v.source_id, v.table, line))
        row[p[0]] = v
    for src, table, index in twice:
        out[(src, table, 0)].pop(index, None)
    return out


def _years_in_rows(v: SourceValue) -> bool:
    """Whether the cell's year is its row's (a table with its years down the side)."""
    return (
        v.col_index is not None
        and bool(years_in_text(v.row or ""))
        and not years_in_text(v.column or "")
    )


def _line(v: SourceValue) -> int:
    """The line of a quantity a cell is on: its row, or its column (as a negative number) in a
    table with its years in rows."""
    return -1 - (v.col_index or 0) if _years_in_rows(v) else v.row_index or 0


def _line_label(v: SourceValue) -> str:
    return (v.column if _years_in_rows(v) else v.row) or ""


def _named(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The cells of the lines the claim's text names: the named rows
    (:func:`~crossfoot.language.rowfocus.focus_group`), and in a table with its years in rows
    the columns whose label's words the text holds."""
    rows = focus_group(ctx, group, whole=True)
    said = frozenset(tokens(focus_text(ctx)))
    cols = [
        v
        for v in group.values
        if _years_in_rows(v) and (need := _words(v.column or "")) and need <= said
    ]
    if not cols:
        return rows
    if rows is None or rows is group:
        return ValueIndex(cols) if rows is None else rows
    return ValueIndex([*rows.values, *cols])


def _quotient_means(
    rows: _Rows, years: list[int], pairs: Iterator[tuple[int, int]], scale: Decimal
) -> Iterator[tuple[Decimal, tuple[SourceValue, ...]]]:
    for top, bottom in pairs:
        a, b = rows.get(top, {}), rows.get(bottom, {})
        if not all(y in a and y in b and b[y].value for y in years):
            continue
        total = sum((a[y].value / b[y].value for y in years), Decimal(0))
        ops = tuple(v for y in years for v in (a[y], b[y]))
        yield total / len(years) * scale, ops


def _pairs_of(
    ctx: ClaimContext, group: ValueIndex, rows: _Rows, where: tuple[str, int]
) -> list[tuple[int, int]]:
    """(numerator row, denominator row) of the table ``where``: a ratio's name's two sides,
    else the two named rows either way round."""
    sides = named_ratio(focus_text(ctx))
    if sides is not None:
        tops, bottoms = ratio_sides(group.values, sides)
        if len(tops) == 1 and len(bottoms) == 1:
            (s1, t1, top), (s2, t2, bottom) = next(iter(tops)), next(iter(bottoms))
            if (s1, t1) == (s2, t2) == where:
                return [(top, bottom)]
        return []
    if len(rows) != 2:
        return []
    a, b = sorted(rows)
    return [(a, b), (b, a)]


def _quotients(ctx: ClaimContext, years: list[int]) -> Verdict | None:
    lo, hi = claim_interval(ctx)
    scale = _HUNDRED if ctx.mention.kind == "percent" else Decimal(1)
    ratio = named_ratio(focus_text(ctx)) is not None
    for group in ctx.scope.groups:
        named = group if ratio else _named(ctx, group)
        if named is None:
            continue
        for view in ("true", "written"):
            everything = _by_year(group.values, view)
            for (src, table, _), rows in _by_year(named.values, view).items():
                whole = everything.get((src, table, 0), rows)
                pairs = _pairs_of(ctx, group, rows, (src, table))
                for result, ops in _quotient_means(whole, years, iter(pairs), scale):
                    if lo <= result <= hi:
                        return Verdict("derived", _evidence(ctx, ops, result, "quotient"))
    return None


def _fullest(rows: _Rows) -> _Rows:
    """The named rows no other named row names more fully: "service revenue" names "Service
    revenue" and, by its one required word, "Total revenue"; the first is meant."""
    need = {i: _words(_line_label(next(iter(cells.values())))) for i, cells in rows.items()}
    return {i: c for i, c in rows.items() if not any(need[i] < need[j] for j in rows if j != i)}


def _words(row: str) -> frozenset[str]:
    return required_tokens(row) - OPTIONAL


def _per_year(ctx: ClaimContext, years: list[int]) -> Verdict | None:
    first, last = years[0], years[-1]
    span = last - first
    if span < 2 or ctx.mention.kind == "percent":
        return None
    lo, hi = claim_interval(ctx)
    for group in ctx.scope.groups:
        named = _named(ctx, group)
        if named is None:
            continue
        for view in ("true", "written"):
            tables = _by_year(named.values, view)
            if len(tables) != 1:
                continue
            rows = _fullest(next(iter(tables.values())))
            if len(rows) != 1:
                continue
            (cells,) = rows.values()
            if first not in cells or last not in cells:
                continue
            result = (cells[last].value - cells[first].value) / span
            for value in (result, -result):
                if lo <= value <= hi:
                    ops = (cells[first], cells[last])
                    return Verdict("derived", _evidence(ctx, ops, value, f"per year/{span}"))
    return None


def year_means(ctx: ClaimContext) -> Verdict | None:
    """Rule: a mean over the named years of a named quotient, or a change per year over a
    named span (module docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "money", "percent"):
        return None
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if m.value == 0 or not kind_allowed(ctx, "average"):
        return None
    text = focus_text(ctx)
    if not _AVERAGE.search(text):
        return None
    years = sorted(set(years_in_text(text)))
    if len(years) < 2:
        return None
    if _YEARLY.search(text) and _CHANGE.search(text) and len(years) == 2:
        found = _per_year(ctx, years)
        if found is not None:
            return found
    if m.kind != "money" and _PART.search(text) and not _CHANGE.search(text):
        return _quotients(ctx, years)
    return None


def _evidence(
    ctx: ClaimContext, ops: tuple[SourceValue, ...], result: Decimal, shape: str
) -> Evidence:
    unit = "%" if ctx.mention.kind == "percent" else ""
    if shape == "quotient":
        terms = [
            f"{label(a)} ({format_decimal(a.value)}) / {label(b)} ({format_decimal(b.value)})"
            for a, b in zip(ops[::2], ops[1::2], strict=True)
        ]
        times = " x 100" if unit else ""
        formula = f"({' + '.join(terms)}) / {len(terms)}{times} = {fmt_result(ctx, result)}{unit}"
        note = "a mean of per-year quotients of named rows"
    else:
        a, b = ops
        span = shape.split("/")[1]
        formula = (
            f"({label(b)} ({format_decimal(b.value)}) - {label(a)} ({format_decimal(a.value)}))"
            f" / {span} = {fmt_result(ctx, result)}"
        )
        note = "an average change per year over a span of named years"
    kind = "average" if shape == "quotient" else "average_change"
    return Evidence("derive", kind, formula, ops, result, note)
