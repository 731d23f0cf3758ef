"""Which column of a dated table the question asks for: the close of a year, not its opening.

A column dated *January 1, 2024* beside one dated *December 31, 2024* is the balance the year
opened with (the close of 2023: a restated opening, an adoption date). "What were other
receivables in 2024?" or "What is the average other receivables for 2024 and 2025?" asks for the
December column; a figure that takes the January one for 2024 answers another question
(:func:`opening_misfit`, for :func:`crossfoot.rules.alignment.misfit`). The January column
answers a question that writes the opening ("at January 1", "the beginning of", "opening"), a
question that asks about the year before (whose close it is), or a change during the year that
takes both columns; a table with no December column of that year is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._table_labels import table_labels

__all__ = ["opening_misfit"]

_JAN = r"jan(?:uary|\.)?"
_DEC = r"dec(?:ember|\.)?"
_OPENING_DATE = re.compile(
    rf"(?i)\b(?:{_JAN}\s+1(?:st)?,?\s+|1(?:st)?\s+{_JAN}\s+)((?:19|20)\d\d)\b"
)
_CLOSING_DATE = re.compile(
    rf"(?i)\b(?:{_DEC}\s+31(?:st)?,?\s+|31(?:st)?\s+{_DEC}\s+)((?:19|20)\d\d)\b"
)
# Words of a question that asks for the opening balance, or names the January date itself
_OPENS = WordGated(  # (word-gated: misfit reads every question of a year for it)
    re.compile(r"(?i)\bjan(?:uary|\.)?\b|\bopening\b|\bbeginning\b|\bstart\b|\badoption\b"),
    ("jan", "opening", "beginning", "start", "adoption"),
)


@lru_cache(maxsize=4096)  # a table's column labels repeat across answers
def _dated(column: str | None, closing: bool) -> int | None:
    """The year a column label dates at January 1 (or, ``closing``, at December 31), or None."""
    m = (_CLOSING_DATE if closing else _OPENING_DATE).search(column) if column else None
    return int(m.group(1)) if m else None


def opening_misfit(ask: Ask, ev: Evidence, values: Sequence[SourceValue]) -> str | None:
    """Why a figure that takes a January 1 column for the year that column opens does not
    answer the year the question asks, or None.

    >>> from decimal import Decimal
    >>> from crossfoot.language.asked import read_question
    >>> cols = ["December 31, 2024", "January 1, 2024"]
    >>> vals = [SourceValue(Decimal(i + 1), "S1", row="Cash", column=c, table=0, col_index=i)
    ...         for i, c in enumerate(cols)]
    >>> ask = read_question("What was the cash in 2024?")
    >>> opening_misfit(ask, Evidence("direct", "cell", "2", (vals[1],)), vals)[:58]
    'the question asks about 2024; this figure is the opening b'
    >>> opening_misfit(ask, Evidence("direct", "cell", "1", (vals[0],)), vals) is None
    True
    """
    if not ask.years or _OPENS.search(ask.text):
        return None
    for v in ev.operands:
        year = _dated(v.column, False)
        if v.table is None or year is None or year not in ask.years or year - 1 in ask.years:
            continue  # (the opening balance is the close of the year before: asked, it fits)
        closing = [c for c in table_labels(values, v)[1] if _dated(c, True) == year]
        if not closing:
            continue
        if any(
            o.table == v.table and o.source_id == v.source_id and o.column in closing
            for o in ev.operands
        ):
            continue  # a change during the year: from its opening to its close
        return (
            f"the question asks about {year}; this figure is the opening balance ({v.column}),"
            f" and the table closes {year} at {closing[0]}"
        )
    return None
