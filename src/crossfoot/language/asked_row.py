"""A "how many" question that names a row: "How many new stores were there in 2018?" over a
table with a *New stores* row asks that row's cell of 2018, not a count of rows.

``language.asked`` reads "how many <noun>" as a count (op ``count``), and a count is checked by
the count rules, not by the question's alignment: an answer of the 2017 cell passed. When every
word the sources' row label requires is in the question, the counted noun among them, and that
row has a cell in a year the question names, the question is read as a plain figure's (op
None): the alignment then holds the final figure to the year and row asked.

>>> from decimal import Decimal
>>> from crossfoot.language.asked import read_question
>>> from crossfoot.model.types import SourceValue
>>> cell = SourceValue(Decimal(124), "S1", row="New stores", column="2018", year=2018, table=0,
...     row_index=1, col_index=1)
>>> asked = row_asked(read_question("How many new stores were there in 2018?"), [cell])
>>> asked is not None and asked.op is None
True
>>> other = row_asked(read_question("How many years did sales exceed 100?"), [cell])
>>> other is not None and other.op
'count'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.asked import Ask
from crossfoot.language.owncount import singular
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["row_asked"]


def row_asked(ask: Ask | None, values: Sequence[SourceValue]) -> Ask | None:
    """``ask``, read as a plain figure's when its "how many" names a row (module docstring)."""
    if ask is None or ask.op != "count" or not ask.counted or not ask.years:
        return ask
    said = frozenset(tokens(ask.text))
    counted = singular(ask.counted)
    for v in values:
        if v.table is None or not v.row or v.year not in ask.years:
            continue
        need = required_tokens(v.row)
        if need and need <= said and any(singular(w) == counted for w in need):
            return replace(ask, op=None, counted=None)
    return ask
