"""The year after a figure and the words of what it counts: "116 new stores were opened in 2018",
"4,870 full-time employees in 2018".

``language.order`` gives a figure the year right after it across one word ("116 stores in
2018"); more words could be another clause's ("rose to $5m from the level in 2017"). When those
words are the label of the row the figure is a cell of ("new stores" of *New stores*), they say
what the figure counts, and the year after them is the figure's.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> cell = SourceValue(Decimal(116), "S1", row="New stores", column="2017", year=2017, table=0,
...     row_index=1, col_index=2)
>>> t = "116 new stores were opened in 2018."
>>> counted_year(t, 3, [cell])
2018
>>> counted_year("116 were opened from the level in 2018.", 3, [cell]) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["counted_year"]

# Up to five words, then "in/for/during [fiscal] YEAR" (no figure, comma or clause word between).
_AFTER = re.compile(
    r"\s+((?:(?!(?:from|than|compared|versus|vs|since|over|against|and|or|but|while|to)\b)"
    r"[A-Za-z][\w'&-]*\s+){1,5}?)(?:in|for|during)\s+(?:fiscal\s+|fy\s*)?((?:19|20)\d\d)\b"
)


def counted_year(text: str, end: int, cells: Sequence[SourceValue]) -> int | None:
    """The year after the figure ending at ``end`` when the words between name the row of one
    of ``cells`` (the cells the figure matched); None otherwise (module docstring)."""
    found = _AFTER.match(text, end)
    if found is None:
        return None
    said = frozenset(tokens(found.group(1)))
    for v in cells:
        need = required_tokens(v.row) if v.row else frozenset()
        if need and need <= said:
            return int(found.group(2))
    return None
