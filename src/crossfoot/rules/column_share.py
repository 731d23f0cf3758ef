"""A column's total when the table states none: a named row's share of it, and its change.

A named row's share of its column's total when the table states no total: "North accounted
for 41.5% of 2023 sales", "North and South together made up 73.2% of sales in 2023", "Sales in
2023: North 4,637 (41%), South 3,542 (32%), West 2,996 (27%)".

A share is a part over its whole, and the two-operand search finds it when a row of the table
is the whole ("Total"). A table of parts alone (regions, segments, products) leaves the whole
unwritten: the answer adds the column up itself. The figure is then the named rows' cells of the
year the sentence names over the sum of every row's cell of that column (rows of one table,
three or more, of the named cells' kind), met at its stated precision. It is read only so:

- the figure is a percentage of a sentence that words a part ("accounted for", "share", "made
  up", "represented", "contributed", "% of"), or stands in parentheses right after a level
  ("North 4,637 (41%)");
- the rows are the ones named in the figure's own stretch of the sentence (from the last comma,
  semicolon or colon before it), at most three, of one table, and the sentence names one year
  (or the figure its own: "from 21.0% in 2022 to 26.8% in 2023");
- the table holds no total line (``language.summary_lines``: then the whole is written, and the
  two-operand search reads it; subtotal and average lines are set aside) and no negative cell of
  that column (a share of a net sum is no share).

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,213", "4,637"], ["South", "3,881", "3,542"],'
...      ' ["West", "2,153", "2,996"]]')
>>> check("North accounted for 41.5% of 2023 sales.", [t]).claims[0].status
'derived'
>>> check("North accounted for 45.1% of 2023 sales.", [t]).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.summary_lines import line_role
from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._base_year import base_year
from crossfoot.rules._claim_year import own_year
from crossfoot.rules._derive_shared import claim_direction, claim_interval, fmt_result
from crossfoot.rules._part_period import sub_period_rows
from crossfoot.rules._row_order import named_rows, one_part
from crossfoot.rules._share_year import share_years
from crossfoot.rules.rows_years import year_totals

__all__ = ["TOTAL_WORDED", "column_share", "column_total_change", "total_change"]

_PART = re.compile(
    r"(?i)\b(?:accounted|accounting|accounts|share|shares|made\s+up|makes?\s+up|represent\w*|"
    r"contribut\w*|portion|proportion)\b|%\s+of\b"
)
# "North 4,637 (41%)": a percentage in parentheses right after a row's level is its share.
_ASIDE_OF_LEVEL = re.compile(
    r"\d\s*(?:million|billion|thousand|[mbk]n?)?\s*\(?\s*\Z", re.IGNORECASE
)
_BREAK = re.compile(r"[;:]|,(?!\d)")  # (not the comma of "4,637")
_HUNDRED = Decimal(100)


def column_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: named rows' share of their column's unwritten total (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind != "percent" or m.value <= 0 or m.high is not None or not ctx.mention.claim:
        return None
    worded, _, said = _read(ctx.text[s.start : s.end])
    if not (worded or _ASIDE_OF_LEVEL.search(ctx.text, s.start, m.start)):
        return None
    others = [o for o in ctx.sentence_mentions if o.kind != "year"]
    own = own_year(ctx.text, m, others, s.start)
    years = {own} if own is not None else said
    head = ctx.text[s.start : m.start]
    cut = max((b.end() for b in _BREAK.finditer(head)), default=0)
    stretch = head[cut:]
    rows = None
    if own is None and len(years) == 1 and _move_end(head) == 0:
        years = {next(iter(years)) - 1}  # "rose from 36.1% to 37.9% in 2023": 36.1% is 2022's
    if not years and (end := _move_end(head)) is not None:
        rows = _rows_named(ctx, stretch, head)  # "North's share rose from 36.2% to 39.8%"
        years = _end_year(rows, end)
    if not years:  # "North generated 46% of total revenue": a column named by its words
        parts = _named_column_parts(ctx, stretch)
        if parts is None:  # the one year whose share it is (rules._share_year)
            rows = _rows_named(ctx, stretch, head)
            if len(years := share_years(ctx, rows, lambda c: _column(ctx, c))) != 1:
                return None
    if years:
        if len(years) != 1:
            return None
        (year,) = years
        if rows is None:
            rows = _rows_named(ctx, stretch, head)
        if not one_part(rows):
            return None
        found = [cells.get(year) for cells in rows.values()]
        parts = [p for p in found if p is not None]
        if len(parts) != len(found):
            return None
    column = _column(ctx, parts[0]) if parts else None
    if parts is None or column is None or any(p.row_index not in column for p in parts):
        return None
    named = [column[p.row_index] for p in parts if p.row_index is not None]
    part = sum((v.value for v in named), Decimal(0))  # (one view: a scale cancels)
    whole = sum((v.value for v in column.values()), Decimal(0))
    if whole <= 0 or part <= 0:
        return None
    share = part / whole * _HUNDRED
    lo, hi = claim_interval(ctx)
    if not lo <= share <= hi:
        return None
    names = " + ".join(f"{v.label} ({format_decimal(v.value)})" for v in named)
    formula = (
        f"({names}) / column total {format_decimal(whole)} ({len(column)} rows) x 100 = "
        f"{fmt_result(ctx, share)}%"
    )
    used = tuple(column.values())
    return Verdict("derived", Evidence("derive", "share", formula, used, share), formula)


# The end of a move a share stands at: "... rose from 36.2% to 39.8%" (a figure between: the
# figure itself is the "to" end).
_FROM_END = re.compile(r"(?i)\bfrom\s*\Z")
_TO_END = re.compile(r"(?i)\bfrom\s+[^,;:]{1,30}?\bto\s*\Z")


def _move_end(head: str) -> int | None:
    """Which end of a move the figure after ``head`` stands at (0: "from", 1: "to"), or None."""
    return 0 if _FROM_END.search(head) else 1 if _TO_END.search(head) else None


def _end_year(rows: dict[Any, dict[int, SourceValue]], end: int) -> set[int]:
    """The year of a share at one end of a move between a table's two years, when the sentence
    names no year ("North's share rose from 36.2% to 39.8%": 2022, then 2023); else none."""
    years = {y for cells in rows.values() for y in cells if y is not None}
    return {sorted(years)[end]} if len(rows) == 1 and len(years) == 2 else set()


def _rows_named(ctx: ClaimContext, stretch: str, head: str) -> dict[Any, dict[int, SourceValue]]:
    """The rows the figure's stretch names, else those of the sentence before it (a stretch
    that names no row keeps the sentence's subject: "..., up from 42.9% in 2021"), else those
    its clause names after it ("38% of 2023 sales came from North")."""
    values = ctx.scope.index.values
    found = named_rows(stretch, values) or named_rows(head, values)
    if not found:
        m, s = ctx.mention, ctx.sentence
        tail = ctx.text[m.end : s.end]
        cut = _BREAK.search(tail)
        found = named_rows(tail[: cut.start()] if cut else tail, values)
    return sub_period_rows(ctx, found)  # "of Q4 revenue" over quarter columns: Q4's cells


def _named_column_parts(ctx: ClaimContext, stretch: str) -> list[SourceValue] | None:
    """The cells of the rows ``stretch`` names (one to three) in the one column of undated
    figures the sentence names by the words of its label ("revenue" of "Revenue ($M)"), of one
    table; None when no such column, or more than one, is named."""
    said = frozenset(tokens(stretch))
    sentence = frozenset(tokens(ctx.sentence.text))
    parts: dict[tuple[str, int | None, int | None], dict[int, SourceValue]] = {}
    for v in ctx.scope.index.values:
        if v.table is None or v.row_index is None or v.year is not None or not v.row:
            continue
        if v.view == "written" or not v.column:
            continue
        row_need, col_need = required_tokens(v.row), required_tokens(v.column)
        if row_need and row_need <= said and col_need and col_need <= sentence:
            parts.setdefault((v.source_id, v.table, v.col_index), {})[v.row_index] = v
    if len(parts) != 1:
        return None
    (cells,) = parts.values()
    return list(cells.values()) if 1 <= len(cells) <= 3 else None


def _column(ctx: ClaimContext, cell: SourceValue) -> dict[int, SourceValue] | None:
    """Every row's cell of ``cell``'s column (one view), when it is a column of three or more
    parts and no total line (subtotal and average lines aside)."""
    column: dict[int, SourceValue] = {}
    for v in ctx.scope.index.values:
        if v.source_id != cell.source_id or v.table != cell.table or v.col_index != cell.col_index:
            continue
        if v.row_index is None or v.kind == "year":
            continue
        role = line_role(v.row)
        if role == "whole":
            return None  # the whole is written: the two-operand search reads it
        if role is not None:
            continue
        if v.kind != cell.kind or v.value < 0:
            return None
        if v.view == "written" and v.row_index in column:
            continue
        column[v.row_index] = v  # (a true view over a written one: one view for every row)
    return column if len(column) >= 3 else None


# "Total sales grew 9.1% in 2023", "the three regions combined sold 11,175, up 928 from 2022".
TOTAL_WORDED = re.compile(
    r"(?i)\b(?:total|overall|combined|altogether|together|in\s+all|all\s+(?:\w+\s+)?"
    r"(?:regions|segments|products|stores|units|lines|markets|divisions))\b"
)


def column_total_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: the change of a column's unwritten total between two years: "Total sales grew 9.1%
    in 2023" over a table of regions with no total line (the module's whole, summed), as an
    amount or a percentage, the later year less the earlier; its sign must be the wording's."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("percent", "number", "money") or m.high is not None or not m.claim:
        return None
    _, total, said = _read(ctx.text[s.start : s.end])
    if not total:
        return None
    direction, worded = claim_direction(ctx)
    if not worded and direction is None:
        return None
    years = sorted(said) or _two_years(ctx)  # ("grew 12.6% to 14,079" over a two-year table)
    if not 1 <= len(years) <= 2:
        return None
    early, late = (years[0] - 1, years[0]) if len(years) == 1 else (years[0], years[1])
    if len(years) == 1 and base_year(ctx, years[0]):
        early, late = years[0], years[0] + 1  # "up 4.8% from 11,672 in 2022": from the base
    for before, after, used in _totals(ctx, early, late):
        verdict = total_change(ctx, before, after, (str(early), str(late)), used, direction)
        if verdict is not None:
            return verdict
    return None


def total_change(
    ctx: ClaimContext,
    before: Decimal,
    after: Decimal,
    names: tuple[str, str],
    used: tuple[SourceValue, ...],
    direction: str | None,
) -> Verdict | None:
    """The claim as the change of a column family's total from ``before`` to ``after`` (the
    columns ``names``, earlier first; their cells ``used``): ``derived``, ``contradicted`` when
    the wording's ``direction`` is the other way, None when the change misses the figure (also
    ``rules.period_totals``)."""
    m = ctx.mention
    if before <= 0:
        return None
    change = after - before
    result = change / before * _HUNDRED if m.kind == "percent" else change
    lo, hi = claim_interval(ctx)
    if not lo <= abs(result) <= hi and not lo <= result <= hi:
        return None
    formula = (
        f"column total {names[1]} ({format_decimal(after)}) - column total {names[0]} "
        f"({format_decimal(before)})"
    )
    if m.kind == "percent":
        formula = f"({formula}) / {format_decimal(before)} x 100"
    formula += f" = {fmt_result(ctx, result)}{'%' if m.kind == 'percent' else ''}"
    # (over result rows, every row's cells: a whole column, as rules.rowsums' totals are)
    rule = "rowsums" if ctx.options.result_rows else "derive"
    kind = "percent_change" if m.kind == "percent" else "difference"
    if direction is not None and (change > 0) != (direction == "up"):
        went = "rose" if change > 0 else "fell"
        why = f"the wording says the other way, but the total {went}: {formula}"
        return Verdict("contradicted", Evidence(rule, kind, formula, used), why)
    return Verdict("derived", Evidence(rule, kind, formula, used, result), formula)


def _two_years(ctx: ClaimContext) -> list[int]:
    """The years of the scope's table cells, when there are exactly two (read once an answer,
    not once a claim)."""
    return per_answer(ctx, "column_share.two_years", ctx.scope, _scope_two_years)


def _scope_two_years(scope: Scope) -> list[int]:
    """The years of the scope's table cells (year cells aside), when there are exactly two."""
    have = {v.year for v in scope.index.values if v.table is not None and v.kind != "year"}
    have.discard(None)
    return sorted(y for y in have if y is not None) if len(have) == 2 else []


def _totals(
    ctx: ClaimContext, early: int, late: int
) -> list[tuple[Decimal, Decimal, tuple[SourceValue, ...]]]:
    """Each table's two year columns' totals and their cells (result rows: rules.rows_years)."""
    if ctx.options.result_rows:  # (a result set's scope holds no whole column)
        return year_totals(ctx, early, late)
    return [
        (
            sum((v.value for v in a.values()), Decimal(0)),
            sum((v.value for v in b.values()), Decimal(0)),
            (*a.values(), *b.values()),
        )
        for a, b in _year_columns(ctx, early, late)
    ]


@lru_cache(maxsize=256)
def _read(sentence: str) -> tuple[bool, bool, frozenset[int]]:
    """Whether the sentence words a part (:data:`_PART`), whether it words a total
    (:data:`TOTAL_WORDED`), and the years it states: read once a sentence, not once a claim."""
    years = frozenset(int(y) for y in YEAR.findall(sentence))
    return _PART.search(sentence) is not None, TOTAL_WORDED.search(sentence) is not None, years


def _year_columns(
    ctx: ClaimContext, early: int, late: int
) -> list[tuple[dict[int, SourceValue], dict[int, SourceValue]]]:
    """For each table of the scope with a column of each year and no total line, its two
    columns (cells by row, one view; subtotal and average lines aside), of three rows or more,
    every cell non-negative."""
    found: dict[tuple[str, int | None], dict[int, dict[int, SourceValue]]] = {}
    spoiled: set[tuple[str, int | None]] = set()
    for v in ctx.scope.index.values:
        if (
            v.table is None
            or v.row_index is None
            or v.kind == "year"
            or v.year not in (early, late)
        ):
            continue
        key = (v.source_id, v.table)
        role = line_role(v.row)
        if role == "whole" or v.value < 0 or v.kind == "percent":
            spoiled.add(key)  # (a total line: the two-operand search reads its change)
            continue
        if role is not None:
            continue  # (a subtotal or an average line is no row)
        cells = found.setdefault(key, {}).setdefault(v.year, {})
        if v.view == "written" and v.row_index in cells:
            continue
        cells[v.row_index] = v
    out = []
    for table, by_year in found.items():
        a, b = by_year.get(early, {}), by_year.get(late, {})
        if table not in spoiled and len(a) >= 3 and a.keys() == b.keys():
            out.append((a, b))
    return out
