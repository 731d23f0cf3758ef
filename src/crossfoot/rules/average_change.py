"""The change between two averages of a named row: "What is the change in the average free cash
flow between 2017-2018 and 2018-2019? The answer is 547.5 million."

The average of 2018 and 2019 less the average of 2017 and 2018 is half the change from 2017 to
2019: four operands, which no two-operand search reaches, and which a search over every pair of
pairs of a table would meet by chance. So it is derived only when the wording names both an
average and a change ("average" with "change", "difference", "increase" or "decrease"), from the
rows the sentence (or the one before) names, ending in the latest year it names: one row over
three consecutive years, (c - a) / 2, or two rows over the same two consecutive years,
((a1 + a2) - (b1 + b2)) / 2.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowmatch import focus_group, focus_text
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import (
    _magnitude,
    claim_interval,
    fmt_result,
    kind_allowed,
)
from crossfoot.rules._near import may_say

__all__ = ["average_change"]

_AVERAGE = WordGated(re.compile(r"(?i)\b(?:average|mean)\b"), ("average", "mean"))
_CHANGE = WordGated(
    re.compile(r"(?i)\b(?:change|difference|increase|decrease)\b"),
    ("change", "difference", "increase", "decrease"),
)
# _AVERAGE without its word boundaries
_MAY_AVERAGE = WordGated(re.compile(r"(?i)average|mean"), ("average", "mean"))
_HALF = Decimal("0.5")
_MAX_ROWS = 4  # named rows searched at most: a sentence names one or two


def _rows(values: Sequence[SourceValue], view: str) -> list[list[SourceValue]]:
    """The named values of one unit view by table row, each row in its periods' order."""
    rows: dict[tuple[str, int | None, int | None], list[SourceValue]] = {}
    for v in values:
        if v.view not in (view, "both") or v.table is None or operand_class(v) is None:
            continue
        rows.setdefault((v.source_id, v.table, v.row_index), []).append(v)
    return [sorted(r, key=lambda v: v.col_index or 0) for r in rows.values()]


def _year(v: SourceValue) -> int:
    p = period(v)
    return p[0] if p is not None else 0


def _years(row: Sequence[SourceValue]) -> dict[int, SourceValue]:
    by_year: dict[int, SourceValue] = {}
    for v in row:
        p = period(v)
        if p is not None and p[1] is None:
            by_year.setdefault(p[0], v)
    return by_year


def _candidates(rows: list[list[SourceValue]]) -> Iterator[tuple[Decimal, tuple[SourceValue, ...]]]:
    for row in rows:  # one row, three consecutive years: (late - early) / 2
        by_year = _years(row)
        for y, early in by_year.items():
            mid, late = by_year.get(y + 1), by_year.get(y + 2)
            if mid is not None and late is not None:
                yield (late.value - early.value) * _HALF, (early, mid, late)
    for a, b in combinations(rows, 2):  # two rows over the same two consecutive years
        if a[0].table != b[0].table:
            continue
        years_a, years_b = _years(a), _years(b)
        for y in sorted(years_a.keys() & years_b.keys()):
            if y + 1 in years_a and y + 1 in years_b:
                a1, a2, b1, b2 = years_a[y], years_a[y + 1], years_b[y], years_b[y + 1]
                yield (a1.value + a2.value - b1.value - b2.value) * _HALF, (a1, a2, b1, b2)


def average_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a change between two averages of named rows (see the module docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("money", "number", "percent"):
        return None
    if not o.allow_derived or not kind_allowed(ctx, "average"):
        return None
    if not may_say(ctx, "average_change", _MAY_AVERAGE):
        return None
    text = focus_text(ctx)
    # The wording test, once per focus text (every claim of a sentence shares it).
    worded: dict[str, bool]
    worded = ctx.shared.setdefault("average_change.worded", {})  # type: ignore[assignment]
    said = worded.get(text)
    if said is None:
        said = worded[text] = bool(_AVERAGE.search(text) and _CHANGE.search(text))
    if not said:
        return None
    mag_lo, mag_hi = _magnitude(*claim_interval(ctx))
    # The latest year the text names is the latest the averages take ("from 2018 to 2019").
    last = max(years_in_text(text), default=None)
    for group in ctx.scope.groups:
        named = focus_group(ctx, group, whole=True)
        if named is None:
            continue
        for view in ("true", "written"):
            rows = _rows(named.values, view)
            if not rows or len(rows) > _MAX_ROWS:
                continue
            for result, ops in _candidates(rows):
                if last is not None and max(_year(v) for v in ops) != last:
                    continue
                percent = {v.kind == "percent" for v in ops}
                if mag_lo <= abs(result) <= mag_hi and percent == {m.kind == "percent"}:
                    return Verdict("derived", _evidence(ctx, result, ops))
    return None


def _evidence(ctx: ClaimContext, result: Decimal, ops: tuple[SourceValue, ...]) -> Evidence:
    names = [f"{label(v)} ({v.value:,})" for v in ops]
    if len(ops) == 3:
        formula = (
            f"({names[1]} + {names[2]}) / 2 - ({names[0]} + {names[1]}) / 2"
            f" = {fmt_result(ctx, result)}"
        )
    else:
        formula = (
            f"({names[0]} + {names[1]}) / 2 - ({names[2]} + {names[3]}) / 2"
            f" = {fmt_result(ctx, result)}"
        )
    note = "magnitude only: the change between two averages"
    return Evidence("derive", "average", formula, ops, result, note)
