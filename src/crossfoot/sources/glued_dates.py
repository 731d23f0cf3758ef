"""Dates whose day and year a PDF extraction glued together: "december 312017" for "december 31
2017", as filings' tables often head their columns and name their balance lines.

A label's year is read where it stands alone (``language.years.YEAR``, ``sources.cells.year_in``:
never digits glued to other digits), so "december 312017" named no year: the cell of that
column answered "in 2018" as well as "in 2017", and a change from it to the "december 31 2018"
column was refused as off the question's year. A month name, then a day (1-31) written straight
against a year (1900-2099), is split back into the day and the year; nothing else changes.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["unglue_dates"]

# A month name (or its short form), a day 1-31 and a year 1900-2099 with no space between them,
# the whole run of digits ending there ("june 302016", "dec . 312008"; not "december 31 2017",
# "note 12019" or "december 3120170").
_GLUED = re.compile(
    r"(?i)\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s*\.?\s*)"
    r"(0?[1-9]|[12]\d|3[01])((?:19|20)\d\d)(?!\d)"
)
_DIGITS = re.compile(r"\d{5}")


@lru_cache(maxsize=8192)  # labels repeat across tables and answers
def unglue_dates(label: str) -> str:
    """``label`` with each glued day and year split ("december 312017" -> "december 31 2017").

    >>> unglue_dates("december 312017"), unglue_dates("balance at june 302016")
    ('december 31 2017', 'balance at june 30 2016')
    >>> unglue_dates("december 31 2017"), unglue_dates("note 12019"), unglue_dates("dec 3120170")
    ('december 31 2017', 'note 12019', 'dec 3120170')
    """
    if _DIGITS.search(label) is None:  # a glued date holds five or six digits in a row
        return label
    return _GLUED.sub(r"\1\2 \3", label)
