"""Rule: a named row's share of its column's whole change, the whole a total line or unwritten.

"North accounted for 59% of the 2023 sales growth" over a Region | 2022 | 2023 table with no
total line: North's change over the change of the column's sum, (2,500 - 1,200) / (5,390 -
3,200) = 59.4%. ``rules.change_share`` needs both lines named as rows of the table, so a whole
the table never writes was not reached.

The figure is a percentage; the sentence says a share of a change ("of the growth", "of the
increase in sales", "of the total decline") and names one to three rows of one table (the part,
summed); the whole is the column's total line, or its rows summed (three or more, none
negative: ``rules._column_whole``). The two years are the two the sentence names, the one it
names and the row's year before it, or, when it names none, the row's only two. One share is
computed per reading, and the part's change must be at most 150 % of the whole's.

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "1,200", "2,500"], ["South", "900", "950"],'
...      ' ["East", "400", "1,250"], ["West", "700", "690"]]')
>>> check("North accounted for 59% of the 2023 sales growth.", [t]).claims[0].status
'derived'
>>> check("North accounted for 69% of the 2023 sales growth.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._column_whole import column_part_whole
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._row_order import named_rows, one_part

__all__ = ["column_change_share"]

_WORDS = ("growth", "increase", "rise", "gain", "change", "decline", "decrease", "drop", "fall")
_OF_CHANGE = re.compile(
    r"(?i)\bof\s+(?:the\s+|this\s+|that\s+|its\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:growth|increase|rise|gain|change|decline|decrease|drop|fall)s?\b"
)
_HUNDRED = Decimal(100)
_MOST = Decimal("1.5")
_NOTE = "a row's change as a share of its column's whole change"


def column_change_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: named rows' change over their column's whole change (module docstring)."""
    m = ctx.mention
    if m.kind != "percent" or not m.claim or m.high is not None or m.value == 0:
        return None
    text = ctx.sentence.text
    low = text.lower()
    if not any(w in low for w in _WORDS) or not ctx.options.allow_derived:
        return None
    if not kind_allowed(ctx, "share") or _OF_CHANGE.search(text) is None:
        return None
    rows = named_rows(text, ctx.scope.index.values)
    if not one_part(rows):
        return None
    years = sorted({int(y) for y in YEAR.findall(text)})
    pair = _pair(rows, years)
    if pair is None:
        return None
    lo, hi = claim_interval(ctx)
    return _share(ctx, rows, pair, lo, hi)


def _pair(rows: Mapping[Any, dict[int, SourceValue]], years: list[int]) -> tuple[int, int] | None:
    """The two years: named, the named one and the year before, or the rows' only two."""
    have = sorted(set.intersection(*(set(cells) for cells in rows.values())))
    if len(years) == 2 and all(y in have for y in years):
        return years[0], years[1]
    if len(years) == 1 and years[0] in have:
        before = [y for y in have if y < years[0]]
        return (before[-1], years[0]) if before else None
    if not years and len(have) == 2:
        return have[0], have[1]
    return None


def _share(
    ctx: ClaimContext,
    rows: Mapping[Any, dict[int, SourceValue]],
    pair: tuple[int, int],
    lo: Decimal,
    hi: Decimal,
) -> Verdict | None:
    a, b = pair
    starts = [cells[a] for cells in rows.values()]
    ends = [cells[b] for cells in rows.values()]
    first = column_part_whole(ctx.scope.index.values, starts)
    last = column_part_whole(ctx.scope.index.values, ends)
    if first is None or last is None:
        return None
    whole = last[0] - first[0]
    part = sum((v.value for v in ends), Decimal(0)) - sum((v.value for v in starts), Decimal(0))
    if whole == 0 or abs(part) > _MOST * abs(whole):
        return None
    share = part / whole * _HUNDRED
    if not lo <= share <= hi:
        return None
    names = " + ".join(v.row or "" for v in ends)
    wholes = [_whole_name(x, y) for x, y in ((first, a), (last, b))]
    formula = (
        f"({names}: {format_decimal(sum((v.value for v in ends), Decimal(0)))} - "
        f"{format_decimal(sum((v.value for v in starts), Decimal(0)))}) / "
        f"({wholes[1]} - {wholes[0]}) x 100 = {fmt_result(ctx, share)}"
    )
    used = (*starts, *ends)
    return Verdict("derived", Evidence("derive", "share", formula, used, share, _NOTE))


def _whole_name(found: tuple[Decimal, SourceValue | None, dict[int, SourceValue]], y: int) -> str:
    whole, total, column = found
    if total is not None:
        return f"{total.label} ({format_decimal(whole)})"
    return f"column total {y} ({format_decimal(whole)}, {len(column)} rows)"
