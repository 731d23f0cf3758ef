"""Dates in table labels that name their year in two digits ("12/31/01", "1/3/15"), as a
performance graph's columns are headed: :func:`crossfoot.sources.cells.year_in` reads their year
with this, so a column of "12/31/16" is of 2016 in every table format.
"""

from __future__ import annotations

import re

__all__ = ["short_date_years"]

# A month/day/year date with a two-digit year ("12/31/01"); not a fraction or a longer date.
_SHORT_DATE = re.compile(r"(?<![\d/.])(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])/(\d\d)(?![\d/])")


def short_date_years(label: str) -> set[int]:
    """The years of the month/day/two-digit-year dates in ``label`` (00-49: 2000s).

    >>> short_date_years("12/31/01"), short_date_years("12/31/99"), short_date_years("1/2/3")
    ({2001}, {1999}, set())
    """
    years = set()
    for m in _SHORT_DATE.finditer(label):
        short = int(m.group(1))
        years.add(short + (2000 if short < 50 else 1900))
    return years
