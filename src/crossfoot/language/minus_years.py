"""The order two years' values take when the words write a subtraction between the years.

"What is the 2008 net sales minus the 2009 net sales?" asks 2008 less 2009: -170 when sales
rose from 860 to 1,030. The operand order came from the years (the earlier is the base), so the
right -170 was ``contradicted`` and a wrong 170 passed. A sentence of the answer, or else the
question, that writes "<year A> ... minus (less) ... <year B>" or "subtract(ing) <year B> ...
from <year A>" orders the two years' values so that the result is A less B.

>>> minus_years("what is the 2008 net sales minus the 2009 net sales?")
(2008, 2009)
>>> minus_years("what is the result of subtracting 2009 net sales from those of 2008?")
(2008, 2009)
>>> minus_years("2009 sales were 170 less than 2008") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["minus_years"]

_Y = r"\b((?:19|20)\d\d)\b"
_GAP = r"[^.?;]{0,60}?"
_MINUS = re.compile(rf"(?i){_Y}{_GAP}\b(?:minus|less)\b(?!\s+than){_GAP}{_Y}")
_SUBTRACT = re.compile(rf"(?i)\bsubtract(?:ing|ed|s)?\b{_GAP}{_Y}{_GAP}\bfrom\b{_GAP}{_Y}")


@lru_cache(maxsize=512)
def minus_years(text: str) -> tuple[int, int] | None:
    """``(the year subtracted from, the year subtracted)`` the text writes, else None."""
    low = text.lower()
    if "minus" not in low and "less" not in low and "subtract" not in low:
        return None
    found = _SUBTRACT.search(text)
    if found is not None:
        pair = (int(found.group(2)), int(found.group(1)))
    else:
        found = _MINUS.search(text)
        if found is None:
            return None
        pair = (int(found.group(1)), int(found.group(2)))
    return pair if pair[0] != pair[1] else None
