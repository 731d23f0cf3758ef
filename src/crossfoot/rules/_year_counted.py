"""A "how many" question about a year the table counts in: "How many new stores opened in
2023?" over a table of regions by year.

``rules.counts`` reads a "how many" question with no bar as a count of a table's rows ("How many
categories are there under total expenses?"). A table's rows do not change with the year, so a
question that asks how many in a year the table has a column (or row) of plain numbers for asks
for that year's figures (a cell, their total), not for the rows: "3" (the regions) is no answer
to it, and the whole table's rows are not counted. (A question that names a total line still
counts the lines above it: "How many categories are there under total stock-based compensation in
2019?")

>>> from crossfoot.language.asked import read_question
>>> from crossfoot.model.types import SourceValue
>>> from decimal import Decimal
>>> cells = [SourceValue(Decimal(15), "S1", "number", label="North / 2023", table=0,
...                      row="North", row_index=1, column="2023", year=2023)]
>>> year_counted(read_question("How many new stores opened in 2023?"), cells)
True
>>> year_counted(read_question("How many regions are there?"), cells)
False
"""

from __future__ import annotations

from collections.abc import Iterable

from crossfoot.language.asked import Ask
from crossfoot.model.types import SourceValue

__all__ = ["year_counted"]


def year_counted(ask: Ask, scope: Iterable[SourceValue]) -> bool:
    """Whether a table of ``scope`` holds plain numbers (counts, no money or percentages) in a
    year the question asks (module docstring)."""
    if not ask.years:
        return False
    return any(v.table is not None and v.year in ask.years and v.kind == "number" for v in scope)
