"""Final figures over the wrong years of a question that gives each side its own year.

"What was the dividend per share in 2024 as a portion of the share price in 2023?" names the
numerator's year and the base's year (:func:`crossfoot.language.asked_sides.read_sides`). Two
classes of answer take values of asked years and still answer another question, for
:func:`crossfoot.rules.alignment.misfit`:

- **a side at the wrong year**: a quotient or a difference whose operands miss one side's year,
  or take a year neither side names ("1.25 / 52.10" with both values of 2024; "4,602 / 10,420"
  for "the 2021 cost of revenue as a percentage of the 2021 total revenue"; a side that pools
  years, "the 2019 average X", may take others; a side at the beginning of a year, often the
  previous year's closing value, is not judged). Every operand must be a table cell or record
  field of one year: a prose value or a value of several years is not judged.
- **a percentage change for a ratio, or the reverse**: "What was the 2021 licence revenue as a
  percentage of the 2020 licence revenue?" asks for 8,240 / 6,950 = 118.56%; the percentage change
  (18.56%) answers another question. A question that names a change ("the increase from 2020 to
  2021 as a percentage of the 2020 value") asks for the change over the base, and the ratio
  (118.56%) answers another. Judged only over two values of one line, each of one year.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask, ask_part
from crossfoot.language.asked_sides import Sides, read_sides
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._named import value_years
from crossfoot.rules._prose_change import names_change
from crossfoot.rules.alignment_part import years_list

__all__ = ["sides_misfit"]

_HUNDRED = Decimal(100)
_OPENING = re.compile(r"(?i)\b(?:beginning|opening|start|prior|previous|preceding|earlier)\b")
_POOLED = re.compile(r"(?i)\b(?:average|mean|cumulative|combined)\b")


def _one_line(ops: Sequence[SourceValue]) -> bool:
    """Whether two values are cells of one row, or fields of one record whose names differ only
    in their year ("revenue_2023", "revenue_2024")."""
    a, b = ops
    if a.table is not None:
        return (a.source_id, a.table, a.row_index, a.view) == (
            b.source_id,
            b.table,
            b.row_index,
            b.view,
        )
    if a.field is None or b.field is None or a.source_id != b.source_id:
        return False
    return _YEAR.sub("", a.field) == _YEAR.sub("", b.field)


def _meets(m: Mention, x: Decimal) -> bool:
    """Whether the figure states ``x`` (a fraction): as a percentage, or as the fraction itself
    when it is a plain number."""
    if m.kind == "percent":
        return abs(abs(m.value) - abs(x * _HUNDRED)) <= m.precision
    if m.kind == "number":
        return abs(abs(m.value) - abs(x)) <= m.precision
    return False


def _ratio_or_change(
    ask: Ask, sides: Sides | None, m: Mention, ops: Sequence[SourceValue]
) -> str | None:
    """A percentage change for a ratio of one line's two years, or the ratio for a change asked
    over a base year (see the module docstring), in words, or None."""
    if len(ops) != 2 or sides is None or not sides.quotient or len(sides.right_years) != 1:
        return None
    if not _one_line(ops) or any(names_change(v.column or "") for v in ops):
        return None  # (a cell of a "2015/2014 change" column is that change, no level of 2015)
    per = [value_years(v) for v in ops]
    if any(len(ys) != 1 for ys in per) or per[0] == per[1]:
        return None
    (base_year,) = sides.right_years
    at = {min(ys): v.value for ys, v in zip(per, ops, strict=True)}
    if base_year not in at or at[base_year] == 0:
        return None
    base = at[base_year]
    (other,) = set(at) - {base_year}
    ratio, change = at[other] / base, (at[other] - base) / base
    if _meets(m, ratio) == _meets(m, change):
        return None  # neither, or both at the figure's precision: it cannot say
    if names_change(ask.text) or (sides.back and names_change(_turn_before(ask))):
        if _meets(m, ratio):
            return (
                f"the question asks for the change over the {base_year} value; this figure is "
                f"the {other} value over the {base_year} value"
            )
        return None
    if _meets(m, change) and sides.left_years == frozenset({other}):
        return (
            f"the question asks for the {other} value as a percentage of the {base_year} value; "
            f"this figure is the percentage change"
        )
    return None


def _turn_before(ask: Ask) -> str:
    """The question sentence asked before the ask ("what was the change?" before "what is
    this amount as a portion of that price in 2019?"), or ""."""
    context = ask.context or ask.text
    if not context.endswith(ask.text) or len(context) == len(ask.text):
        return ""
    return ask_part(context[: len(context) - len(ask.text)].rstrip())


def sides_misfit(ask: Ask, m: Mention, operands: Sequence[SourceValue]) -> str | None:
    """Why a figure over ``operands`` does not answer a question whose sides name their own
    years, in words, or None (see the module docstring).

    >>> from crossfoot.model.types import Mention
    >>> q = "What was the dividend per share in 2024 as a portion of the share price in 2023?"
    >>> ask = Ask(q, frozenset({2023, 2024}), "ratio", computed=True)
    >>> cell = lambda v, y, r: SourceValue(Decimal(v), "S1", table=0, row=f"Row {r}", column=str(y),
    ...     row_index=r, col_index=y - 2020, year=y)
    >>> m = Mention("0.0240", 0, 6, Decimal("0.0240"), "number", Decimal("0.00005"))
    >>> sides_misfit(ask, m, [cell("1.25", 2024, 1), cell("52.10", 2024, 2)])[:30]
    'the question asks for 2024 on '
    >>> sides_misfit(ask, m, [cell("1.25", 2024, 1), cell("47.30", 2023, 2)]) is None
    True
    """
    if not ask.years or len(operands) < 2:
        return None
    sides = read_sides(ask.text)
    one_each = sides is not None and len(sides.left_years) == len(sides.right_years) == 1
    if sides is not None and (_OPENING.search(sides.left) or _OPENING.search(sides.right)):
        one_each = False  # "at the beginning of 2021" is often the 2020 column's closing value
    if sides is not None and one_each and (sides.left_years | sides.right_years) <= ask.years:
        per = [value_years(v) for v in operands]
        if all(len(ys) == 1 for ys in per):
            years = {y for ys in per for y in ys}
            want = sides.left_years | sides.right_years
            # "the 2019 average X" pools the year's opening and closing values: other years
            # may be its operands, the side's own year must be among them
            pooled = _POOLED.search(sides.left) or _POOLED.search(sides.right)
            if not want <= years or (not pooled and not years <= want):
                return (
                    f"the question asks for {years_list(sides.left_years)} on one side and "
                    f"{years_list(sides.right_years)} on the other; this figure takes values of "
                    f"{years_list(years)}"
                )
    return _ratio_or_change(ask, sides, m, operands)
