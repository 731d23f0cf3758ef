"""A balance's change over several periods of a roll-forward: "what was the change in the balance
from the start of 2023 to the end of 2025? The answer is 137." over a table whose "balance at
beginning of year" row gives 431 in its 2023 column and whose "balance at end of year" row gives
568 in its 2025 column.

A roll-forward (unrecognized tax benefits, an allowance, stores open) states a balance twice per
period: at its start and at its end. A change over one period is a change along a row and any
search finds it; a change from the start of one period to the end of a later one takes one cell
of the opening row and one of the closing row, in two columns: a diagonal pair, which the
derivation search never tries (cells combine along a row or a column only, or any two cells of a
table would meet a figure by chance). Here the pair is named by the words, not searched: the
answer (or the sentence before, or else a turn of the question) says "the start (beginning) of
Y1" and "the end of Y2"; the start of Y1 is the opening row's cell of Y1, or the closing row's
cell of Y1 - 1 (the balance at the end of a year opens the next); the end of Y2 is the closing
row's cell of Y2, or the opening row's cell of Y2 + 1. The two rows are of one table and name
one thing once their opening and closing words are set aside ("balance at january 1" / "balance
at december 31", "beginning stores" / "ending stores"). The figure is the change (end - start),
its ratio (end / start) or its relative change, as a fraction or in percent, at its stated
precision.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import tokens
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_interval, derivable, may_say

__all__ = ["balance_span"]

_YEAR = r"(?:fiscal\s+(?:year\s+)?|(?:the\s+)?year\s+)?((?:19|20)\d\d)\b"
_START = re.compile(rf"(?i)\b(?:start|beginning|opening)\s+of\s+{_YEAR}")
_END = re.compile(rf"(?i)\b(?:end|close)\s+of\s+{_YEAR}")
# Row labels of a roll-forward's opening and closing balance.
_OPENING = re.compile(r"(?i)\b(?:beginning|opening|start)\b|\bjanuary\s+1\b")
_CLOSING = re.compile(r"(?i)\b(?:end|ending|closing)\b|\bdecember\s+31\b")
# Words of a roll-forward row's label that say only where in the period it stands.
_PLACE = frozenset(
    "beginning opening start end ending closing year period january december".split()
)
_HUNDRED = Decimal(100)
_MAY = re.compile(r"(?i)(?:start|beginning|opening)\s+of")  # may_say: no word boundary


def _years(text: str) -> tuple[int, int] | None:
    """(Y1, Y2) of "the start of Y1 ... the end of Y2" (either order in the text), Y1 <= Y2."""
    start, end = _START.search(text), _END.search(text)
    if start is None or end is None:
        return None
    y1, y2 = int(start.group(1)), int(end.group(1))
    return (y1, y2) if y1 <= y2 else None


def _thing(label: str) -> frozenset[str]:
    return frozenset(t for t in tokens(label) if t not in _PLACE)


def _cell(rows: dict[str, list[SourceValue]], year: int, at_start: bool) -> SourceValue | None:
    """The balance at the start (or end) of ``year``: its own row's cell, or the other row's
    cell of the year before (after)."""
    own, other, step = ("open", "close", -1) if at_start else ("close", "open", 1)
    for which, y in ((own, year), (other, year + step)):
        found = [v for v in rows[which] if (p := period(v)) is not None and p[0] == y]
        if len(found) == 1:
            return found[0]
    return None


def _pairs(ctx: ClaimContext, y1: int, y2: int, skip: str) -> list[tuple[SourceValue, SourceValue]]:
    """(start, end) cell pairs of the roll-forward tables in the claim's scope, in one unit view
    (``skip`` is the view left out)."""
    out = []
    for group in ctx.scope.groups:
        tables: dict[tuple[str, int], dict[str, list[SourceValue]]] = {}
        for v in group.values:
            if v.table is None or v.row is None or v.view == skip:
                continue
            rows = tables.setdefault((v.source_id, v.table), {"open": [], "close": []})
            opening, closing = _OPENING.search(v.row), _CLOSING.search(v.row)
            if bool(opening) != bool(closing):
                rows["open" if opening else "close"].append(v)
        for rows in tables.values():
            if {len({v.row_index for v in rows[k]}) for k in rows} != {1}:
                continue  # one opening row and one closing row
            if not _thing(rows["open"][0].row or "") & _thing(rows["close"][0].row or ""):
                continue
            start, end = _cell(rows, y1, True), _cell(rows, y2, False)
            if start is not None and end is not None and start is not end:
                out.append((start, end))
    return out


def _results(m_kind: str, start: Decimal, end: Decimal) -> list[tuple[str, Decimal]]:
    """What the figure may be: a percent is the relative change; an amount the change; a plain
    number the change, the ratio or the relative change as a fraction."""
    if m_kind == "percent":
        return [] if start == 0 else [("percent_change", (end - start) / start * _HUNDRED)]
    out = [("difference", end - start)]
    if start != 0 and m_kind == "number":
        out += [("ratio", end / start), ("percent_change", (end - start) / start)]
    return out


def balance_span(ctx: ClaimContext) -> Verdict | None:
    """Rule: a balance's change from the start of one period to the end of another (module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "money", "percent") or not m.claim or m.high is not None:
        return None
    if not o.allow_derived or ctx.scope is None:
        return None
    asked = ctx.shared.get("ask.context")  # the question's turns: "what is that less 1?"
    if not may_say(ctx, "balance_span", _MAY) and not (
        isinstance(asked, str) and _MAY.search(asked)
    ):
        return None
    span = _years(focus_text(ctx))
    if span is None and isinstance(asked, str):
        span = _years(asked)
    if span is None:
        return None
    # A coarse figure ("1", "-3") only exactly: its window would meet a ratio or change by chance.
    lo, hi = claim_interval(ctx) if derivable(m, False) else (m.value, m.value)
    # A figure with a scale word ("$119 million") meets the cells at their true size.
    skip = "written" if m.scale != 1 else "true"
    for start, end in _pairs(ctx, *span, skip):
        for kind, r in _results(m.kind, start.value, end.value):
            if o.derivations is not None and kind not in o.derivations:
                continue
            if lo <= r <= hi:
                fs, fe = format_decimal(start.value), format_decimal(end.value)
                formula = {
                    "difference": f"{end.label} ({fe}) - {start.label} ({fs})",
                    "ratio": f"{end.label} ({fe}) / {start.label} ({fs})",
                }.get(kind, f"% change {start.label} ({fs}) -> {end.label} ({fe})")
                formula += f" = {format_decimal(round(r, 6))}"
                note = f"the balance from the start of {span[0]} to the end of {span[1]}"
                return Verdict("derived", Evidence("derive", kind, formula, (start, end), r, note))
    return None
