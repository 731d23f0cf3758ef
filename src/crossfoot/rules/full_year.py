"""A full year's figure over a line of quarters (or months) is of the year's sum, not a quarter's.

"Full-year 2024 revenue grew 9.3%" over quarter columns of 2023 (100, 110, 120, 130) and 2024
(104, 118, 131, 150) is the change of the two years' sums, 460 to 503; "grew 15.4%" is the
fourth quarter's change from a year earlier (130 to 150) and passed, as the derivation search
met it in one column pair. When the claim's sentence (else the question) names a full year
("full-year", "the full year", "the whole (entire) year", "FY24"; not "Q4 FY24", a quarter of
the fiscal year) and a line of the sources holds every quarter (or month) of that year (the
year the sentence names, else the line's latest full one) and of the year before:

- a percentage is the relative change of the two sums, an amount with a word of direction their
  difference (or the year's sum: "was 503, up 9.3%"), any other amount the year's sum; the
  claim's direction must agree with the sign;
- ``derived`` when one such line's figure meets the claim;
- ``contradicted`` when none does but one period's change of such a line does (one quarter's
  change from a year earlier or from the quarter before) and the sentence names no quarter, half
  or month (whose own change it may state): the message gives the year's.

Otherwise the other rules judge it. Lines are the table rows of the scope, and a table that is
one series over rows and columns (quarters as rows, years as columns: ``rules._period_table``).

>>> import crossfoot
>>> t = '[["Revenue", "Q1", "Q2", "Q3", "Q4"], ["2023", "100", "110", "120", "130"],'
>>> t += ' ["2024", "104", "118", "131", "150"]]'
>>> crossfoot.check("Full-year 2024 revenue grew 9.3%.", [t]).passed
True
>>> crossfoot.check("Full-year 2024 revenue grew 15.4%.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.period_columns import named_parts
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_direction, fmt_result
from crossfoot.rules._low import sentence_low
from crossfoot.rules._period_table import table_lines
from crossfoot.rules._scope_lines import period_rows

__all__ = ["full_year"]

_GATE = ("full", "whole", "entire", "fy")
_FULL = re.compile(
    r"(?i)\b(?:(?:full|whole|entire)[\s-]+(?:fiscal[\s-]+)?year(?![\s-]*(?:ago|earlier|before))"
    r"|fy\s?'?(?:\d\d){1,2})\b"
)
_QUARTERS = (3, 6, 9, 12)
_MONTHS = tuple(range(1, 13))
_HUNDRED = Decimal(100)

_Line = dict[tuple[int, int], SourceValue]


def full_year(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a full year's figure over a line of quarters (module docstring), or None."""
    m = ctx.mention
    if m.kind not in ("percent", "money", "number") or m.high is not None:
        return None
    text = _naming_text(ctx)
    if text is None:
        return None
    # "Q4 FY2024 revenue rose 10%": a quarter (half, month) of a fiscal year, no full year; beside
    # "full-year" ("Q4 rose 10%, and full-year revenue 7%") the quarter's change is its own
    parts = named_parts(ctx.sentence.text)
    if parts and all(f.group(0)[:2].lower() == "fy" for f in _FULL.finditer(text)):
        return None
    direction, worded = claim_direction(ctx)
    kinds = ("percent",) if m.kind == "percent" else ("change", "level") if worded else ("level",)
    named = set(years_in_text(text))
    singles: list[tuple[Decimal, SourceValue, SourceValue]] = []
    whole: tuple[int, Decimal, list[SourceValue], list[SourceValue]] | None = None
    for line in _lines(ctx):
        for kind in kinds:
            years = _full_years(line, named, kind == "level")
            said = None if years is None else _figure(kind, years[1], years[2])
            if years is None or said is None:
                continue
            year, cur, base = years
            if _meets(m.value, said, direction, m.precision, kind):
                return Verdict("derived", _evidence(ctx, kind, year, cur, base, said))
            if kind != "level":
                whole = whole or (year, said, cur, base)
                singles.extend(_singles(line, kind, year))
    for value, cell, before in singles if not parts else ():
        if whole is not None and _meets(m.value, value, direction, m.precision, kinds[0]):
            year, said, cur, base = whole
            note = (
                f"{m.text.strip()} is one quarter's change ({label(before)} -> {label(cell)}); "
                f"the full year's is {fmt_result(ctx, said)}"
            )
            return Verdict("contradicted", _evidence(ctx, kinds[0], year, cur, base, said), note)
    return None


def _naming_text(ctx: ClaimContext) -> str | None:
    """The claim's sentence when it names a full year, else the question when it does."""
    text = ctx.sentence.text
    if any(g in sentence_low(ctx) for g in _GATE) and _FULL.search(text) is not None:
        return text
    asked = ctx.shared.get("ask.text")
    if isinstance(asked, str):
        low = asked.lower()
        if any(g in low for g in _GATE) and _FULL.search(asked) is not None:
            return asked
    return None


def _lines(ctx: ClaimContext) -> list[_Line]:
    lines = (
        {(y, mo): v for (y, mo), v in row.items() if mo is not None}
        for cls, row in period_rows(ctx)
        if cls == "amount"
    )
    return [line for line in lines if len(line) > 3] + table_lines(ctx)


def _full_years(
    line: _Line, named: set[int], alone: bool
) -> tuple[int, list[SourceValue], list[SourceValue]] | None:
    """The year the claim is of, its cells and the year before's, each year whole (the year
    before only when not ``alone``: a level needs none), or None."""
    by_year: dict[int, dict[int, SourceValue]] = {}
    for (y, mo), v in line.items():
        by_year.setdefault(y, {})[mo] = v
    full = {
        y: [cells[mo] for mo in want]
        for y, cells in by_year.items()
        for want in (_QUARTERS, _MONTHS)
        if set(cells) == set(want)
    }
    years = sorted(y for y in full if (alone or y - 1 in full) and (not named or y in named))
    if not years:
        return None
    return years[-1], full[years[-1]], full.get(years[-1] - 1, [])


def _figure(kind: str, cur: list[SourceValue], base: list[SourceValue]) -> Decimal | None:
    now = sum((v.value for v in cur), Decimal(0))
    before = sum((v.value for v in base), Decimal(0))
    if kind == "level":
        return now
    if kind == "change":
        return now - before
    return None if before == 0 else (now / before - 1) * _HUNDRED


def _singles(line: _Line, kind: str, year: int) -> list[tuple[Decimal, SourceValue, SourceValue]]:
    """Each single period's change of the year: from a year earlier and from the period
    before, as a difference or (``percent``) a relative change."""
    keys = sorted(line)
    found: list[tuple[Decimal, SourceValue, SourceValue]] = []
    for i, key in enumerate(keys):
        if key[0] != year:
            continue
        cell = line[key]
        for base_key in {(year - 1, key[1]), keys[i - 1] if i > 0 else key} - {key}:
            base = line.get(base_key)
            if base is None:
                continue
            if kind == "change":
                found.append((cell.value - base.value, cell, base))
            elif base.value != 0:
                found.append(((cell.value / base.value - 1) * _HUNDRED, cell, base))
    return found


def _meets(
    value: Decimal, figure: Decimal, direction: str | None, precision: Decimal, kind: str
) -> bool:
    if kind == "level":
        return agrees(value, figure, precision)
    if (direction == "up" and figure < 0) or (direction == "down" and figure > 0):
        return False
    return agrees(abs(value), abs(figure), precision)


def _evidence(
    ctx: ClaimContext,
    kind: str,
    at: int,
    cur: list[SourceValue],
    base: list[SourceValue],
    said: Decimal,
) -> Evidence:
    r = fmt_result(ctx, said)
    year = f"{at} ({' + '.join(format_decimal(v.value) for v in cur)})"
    if kind == "level":
        return Evidence(
            "derive", "sum", f"{label(cur[0])}.. full year {year} = {r}", tuple(cur), said
        )
    before = f"{at - 1} ({' + '.join(format_decimal(v.value) for v in base)})"
    if kind == "percent":
        formula = f"% change full year {before} -> {year} = {r}%"
        return Evidence("derive", "percent_change", formula, (*base, *cur), said)
    formula = f"full year {year} - {before} = {r}"
    return Evidence("derive", "difference", formula, (*base, *cur), said)
