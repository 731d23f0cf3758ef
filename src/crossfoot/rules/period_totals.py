"""The change of a column family's unwritten total between two quarters or months of a table.

"Total sales rose 7.4% from Q1 to Q2" over a table of regions by quarter (``Region | Q1 |
Q2``, or result rows with a ``q1`` and a ``q2`` column) with no total line: the figure is the
sum of every row's Q2 cell against the sum of their Q1 cells.
:func:`crossfoot.rules.column_share.column_total_change` reads that change between
two year columns; here the columns are two sub-periods (quarters or months, with or without
their year) that the sentence names, or the one it names and the column of the period before it
("Total sales rose 7.4% in Q2"). Read only when the sentence words a total ("total", "overall",
"combined", "all regions": :data:`crossfoot.rules.column_share.TOTAL_WORDED`) and a change or a
direction, over three rows or more with no total line and no negative cell; each named period
must be one column of the table (a table of Q1 2023 .. Q2 2024 with the year unnamed is left
alone). The later period less the earlier, as an amount or a percentage; a direction the
sentence states must be the change's sign (else ``contradicted``).

>>> from crossfoot import check
>>> t = ('[["Region", "Q1", "Q2"], ["North", "4,200", "4,650"], ["South", "3,100", "2,900"],'
...      ' ["West", "2,800", "3,300"]]')
>>> check("Total sales rose 7.4% from Q1 to Q2.", [t]).claims[0].status
'derived'
>>> check("Total sales fell 7.4% in Q2.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import claim_direction, kind_allowed
from crossfoot.rules._rowsums_tables import scope_tables
from crossfoot.rules.column_share import TOTAL_WORDED, total_change
from crossfoot.sources.rows_months import MONTH_NUMBERS, QUARTER

__all__ = ["named_subperiods", "period_total_change"]

_HUNDRED = Decimal(100)
# A quarter ("Q2", "q2") or a month name (not "May", a verb as often) the sentence names.
_NAMED = re.compile(r"\b([A-Z][a-z]{2,8})\b|\b[Qq]([1-4])\b")
_Column = dict[int, SourceValue]
# Result sets read whole here at most this long (the rule runs only on a sentence that words a
# total, a change and a named quarter or month).
_MAX_ROWS = 5_000


def named_subperiods(sentence: str) -> list[int]:
    """The sub-periods the sentence names, as rows_months keys (a month 1-12, a quarter 100+q),
    in the order written, each once (also ``rules.group_change``)."""
    out: list[int] = []
    for w in _NAMED.finditer(sentence):
        if w[1]:
            n = MONTH_NUMBERS.get(w[1].lower())
            if n is None or w[1] == "May":
                continue
        else:
            n = QUARTER + int(w[2])
        if n not in out:
            out.append(n)
    return out


def _columns(ctx: ClaimContext) -> dict[tuple[str, int], dict[int, dict[int, _Column]]]:
    """Each table's sub-period columns: table -> sub-period -> column index -> cells by row
    (total lines spoil a table, subtotal and average lines are set aside)."""
    out: dict[tuple[str, int], dict[int, dict[int, _Column]]] = {}
    spoiled: set[tuple[str, int]] = set()
    for v in _cells(ctx):
        p = v.period
        if p is None or v.table is None or v.row_index is None or v.col_index is None:
            continue
        if p[1] >= 10_000 or v.kind in ("year", "percent"):
            continue  # (a day, a year cell, a rate: no total)
        key = (v.source_id, v.table)
        role = line_role(v.row)
        if role == "whole" or v.value < 0:
            spoiled.add(key)
            continue
        if role is not None:
            continue
        col = out.setdefault(key, {}).setdefault(p[1], {}).setdefault(v.col_index, {})
        if v.view == "written" and v.row_index in col:
            continue
        col[v.row_index] = v
    for key in spoiled:
        out.pop(key, None)
    return out


def _cells(ctx: ClaimContext) -> Iterator[SourceValue]:
    """The scope's table cells; over result rows, whose scope holds only the cells near the
    answer's figures, every cell of the result sets' columns named by a sub-period."""
    if not ctx.options.result_rows:
        yield from ctx.scope.index.values
        return
    for table in scope_tables(ctx):
        if table.rows > _MAX_ROWS:
            continue
        for col in table.columns:
            if col.percent or not col.values:
                continue
            first = col.get(next(iter(col.values)))
            if first.period is None:
                continue
            yield from (col.get(i) for i in col.values)


def _pair(named: list[int], periods: dict[int, dict[int, _Column]]) -> tuple[int, int] | None:
    """The two sub-periods compared, earlier first: the two named, or the one named and the
    period before it (a quarter's, a month's) when the table has it."""
    if len(named) == 2:
        a, b = named
        return (a, b) if a < b else (b, a)
    if len(named) == 1:
        late = named[0]
        early = late - 1 if late not in (QUARTER + 1, 1) else None
        return (early, late) if early is not None and early in periods else None
    return None


def period_total_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: the change of a table's unwritten total between two sub-periods (module)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("percent", "number", "money") or m.high is not None or not m.claim:
        return None
    if not ctx.options.allow_derived:
        return None
    said = s.text
    if TOTAL_WORDED.search(said) is None:
        return None
    named = named_subperiods(said)
    if not named or len(named) > 2:
        return None
    direction, worded = claim_direction(ctx)
    if not worded and direction is None:
        return None
    kind = "percent_change" if m.kind == "percent" else "difference"
    if not kind_allowed(ctx, kind):
        return None
    # (the scope's cells read once an answer, not once a claim)
    for periods in per_answer(
        ctx, "period_totals.columns", ctx.scope, lambda _: _columns(ctx)
    ).values():
        pair = _pair(named, periods)
        if pair is None or any(len(periods.get(p, {})) != 1 for p in pair):
            continue  # (a period named must be one column of the table)
        (a,), (b,) = periods[pair[0]].values(), periods[pair[1]].values()
        if len(a) < 3 or a.keys() != b.keys():
            continue
        before = sum((v.value for v in a.values()), Decimal(0))
        after = sum((v.value for v in b.values()), Decimal(0))
        one, two = next(iter(a.values())).column, next(iter(b.values())).column
        used = (*a.values(), *b.values())
        verdict = total_change(ctx, before, after, (str(one), str(two)), used, direction)
        if verdict is not None:
            return verdict
    return None
