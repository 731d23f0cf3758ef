"""A ratio the sentence calls by its name is that ratio by its definition, or nothing.

"The quick ratio was 1.5" passed over a balance sheet whose current assets (600) over current
liabilities (400) make 1.5: that is the current ratio; the quick ratio leaves the inventory out,
(600 - 100) / 400 = 1.25, and 1.25 was unsupported. "Interest coverage was 6.0x" passed as net
income over interest expense, "the payout ratio was 8%" as dividends over equity and "return on
equity was 15%" as operating income over total assets: the derivation search pairs any two
lines, and the name went unread. When a figure's clause names one of these ratios and a table
column (of the claim's year, when the sentence names one) holds the lines of its definition:

==================  ===================================================================
ratio               definitions accepted (lines by their usual labels)
==================  ===================================================================
current ratio       current assets / current liabilities
quick ratio         (current assets - inventories) / current liabilities; (cash +
                    short-term investments + receivables) / current liabilities
debt-to-equity      debt / equity; total liabilities / equity
interest coverage   operating income (EBIT, EBITDA, income before taxes + interest) /
                    interest expense
payout ratio        dividends / net income
return on equity    net income / equity (the year's, or the mean of it and the year before)
return on assets    net income / total assets (the same)
==================  ===================================================================

the figure (a percentage as the ratio times 100, a plain number as either) is ``derived`` when
one definition meets it and ``unsupported`` otherwise, with a message giving the definition's
value: no other pair of lines may stand in for the ratio the words name. A figure with a word
of direction ("the payout ratio rose 12%": a change of the ratio) is only derived here, never
refused, unless it is an end of the move ("rose to 8%", "from 5% to 8%": the ratio's levels).
A name whose lines no column holds leaves the figure to the other rules; a ratio a cell states
is the direct match's, which runs first.

>>> import crossfoot
>>> t = '[["", "2024"], ["Current assets", "600"], ["Inventories", "100"],'
>>> t += ' ["Current liabilities", "400"]]'
>>> crossfoot.check("The quick ratio was 1.25 in 2024.", [t]).passed
True
>>> crossfoot.check("The quick ratio was 1.5 in 2024.", [t]).claims[0].status
'unsupported'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_direction, claim_years
from crossfoot.rules._derive_wording import move_level
from crossfoot.rules._low import sentence_low
from crossfoot.rules._scope_lines import table_columns

__all__ = ["ratio_defined"]


def _row(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)^\s*(?:total\s+)?(?:{pattern})\s*(?:\(.*\))?\s*:?\s*$")


_CA = _row(r"current\s+assets")
_CL = _row(r"current\s+liabilities")
_INVENTORY = _row(r"inventor(?:y|ies)(?:,\s*net)?|merchandise\s+inventor(?:y|ies)")
_CASH = _row(r"cash(?:\s+and\s+(?:cash\s+)?equivalents)?")
_SHORT_INV = _row(r"(?:short[\s-]term\s+investments|marketable\s+securities)")
_RECEIVABLES = _row(
    r"(?:accounts\s+|trade\s+)?receivables?(?:,\s*net)?|accounts\s+receivable(?:,\s*net)?"
)
_DEBT = _row(r"debt|borrowings|long[\s-]term\s+debt")
_LIABILITIES = _row(r"liabilities")
_EQUITY = _row(r"(?:(?:share|stock)holders'?\s+|shareholders'\s+|stockholders'\s+)?equity")
_OPERATING = _row(r"operating\s+(?:income|profit)|income\s+from\s+operations|ebit|ebitda")
_PRETAX = _row(r"income\s+before\s+(?:income\s+)?taxes|pre[\s-]?tax\s+income")
_INTEREST = _row(r"(?:net\s+)?interest\s+expense(?:,\s*net)?")
_DIVIDENDS = _row(r"(?:cash\s+)?dividends(?:\s+(?:paid|declared))?")
_NET_INCOME = _row(r"net\s+(?:income|earnings|profit)")
_ASSETS = _row(r"assets")

_Cells = Sequence[SourceValue]
# A definition: the column's cells -> (value, operands, formula) per way of computing it
_Way = tuple[Decimal, tuple[SourceValue, ...], str]
_Def = Callable[[_Cells, _Cells], list[_Way]]


def _first(cells: _Cells, pattern: re.Pattern[str]) -> SourceValue | None:
    return next((v for v in cells if v.row and pattern.match(v.row)), None)


def _over(top: Sequence[SourceValue], sign: Sequence[int], bottom: SourceValue) -> _Way | None:
    """(sum of ``top`` by ``sign``) / ``bottom``."""
    if bottom.value == 0:
        return None
    num = sum((s * abs(v.value) for v, s in zip(top, sign, strict=True)), Decimal(0))
    ops = " ".join(
        f"{'+' if s > 0 else '-'} {label(v)} ({format_decimal(abs(v.value))})"
        for v, s in zip(top, sign, strict=True)
    ).lstrip("+ ")
    formula = f"({ops}) / {label(bottom)} ({format_decimal(abs(bottom.value))})"
    return num / abs(bottom.value), (bottom, *top), formula  # (the whole first: rules.derive)


def _ways(
    cells: _Cells, parts: Sequence[tuple[Sequence[re.Pattern[str]], Sequence[int], re.Pattern[str]]]
) -> list[_Way]:
    found: list[_Way] = []
    for tops, sign, bottom_rx in parts:
        bottom = _first(cells, bottom_rx)
        top = [_first(cells, rx) for rx in tops]
        if bottom is None or any(v is None for v in top):
            continue
        way = _over([v for v in top if v is not None], sign, bottom)
        if way is not None:
            found.append(way)
    return found


def _returns(top_rx: re.Pattern[str], bottom_rx: re.Pattern[str]) -> _Def:
    """Net income over the year's base, or over the mean of it and the year before's."""

    def ways(cells: _Cells, before: _Cells) -> list[_Way]:
        top, bottom = _first(cells, top_rx), _first(cells, bottom_rx)
        if top is None or bottom is None:
            return []
        found = [w for w in (_over([top], [1], bottom),) if w is not None]
        prior = _first(before, bottom_rx)
        if prior is not None and bottom.value + prior.value != 0:
            mean = (abs(bottom.value) + abs(prior.value)) / 2
            formula = (
                f"{label(top)} ({format_decimal(abs(top.value))}) / mean of {label(bottom)} "
                f"and {label(prior)} ({format_decimal(mean)})"
            )
            found.append((abs(top.value) / mean, (bottom, prior, top), formula))
        return found

    return ways


def _simple(*parts: tuple[Sequence[re.Pattern[str]], Sequence[int], re.Pattern[str]]) -> _Def:
    return lambda cells, _before: _ways(cells, parts)


_RATIOS: tuple[tuple[str, re.Pattern[str], _Def], ...] = (
    ("current ratio", re.compile(r"(?i)\bcurrent\s+ratio\b"), _simple(((_CA,), (1,), _CL))),
    (
        "quick ratio",
        re.compile(r"(?i)\b(?:quick|acid[\s-]+test)\s+ratio\b"),
        _simple(
            ((_CA, _INVENTORY), (1, -1), _CL),
            ((_CASH, _SHORT_INV, _RECEIVABLES), (1, 1, 1), _CL),
            ((_CASH, _RECEIVABLES), (1, 1), _CL),
        ),
    ),
    (
        "debt-to-equity ratio",
        re.compile(
            r"(?i)\bdebt[\s-]*(?:to|/)[\s-]*(?:shareholders'?\s+|stockholders'?\s+)?equity\b"
        ),
        _simple(((_DEBT,), (1,), _EQUITY), ((_LIABILITIES,), (1,), _EQUITY)),
    ),
    (
        "interest coverage",
        re.compile(r"(?i)\binterest\s+coverage\b|\btimes\s+interest\s+earned\b"),
        _simple(((_OPERATING,), (1,), _INTEREST), ((_PRETAX, _INTEREST), (1, 1), _INTEREST)),
    ),
    (
        "payout ratio",
        re.compile(r"(?i)\b(?:dividend\s+)?payout\s+ratio\b"),
        _simple(((_DIVIDENDS,), (1,), _NET_INCOME)),
    ),
    (
        "return on equity",
        re.compile(
            r"(?i)\breturn\s+on\s+(?:average\s+)?(?:(?:share|stock)holders'?\s+)?equity\b|\broe\b"
        ),
        _returns(_NET_INCOME, _EQUITY),
    ),
    (
        "return on assets",
        re.compile(r"(?i)\breturn\s+on\s+(?:average\s+)?(?:total\s+)?assets\b|\broa\b"),
        _returns(_NET_INCOME, _ASSETS),
    ),
)
_FROM = re.compile(r"(?i)\bfrom\s+(?:about\s+|roughly\s+)?$")
_GATE = ("ratio", "coverage", "interest earned", "return on", "roe", "roa")
_HUNDRED = Decimal(100)


def ratio_defined(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a figure a ratio's name names (module docstring), or None."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("percent", "number", "ratio") or m.high is not None or m.value <= 0:
        return None
    low = sentence_low(ctx)
    if not any(g in low for g in _GATE):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    named = [(name, how) for name, rx, how in _RATIOS if rx.search(ctx.text, lo, hi)]
    if len(named) != 1:
        return None  # none, or two ratios in one clause: which is the figure's is not read here
    name, how = named[0]
    ways = _column_ways(ctx, how)
    if not ways:
        return None
    scales = (_HUNDRED,) if m.kind == "percent" else (Decimal(1), _HUNDRED)
    for value, operands, formula in ways:
        for scale in scales:
            if agrees(m.value, value * scale, m.precision):
                shown = format_decimal(round(value * scale, 4))
                return Verdict(
                    "derived",
                    Evidence("derive", "ratio", f"{formula} = {shown}", operands, value * scale),
                )
    if claim_direction(ctx)[1] and not move_level(ctx):
        # ("the payout ratio rose 12%": a change of the ratio, the other rules'; "rose to 8%",
        # "from 5% to 8%" are its levels, judged here)
        return None
    value, operands, formula = ways[0]
    shown = format_decimal(round(value * scales[0], 4))
    note = f"{m.text.strip()} is named the {name}, which is {formula} = {shown}"
    return Verdict(
        "unsupported", Evidence("derive", "ratio", f"{formula} = {shown}", operands, value), note
    )


def _column_ways(ctx: ClaimContext, how: _Def) -> list[_Way]:
    """Each definition's value in each table column of the claim's years (all, if none)."""
    years = claim_years(ctx)
    if years and _FROM.search(ctx.text, max(0, ctx.mention.start - 16), ctx.mention.start):
        years = {*years, *(y - 1 for y in years)}  # ("from 5% to 8% in 2024": 5% is 2023's)
    columns = table_columns(ctx)
    by_year = {
        (c[0].source_id, c[0].table, c[0].view, y): c
        for c in columns
        if (y := _year(c)) is not None
    }
    found: list[_Way] = []
    for cells in columns:
        year = _year(cells)
        if years and year not in years:
            continue
        at = (cells[0].source_id, cells[0].table, cells[0].view)
        before = by_year.get((*at, year - 1), []) if year is not None else []
        found.extend(how(cells, before))
    return found


def _year(cells: _Cells) -> int | None:
    return next((v.year for v in cells if v.year is not None), None)
