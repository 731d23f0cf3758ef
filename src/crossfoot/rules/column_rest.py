"""A column's total less the rows a sentence leaves out: "Excluding North, sales totalled 7,593
in 2023", "Sales outside North were 7,593", "the regions other than North and South sold 4,053".

A figure of a sentence that words an exclusion ("excluding", "except", "outside", "other than",
"apart from", "aside from", "besides", "not counting") is the whole of one year's column less
the cells of the rows named after that word (one to three rows of one table): the whole is the
column's total line when the table has one, else the sum of its rows (three or more, total and
average lines aside, none negative). The year is the one the sentence names (or the column's
only year). Met at the figure's stated precision; anything else is left to the other rules.

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,802", "3,540"],'
...      ' ["East", "1,650", "1,643"], ["West", "2,010", "2,410"]]')
>>> check("Excluding North, sales totalled 7,593 in 2023.", [t]).claims[0].status
'derived'
>>> check("Excluding North, sales totalled 7,953 in 2023.", [t]).passed
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

__all__ = ["column_rest", "leaves_out"]

# (every word _LEAVING reads has its substring here: "exclud" alone missed "exclusive of")
_GATE = ("exclud", "exclusive", "except", "outside", "other than", "apart from", "aside from",
         "besides", "not counting")  # fmt: skip
_LEAVING = re.compile(
    r"(?i)\b(?:excluding|exclusive\s+of|except(?:\s+for)?|outside(?:\s+of)?|other\s+than|"
    r"apart\s+from|aside\s+from|besides|not\s+counting)\b"
)
# The rows left out: up to a comma, a semicolon, a colon or a figure.
_UNTIL = re.compile(r"[^,;:\d]*")


def column_rest(ctx: ClaimContext) -> Verdict | None:
    """Rule: a column's whole less the rows the sentence leaves out (module docstring)."""
    m = ctx.mention
    if m.kind not in ("number", "money") or m.value <= 0 or m.high is not None or not m.claim:
        return None
    s = ctx.sentence
    if not leaves_out(s.text) or not ctx.options.allow_derived:
        return None
    if not kind_allowed(ctx, "difference"):
        return None
    left = _LEAVING.search(ctx.text, s.start, s.end)
    if left is None:
        return None
    named = _UNTIL.match(ctx.text, left.end(), s.end)
    rows = named_rows(named.group(0) if named else "", ctx.scope.index.values)
    if not one_part(rows):
        return None
    years = {int(y) for y in YEAR.findall(s.text)}
    lo, hi = claim_interval(ctx)
    for year in _years(rows, years):
        parts = [cells.get(year) for cells in rows.values()]
        if any(p is None for p in parts):
            continue
        written = [p for p in parts if p is not None]
        found = _rest(ctx, written, lo, hi)
        if found is None:
            # "$2.89 million" over a table "in $ thousands": the cells as scaled
            scaled = _scaled(ctx.scope.index.values, written)
            found = _rest(ctx, scaled, lo, hi) if scaled else None
        if found is not None:
            return found
    return None


def _scaled(values: tuple[SourceValue, ...], parts: list[SourceValue]) -> list[SourceValue]:
    """The cells of ``parts`` as their unit header scales them (none when one has no such
    view)."""
    want = {(p.source_id, p.table, p.row_index, p.col_index) for p in parts}
    out = [
        v
        for v in values
        if v.view != "written" and (v.source_id, v.table, v.row_index, v.col_index) in want
    ]
    return out if len(out) == len(parts) else []


def leaves_out(sentence: str) -> bool:
    """Whether ``sentence`` words an exclusion (a cheap substring gate).

    >>> leaves_out("Excluding North, sales were 7,593."), leaves_out("North sold 4,637.")
    (True, False)
    """
    low = sentence.lower()
    return any(g in low for g in _GATE)


def _years(rows: Mapping[Any, dict[int, SourceValue]], said: set[int]) -> list[int]:
    """The year the sentence names, or the rows' only year."""
    have = {y for cells in rows.values() for y in cells}
    if said:
        return sorted(said & have) if len(said) == 1 else []
    return sorted(have) if len(have) == 1 else []


def _rest(ctx: ClaimContext, parts: list[SourceValue], lo: Decimal, hi: Decimal) -> Verdict | None:
    found = column_part_whole(ctx.scope.index.values, parts)  # (rules._column_whole)
    if found is None:
        return None
    whole, total, column = found
    part = sum((p.value for p in parts), Decimal(0))
    rest = whole - part
    if not lo <= rest <= hi or rest <= 0:
        return None
    names = " - ".join(f"{p.label} ({format_decimal(p.value)})" for p in parts)
    base = (
        f"{total.label} ({format_decimal(whole)})"
        if total is not None
        else f"column total {format_decimal(whole)} ({len(column)} rows)"
    )
    formula = f"{base} - {names} = {fmt_result(ctx, rest)}"
    used = (total, *parts) if total is not None else tuple(column.values())
    ev = Evidence("derive", "difference", formula, used, rest, "a whole less the rows left out")
    return Verdict("derived", ev)
