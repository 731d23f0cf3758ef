"""A total over part of a year is the sum of that part's quarters or months, not the year's.

"Through the third quarter, revenue totaled $1,865 thousand" passed over four quarters of 410,
455, 480 and 520: $1,865 thousand is the whole year's sum, and the words that end the span at
the third quarter went unread (the right $1,345 thousand passed only when the sentence worded
a sum). When a figure's clause names a part of a year ("the first half", "H2", "the first nine
months", "the first three quarters", "through Q3", "year-to-date through the third quarter") and
is an amount that no average or change words, the lines of the sources with a value for every
quarter (or month) of that part decide:

- ``derived`` when the sum of one such line over the part meets the figure;
- ``contradicted`` when none does, but the sum of a line over the whole of that year does (the
  line holding more than the part): the message gives the part's sum.

Otherwise the other rules judge it.

>>> import crossfoot
>>> t = "| | Q1 2024 | Q2 2024 | Q3 2024 | Q4 2024 |\\n|---|---|---|---|---|"
>>> t += "\\n| Revenue | 410 | 455 | 480 | 520 |"
>>> crossfoot.check("In the first nine months, revenue was 1,345.", [t]).passed
True
>>> crossfoot.check("In the first nine months, revenue was 1,865.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._low import sentence_low
from crossfoot.rules._scope_lines import period_rows

__all__ = ["part_year"]

_N = {"two": 2, "three": 3, "six": 6, "nine": 9, "2": 2, "3": 3, "6": 6, "9": 9}
_ORD = {"first": 1, "second": 2, "third": 3, "1st": 1, "2nd": 2, "3rd": 3}
_HALF = re.compile(r"(?i)\b(?:(first|1st|second|2nd|back)[\s-]+half|h([12]))\b")
_FIRST = re.compile(r"(?i)\bfirst\s+(two|three|six|nine|[2369])\s+(quarters|months)\b")
_THROUGH = re.compile(
    r"(?i)\b(?:through|thru)\s+(?:the\s+end\s+of\s+)?(?:the\s+)?(?:q([123])|"
    r"(first|second|third|1st|2nd|3rd)\s+quarter)\b"
)
# "(six|nine) months ended": the part of a year up to a month, as annual reports word it
_ENDED = re.compile(r"(?i)\b(six|nine|6|9)\s+months\s+(?:ended|ending)\b")
_GATE = ("half", "h1", "h2", "first", "through", "thru", "to-date", "ytd", "months")
_NOT_A_SUM = re.compile(
    r"(?i)\b(?:averag\w*|mean|per|each|chang\w*|grow\w*|grew|increas\w*|decreas\w*|declin\w*|"
    r"ris(?:e|es|ing)|rose|f[ae]ll\w*|drop\w*|up|down|higher|lower|more|less|margin|rate)\b"
)


def part_year(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a total over part of a year (module docstring), or None."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number") or m.high is not None or m.value <= 0:
        return None
    low = sentence_low(ctx)
    if not any(g in low for g in _GATE):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end, split_and=False)
    clause = ctx.text[lo:hi]
    part = _part(clause) or _part(s.text)
    if part is None or _NOT_A_SUM.search(clause):
        return None
    named = set(years_in_text(s.text))
    parts, wholes = _sums(ctx, part, named)
    for cells, total in parts:
        if agrees(m.value, total, m.precision):
            return Verdict("derived", _evidence(cells, total))
    for (cells, total), (part_cells, part_total) in wholes:
        if agrees(m.value, total, m.precision):
            note = (
                f"{m.text.strip()} is the sum of all {len(cells)} periods of the line; the part "
                f"of the year the sentence names sums to {format_decimal(part_total)}"
            )
            return Verdict("contradicted", _evidence(part_cells, part_total), note)
    return None


def _part(text: str) -> tuple[int, int] | None:
    """The first and last month of the part of a year ``text`` names, or None."""
    found = _HALF.search(text)
    if found is not None:
        first = (found.group(1) or "").lower() in ("first", "1st") or found.group(2) == "1"
        return (1, 6) if first else (7, 12)
    found = _FIRST.search(text)
    if found is not None:
        n = _N[found.group(1).lower()]
        return (1, n * 3 if found.group(2).lower() == "quarters" else n)
    found = _THROUGH.search(text)
    if found is not None:
        q = int(found.group(1)) if found.group(1) else _ORD[found.group(2).lower()]
        return (1, q * 3)
    found = _ENDED.search(text)
    if found is not None:
        return (1, _N[found.group(1).lower()])
    return None


_Sum = tuple[list[SourceValue], Decimal]


def _sums(
    ctx: ClaimContext, part: tuple[int, int], named: set[int]
) -> tuple[list[_Sum], list[tuple[_Sum, _Sum]]]:
    """Per line and year (a year the sentence names, if any): the sum over the part, when the
    line covers it, and (whole year, part) pairs where the line holds more than the part."""
    lines: dict[tuple[int, int], dict[int, SourceValue]] = {}
    for n, (cls, row) in enumerate(period_rows(ctx)):
        if cls != "amount":
            continue
        for (year, month), v in row.items():
            if month is not None and (not named or year in named):
                lines.setdefault((n, year), {})[month] = v
    first, last = part
    parts: list[_Sum] = []
    wholes: list[tuple[_Sum, _Sum]] = []
    for months in lines.values():
        ends = sorted(months)
        step = 3 if all(e % 3 == 0 for e in ends) and len(ends) > 1 else 1
        want = [e for e in range(first + step - 1, last + 1, step)]
        if not all(e in months for e in want):
            continue
        cells = [months[e] for e in want]
        part_sum = (cells, sum((v.value for v in cells), Decimal(0)))
        parts.append(part_sum)
        if len(ends) > len(want):
            every = [months[e] for e in ends]
            wholes.append(((every, sum((v.value for v in every), Decimal(0))), part_sum))
    return parts, wholes


def _evidence(cells: list[SourceValue], total: Decimal) -> Evidence:
    formula = " + ".join(_term(v) for v in cells) + f" = {format_decimal(total)}"
    return Evidence("derive", "sum", formula, tuple(cells), total)


def _term(v: SourceValue) -> str:
    return f"{label(v)} ({format_decimal(v.value)})"
