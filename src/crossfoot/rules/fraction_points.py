"""A gap in points between two rows' rates stored as fractions: "North's churn rate was 1 point
higher than South's" over a column of 0.04 and 0.03 (a result set's ``churn_rate``, a table
written by code).

The pairwise rules read a gap in points between two percentages (4% and 3%); a rate stored as a
fraction is a plain number, so 0.04 - 0.03 = 0.01 reached no "1 percentage point", and a bare
"1 point" no reading at all. Here a figure in points ("pp", "percentage points", or "point(s)" /
"pts" right after a plain figure) is the hundredfold difference of two cells of one column of
fractions (every figure of it between -1 and 1, one at least with a fractional part), in the
two rows its sentence names, and no other row of that column: the row named first minus the
other. A word of direction must agree (the one nearest after the figure, else before it):
"higher", "more", "above" the first row over the other, "lower", "less", "below" under it.
Anything else is left to the other rules (a wrong gap or a wrong way is unsupported).

>>> from crossfoot import check
>>> t = '[["Region", "Churn rate"], ["North", "0.04"], ["South", "0.03"], ["West", "0.05"]]'
>>> check("North's churn rate was 1 point higher than South's.", [t]).passed
True
>>> check("North's churn rate was 1 point lower than South's.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.sources.rows_label_match import label_pattern

__all__ = ["fraction_points"]

_POINTS = re.compile(r"\s*(?:percentage[\s-]+)?(?:points?|pts?)\b", re.IGNORECASE)
_UP = frozenset({"higher", "more", "above", "ahead", "greater", "up", "over", "exceeded"})
_DOWN = frozenset({"lower", "less", "below", "behind", "smaller", "down", "under", "trailed"})
_WORD = re.compile(r"[a-z]+")
_HUNDRED = Decimal(100)
_MAX_VALUES = 4000  # (a larger scope: many columns of fractions, coincidences cheap)
_Key = tuple[str, int | None, int | None, str | None]


def fraction_points(ctx: ClaimContext) -> Verdict | None:
    """``derived`` for a gap in points between two named rows' fractions (module docstring)."""
    m = ctx.mention
    if m.kind != "pp" and (m.kind != "number" or _POINTS.match(ctx.text, m.end) is None):
        return None
    if not 0 < m.value <= 100:
        return None
    columns = _fraction_columns(ctx)
    if not columns:
        return None
    sentence = ctx.sentence.text
    up, down = _direction(ctx)
    for cells in columns.values():
        named = sorted((at, i, v) for i, v in enumerate(cells) if (at := _at(v.row, sentence)) >= 0)
        if len(named) != 2:
            continue
        a, b = named[0][2], named[1][2]
        gap = (a.value - b.value) * _HUNDRED
        if abs(abs(gap) - m.value) > m.precision or gap == 0:
            continue
        if (up and not down and gap < 0) or (down and not up and gap > 0):
            continue
        formula = (
            f"({a.row} {format_decimal(a.value)} - {b.row} {format_decimal(b.value)}) x 100 "
            f"= {format_decimal(gap)} points"
        )
        return Verdict("derived", Evidence("derive", "pp_change", formula, (a, b), gap))
    return None


def _direction(ctx: ClaimContext) -> tuple[bool, bool]:
    """``(up, down)``: the direction word nearest after the figure in its sentence, else the
    nearest before it ("1 point lower than South's over the quarter": "lower", not "over")."""
    s, m, text = ctx.sentence, ctx.mention, ctx.text
    after = [w for w in _WORD.findall(text[m.end : s.end].lower()) if w in _UP or w in _DOWN]
    before = [w for w in _WORD.findall(text[s.start : m.start].lower()) if w in _UP or w in _DOWN]
    word = after[0] if after else before[-1] if before else ""
    return word in _UP, word in _DOWN


def _at(row: str | None, sentence: str) -> int:
    """Where the sentence names the row first, or -1."""
    if not row:
        return -1
    hit = label_pattern(row).search(sentence)
    return hit.start() if hit is not None else -1


def _fraction_columns(ctx: ClaimContext) -> dict[_Key, list[SourceValue]]:
    """The scope's columns of fractions, each its cells (one per row), once per answer and
    scope (keyed by the scope's index: a memo that reads the scope is keyed by it)."""
    memo: dict[int, tuple[object, dict[_Key, list[SourceValue]]]]
    memo = ctx.shared.setdefault("fraction_points", {})  # type: ignore[assignment]
    index = ctx.scope.index
    hit = memo.get(id(index))
    if hit is not None and hit[0] is index:
        return hit[1]
    out = _read_columns(ctx.scope.values())
    memo[id(index)] = (index, out)
    return out


def _read_columns(values: Sequence[SourceValue]) -> dict[_Key, list[SourceValue]]:
    if len(values) > _MAX_VALUES:
        return {}
    columns: dict[_Key, list[SourceValue]] = {}
    for v in values:
        if v.table is not None and v.row and v.view != "true":
            columns.setdefault((v.source_id, v.table, v.col_index, v.view), []).append(v)
    return {
        key: cells
        for key, cells in columns.items()
        if len(cells) >= 2
        and all(v.kind == "number" and -1 <= v.value <= 1 for v in cells)
        and any(v.value != int(v.value) for v in cells)
        and len({v.row for v in cells}) == len(cells)
    }
