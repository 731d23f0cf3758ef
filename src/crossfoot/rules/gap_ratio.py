"""Two differences of one table compared: "what is the ratio of the differences in capital from
2008 to 2007? The answer is 0.9444" for (108.4 - 71.0) / (121.6 - 82.0); "what is the net
difference divided by the difference at the beginning of the period? The answer is -0.5248" for
((469 - 77) - (920 - 95)) / (920 - 95).

Two lines of a table (rows, or columns) at two positions (columns, or rows) are a block of four
cells; the difference of the lines at each position is a gap (or, read the other way, the change
of each line between the positions). The figure is the ratio of the two, dp / dq, or the
relative change from one to the other, (dq - dp) / dp: four operands, which no two-operand
search reaches. Both are the same whichever line is subtracted from which. It is derived only
when the wording names a difference ("difference", "change", "less", "gap") and a ratio
("ratio", "divided by", "in relation to", "represent", "quotient", "proportion", "as a
percentage of", "X% of"), for a figure of three significant digits or finer, within the years
the text names when two columns (or rows) hold them, and while a wrong figure of the same
precision would meet one of the candidates (blocks times formulas times the figure's relative
window) at most one time in twenty: a performance table's index rows offer hundreds of blocks,
and "0.412" met one by chance. A fraction, or a percentage; evidence kind ``ratio``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import (
    claim_interval,
    fmt_result,
    kind_allowed,
    may_say,
)
from crossfoot.rules._near import focus_says, three_digits

__all__ = ["gap_ratio"]

_DIFFERENCE = re.compile(
    r"(?i)\b(?:differences?|changes?|variations?|variances?|gaps?|spreads?|less|minus)\b"
)
_RATIO = re.compile(
    r"(?i)\b(?:ratio|quotient|divided\s+by|in\s+relation\s+to|relative\s+to|represents?|"
    r"proportion|as\s+a\s+percent(?:age)?\s+of)\b|(?:%|\bpercent)\s+of\b"
)
_MAY = re.compile(r"(?i)ratio|quotient|divided|relation|relative|represent|proportion|percent|%")
_HUNDRED = Decimal(100)
_FORMULAS = 3  # dp / dq, dq / dp, (dq - dp) / dp
_MAX_CELLS = 400  # cells of one table arranged into blocks at most
_CHANCE = Decimal("0.05")  # candidates times the figure's relative window, at most

_Grid = dict[tuple[int, int], SourceValue]
_Block = tuple[SourceValue, SourceValue, SourceValue, SourceValue]


def _grids(group: ValueIndex) -> Iterator[_Grid]:
    """The amount cells of each table of ``group``, one unit view at a time, by (row, column)."""
    tables: dict[tuple[str, int, str], _Grid] = {}
    for v in group.values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        if operand_class(v) != "amount":
            continue
        for view in ("true", "written"):
            if v.view in (view, "both"):
                tables.setdefault((v.source_id, v.table, view), {})[(v.row_index, v.col_index)] = v
    for grid in tables.values():
        if 4 <= len(grid) <= _MAX_CELLS:
            yield grid


def _named(grid: _Grid, axis: int, years: set[int]) -> list[int] | None:
    """The indices along ``axis`` (0 rows, 1 columns) whose cells are all of one year the text
    names, when two or more are; else None."""
    by_index: dict[int, set[int | None]] = {}
    for key, v in grid.items():
        by_index.setdefault(key[axis], set()).add(v.year)
    named = [i for i, ys in by_index.items() if len(ys) == 1 and next(iter(ys)) in years]
    return sorted(named) if len(named) >= 2 else None


def _blocks(grid: _Grid, years: set[int]) -> list[_Block]:
    """Every block (p1, p2, q1, q2): lines 1 and 2 at positions p and q, p before q, in both
    orientations; positions (or lines) within the years the text names when it names two."""
    rows = sorted({r for r, _ in grid})
    cols = sorted({c for _, c in grid})
    named_rows, named_cols = _named(grid, 0, years), _named(grid, 1, years)
    if named_cols is not None:
        cols = named_cols
    elif named_rows is not None:
        rows = named_rows
    out: list[_Block] = []
    for lines, positions, at in ((rows, cols, False), (cols, rows, True)):
        for l1, l2 in combinations(lines, 2):
            for p, q in combinations(positions, 2):
                cells = [(l1, p), (l2, p), (l1, q), (l2, q)]
                keys = [(b, a) if at else (a, b) for a, b in cells]
                got = [grid.get(k) for k in keys]
                if all(g is not None for g in got):
                    out.append((got[0], got[1], got[2], got[3]))  # type: ignore[arg-type]
    return out


def _ordered(block: _Block) -> _Block:
    """The block with its earlier position first, when the years say which is earlier."""
    p1, p2, q1, q2 = block
    if p1.year is not None and q1.year is not None and q1.year < p1.year:
        return q1, q2, p1, p2
    return block


def _results(blocks: Sequence[_Block]) -> Iterator[tuple[Decimal, str, _Block]]:
    for block in blocks:
        p1, p2, q1, q2 = _ordered(block)
        dp, dq = p1.value - p2.value, q1.value - q2.value
        if dp == 0 or dq == 0:
            continue
        yield dp / dq, "ratio", (p1, p2, q1, q2)
        yield dq / dp, "ratio", (q1, q2, p1, p2)
        yield (dq - dp) / dp, "change", (p1, p2, q1, q2)


def gap_ratio(ctx: ClaimContext) -> Verdict | None:
    """Rule: the ratio (or relative change) of two differences of a table (module docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "percent") or m.value == 0:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "ratio") or not three_digits(m):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if not may_say(ctx, "gap_ratio", _MAY):
        return None
    if not (focus_says(ctx, _RATIO) and focus_says(ctx, _DIFFERENCE)):
        return None
    factor = Decimal(1) if m.kind == "number" else _HUNDRED
    lo, hi = (x / factor for x in claim_interval(ctx))
    window = m.precision / abs(m.value)
    years = set(years_in_text(focus_text(ctx)))
    for group in ctx.scope.groups:
        for grid in _grids(group):
            blocks = _blocks(grid, years)
            if len(blocks) * _FORMULAS * window > _CHANCE:
                continue
            for result, kind, ops in _results(blocks):
                if lo <= result <= hi:
                    return Verdict("derived", _evidence(ctx, result * factor, kind, ops))
    return None


def _evidence(ctx: ClaimContext, result: Decimal, kind: str, ops: _Block) -> Evidence:
    a1, a2, b1, b2 = (f"{label(v)} ({v.value:,})" for v in ops)
    first, second = f"({a1} - {a2})", f"({b1} - {b2})"
    unit = " x 100" if ctx.mention.kind == "percent" else ""
    if kind == "ratio":
        formula = f"{first} / {second}{unit} = {fmt_result(ctx, result)}"
    else:
        formula = f"({second} - {first}) / {first}{unit} = {fmt_result(ctx, result)}"
    return Evidence("derive", "ratio", formula, ops, result, "a ratio of two differences")
