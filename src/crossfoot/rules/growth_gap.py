"""The gap between two series' growth over one period: "what is the difference between the
company's percentage change and the index's over the five years? The answer is 0.538."

A performance table (a stock against an index, each starting at $100) gives each series' value at
several dates; the answer takes each series' relative change between the same two dates and
subtracts one from the other, (b2 / b1 - 1) - (a2 / a1 - 1): four cells, which no two-operand
search reaches. It is derived only when the wording names both a difference ("difference",
"less", "minus", "gap", "outperform") and a relative change ("percent", "percentage",
"quotient", "return", "growth", "performance"), from two lines of one table (two rows, or two
columns) over the same two positions, for a figure stated to three significant digits or finer
("0.538", not "10%"), and only while the candidate count stays within the claim's chance budget
(``derivation_limit`` squared, as for the pairs of a two-operand search, shared by the two
orientations of a table and the two signs of a gap).
The figure may be a fraction ("0.538"), a percentage or points ("53.8%", "53.8 pp"); the order of
the two series is unknown, so only the magnitude is checked, and the note says so. The
evidence kind is ``pp_change``: the gap between two percentages (``derivations=`` names it so).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import combinations

from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import (
    _magnitude,
    claim_interval,
    derivation_limit,
    fmt_result,
    kind_allowed,
)
from crossfoot.rules._near import focus_says, may_say, three_digits

__all__ = ["growth_gap"]

_GAP = WordGated(
    re.compile(
        r"(?i)\b(?:difference|differ|less|minus|gap|outperform\w*|underperform\w*|exceed\w*|"
        r"subtract\w*)\b"
    ),
    ("differ", "less", "minus", "gap", "outperform", "underperform", "exceed", "subtract"),
)
# Words, not the "%" of a figure: every percentage has one, and the sentence before a figure
# (focus_text) is often another claim ("X was 45.6% of Y. The gap between X and Y was $1.2m").
_RELATIVE_WORDS = ("percent", "quotient", "return", "growth", "performance", "relative", "rate")
_RELATIVE = WordGated(
    re.compile(
        r"(?i)\b(?:percent(?:age)?s?|quotients?|returns?|growth|performance|relative|rates?)\b"
    ),
    _RELATIVE_WORDS,
)
_MAY = WordGated(
    re.compile(r"(?i)percent|quotient|return|growth|performance|relative|rate"), _RELATIVE_WORDS
)
_HUNDRED = Decimal(100)
_MAX_LINES = 64  # series of one table compared at most (a performance table has a few)
_NOTE = "order of the two series unknown: magnitude only"

_Line = dict[int, SourceValue]  # position along the line -> the cell there


def _lines(values: Sequence[SourceValue]) -> list[tuple[list[_Line], list[_Line]]]:
    """Per table: its rows and its columns, each a map of position -> cell (one unit view:
    the cells as written, which every table has)."""
    tables: dict[tuple[str, int], list[SourceValue]] = {}
    for v in values:
        if v.table is None or v.view == "true" or operand_class(v) != "amount":
            continue
        if v.row_index is None or v.col_index is None:
            continue
        tables.setdefault((v.source_id, v.table), []).append(v)
    out = []
    for cells in tables.values():
        rows: dict[int, _Line] = {}
        cols: dict[int, _Line] = {}
        for v in cells:
            assert v.row_index is not None and v.col_index is not None
            rows.setdefault(v.row_index, {})[v.col_index] = v
            cols.setdefault(v.col_index, {})[v.row_index] = v
        out.append((list(rows.values()), list(cols.values())))
    return out


def _count(lines: list[_Line], budget: int) -> int:
    """Candidate gaps of these lines: pairs of lines times pairs of positions both share
    (counted up to just past ``budget``)."""
    total = 0
    for a, b in combinations(lines, 2):
        n = len(a.keys() & b.keys())
        total += n * (n - 1) // 2
        if total > budget:
            break
    return total


def _tables(ctx: ClaimContext, group: ValueIndex) -> list[tuple[list[_Line], list[_Line]]]:
    """:func:`_lines` of a group, once per answer (every claim reads the same groups)."""
    return per_answer(ctx, "growth_gap.lines", group, lambda g: _lines(g.values))


def _in_time(a: _Line, i: int, j: int) -> tuple[int, int]:
    """Positions ``i`` < ``j`` of a line as (start, end) of a change: in the order of their
    periods when both name one (filings list the newest year first as often as last), else in
    the table's order."""
    p, q = period(a[i]), period(a[j])
    if p is not None and q is not None and q < p:
        return j, i
    return i, j


def _gaps(lines: list[_Line]) -> Iterator[tuple[Decimal, tuple[SourceValue, ...]]]:
    for a, b in combinations(lines, 2):
        shared = sorted(a.keys() & b.keys())
        for pair in combinations(shared, 2):
            i, j = _in_time(a, *pair)
            a1, a2, b1, b2 = a[i], a[j], b[i], b[j]
            if a1.value <= 0 or b1.value <= 0:
                continue  # a relative change needs a positive base
            yield b2.value / b1.value - a2.value / a1.value, (a1, a2, b1, b2)


def growth_gap(ctx: ClaimContext) -> Verdict | None:
    """Rule: the gap between two series' relative changes (see the module docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "percent", "pp"):
        return None
    if not o.allow_derived or not kind_allowed(ctx, "pp_change") or m.value == 0:
        return None
    if not three_digits(m):
        return None  # four cells meet a coarse figure ("10%") by chance in most tables
    if not may_say(ctx, "growth_gap", _MAY):
        return None
    if not (focus_says(ctx, _GAP) and focus_says(ctx, _RELATIVE)):
        return None
    lo, hi = _magnitude(*claim_interval(ctx))
    factor = Decimal(1) if m.kind == "number" else _HUNDRED
    # The pairs budget of a two-operand search (limit squared), shared by both orientations of
    # a table and both signs of a gap (magnitude only): a quarter of it per orientation.
    budget = derivation_limit(ctx) ** 2 // 4
    for group in ctx.scope.groups:
        for rows, cols in _tables(ctx, group):
            for lines in (rows, cols):
                # (a table of thousands of rows is no pair of series: its pairs are not counted)
                if len(lines) > _MAX_LINES or _count(lines, budget) > budget:
                    continue
                for gap, ops in _gaps(lines):
                    if lo <= abs(gap * factor) <= hi:
                        return Verdict("derived", _evidence(ctx, gap * factor, ops))
    return None


def _evidence(ctx: ClaimContext, result: Decimal, ops: tuple[SourceValue, ...]) -> Evidence:
    a1, a2, b1, b2 = (f"{label(v)} ({v.value:,})" for v in ops)
    unit = "" if ctx.mention.kind == "number" else " x 100"
    formula = f"({b2} / {b1} - {a2} / {a1}){unit} = {fmt_result(ctx, result)}"
    return Evidence("derive", "pp_change", formula, ops, result, _NOTE)
