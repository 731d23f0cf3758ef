"""A change said "month over month" (or "quarter over quarter", "year over year", "MoM", "YoY")
with no period named is the latest step of its line (gaps37).

``trace`` reads it so since gaps36 (:mod:`crossfoot.language.latest_step`); ``check`` took any
two cells of the line whose change met the figure: "Revenue grew 8% month over month" over
January 50,000, February 54,000, March 56,000 passed on January to February. A pair of a line of
three periods or more that is not its last two is no operand pair of such a sentence; a sentence
that names a period ("in February", "Q3", "2023") keeps every pair.
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.language.latest_step import names_a_period
from crossfoot.language.period_columns import HALF, QUARTER
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["off_latest", "over_unit"]

_SHORT = {"mom": "month", "m/m": "month", "qoq": "quarter", "q/q": "quarter"}
_SHORT |= {"yoy": "year", "y/y": "year"}
_Key = tuple[int, int]


@lru_cache(maxsize=256)
def over_unit(text: str) -> str | None:
    """The period a sentence names a change over ("month over month": "month"), None when it
    names none or also names a period of its own.

    >>> over_unit("Revenue grew 8% month-over-month."), over_unit("Sales rose 5% YoY in 2023.")
    ('month', None)
    """
    low = text.lower().replace("-", " ")
    found = None
    for unit in ("month", "quarter", "year"):
        if f"{unit} over {unit}" in low or f"{unit} on {unit}" in low:
            found = unit
            break
    if found is None and ("/" in low or "o" in low):
        words = set(low.replace(",", " ").replace(".", " ").replace(")", " ").split())
        hits = {_SHORT[w] for w in words & _SHORT.keys()}
        found = hits.pop() if len(hits) == 1 else None
    if found is None or names_a_period(text):
        return None
    return found


def _key(v: SourceValue, unit: str) -> _Key | None:
    """A cell's period in the series ``unit`` counts, comparable; None when it has none."""
    p = v.period
    if unit == "year":
        return (v.year, 0) if p is None and v.year is not None else None
    if p is None:
        return None
    code = p[1]
    if (unit == "month" and 1 <= code <= 12) or (unit == "quarter" and QUARTER < code < HALF):
        return (p[0] or 0, code)
    return None


def _line(ctx: ClaimContext, x: SourceValue, y: SourceValue, unit: str) -> list[_Key] | None:
    """The periods of the cells of the row or column ``x`` and ``y`` share, sorted."""
    if x.row_index == y.row_index and x.col_index != y.col_index:
        axis, at = "row", x.row_index
    elif x.col_index == y.col_index and x.row_index != y.row_index:
        axis, at = "col", x.col_index
    else:
        return None
    source = ctx.scope.source(x.source_id)
    if source is None:
        return None
    memo: dict[tuple[object, ...], list[_Key]]
    memo = ctx.shared.setdefault("latest_pair.lines", {})  # type: ignore[assignment]
    key = (id(source.values), x.table, axis, at, unit)  # (keyed by the scope's own values)
    got = memo.get(key)
    if got is None:
        keys = {
            k
            for v in source.values
            if v.table == x.table
            and (v.row_index if axis == "row" else v.col_index) == at
            and (k := _key(v, unit)) is not None
        }
        got = sorted(keys)
        memo[key] = got
    return got


def off_latest(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether ``x`` and ``y`` are two cells of a line of three periods or more that a sentence
    saying "<period> over <period>" (and naming none) cannot mean: not the line's last two."""
    unit = over_unit(ctx.sentence.text)
    if unit is None or x.table is None or (x.source_id, x.table) != (y.source_id, y.table):
        return False
    kx, ky = _key(x, unit), _key(y, unit)
    if kx is None or ky is None or kx == ky:
        return False
    line = _line(ctx, x, y, unit)
    if line is None or len(line) < 3:
        return False
    return {kx, ky} != set(line[-2:])
