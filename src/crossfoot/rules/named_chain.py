"""Two-step chains over the cells a conversation names: "what was the commercial paper? and the
term loans? what was their combined total? and what was that combined total as a percentage of
total borrowings? The answer is 0.3044" for (1,946 + 615) / 8,412.

A conversation computes in steps, each turn one operation on the figures the earlier turns
named or gave: a sum or a change, then that figure over a third (a share, a change relative to
another line), or one change over another. The last turn names the figure of the step before
only by pointing back ("that combined total", "this change"), so no sentence of the answer names
all of its operands, and no two-operand search reaches it. The question does: read with its
earlier turns (rules._named; language.backref), it names the rows the chain runs over, and the
figure is judged again over those cells only (rules.alignment, the engine's rerun). Here, over
that cut only (never over the whole sources):

- (a + b) / c and (a - b) / c: a sum or change of two cells of one row or one column, over a
  third cell of the cut of the same period (the column of a column's pair, one of the two
  columns of a row's pair);
- (a - b) / (c - d) and ((a - b) - (c - d)) / (c - d): one change (or gap) over another of
  the same two columns (or rows), in the same order;

each as a fraction, or as a percentage for a figure written with "%". The cut holds at most
:data:`_MAX_CELLS` table amounts of one table (a few hundred chains), the ask words a
ratio ("percentage", "in relation to", "divided by", "portion", ...), and the figure is stated
to about three significant digits or finer, met at its stated precision: a coarse "0.3" would
meet some chain of most cuts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from itertools import permutations

from crossfoot.language.backref import points_to_figure
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._near import three_digits

__all__ = ["named_chain"]

_MAX_CELLS = 10
_HUNDRED = Decimal(100)
_RATIO = WordGated(
    re.compile(
        r"(?i)\b(?:percent\w*|ratio|proportion|portion|share|fraction|quotient|divided\s+by|"
        r"in\s+relation\s+to|relative\s+to|represent\w*|over)\b"
    ),
    (
        "percent",
        "ratio",
        "proportion",
        "portion",
        "share",
        "fraction",
        "quotient",
        "divided",
        "relati",
        "represent",
        "over",
    ),
)


def _cells(ctx: ClaimContext) -> list[SourceValue] | None:
    """The table amounts of the cut, one table, at most :data:`_MAX_CELLS`; else None."""
    seen: dict[tuple[object, ...], SourceValue] = {}
    for group in ctx.scope.groups:
        for v in group.values:
            if v.table is None or v.row_index is None or v.col_index is None:
                continue
            if v.view == "written" or operand_class(v) != "amount":
                continue
            seen.setdefault((v.source_id, v.table, v.row_index, v.col_index), v)
    cells = list(seen.values())
    tables = {(v.source_id, v.table) for v in cells}
    if len(tables) != 1 or not 3 <= len(cells) <= _MAX_CELLS:
        return None
    return cells


def _line(a: SourceValue, b: SourceValue) -> str | None:
    """ "row" or "col" when the two cells stand in one row or one column."""
    if a.row_index == b.row_index:
        return "row"
    if a.col_index == b.col_index:
        return "col"
    return None


def _chains(
    cells: list[SourceValue], years: frozenset[int]
) -> Iterator[tuple[Decimal, str, str, tuple[SourceValue, ...]]]:
    """(value, kind, formula, operands) of each chain over the cells (module docstring); the
    divisor's cells are of the ``years`` the ask itself names, when it names any ("that
    change as a percentage of the 2024 net revenues")."""
    under_ok = [v for v in cells if not years or _year(v) in years]
    for a, b in permutations(cells, 2):
        axis = _line(a, b)
        if axis is None:
            continue
        for c in under_ok:
            if c is a or c is b or c.value == 0 or not _beside(axis, a, b, c):
                continue
            if _at(a) < _at(b):  # a + b once
                total = a.value + b.value
                yield total / c.value, "share", f"({_n(a)} + {_n(b)}) / {_n(c)}", (a, b, c)
            change = (a.value - b.value) / c.value
            yield change, "ratio", f"({_n(a)} - {_n(b)}) / {_n(c)}", (a, b, c)
        for c, d in permutations(under_ok, 2):
            if c in (a, b) or d in (a, b) or not _parallel(axis, a, b, c, d):
                continue
            under = c.value - d.value
            if under == 0:
                continue
            over = a.value - b.value
            pair, base = f"({_n(a)} - {_n(b)})", f"({_n(c)} - {_n(d)})"
            ops = (a, b, c, d)
            yield over / under, "ratio", f"{pair} / {base}", ops
            yield (over - under) / under, "percent_change", f"({pair} - {base}) / {base}", ops


def _beside(axis: str, a: SourceValue, b: SourceValue, c: SourceValue) -> bool:
    """The third cell is of the period (or line) of the pair: a sum of one column's rows over
    that column's whole; a change along a row over a cell of one of its two columns."""
    if axis == "col":
        return c.col_index == a.col_index
    return c.col_index in (a.col_index, b.col_index)


def _parallel(axis: str, a: SourceValue, b: SourceValue, c: SourceValue, d: SourceValue) -> bool:
    """Two changes (or gaps) of the same two columns (rows), in the same order: 2008's gap of
    two rows over 2007's gap of the same rows; one row's change over another's of those years."""
    if _line(c, d) != axis:
        return False
    if axis == "col":
        return (c.row_index, d.row_index) == (a.row_index, b.row_index)
    return (c.col_index, d.col_index) == (a.col_index, b.col_index)


def _year(v: SourceValue) -> int | None:
    p = period(v)
    return None if p is None else p[0]


def _at(v: SourceValue) -> tuple[int, int]:
    return (v.row_index or 0, v.col_index or 0)


def _n(v: SourceValue) -> str:
    return f"{label(v)} ({v.value:,})"


def named_chain(ctx: ClaimContext) -> Verdict | None:
    """Rule: a two-step chain over the cells the question names (module docstring); it runs only
    when a final figure is judged again over those cells (``ctx.notes["question"]``).

    >>> import json, crossfoot
    >>> grid = [["", "2025"], ["commercial paper", "1,946"], ["term loans", "615"],
    ...         ["total borrowings", "8,412"]]
    >>> q = ("what was the commercial paper in 2025? and the term loans? what was their sum? "
    ...      "and what was that sum as a percentage of total borrowings?")
    >>> [c.status for c in crossfoot.check("The answer is 0.3044.", [json.dumps(grid)],
    ...                                    question=q).claims]
    ['derived']
    """
    m, o = ctx.mention, ctx.options
    if "question" not in ctx.notes or m.kind not in ("number", "percent"):
        return None
    if not m.claim or m.high is not None or m.approximate or m.value == 0 or m.scale != 1:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "ratio") or not three_digits(m):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    asked = ctx.notes["question"]
    if not isinstance(asked, str) or not points_to_figure(asked):
        return None
    ratio = _RATIO.search(asked)
    if ratio is None:
        return None
    cells = _cells(ctx)
    if cells is None:
        return None
    lo, hi = claim_interval(ctx)
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    # the divisor's years: those written after the ratio's word ("that 2025 range in relation
    # to the 2024 one"), else those of the whole ask
    years = frozenset(years_in_text(asked[ratio.end() :]) or years_in_text(asked))
    for value, kind, formula, operands in _chains(cells, years):
        got = value * factor
        if lo <= got <= hi:
            unit = "%" if factor == _HUNDRED else ""
            text = f"{formula} = {fmt_result(ctx, got)}{unit}"
            note = "a two-step chain over the cells the conversation names"
            return Verdict("derived", Evidence("derive", kind, text, operands, got, note))
    return None
