"""Rule: one line's change as a share of another line's change over the same two periods.

"Product revenue accounted for 69.1% of the increase in total revenue" over a table whose
product revenue went 1,102 -> 1,245 and total revenue 1,650 -> 1,857: (1,245 - 1,102) / (1,857 -
1,650). "What percentage of the decrease in total revenue is from the loss in X?" asks the same.
Four operands, so neither the two-operand search nor :mod:`crossfoot.rules.part_of_change` (a
driver that is itself a row of the bridge, x / (b - a)) reaches it.

Gated so that a coincidence stays out. The figure is stated to three significant digits or finer;
its sentence (or the one before, or the question) says a share *of a change* ("of the increase",
"of the total change", "of the decline in ..."); both lines are one table's rows in the same two
period columns (of the years the text states, if it states any); the words of both rows' labels
stand in that text (the line whose change is the whole, and the line that makes the part); the
share is at most 150 % of the whole change. (Measured and not kept: a whole line the text calls
"total" without its label, found as the sum of the rows right above it: a tuning-half gain only.)
Magnitude only: the evidence note says so.
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import (
    _magnitude,
    claim_interval,
    derivation_limit,
    fmt_result,
    group_too_large,
)
from crossfoot.rules._near import focus_says
from crossfoot.rules.part_of_change import _changes, fine_share

__all__ = ["change_share"]

_CHANGES = r"(?:change|increase|decrease|growth|decline|rise|drop|fall|reduction)"
_OF_CHANGE = WordGated(
    re.compile(
        r"(?i)\bof\s+(?:the\s+|this\s+|that\s+)?(?:(?:total|overall|net|combined)\s+)?"
        + _CHANGES
        + r"s?\b"
    ),
    ("of",),
)
_MAY = WordGated(
    re.compile(r"(?i)change|increase|decrease|growth|decline|rise|drop|fall|reduction"),
    ("change", "increase", "decrease", "growth", "decline", "rise", "drop", "fall", "reduction"),
)
_WORD = re.compile(r"[a-z][a-z&'-]{2,}")
_HUNDRED = Decimal(100)
_MOST = Decimal("1.5")  # a part's change above 150 % of the whole's is no share of it
_NOTE = "a line's change as a share of another line's change: magnitude only"
_Change = tuple[SourceValue, SourceValue]


def _named(row: str | None, said: str) -> bool:
    """Every word of three letters or more of the row's label stands in ``said``."""
    words = _WORD.findall((row or "").lower())
    return bool(words) and all(w in said for w in words)


def _lines(
    changes: list[_Change], said: str
) -> dict[tuple[str, int | None, int | None, int | None], list[_Change]]:
    """The changes of named table rows, by table and pair of columns (of the years the text
    states, when it states any: the later one, and both when it states two or more)."""
    out: dict[tuple[str, int | None, int | None, int | None], list[_Change]] = defaultdict(list)
    years = set(years_in_text(said))
    for a, b in changes:
        if a.table is None or a.row_index != b.row_index or a.value == b.value:
            continue
        if years and (b.year not in years or (len(years) > 1 and a.year not in years)):
            continue
        out[(a.source_id, a.table, a.col_index, b.col_index)].append((a, b))
    return out


def _shares(
    ctx: ClaimContext, changes: list[_Change], lo: Decimal, hi: Decimal
) -> tuple[Decimal, tuple[SourceValue, ...]] | None:
    said = focus_text(ctx).lower()
    for lines in _lines(changes, said).values():
        parts = [c for c in lines if _named(c[0].row, said)]
        for whole_a, whole_b in lines:
            if not parts or not _named(whole_a.row, said):
                continue
            whole = whole_b.value - whole_a.value
            for part_a, part_b in parts:
                if part_a.row_index == whole_a.row_index:
                    continue
                share = (part_b.value - part_a.value) / whole
                if lo <= abs(share) <= hi and abs(share) <= _MOST:
                    return share, (part_a, part_b, whole_a, whole_b)
    return None


def change_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: a line's change as a share of another line's change (see the module docstring)."""
    m = ctx.mention
    if not fine_share(ctx, "change_share", _MAY) or not focus_says(ctx, _OF_CHANGE):
        return None
    factor = Decimal(1) if m.kind == "number" else _HUNDRED
    lo, hi = (x / factor for x in _magnitude(*claim_interval(ctx)))
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if group_too_large(group, limit):
            continue
        changes = _changes(group, limit * limit)
        found = _shares(ctx, changes, lo, hi) if changes else None
        if found is not None:
            return Verdict("derived", _evidence(ctx, found[0] * factor, found[1]))
    return None


def _evidence(ctx: ClaimContext, result: Decimal, ops: tuple[SourceValue, ...]) -> Evidence:
    pa, pb, wa, wb = (f"{label(v)} ({v.value:,})" for v in ops)
    unit = " x 100" if ctx.mention.kind == "percent" else ""
    formula = f"({pb} - {pa}) / ({wb} - {wa}){unit} = {fmt_result(ctx, abs(result))}"
    return Evidence("derive", "share", formula, ops, abs(result), _NOTE)
