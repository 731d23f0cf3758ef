"""Counts over the rows or years a table names all of, where the question names no line by words.

Two shapes of a "how many" question that ``rules.counts`` left to the other rules (a wrong count
then passed when a cell of the table happened to hold it, a right one failed as unsupported):

- **rows of one year's column past a bar**: "How many segments had revenue above $500 million
  in 2019?" over a table of segments by year, the question naming no row or column by its
  words. The values counted are the cells of the one column of the asked year (a single year
  asked, one column of it in one table among the values of the bar's kind), total lines aside;
  with several such columns or tables, nothing is counted;
- **years a named line moved**: "In how many years did revenue rise?" over a line the question
  names, its periods as columns or as rows: each year of the line that has the year before it
  too is counted when its value is above (rose) or below (fell) that year's; with two years
  asked ("from 2016 to 2019"), the years after the first up to the last. Fewer than two
  changes, or periods that skip a year: nothing is counted.

>>> import json, crossfoot
>>> grid = [["($ millions)", "2019", "2018"], ["Americas", "612", "540"], ["Europe", "488", "515"],
...         ["Asia", "730", "690"]]
>>> q = "How many segments had revenue above $500 million in 2019?"
>>> crossfoot.check("Answer: 2", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("Answer: 3", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.language.moves import moving
from crossfoot.model.context import Verdict
from crossfoot.model.types import Mention, SourceValue, format_decimal
from crossfoot.rules._named import Named, value_years
from crossfoot.rules.moved_counts import count_verdict

__all__ = ["table_cells", "year_column_values", "years_moved_verdict"]

_TOTAL = re.compile(r"(?i)\btotal\b")


def table_cells(values: Sequence[SourceValue]) -> dict[tuple[object, ...], SourceValue]:
    """One value per table cell (the scaled reading of a cell under a unit header)."""
    cells: dict[tuple[object, ...], SourceValue] = {}
    for v in values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        key = (v.source_id, v.table, v.row_index, v.col_index)
        if key not in cells or v.view == "true":
            cells[key] = v
    return cells


def year_column_values(pool: Sequence[SourceValue], ask: Ask) -> list[SourceValue]:
    """The cells of the one column of the one year asked, total lines aside, when the values
    of the bar's kind (``pool``) hold exactly one such column of two rows or more; else []."""
    if len(ask.years) != 1:
        return []
    columns: dict[tuple[object, ...], list[SourceValue]] = {}
    for key, v in table_cells(pool).items():
        if value_years(v) == ask.years and not _TOTAL.search(v.row or ""):
            columns.setdefault((key[0], key[1], key[3]), []).append(v)
    if len(columns) != 1:
        return []
    (cells,) = columns.values()
    if len(cells) < 2 or any(value_years(v) for v in cells if v.row and _dated(v.row)):
        return []  # (a column whose rows are periods is no column of rows to count)
    return cells


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _dated(label: str) -> bool:
    return _YEAR.search(label) is not None


def _line(scope: Sequence[SourceValue], named: Named) -> dict[int, SourceValue] | None:
    """The one named line's cells by year (its periods as columns or as rows), or None."""
    lines: dict[tuple[object, ...], dict[int, SourceValue]] = {}
    for key, v in table_cells(scope).items():
        years = value_years(v)
        if len(years) != 1:
            continue
        for axis, at in (("row", key[2]), ("column", key[3])):
            if named.names(v, axis):
                (year,) = years
                lines.setdefault((key[0], key[1], axis, at), {})[year] = v
    if len(lines) != 1:
        return None
    (line,) = lines.values()
    return line


def years_moved_verdict(
    mention: Mention, scope: Sequence[SourceValue], ask: Ask, named: Named
) -> Verdict | None:
    """``derived`` or ``contradicted`` for a count of the years a named line rose or fell
    (module docstring), None when the question states no move or the line is not certain."""
    up = moving(ask.text)
    if up is None:
        return None
    line = _line(scope, named)
    if line is None:
        return None
    years = sorted(line)
    if years != list(range(years[0], years[-1] + 1)):
        return None
    first, last = years[0], years[-1]
    if len(ask.years) >= 2:  # ("from 2015 to 2018" reads as the years of the span)
        first, last = min(ask.years), max(ask.years)
        if first not in line or last not in line:
            return None
    elif ask.years:
        return None
    steps = [(y, line[y - 1], line[y]) for y in range(first + 1, last + 1)]
    if len(steps) < 2:
        return None
    moved = [(y, a, b) for y, a, b in steps if (b.value > a.value if up else b.value < a.value)]
    word = "rose" if up else "fell"
    shown = ", ".join(f"{y} ({format_decimal(b.value)})" for y, _, b in moved)
    formula = f"years the line {word} from the year before: {shown or 'none'} = {len(moved)}"
    operands = tuple(v for _, a, b in moved for v in (a, b))
    counted = f"the line {word} in {len(moved)} of the {len(steps)} years from {first} to {last}"
    return count_verdict(mention, formula, operands, len(moved), counted)
