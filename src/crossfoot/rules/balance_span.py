"""A balance's change over several years of a roll-forward table: from the opening balance of
the first year to the closing balance of the last.

A roll-forward (a reconciliation of unrecognized tax benefits, of a reserve, of a store count)
sets a balance out by year with its opening line and its closing line: "balance at january 1 |
$ 349 | $ 307 | $ 285" and "balance at december 31 | $ 404 | $ 349 | $ 307". The balance at the
start of 2010 is the opening line's 2010 cell and at the end of 2012 the closing line's 2012
cell, so "the change in the balance from the start of 2010 to the end of 2012" is 404 - 285, a
pair of cells of another row and another column, which the pair search
(:mod:`crossfoot.rules.derive`) never combines ("never diagonally"). One year's change (the
closing over the opening of one column) and a line's change between two years (one row) are
its pairs already.

Read here: the closing cell of a later year over the opening cell of an earlier one, of one
table whose opening and closing lines are one each, as a difference (close - open), a change as
a fraction of the opening ((close - open) / open; in percent for a percentage) or a ratio
(close / open). Years the last turn names must be the span's two ends (either may be named
alone: "as a portion of the 2010 starting balance"). A figure coarser than about three digits
("119") is read only exactly and only when the last turn names a year of the span. Chance is
counted (:mod:`crossfoot.rules._chance`): the span results in the figure's band times its window
stay within :data:`_BUDGET`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_kinds import label, written_amount_grids
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["balance_span"]

# A row label of the opening or the closing balance of a period (the label names no other date).
_OPENING = re.compile(
    r"(?i)\b(?:beginning|opening|start)\b|\bjan(?:uary|\.)?\s+1(?:st)?\b|\bbeginning\s+of\b"
)
_CLOSING = re.compile(
    r"(?i)\b(?:ending|closing)\b|\bend\s+of\b|\bdec(?:ember|\.)?\s+31(?:st)?\b|\byear[- ]end\b"
)
_FINE = Decimal("0.005")  # a half unit under 0.5 % of the size: three digits or finer
_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_HUNDRED, _ONE = Decimal(100), Decimal(1)
_KEPT = 64
_MAX_YEARS = 8  # opening and closing cells of a line, at most (spans grow as its square)


@dataclass(frozen=True, slots=True)
class _Span:
    opening: SourceValue  # the opening cell of the earlier year
    closing: SourceValue  # the closing cell of the later year


_MEMO: dict[int, tuple[ValueIndex, list[_Span]]] = {}


def _by_year(cells: list[SourceValue], row: int) -> dict[int, SourceValue]:
    out: dict[int, SourceValue] = {}
    for v in cells:
        if v.row_index == row and v.year is not None:
            if v.year in out:
                return {}  # two columns of one year: which is the balance is not known
            out[v.year] = v
    return out


def _spans(group: ValueIndex) -> list[_Span]:
    """The (earlier opening, later closing) cells of each table of ``group`` with one opening
    and one closing line."""
    out: list[_Span] = []
    for cells in written_amount_grids(group.values):
        rows: dict[int, str] = {v.row_index: v.row for v in cells if v.row and v.row_index}
        opening = [i for i, r in rows.items() if _OPENING.search(r) and not _CLOSING.search(r)]
        closing = [i for i, r in rows.items() if _CLOSING.search(r) and not _OPENING.search(r)]
        if len(opening) != 1 or len(closing) != 1:
            continue
        opens, closes = _by_year(cells, opening[0]), _by_year(cells, closing[0])
        if len(opens) > _MAX_YEARS or len(closes) > _MAX_YEARS:
            continue
        for a, o in opens.items():
            for b, c in closes.items():
                if a < b:
                    out.append(_Span(o, c))
    return out


def _results(span: _Span, factor: Decimal) -> list[tuple[str, Decimal]]:
    a, b = span.opening.value, span.closing.value
    out = [("difference", b - a)] if factor == _ONE else []
    if a != 0:
        out.append(("percent_change", (b - a) / a * factor))
        if factor == _ONE:
            out.append(("ratio", b / a))
    return out


def _asked_years(ctx: ClaimContext) -> frozenset[int]:
    """The years the last turn and the claim's sentence name (never the claim's own digits)."""
    asked = ctx.shared.get("ask.text")
    said = asked if isinstance(asked, str) else ""
    if (s := ctx.sentence) is not None:
        a, b = ctx.mention.start - s.start, ctx.mention.end - s.start
        said += " " + (f"{s.text[:a]} {s.text[b:]}" if 0 <= a <= b <= len(s.text) else s.text)
    return frozenset(years_in_text(said))


def balance_span(ctx: ClaimContext) -> Verdict | None:
    """Rule: a balance's change from the opening of one year to the close of a later one
    (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent") or not m.claim or m.high is not None or m.value == 0:
        return None
    if ctx.scope is None or ctx.scope.cited or not o.allow_derived:
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None or m.approximate:
        return None
    exact = not fine_figure(ctx, _FINE)
    years = _asked_years(ctx)
    if exact and not years:
        return None  # a coarse figure ("119") only where the words name a year of the span
    factor = _HUNDRED if m.kind == "percent" else _ONE
    lo, hi = claim_interval(ctx)
    near = band(m.value)
    for group in ctx.scope.groups:
        count, met = 0, None
        for span in by_identity(_MEMO, group, _KEPT, _spans):
            if years and not years <= {span.opening.year, span.closing.year}:
                continue
            for kind, r in _results(span, factor):
                count += r in near
                hit = r == m.value if exact else lo <= r <= hi
                if met is None and hit:
                    met = (span, kind, r)
        if met is not None and (exact or near.within(count, hi - lo, _BUDGET)):
            return Verdict("derived", _evidence(ctx, *met))
    return None


def _evidence(ctx: ClaimContext, span: _Span, kind: str, result: Decimal) -> Evidence:
    o, c = span.opening, span.closing
    top, bottom = f"{label(c)} ({c.value:,})", f"{label(o)} ({o.value:,})"
    if kind == "difference":
        body = f"{top} - {bottom}"
    elif kind == "ratio":
        body = f"{top} / {bottom}"
    else:
        body = f"({top} - {bottom}) / {bottom}"
        body += " x 100" if ctx.mention.kind == "percent" else ""
    formula = f"{body} = {fmt_result(ctx, result)}"
    note = "a balance from the opening of one year to the close of a later one"
    return Evidence("derive", kind, formula, (o, c), result, note)
