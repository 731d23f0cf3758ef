"""Whether a column holds averages by its own name: its label says so ("Avg price", "Average
balance"), or it is written short and the sentence spells it out with an average's word
("average order value" for an ``aov`` field, "average revenue per user" for ``arpu``:
language.short_forms).

The row check reads "the average X was 5" as a mean of X's periods unless the column itself is
the average (language.rowmatch._level_not_average): "Average order value was 48.00 in March
2024" states March's ``aov`` cell.

>>> averages("aov", "Average order value was 48.00 in March 2024.")
True
>>> averages("Avg_price", "x"), averages("orders", "Average orders were 1,350."), averages(None, "")
(True, False, False)
"""

from __future__ import annotations

import re

from crossfoot.language.short_forms import short_named

__all__ = ["averages"]

_AVERAGE = re.compile(r"(?i)\b(?:average|avg|mean)\b")
_WORDS = frozenset({"average", "avg", "mean"})


def averages(column: str | None, sentence: str) -> bool:
    """Whether ``column`` holds averages (module docstring); ``sentence``: the claim's."""
    if not column:
        return False
    if _AVERAGE.search(column.replace("_", " ")):
        return True
    return bool(_WORDS & short_named(sentence, (column,)).get(column, frozenset()))
