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

A sentence that names a year and no part of one ("2023 revenue grew 9.3% over 2022", "net
income was $28M in 2023") means the same over a line that has quarters (or months) and no
column of the year itself (lead42): the year's figure is then the sum of its parts. There a
one-period change is ``contradicted`` only on a line of flows (revenue, income, costs: a
balance's year is its last quarter, not a sum), and words of parts ("quarter", "monthly",
"sequentially") leave the claim to the other rules.

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
from crossfoot.language.period_columns import HALF, named_parts
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_direction, fmt_result
from crossfoot.rules._focus_rows import named_table_rows
from crossfoot.rules._low import sentence_low
from crossfoot.rules._period_table import table_lines
from crossfoot.rules._scope_lines import period_rows, table_columns

__all__ = ["full_year"]

_GATE = ("full", "whole", "entire", "fy")
_FULL = re.compile(
    r"(?i)\b(?:(?:full|whole|entire)[\s-]+(?:fiscal[\s-]+)?year(?![\s-]*(?:ago|earlier|before))"
    r"|fy\s?'?(?:\d\d){1,2})\b"
)
# Words that say the sentence speaks of a year's parts, not of the year (lead42).
_PARTS = frozenset(
    "quarter quarters quarterly month months monthly semester sequential "
    "sequentially qoq mom ytd week weeks weekly".split()
)
# Labels of flows: what a period earns, spends or moves (lead42).
_FLOWS = frozenset(
    "revenue revenues sales income profit profits earnings loss losses expense expenses cost "
    "costs spending spend orders bookings shipments deliveries sold purchases ebitda ebit "
    "dividends payments production output volume signups visits".split()
)
# Words of a label whose line is a balance or a ratio though it names a flow ("deferred
# revenue", "retained earnings", "gross profit margin", "revenue per employee"; read42a).
_NOT_FLOWS = frozenset(
    "deferred unearned accrued retained prepaid payable payables receivable receivables "
    "accumulated allowance reserve reserves carryforward carryforwards backlog balance "
    "margin margins ratio rate rates per yield average percent percentage".split()
)
_WORD = re.compile(r"[a-z]+")
_QUARTERS = (3, 6, 9, 12)
_MONTHS = tuple(range(1, 13))
# The parts a figure sums: (name, quarters' month ends, months).
_Wants = tuple[str, tuple[int, ...], tuple[int, ...]]
_YEAR: _Wants = ("full year", _QUARTERS, _MONTHS)
_HALVES: dict[frozenset[int], _Wants] = {
    frozenset(): _YEAR,
    frozenset({HALF + 1}): ("first half", (3, 6), tuple(range(1, 7))),
    frozenset({HALF + 2}): ("second half", (9, 12), tuple(range(7, 13))),
}
_HUNDRED = Decimal(100)

_Line = dict[tuple[int, int], SourceValue]
_Whole = tuple[int, Decimal, list[SourceValue], list[SourceValue]]


def full_year(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a full year's figure over a line of quarters (module docstring), or None."""
    m = ctx.mention
    if m.kind not in ("percent", "money", "number") or m.high is not None:
        return None
    said_as = _naming_text(ctx)
    if said_as is None:
        return None
    text, implicit, wants = said_as
    # "Q4 FY2024 revenue rose 10%": a quarter (half, month) of a fiscal year, no full year; beside
    # "full-year" ("Q4 rose 10%, and full-year revenue 7%") the quarter's change is its own
    parts = named_parts(ctx.sentence.text)
    if not implicit and parts and all(f.group(0)[:2].lower() == "fy" for f in _FULL.finditer(text)):
        return None
    direction, worded = claim_direction(ctx)
    kinds = ("percent",) if m.kind == "percent" else ("change", "level") if worded else ("level",)
    named = set(years_in_text(text))
    # each single period's change with its own line's year: a quarter of one row is never
    # set against another row's year (read42a)
    singles: list[tuple[Decimal, SourceValue, SourceValue, _Whole]] = []
    for line in _lines(ctx, implicit):
        for kind in kinds:
            years = _full_years(line, named, kind == "level", wants)
            said = None if years is None else _figure(kind, years[1], years[2])
            if years is None or said is None:
                continue
            year, cur, base = years
            if implicit and not _flow(cur):
                break  # (a balance's or a ratio's year is no sum of its parts)
            if _meets(m.value, said, direction, m.precision, kind):
                return Verdict("derived", _evidence(ctx, kind, year, cur, base, said, wants))
            if kind != "level":
                whole = (year, said, cur, base)
                singles.extend((*s, whole) for s in _singles(line, kind, year, wants))
    for value, cell, before, whole in singles if not parts or implicit else ():
        if _meets(m.value, value, direction, m.precision, kinds[0]) and _own_row(ctx, cell):
            year, said, cur, base = whole
            note = (
                f"{m.text.strip()} is one quarter's change ({label(before)} -> {label(cell)}); "
                f"the full year's is {fmt_result(ctx, said)}"
            )
            evidence = _evidence(ctx, kinds[0], year, cur, base, said, wants)
            return Verdict("contradicted", evidence, note)
    return None


def _naming_text(ctx: ClaimContext) -> tuple[str, bool, _Wants] | None:
    """The claim's sentence when it names a full year, else the question when it does, else
    the sentence when it names a year and no part of one, or one half of it (True: the year
    is implicit), with the parts the figure sums."""
    text = ctx.sentence.text
    low = sentence_low(ctx)
    if any(g in low for g in _GATE) and _FULL.search(text) is not None:
        return text, False, _YEAR
    asked = ctx.shared.get("ask.text")
    if isinstance(asked, str):
        low_asked = asked.lower()
        if any(g in low_asked for g in _GATE) and _FULL.search(asked) is not None:
            return asked, False, _YEAR
    if _PARTS.isdisjoint(_WORD.findall(low)) and years_in_text(text):
        wants = _HALVES.get(frozenset(named_parts(text)))
        if wants is not None:
            return text, True, wants
    return None


def _lines(ctx: ClaimContext, implicit: bool) -> list[_Line]:
    lines = (
        {(y, mo): v for (y, mo), v in row.items() if mo is not None}
        for cls, row in period_rows(ctx)
        # (a line with a column of a year states that year's figure itself)
        if cls == "amount" and not (implicit and any(mo is None for _, mo in row))
    )
    found = [line for line in lines if len(line) > 3]
    for cells in table_columns(ctx):  # quarters as rows: a column is the line
        line: _Line = {}
        for v in cells:
            p = period(v)
            if p is None or p[1] is None or p in line:
                if p is not None and p[1] is None and implicit:
                    line = {}  # (a row of the year itself states it)
                    break
                continue
            line[p[0], p[1]] = v
        if len(line) > 3:
            found.append(line)
    return found + table_lines(ctx)


def _own_row(ctx: ClaimContext, cell: SourceValue) -> bool:
    """Whether ``cell``'s row may be the claim's: the sentence names it, or no row of its table
    ("cash rose $20M" is no quarter's change of revenue; read42a)."""
    named = named_table_rows(ctx).get((cell.source_id, cell.table))
    return named is None or cell.row_index in named


def _flow(cells: list[SourceValue]) -> bool:
    """Whether a line's label names a flow, whose year is the sum of its periods (not a balance
    or a ratio of one: "deferred revenue", "gross profit margin", "cost-to-income")."""
    v = cells[0]
    name = " ".join(filter(None, (v.row, v.field, v.label))).lower()
    words = set(_WORD.findall(name))
    return not _FLOWS.isdisjoint(words) and _NOT_FLOWS.isdisjoint(words) and "-to-" not in name


def _full_years(
    line: _Line, named: set[int], alone: bool, wants: _Wants
) -> tuple[int, list[SourceValue], list[SourceValue]] | None:
    """The year the claim is of, its cells and the year before's, each year whole (the year
    before only when not ``alone``: a level needs none), or None."""
    by_year: dict[int, dict[int, SourceValue]] = {}
    for (y, mo), v in line.items():
        by_year.setdefault(y, {})[mo] = v
    full = {
        y: [cells[mo] for mo in want]
        for y, cells in by_year.items()
        for every, want in ((_QUARTERS, wants[1]), (_MONTHS, wants[2]))
        # (a half needs only its own parts: "H1 2024" before Q3 2024 is reported)
        if set(want) <= set(cells) <= set(every) and (len(cells) == len(every) or want != every)
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


def _singles(
    line: _Line, kind: str, year: int, wants: _Wants
) -> list[tuple[Decimal, SourceValue, SourceValue]]:
    """Each single period's change of the year (of its half: ``wants``): from a year earlier
    and from the period before, as a difference or (``percent``) a relative change."""
    keys = sorted(line)
    found: list[tuple[Decimal, SourceValue, SourceValue]] = []
    for i, key in enumerate(keys):
        if key[0] != year or (key[1] not in wants[1] and key[1] not in wants[2]):
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
    wants: _Wants,
) -> Evidence:
    r = fmt_result(ctx, said)
    whole = wants[0]
    year = f"{at} ({' + '.join(format_decimal(v.value) for v in cur)})"
    if kind == "level":
        return Evidence(
            "derive", "sum", f"{label(cur[0])}.. {whole} {year} = {r}", tuple(cur), said
        )
    before = f"{at - 1} ({' + '.join(format_decimal(v.value) for v in base)})"
    if kind == "percent":
        formula = f"% change {whole} {before} -> {year} = {r}%"
        return Evidence("derive", "percent_change", formula, (*base, *cur), said)
    formula = f"{whole} {year} - {before} = {r}"
    return Evidence("derive", "difference", formula, (*base, *cur), said)
