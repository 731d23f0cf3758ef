"""A change asked between two periods of which one is a span of years ("from 2020 to
2021-2022"), answered with a change between other columns.

Contractual obligation and maturity tables head their columns with spans ("2021-2022",
"2023-2024", "2025 and thereafter"); a question names two of them as the two sides of a change.
A column of a span is read as its first year, so the span of a later column ("2023-2024") is
not known to lie outside the question's "2021-2022", and a difference of two columns of which
only one is asked passes as a change "of an asked year". Read as written, each side of the
question is a set of years and each operand's column is one: the change must take one operand
of each side. For :func:`crossfoot.rules._named_years.span_misfit`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import SourceValue

__all__ = ["span_sides_misfit"]

# One period as a question or a column writes it: a year, or a span of years "2021-2022",
# "2021 - 22" (the second year later than the first).
_PERIOD = (
    r"(?:fiscal\s+(?:years?\s+)?|fy\s*)?((?:19|20)\d\d)(?:\s*[-\u2013]\s*((?:19|20)\d\d|\d\d))?"
)
_SIDES = re.compile(
    rf"(?i)\b(?:from|between)\s+(?:the\s+)?(?:years?\s+|periods?\s+)?{_PERIOD}"
    rf"\s+(?:to|and|through)\s+(?:the\s+)?(?:years?\s+|periods?\s+)?{_PERIOD}(?![\d-])"
)
_SPAN = re.compile(rf"(?i)(?<!\d){_PERIOD}(?!\d)")


def _years(first: str, second: str | None) -> frozenset[int] | None:
    """The years of "2021" or of the span "2021-2022" / "2021-22", None when the second year
    is no later one (a date, "2019-03")."""
    a = int(first)
    if second is None:
        return frozenset({a})
    b = int(second) if len(second) == 4 else a - a % 100 + int(second)
    if not a < b <= a + 10:
        return None
    return frozenset(range(a, b + 1))


def _column_years(column: str | None) -> frozenset[int] | None:
    """The years a column label writes, as one period: None when it writes none or several."""
    found = list(_SPAN.finditer(column or ""))
    if len(found) != 1:
        return None
    return _years(found[0].group(1), found[0].group(2))


def span_sides_misfit(text: str, operands: Sequence[SourceValue]) -> str | None:
    """Why a change of two columns does not run between the two periods the question names, one
    of them a span of years, in words, or None (module docstring).

    >>> from decimal import Decimal
    >>> cell = lambda col: SourceValue(Decimal(1), "S1", table=0, row="Leases", column=col)
    >>> q = "What was the change in leases from 2020 to 2021-2022?"
    >>> span_sides_misfit(q, [cell("2023-2024"), cell("2021-2022")])[-40:]
    'this change is of 2021-2022 to 2023-2024'
    >>> span_sides_misfit(q, [cell("2021-2022"), cell("2020")]) is None
    True
    """
    if len(operands) != 2 or any(v.table is None for v in operands):
        return None
    found = _SIDES.search(text)
    if found is None or (found.group(2) is None and found.group(4) is None):
        return None  # two single years: span_misfit reads them
    sides = (_years(found.group(1), found.group(2)), _years(found.group(3), found.group(4)))
    if sides[0] is None or sides[1] is None or sides[0] & sides[1]:
        return None
    first, second = (_column_years(v.column) for v in operands)
    if first is None or second is None:
        return None
    known = {sides[0], sides[1]}
    if any(h not in known and h & (sides[0] | sides[1]) for h in (first, second)):
        return None  # a column that half overlaps a side: cannot say
    if {first, second} == known:
        return None
    written = " to ".join(_written(h) for h in sorted((first, second), key=min))
    return f"the question asks for the change {found.group(0)}; this change is of {written}"


def _written(years: frozenset[int]) -> str:
    lo, hi = min(years), max(years)
    return str(lo) if lo == hi else f"{lo}-{hi}"
