"""Final figures of the right row that answer another question about its periods.

Two classes of answer use values of the row the question names, of a year it asks about, and
still answer another question, for :func:`crossfoot.rules.alignment.misfit`:

- **a level for a change**: "What was the change in cost of revenue from 2020 to 2021?"
  answered "Answer: 4,602", the 2021 cell. A change asked between two years is not one year's
  value of the row it names, when that row holds values of both; a cell whose labels name a
  change ("Change", "Increase", "% change", a column of two years) may hold it, and so may
  running text.
- **a percentage change over the wrong base**: "What was the percentage change in licence
  revenue from 2020 to 2021?" answered "(8,240 - 6,950) / 8,240 = 15.66%". A change from one
  year to the next is over the first year's value; the same change over the later year's value
  (and no reading over the first) answers another question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Evidence, Mention, SourceValue
from crossfoot.rules._named import Named, value_years
from crossfoot.rules.alignment_length import length_misfit
from crossfoot.rules.alignment_sides import sides_misfit
from crossfoot.rules.prose_answer import prose_misfit

__all__ = ["level_for_change", "line_years", "other_base", "period_misfit"]

# Labels of a cell that may hold a change: it is then no level ("Change", "Increase
# (decrease)", "% Change", "Variance", "Net additions", "Growth").
_CHANGE_LABEL = re.compile(
    r"(?i)chang|increase|decrease|growth|grew|decline|variance|difference|movement|"
    r"\bvs\.?\b|versus|compared|\bnet\s+(?:additions|losses)|%|percent|\bdelta\b"
)


def level_for_change(
    ask: Ask, rule: str, operands: Sequence[SourceValue], named: Named
) -> str | None:
    """Why one table cell does not answer a change asked between two years, or None.

    >>> from decimal import Decimal
    >>> q = "What was the change in cost of revenue from 2020 to 2021?"
    >>> ask = Ask(q, frozenset({2020, 2021}), "change")
    >>> cell = lambda v, y, c: SourceValue(Decimal(v), "S1", table=0, row="Cost of revenue",
    ...     column=str(y), row_index=1, col_index=c, year=y)
    >>> values = [cell(4602, 2021, 1), cell(4215, 2020, 2)]
    >>> why = level_for_change(ask, "direct", values[:1], Named(ask, values))
    >>> why.endswith("the 2021 value of Cost of revenue")
    True
    """
    if ask.op != "change" or rule != "direct" or len(operands) != 1:
        return None
    written = {int(y) for y in _YEAR.findall(ask.text)}
    v = operands[0]
    if len(written) != 2 or v.table is None or v.value == 0:
        return None
    years = value_years(v)
    labels = " ".join(x for x in (v.label, v.row, v.column) if x)
    if len(years) != 1 or not years <= written or len(set(_YEAR.findall(labels))) != 1:
        return None
    if _CHANGE_LABEL.search(labels) or named.years_in_row(v) < 2:
        return None
    # the line that holds the quantity (the row, or the column of a table with years as rows)
    # must be one the question names: another line's cell is a coincidence, not a level
    across = _YEAR.search(v.row or "") is not None  # (years as rows: the line is a column)
    if not named.names(v, "column" if across else "row"):
        return None
    # the line's value of the other year must be there and not zero: else the level is the
    # change ("—" in 2020, 228 in 2021: a change of 228)
    (other,) = written - years
    line = [
        x
        for x in named.values
        if x.source_id == v.source_id
        and x.table == v.table
        and (x.col_index == v.col_index if across else x.row_index == v.row_index)
        and x.view == v.view
        and value_years(x) == frozenset({other})
    ]
    if not line or any(x.value == 0 for x in line):
        return None
    lo, hi = min(written), max(written)
    return (
        f"the question asks for the change from {lo} to {hi}; this figure is the "
        f"{min(years)} value of {v.row or v.label}"
    )


# "from 2021 to 2020": a change written from the later year back (its base is unclear)
_FROM_LATER = re.compile(r"(?i)\bfrom\s+(?:(?:fiscal|calendar)\s+)?(?:years?\s+)?((?:19|20)\d\d)\b")


def line_years(operands: Sequence[SourceValue]) -> dict[int, Decimal] | None:
    """The values of one table row by year, in one unit view, or None when the operands are
    not of one row, a year has two values, or no view holds every year.

    A written calculation that restates a figure of its own ("The change is $31 thousand.
    ... 31 / 222") brings the cells under the unit header twice: scaled (the change's
    operands) and as written (222); the ratio of two years is the same in either view.

    >>> cell = lambda v, y, view: SourceValue(Decimal(v), "S1", table=0, row="Raw materials",
    ...     column=str(y), year=y, view=view)
    >>> line_years([cell(191000, 2018, "true"), cell(222000, 2019, "true"),
    ...             cell(222, 2019, "written")])
    {2018: Decimal('191000'), 2019: Decimal('222000')}
    """
    if not operands or any(v.table is None or v.row != operands[0].row for v in operands):
        return None
    for view in ("both", "true", "written"):
        by_year: dict[int, Decimal] = {}
        for v in operands:
            if v.view not in (view, "both"):
                continue
            ys = value_years(v)
            if len(ys) != 1 or by_year.get(min(ys), v.value) != v.value:
                return None
            by_year[min(ys)] = v.value
        years = {y for v in operands for y in value_years(v)}
        if by_year and set(by_year) == years:
            return by_year
    return None


def other_base(ask: Ask, m: Mention, operands: Sequence[SourceValue]) -> str | None:
    """Why a percentage change over the later year's value does not answer a percentage change
    asked from an earlier year to a later one, or None.

    >>> q = "What was the percentage change in licence revenue from 2020 to 2021?"
    >>> ask = Ask(q, frozenset({2020, 2021}), "percent_change")
    >>> cell = lambda v, y: SourceValue(Decimal(v), "S1", table=0, row="Licence revenue",
    ...     column=str(y), row_index=1, year=y)
    >>> pct = lambda v: Mention(v + "%", 0, 6, Decimal(v), "percent", Decimal("0.005"))
    >>> other_base(ask, pct("15.66"), [cell(8240, 2021), cell(6950, 2020)]).endswith("2021 value")
    True
    >>> other_base(ask, pct("18.56"), [cell(8240, 2021), cell(6950, 2020)]) is None
    True
    """
    if ask.op != "percent_change" or m.kind != "percent" or len(operands) < 2:
        return None
    written = sorted({int(y) for y in _YEAR.findall(ask.text)})
    start = _FROM_LATER.search(ask.text)
    if len(written) != 2 or (start is not None and int(start.group(1)) == written[1]):
        return None
    by_year = line_years(operands)
    lo, hi = written
    if by_year is None or set(by_year) != {lo, hi} or 0 in (by_year[lo], by_year[hi]):
        return None
    change = by_year[hi] - by_year[lo]
    size, tol = abs(m.value), m.precision
    # (a fraction written as a percentage is no reading here: both bases are read as percent)
    if abs(abs(change / by_year[hi] * 100) - size) > tol:
        return None
    if abs(abs(change / by_year[lo] * 100) - size) <= tol:
        return None
    return (
        f"the question asks for the percentage change from {lo} to {hi}, over the {lo} value; "
        f"this figure is over the {hi} value"
    )


def period_misfit(ask: Ask, m: Mention, ev: Evidence, named: Named) -> str | None:
    """Why a figure with evidence ``ev`` answers another question about its periods (a level
    for a change, a percentage change over the later year, a side of the asked quotient or
    difference at another year than the question gives it: rules.alignment_sides), in words,
    or None.

    A share of one year over another year's whole ("4,215 / 11,355" for "the cost of revenue in
    2020 as a percentage of total revenue", 11,355 of 2021) is judged by
    :mod:`crossfoot.rules.alignment_base` (a quotient of two cells read by its result; claims10's
    broader try here flagged a correct tatqa answer)."""
    return (
        level_for_change(ask, ev.rule, ev.operands, named)
        or other_base(ask, m, ev.operands)
        or sides_misfit(ask, m, ev.operands)
        or prose_misfit(ask, m, ev, named)
        or length_misfit(ask, ev.operands, named.values)  # (a quarter for a year, Q3 for Q2)
    )
