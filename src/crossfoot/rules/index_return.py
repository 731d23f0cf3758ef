"""A series' return in an index table based at 100: "what was the change since 2019? The answer
is -3.6" for $ 96.40 at the end of 2020, "what is that as a portion of the 2019 price? The answer
is -0.036".

A performance graph's table (cumulative total return of a stock and its indices, "assumes $100
invested at december 31 , 2019") starts every series at 100 in its base period. A cell less 100
is that series' return in points, and over 100 its return as a fraction: each cell states both,
as surely as it states its level. A turn asking for the change or the return since the base
answers with one of them, often coarsely ("-3.6", "-0.036"): too coarse for the window search,
and a difference whose base is a cell of another year than the one the turn names. Here the
figure is matched against those two readings of each cell, exactly (a fine figure within its
stated precision): one reading per cell, no pair search. The table is such an index when one of
its rows (or columns) holds only 100s, two or more; the turn words a change or a return; and
when it names years or a series, the cell is of those.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import names_row
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._near import focus_says, three_digits

__all__ = ["index_cells", "index_return"]

_HUNDRED = Decimal(100)
_ASKS = WordGated(
    re.compile(
        r"(?i)\b(?:return\w*|chang\w*|perform\w*|gain\w*|grow\w*|grew|increas\w*|decreas\w*|"
        r"declin\w*|less|minus|since|percent\w*|portion|variation)\b"
    ),
    (
        "return",
        "chang",
        "perform",
        "gain",
        "grow",
        "grew",
        "increas",
        "decreas",
        "declin",
        "less",
        "minus",
        "since",
        "percent",
        "portion",
        "variation",
    ),
)


def index_cells(values: tuple[SourceValue, ...]) -> list[tuple[SourceValue, SourceValue]]:
    """(base cell, cell) for each cell of a table based at 100 (a row or a column of 100s only,
    two or more), the base being the 100 of the cell's own series.

    >>> from crossfoot.model.types import SourceValue as V
    >>> cells = [V(Decimal(v), "S", table=0, row_index=r, col_index=c) for r, c, v in
    ...          [(1, 1, 100), (1, 2, 100), (2, 1, "96.4"), (2, 2, "104.2")]]
    >>> [(str(b.value), str(v.value)) for b, v in index_cells(tuple(cells))]
    [('100', '96.4'), ('100', '104.2')]
    """
    tables: dict[tuple[str, int], list[SourceValue]] = {}
    for v in values:
        if v.table is not None and v.row_index is not None and v.col_index is not None:
            if v.view != "written" and v.kind in ("number", "money"):
                tables.setdefault((v.source_id, v.table), []).append(v)
    out: list[tuple[SourceValue, SourceValue]] = []
    for cells in tables.values():
        for axis in ("row", "col"):
            lines: dict[int, list[SourceValue]] = {}
            for v in cells:
                lines.setdefault(_at(v, axis), []).append(v)
            base = [i for i, line in lines.items() if len(line) >= 2 and _all_hundred(line)]
            if len(base) != 1:
                continue
            bases = {_at(v, _other(axis)): v for v in lines[base[0]]}
            out.extend(
                (bases[_at(v, _other(axis))], v)
                for v in cells
                if _at(v, axis) != base[0] and _at(v, _other(axis)) in bases
            )
    return out


def _at(v: SourceValue, axis: str) -> int:
    return (v.row_index if axis == "row" else v.col_index) or 0


def _other(axis: str) -> str:
    return "col" if axis == "row" else "row"


def _all_hundred(line: list[SourceValue]) -> bool:
    return all(v.value == _HUNDRED for v in line)


def _cells(ctx: ClaimContext) -> list[tuple[SourceValue, SourceValue]]:
    return per_answer(ctx, "index_return", ctx.scope, lambda scope: index_cells(scope.values()))


def _fits(ctx: ClaimContext, base: SourceValue, v: SourceValue, text: str) -> bool:
    """The cell is of the years and the series the turn names, when it names any."""
    years = set(years_in_text(text))
    p, b = period(v), period(base)
    if years and p is not None and p[0] not in years and not (b is not None and years == {b[0]}):
        return False  # a year named is the cell's, or the base's alone ("the change since 2019")
    series = [
        lab for lab in {v.column, v.row, base.column, base.row} if lab and names_row(lab, text)
    ]
    own = {v.column, v.row}
    return not series or any(lab in own for lab in series)


def index_return(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure that is a cell's return over its index's base of 100 (module docstring).

    >>> import json, crossfoot
    >>> grid = [["date", "acme", "s&p 500"], ["december 31 2019", "$ 100.00", "$ 100.00"],
    ...         ["december 31 2020", "$ 96.40", "$ 116.30"]]
    >>> q = "what was the change since 2019?"
    >>> [c.status for c in crossfoot.check(q + " The answer is -3.6.", [json.dumps(grid)],
    ...                                    question=q).claims][-1]
    'derived'
    """
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent") or not m.claim or m.high is not None or m.value == 0:
        return None
    if m.approximate or not o.allow_derived or m.scale != 1 or m.currency:
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if not focus_says(ctx, _ASKS):
        return None
    cells = _cells(ctx)
    if not cells:
        return None
    text = focus_text(ctx)
    for base, v in cells:
        points = v.value - _HUNDRED
        got = (points, points / _HUNDRED) if m.kind == "number" else (points,)
        for g in got:
            if _meets(ctx, g) and _fits(ctx, base, v, text):
                kind = "difference" if g == points else "percent_change"
                formula = f"{v.label} ({format_decimal(v.value)}) less its base of 100"
                if kind == "percent_change":
                    formula = f"({formula}) / 100"
                ev = Evidence(
                    "derive",
                    kind,
                    f"{formula} = {format_decimal(g)}",
                    _operands(base, v, text),
                    g,
                    "a return over an index's base of 100",
                )
                return Verdict("derived", ev)
    return _gap(ctx, cells, text) if focus_says(ctx, _GAP) else None


# "the difference between those returns", "by how much did acme underperform the index"
_GAP = WordGated(
    re.compile(r"(?i)\b(?:differ\w*|gap|between|outperform\w*|underperform\w*|exceed\w*)\b"),
    ("differ", "gap", "between", "outperform", "underperform", "exceed"),
)


def _gap(
    ctx: ClaimContext, cells: list[tuple[SourceValue, SourceValue]], text: str
) -> Verdict | None:
    """The gap between two series' returns of one period: the difference of their cells, in
    points or over 100 (both start at 100), of the years and series the turn names."""
    m = ctx.mention
    by_period: dict[tuple[str, int | None, int], list[tuple[SourceValue, SourceValue]]] = {}
    for base, v in cells:
        p = period(v)
        if p is not None and p[1] is None:
            by_period.setdefault((v.source_id, v.table, p[0]), []).append((base, v))
    for line in by_period.values():
        for (bx, x), (by, y) in ((a, b) for a in line for b in line if a[1] is not b[1]):
            if not _in_order(x, y, text):
                continue
            points = x.value - y.value
            got = (points, points / _HUNDRED) if m.kind == "number" else (points,)
            for g in got:
                if _meets(ctx, g) and _fits(ctx, bx, x, text) and _fits(ctx, by, y, text):
                    formula = f"{_said(x)} - {_said(y)}"
                    if g != points:
                        formula = f"({formula}) / 100"
                    note = "the gap between two returns over an index's base of 100"
                    # over 100, the gap of two returns as fractions: a gap of two % changes
                    kind = "difference" if g == points else "percent_change"
                    ev = Evidence(
                        "derive", kind, f"{formula} = {format_decimal(g)}", (x, y), g, note
                    )
                    return Verdict("derived", ev)
    return None


def _series(v: SourceValue) -> str:
    """The series label of an index cell: the one of its row and column that holds no year."""
    row, col = v.row or "", v.column or ""
    return col if years_in_text(row) or not row else row


def _in_order(x: SourceValue, y: SourceValue, text: str) -> bool:
    """A gap named between two series runs from the one named first ("the difference between
    acme and the index" is acme's less the index's), each found by its label's first word;
    unnamed, either order."""
    low = text.lower()
    at = []
    for v in (x, y):
        words = _series(v).lower().split()
        hit = re.search(rf"\b{re.escape(words[0])}\b", low) if words else None
        at.append(hit.start() if hit is not None else -1)
    return at[0] < 0 or at[1] < 0 or at[0] < at[1]


def _said(v: SourceValue) -> str:
    return f"{v.label} ({format_decimal(v.value)})"


def _operands(base: SourceValue, v: SourceValue, text: str) -> tuple[SourceValue, ...]:
    """The cell, and the base when the turn names the base's year ("as a portion of the 2019
    value"): otherwise the base of 100 is the index's definition, no operand the turn asks for
    (rules.alignment reads the operands' years against the years asked)."""
    b = period(base)
    return (base, v) if b is not None and b[0] in years_in_text(text) else (v,)


def _meets(ctx: ClaimContext, got: Decimal) -> bool:
    m = ctx.mention
    return m.value == got or (three_digits(m) and abs(m.value - got) <= m.precision)
