"""A growth rate stated per period over a line of periods: "signups grew about 4% a week over the
four weeks", "revenue rose 5% month over month", "a compound monthly growth rate of 2.1%".

Such a rate is no change between two cells: it is the compound rate that takes the line's first
value to its last, ``((last / first) ** (1 / n) - 1) * 100`` over its ``n`` steps, or the mean
of its step-by-step changes. Before, a right rate failed as unsupported (or passed on a pair of
weeks that happened to land near it, a fall as well as a rise). When the sentence states the
rate per a period (``language.period_rates.rate_period``: "a week", "monthly", "month over
month", "MoM") and a line of the scope runs over consecutive periods of that length (rows or
columns labelled "Week 1", "Jan" .. "Dec", "Q1 2023", "2024-03", or dates a day or a week
apart), the figure is ``derived`` from the line whose rate it is: over the whole line, or over
the last ``k`` periods the sentence counts ("over the four weeks"). A rise said of a fall is
left to the other rules; a rate no line gives stays as it was. A figure stated per period that
is the change over the whole line ("rose 21.6% month over month" for January to May's 21.6%)
is ``contradicted``: the total change, not a rate of one period.

>>> import crossfoot
>>> t = '[["Week", "Signups"], ["Week 1", "1,000"], ["Week 2", "1,035"], ["Week 3", "1,090"],' \\
...     ' ["Week 4", "1,120"], ["Week 5", "1,170"]]'
>>> [c.status for c in crossfoot.check("Signups grew about 4% a week.", [t]).claims]
['derived']
>>> [c.status for c in crossfoot.check("Signups grew about 6% a week.", [t]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.changewords import move_stated
from crossfoot.language.period_columns import QUARTER, column_period
from crossfoot.language.period_rates import rate_period, stated_steps
from crossfoot.language.summary_lines import line_role
from crossfoot.language.years import label_date
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_interval

__all__ = ["period_rate"]

_WEEK = re.compile(r"(?i)^\s*(?:week|wk|w)\s*(\d{1,2})\s*$")
_MIN_STEPS = 2  # (one step is a plain change between two cells: two_operand's)
_SHOWN = Decimal("0.01")
# (the line's name, its values in period order)
_Line = tuple[str, tuple[SourceValue, ...]]


def period_rate(ctx: ClaimContext) -> Verdict | None:
    """Rule: a percent stated per period as the compound (or mean) rate of a line of such
    periods (module docstring)."""
    m = ctx.mention
    if not m.claim or m.kind != "percent" or not ctx.options.allow_derived:
        return None
    s = ctx.sentence
    unit = rate_period(s.text)
    if unit is None:
        return None
    way = move_stated(ctx.text, s.start, m.start)
    steps = stated_steps(s.text)
    lo, hi = claim_interval(ctx)
    whole: Verdict | None = None
    for group in ctx.scope.groups:
        for name, line in per_answer(ctx, f"period_rate.{unit}", group, lambda g: _lines(g, unit)):
            for pts in _spans(line, steps):
                for kind, rate in _rates(pts):
                    if way is not None and way * rate < 0:
                        continue  # ("fell 4% a week" of a rising line)
                    value = abs(rate) if way is not None else rate
                    if lo <= value <= hi:
                        return Verdict("derived", _evidence(name, unit, pts, kind, rate))
                if whole is None and pts is line:
                    whole = _whole_change(name, unit, pts, lo, hi, way)
    return whole


def _whole_change(
    name: str, unit: str, pts: tuple[SourceValue, ...], lo: Decimal, hi: Decimal, way: int | None
) -> Verdict | None:
    """``contradicted`` when the figure stated per ``unit`` is the change over the whole line
    ("rose 21.6% month over month" for January to May's 21.6%): no rate of a period."""
    first, last = pts[0].value, pts[-1].value
    if first <= 0:
        return None
    change = (last - first) / first * 100
    if way is not None and way * change < 0:
        return None
    if not lo <= (abs(change) if way is not None else change) <= hi:
        return None
    shown = format_decimal(change.quantize(_SHOWN))
    formula = f"% change {format_decimal(first)} -> {format_decimal(last)} of {name} = {shown}%"
    ev = Evidence("period_rate", "percent_change", formula, pts, change)
    n = len(pts) - 1
    why = f"{shown}% is the change over all {n} {unit}s of {name}, not a rate a {unit}"
    return Verdict("contradicted", ev, why)


def _rates(pts: tuple[SourceValue, ...]) -> list[tuple[str, Decimal]]:
    """The compound rate of ``pts`` and the mean of its step changes, in percent."""
    first, last = pts[0].value, pts[-1].value
    if first <= 0 or last <= 0 or any(v.value <= 0 for v in pts):
        return []
    n = len(pts) - 1
    compound = Decimal(repr((float(last) / float(first)) ** (1 / n) - 1)) * 100
    steps = [(b.value - a.value) / a.value for a, b in pairwise(pts)]
    mean = sum(steps, Decimal(0)) / n * 100
    return [("compound_rate", compound), ("mean_rate", mean)]


def _spans(line: tuple[SourceValue, ...], steps: int | None) -> list[tuple[SourceValue, ...]]:
    """The whole line, and with a stated count ``k`` its last ``k + 1`` and ``k`` periods."""
    out = [line]
    if steps is not None:
        out += [line[-(steps + 1) :], line[-steps:]]
    return [p for p in out if len(p) > _MIN_STEPS]


def _evidence(
    name: str, unit: str, pts: tuple[SourceValue, ...], kind: str, rate: Decimal
) -> Evidence:
    n = len(pts) - 1
    first, last = format_decimal(pts[0].value), format_decimal(pts[-1].value)
    shown = format_decimal(rate.quantize(_SHOWN))
    if kind == "compound_rate":
        formula = f"({last} / {first}) ^ (1/{n}) - 1 of {name}, a {unit} = {shown}%"
    else:
        formula = f"mean of the {n} {unit}ly changes of {name} ({first} .. {last}) = {shown}%"
    return Evidence("period_rate", kind, formula, pts, rate)


def _lines(group: ValueIndex, unit: str) -> list[_Line]:
    """The group's table lines over consecutive periods of ``unit`` (rows of one column, or
    columns of one row), each in period order, at least three periods long."""
    down: dict[tuple[str, int, int | None], list[tuple[int, SourceValue]]] = {}
    across: dict[tuple[str, int, int | None], list[tuple[int, SourceValue]]] = {}
    for v in group.values:
        if v.table is None or v.view == "written" or line_role(v.row) is not None:
            continue
        at = _position(v.row, unit)
        if at is not None:
            down.setdefault((v.source_id, v.table, v.col_index), []).append((at, v))
        at = _position(v.column, unit)
        if at is not None:
            across.setdefault((v.source_id, v.table, v.row_index), []).append((at, v))
    out: list[_Line] = []
    for parts, named in ((down, "column"), (across, "row")):
        for members in parts.values():
            members.sort(key=lambda p: p[0])
            order = [p for p, _ in members]
            if len(order) <= _MIN_STEPS or any(b - a != 1 for a, b in pairwise(order)):
                continue
            first = members[0][1]
            label = (first.column if named == "column" else first.row) or "the line"
            out.append((label, tuple(v for _, v in members)))
    return out


def _position(label: str | None, unit: str) -> int | None:
    """The index of the period ``label`` names, in steps of ``unit`` (consecutive periods have
    consecutive indexes), or None when it names no such period."""
    if not label:
        return None
    if unit in ("month", "quarter"):
        got = column_period(label)
        if got is None:
            return None
        year, code = got
        if unit == "month" and 1 <= code <= 12:
            return (year or 0) * 12 + code
        if unit == "quarter" and QUARTER < code <= QUARTER + 4:
            return (year or 0) * 4 + code - QUARTER
        return None
    week = _WEEK.match(label)
    if week is not None:
        return int(week[1]) if unit == "week" else None
    day = label_date(label)
    if day is None:
        return None
    try:
        ordinal = date(*day).toordinal()
    except ValueError:
        return None
    return ordinal if unit == "day" else ordinal // 7  # (a week's rows fall on one weekday)
