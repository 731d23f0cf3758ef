"""A quarter's or a month's change is over the base its words name: a year before, or a step.

"Q4 2024 revenue rose 8.3% year over year" passed over eight quarters: 8.3% is the change from
Q3 2024 (sequential), and year over year is from Q4 2023 (15.6%); "rose 15.6% sequentially"
passed the other way round. Over a line of quarters or months, a change whose clause names its
base is judged on that base alone:

- a year earlier: "year over year", "YoY", "from a year earlier", "the year-ago quarter", "the
  prior-year quarter", "the same quarter (period, month) last year";
- the step before: "sequentially", "quarter over quarter", "QoQ", "month over month", "from the
  previous (prior, preceding) quarter (month)", "from (than) last quarter" ("in the last quarter
  of 2024" is that year's fourth, no base).

The period is the quarter the sentence names ("Q4", "3Q24", "the fourth quarter", with its year,
else the latest year that has it), else the line's latest. A percentage is the relative change,
a plain amount the difference; the claim's direction words must agree with the sign. The verdict
is ``derived`` when the named base's change meets the figure; ``contradicted`` when it does not,
but the other base's change of the same line does (the message gives the named base's change).
Otherwise the other rules judge it.

>>> import crossfoot
>>> t = "| | Q3 2023 | Q4 2023 | Q3 2024 | Q4 2024 |\\n|---|---|---|---|---|"
>>> t += "\\n| Revenue | 430 | 450 | 480 | 520 |"
>>> crossfoot.check("Q4 2024 revenue rose 15.6% year over year.", [t]).passed
True
>>> crossfoot.check("Q4 2024 revenue rose 15.6% sequentially.", [t]).claims[0].status
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
from crossfoot.rules._derive_shared import claim_direction, fmt_result
from crossfoot.rules._low import sentence_low
from crossfoot.rules._period_table import table_lines
from crossfoot.rules._quarter_focus import named_quarters
from crossfoot.rules._scope_lines import period_rows

__all__ = ["period_basis"]

_YEAR_BASE = re.compile(
    r"(?i)\b(?:year[\s-]+(?:over|on)[\s-]+year|yoy|y/y|(?:from|than|versus|vs\.?|over)\s+a\s+"
    r"year\s+(?:earlier|ago|before)|year[\s-]+ago|prior[\s-]+year|same\s+(?:quarter|period|"
    r"month)\s+(?:of\s+)?(?:last|the\s+prior|the\s+previous|a)\s+year)\b(?![\s-]end)"
)
_STEP_BASE = re.compile(
    r"(?i)\b(?:sequential(?:ly)?|quarter[\s-]+(?:over|on)[\s-]+quarter|qoq|q/q|month[\s-]+"
    r"(?:over|on)[\s-]+month|mom|m/m|(?:previous|prior|preceding)\s+(?:quarter|month)|"
    # ("last" a base only after a word of comparison: "in the last quarter of 2024" is its Q4)
    r"(?:from|than|over|versus|vs\.?|against|with|to)\s+(?:the\s+)?last\s+(?:quarter|month)"
    r"(?!\s+of\b))\b"
)
_GATE = (
    "year over year", "year on year", "yoy", "y/y", "year earlier", "year ago", "prior year",
    "same quarter", "same period", "same month", "sequential", "quarter over quarter",
    "quarter on quarter", "qoq", "q/q", "month over month", "month on month", "mom", "m/m",
    "previous quarter", "prior quarter", "preceding quarter", "last quarter", "previous month",
    "prior month", "preceding month", "last month",
)  # fmt: skip
# ("Q3", "3Q24", "3Q'24", "the third quarter")
_QUARTER = re.compile(
    r"(?i)\b(?:q([1-4])\b|([1-4])q(?=\d|'|\b)|(first|second|third|fourth)[\s-]+quarter\b)"
)
_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_HUNDRED = Decimal(100)

_Line = dict[tuple[int, int], SourceValue]


def period_basis(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a change over a named base (module docstring), or None."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("percent", "money", "number") or m.high is not None:
        return None
    low = sentence_low(ctx).replace("-", " ")
    if not any(g in low for g in _GATE):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    yearly = _YEAR_BASE.search(ctx.text, lo, hi) is not None
    if yearly == (_STEP_BASE.search(ctx.text, lo, hi) is not None):
        return None  # no base named, or both
    direction, _ = claim_direction(ctx)
    quarter = _QUARTER.search(ctx.text, lo, hi) or _QUARTER.search(s.text)
    month_end = None
    if quarter is not None:
        q = quarter.group(1) or quarter.group(2)
        month_end = 3 * (int(q) if q else _ORD[quarter.group(3).lower()])
    years = set(years_in_text(s.text)) | {y for y, _ in named_quarters(s.text) or ()}  # ("3Q24")
    percent = m.kind == "percent"
    for line in _lines(ctx):
        target = _target(line, month_end, years)
        if target is None:
            continue
        said = _change(line, target, yearly, percent)
        if said is None:
            continue
        if _meets(m.value, said[2], direction, m.precision):
            return Verdict("derived", _evidence(ctx, *said))
        other = _change(line, target, not yearly, percent)
        if other is not None and _meets(m.value, other[2], direction, m.precision):
            base = "a year earlier" if yearly else "the period before"
            note = (
                f"{m.text.strip()} is the change from {label(other[0])}; the change from "
                f"{base} ({label(said[0])}) is {fmt_result(ctx, said[2])}"
            )
            return Verdict("contradicted", _evidence(ctx, *said), note)
    return None


def _meets(value: Decimal, change: Decimal, direction: str | None, precision: Decimal) -> bool:
    if (direction == "up" and change < 0) or (direction == "down" and change > 0):
        return False
    return agrees(abs(value), abs(change), precision)


def _lines(ctx: ClaimContext) -> list[_Line]:
    """Each table row of amounts with cells of quarters or months: (year, month it ends) -> cell."""
    lines = (
        {(y, m): v for (y, m), v in row.items() if m is not None}
        for cls, row in period_rows(ctx)
        if cls == "amount"
    )
    return [line for line in lines if len(line) > 2] + table_lines(ctx)  # (quarters as rows)


def _target(line: _Line, month_end: int | None, years: set[int]) -> tuple[int, int] | None:
    """The period the claim is of: the named quarter (of a named year, else the latest year
    that has it), else the line's latest period."""
    keys = sorted(line)
    if month_end is None:
        return keys[-1]
    found = [k for k in keys if k[1] == month_end and (not years or k[0] in years)]
    return found[-1] if found else None


def _change(
    line: _Line, target: tuple[int, int], yearly: bool, percent: bool
) -> tuple[SourceValue, SourceValue, Decimal] | None:
    """(base cell, target cell, change) over a year earlier or the period before, if held."""
    keys = sorted(line)
    if yearly:
        base_key: tuple[int, int] | None = (target[0] - 1, target[1])
    else:
        i = keys.index(target)
        base_key = keys[i - 1] if i > 0 else None
    if base_key is None or base_key not in line:
        return None
    base, cur = line[base_key], line[target]
    if percent:
        if base.value == 0:
            return None
        return base, cur, (cur.value / base.value - 1) * _HUNDRED
    return base, cur, cur.value - base.value


def _evidence(ctx: ClaimContext, base: SourceValue, cur: SourceValue, change: Decimal) -> Evidence:
    b, c, r = format_decimal(base.value), format_decimal(cur.value), fmt_result(ctx, change)
    if ctx.mention.kind == "percent":
        formula = f"% change {label(base)} ({b}) -> {label(cur)} ({c}) = {r}%"
        return Evidence("derive", "percent_change", formula, (base, cur), change)
    formula = f"{label(cur)} ({c}) - {label(base)} ({b}) = {r}"
    return Evidence("derive", "difference", formula, (base, cur), change)
