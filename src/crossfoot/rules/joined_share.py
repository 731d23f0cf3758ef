"""Two named rows joined by "and" as one part: "North and South made up three quarters of sales".

A sentence that joins two or three rows with "and" (or "&", "plus") before the word of a part
("made up", "accounted for", "share", "represented", "contributed", "% of") states their share
*together* of the whole. The quotient of one of them over the other is then no reading of it:
"three quarters" is not South's share of North, however close 3,000 / 4,000 lands
(:func:`joined_part`, asked by the two-operand search and ``rules.fraction_share``).

:func:`joined_share` (a rule) reads the figure as it is said: the rows' cells of one column over
that column's total line (``language.summary_lines.whole_line``), or, with none, over the sum of
every row's cell (three rows or more, none negative; subtotal and average lines aside). The
column is of the year the sentence names; naming none, of the one year whose share it is (in
two years or none it stays unsupported). A percentage is met at its stated precision, a fraction
in words in its plain-language window (``rules._worded_fraction``).

>>> from crossfoot import check
>>> t = ('[["Region", "2023"], ["North", "4,000"], ["South", "3,000"], ["West", "5,000"],'
...      ' ["Total", "12,000"]]')
>>> check("North and South made up 58% of sales.", [t]).claims[0].status
'derived'
>>> check("North and South made up three quarters of sales.", [t]).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from crossfoot.language.rowtokens import names_row
from crossfoot.language.summary_lines import line_role, whole_line
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._row_order import named_rows, one_part
from crossfoot.rules._worded_fraction import fraction_window

__all__ = ["joined_part", "joined_share"]

_PART = re.compile(
    r"(?i)\b(?:accounted|accounting|accounts|share|shares|made\s+up|makes?\s+up|represent\w*|"
    r"contribut\w*|comprised?)\b|%\s+of\b"
)
_JOIN = re.compile(r"(?i)\s(?:and|&|plus)\s")
_HUNDRED = Decimal(100)
_MIN_COLUMN = 3  # rows of a column summed as its whole when it writes no total line
_MAX_JOINED = 3


@lru_cache(maxsize=256)  # (once a sentence: every claim of it asks)
def _joined_head(sentence: str) -> str:
    """The words before the sentence's first part word when they join names with "and", else
    "" (a clause cut at ";" or ":")."""
    low = sentence.lower()  # (case-blind, as _JOIN: "North And South")
    m = _PART.search(sentence) if " and " in low or "&" in low or " plus " in low else None
    if m is None:
        return ""
    head = sentence[: m.start()]
    head = head[max(head.rfind(";"), head.rfind(":")) + 1 :]
    return head if _JOIN.search(head) else ""


def joined_part(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether the sentence joins the rows of ``x`` and ``y`` as one part (module docstring):
    then neither is a share of the other."""
    if x.row is None or y.row is None or x.table is None or y.table is None:
        return False
    head = _joined_head(ctx.sentence.text)
    return bool(head) and names_row(x.row, head) and names_row(y.row, head)


def _whole(ctx: ClaimContext, cell: SourceValue) -> tuple[Decimal, str] | None:
    """The total of ``cell``'s column: its total line, or the sum of its rows (other summary
    lines, "Average", "Subtotal", aside)."""
    rows: dict[int, SourceValue] = {}
    for v in ctx.scope.index.values:
        if (v.source_id, v.table, v.col_index) != (cell.source_id, cell.table, cell.col_index):
            continue
        if v.row_index is None or v.kind != cell.kind:
            continue
        if v.view == "written" or v.row_index not in rows:
            rows[v.row_index] = v
    lines = [rows.pop(k) for k, v in list(rows.items()) if line_role(v.row) is not None]
    t = whole_line(lines, rows.values())
    if t is not None:
        return t.value, f"{t.label} ({format_decimal(t.value)})"
    if any(line_role(v.row) == "whole" for v in lines) or len(rows) < _MIN_COLUMN:
        return None  # (a total line, but which one cannot be told; or too few rows)
    if any(v.value < 0 for v in rows.values()):
        return None
    whole = sum((v.value for v in rows.values()), Decimal(0))
    return whole, f"column total {format_decimal(whole)} ({len(rows)} rows)"


def joined_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: the joined rows' share, together, of their column's whole (module docstring)."""
    m = ctx.mention
    if not m.claim or m.high is not None or m.value <= 0:
        return None
    worded = m.kind == "number" and m.value < 1 and any(ch.isalpha() for ch in m.text)
    if m.kind != "percent" and not worded:
        return None
    head = _joined_head(ctx.sentence.text)
    if not head or not ctx.options.allow_derived or not kind_allowed(ctx, "share"):
        return None
    rows = named_rows(head, ctx.scope.index.values)
    if not one_part(rows, 2, _MAX_JOINED):
        return None
    lo, hi = fraction_window(ctx) if worded else claim_interval(ctx)
    scale = Decimal(1) if worded else _HUNDRED
    years = set.intersection(*(set(cells) for cells in rows.values()))
    said = set(years_in_text(ctx.sentence.text))
    hits: list[tuple[Decimal, str, tuple[SourceValue, ...]]] = []
    for year in sorted(years & said if said else years):
        cells = [by_year[year] for by_year in rows.values()]
        whole = _whole(ctx, cells[0])
        part = sum((p.value for p in cells), Decimal(0))
        if whole is None or not 0 < part < whole[0]:
            continue
        share = part / whole[0] * scale
        if lo <= share <= hi:
            names = " + ".join(f"{p.label} ({format_decimal(p.value)})" for p in cells)
            hits.append((share, f"({names}) / {whole[1]}", tuple(cells)))
    if len(hits) != 1:
        return None  # (none, or two years' shares: which is meant cannot be told)
    share, formula, parts = hits[0]
    formula += f" x 100 = {fmt_result(ctx, share)}%" if not worded else f" = {round(share, 4)}"
    return Verdict("derived", Evidence("derive", "share", formula, parts, share))
