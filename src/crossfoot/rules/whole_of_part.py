"""A whole from a part and its percentage: "rd&e spending was $1.3 billion (18 percent of net
sales) ... what were, then, those net sales, in billions? The answer is 7.22" for 1.3 / 0.18;
"net earnings decreased by $932 million (13.4%) ... what were those earnings in the previous
year, in millions? The answer is 6,955.22" for 932 / 0.134.

Running text states an amount with its share of a whole right after it, in apposition ("X (p%
of Y)", "X, or p%"), and an answer states the whole, X / (p / 100). No two-operand formula
reaches it: an amount is never divided by a percentage. It is derived when the figure is stated to
three significant digits or finer; the amount and the percentage stand in one sentence of the
sources, the percentage within a few characters after the amount, opened by "(", "," or "or";
and that sentence holds a content word of what the claim's sentence, the one before it or the
question name (rules._prose_subject), as does the whole the percentage names, if it names one
("18 percent of net sales": a figure named selling expense is no such whole). The whole is
compared in the unit the amount is written in ("1.3" of "$1.3 billion": 7.22 in billions), and
in true value for a figure with its own scale word or a unit the text asks for ("in billions");
while the pairs fit the figure's operand limit (derivation_limit). Magnitude only.

The whole of a level is of the level's own year: "In fiscal 2025, R&D was $1.3 billion, or 18
percent of net sales, compared with $1.1 billion in fiscal 2024" gives fiscal 2025's net sales,
so a claim whose sentence (or the question) names years none of which is the amount's year is
not derived from it (rules._year_focus.named_years). A change ("decreased $45 million, or 12%,
compared with fiscal 2023") is a percentage of its base year's value, and an amount with no year
of its own is not held to one.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from decimal import Decimal

from crossfoot.language.changewords import CHANGED, MOVED
from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Source, SourceValue, format_decimal
from crossfoot.rules._derive_shared import (
    _magnitude,
    claim_interval,
    derivation_limit,
    fmt_result,
    kind_allowed,
)
from crossfoot.rules._near import three_digits
from crossfoot.rules._prose_subject import prose_named, share_whole_named
from crossfoot.rules._year_focus import named_years
from crossfoot.rules.asked_scale import asked_unit

__all__ = ["whole_of_part"]

# Between an amount and its percentage: "$932 million ( 13.4%", "$13 million , or 23%".
_APPOSITION = re.compile(r"\s*(?:\(|,\s*(?:or\b)?|\bor\b)\s*(?:about\s+|approximately\s+)?")
_GAP = 24  # characters between the amount's end and the percentage's start, at most
_HUNDRED = Decimal(100)
_NOTE = "a whole from a part and its percentage: magnitude only"


def _pairs(ctx: ClaimContext) -> list[tuple[SourceValue, SourceValue, Decimal, Source]]:
    """(amount, percentage, the amount as written, source) of the apposed pairs of the claim's
    sources, made once per answer and scope."""
    memo: dict[tuple[str, ...], list[tuple[SourceValue, SourceValue, Decimal, Source]]]
    memo = ctx.shared.setdefault("whole_of_part.pairs", {})  # type: ignore[assignment]
    key = tuple(s.id for s in ctx.scope.sources)
    found = memo.get(key)
    if found is None:
        found = memo[key] = [(*pair, s) for s in ctx.scope.sources for pair in _apposed_pairs(s)]
    return found


def _apposed_pairs(source: Source) -> Iterator[tuple[SourceValue, SourceValue, Decimal]]:
    prose = [v for v in source.values if v.span is not None and v.table is None]
    percents = [v for v in prose if v.kind == "percent" and v.value > 0]
    if not percents:
        return
    written = {v.span: v.value for v in prose if v.view == "written"}
    amounts = sorted(
        (v for v in prose if v.view != "written" and v.kind in ("money", "number") and v.value),
        key=_end,
    )
    ends = [_end(v) for v in amounts]
    for p in percents:
        start = p.span[0] if p.span is not None else 0
        for x in amounts[bisect_left(ends, start - _GAP) : bisect_right(ends, start)]:
            if _apposed(source, x, p):
                yield x, p, written.get(x.span, x.value)


def _end(v: SourceValue) -> int:
    return v.span[1] if v.span is not None else -1


def _apposed(source: Source, x: SourceValue, p: SourceValue) -> bool:
    if x.span is None or p.span is None or x.value == 0:
        return False
    gap = p.span[0] - x.span[1]
    return 0 <= gap <= _GAP and _APPOSITION.fullmatch(source.text, x.span[1], p.span[0]) is not None


def whole_of_part(ctx: ClaimContext) -> Verdict | None:
    """Rule: the whole of which an apposed amount is the stated percentage (see the module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "money") or m.value == 0:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "ratio") or not three_digits(m):
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    pairs = _pairs(ctx)
    if not pairs or len(pairs) > derivation_limit(ctx):
        return None
    lo, hi = _magnitude(*claim_interval(ctx))
    unit = asked_unit(focus_text(ctx)) if m.scale == 1 else None
    years: set[int] | None = None
    for x, p, as_written, source in pairs:
        if not prose_named(ctx, x) or not share_whole_named(ctx, source.text, _end(p)):
            continue
        if x.year is not None and not _a_change(source, x):
            years = named_years(ctx) if years is None else years
            if years and x.year not in years:
                continue  # the whole of another year than the claim names
        share = p.value / _HUNDRED
        readings = [(abs(x.value) / share, Decimal(1))]
        if m.scale == 1 and as_written != x.value:
            readings.append((abs(as_written) / share, Decimal(1)))
        if unit is not None:
            readings.append((abs(x.value) / share, unit))
        for whole, scale in readings:
            if lo * scale <= whole <= hi * scale:
                return Verdict("derived", _evidence(ctx, x, p, whole / scale))
    return None


# A movement word right before the amount: "decreased $45 million, or 12%" is a change.
_MOVED_BEFORE = re.compile(rf"(?i)\b(?:{CHANGED}|{MOVED})\b(?:\s+by)?\s*$")


def _a_change(source: Source, x: SourceValue) -> bool:
    """The amount is a change ("decreased $45 million, or 12%"): its percentage is of the base
    year's value, so its whole is of another year than the amount's own."""
    start = x.span[0] if x.span is not None else 0
    return _MOVED_BEFORE.search(source.text, max(0, start - 30), start) is not None


def _evidence(ctx: ClaimContext, x: SourceValue, p: SourceValue, result: Decimal) -> Evidence:
    formula = (
        f"{x.label} ({format_decimal(x.value)}) / {p.label} ({format_decimal(p.value)}%)"
        f" = {fmt_result(ctx, result)}"
    )
    return Evidence("derive", "ratio", formula, (x, p), result, _NOTE)
