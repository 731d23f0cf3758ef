"""Whether a text says a move in each of a count of periods ("fell in each of the last four
months", "rose in all three quarters", "grew for three straight months"): ``rules.each_period``
judges it over the whole line of periods, so ``trace`` keeps every row of a result set for it
(``language.period_rates.needs_whole_line``).

>>> says_each_period("Signups fell in each of the last four months, to 400 in May.")
True
>>> says_each_period("Orders grew for 3 straight quarters."), says_each_period("Sales rose 4%.")
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["says_each_period"]

_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
_EACH = re.compile(
    r"(?i)\b(?:(?:all|each|every\s+one)(?:\s+of)?\s+(?:the\s+)?(?:(?:last|past|latest|previous|"
    rf"prior)\s+)?{_COUNT}\s+(?:straight\s+|consecutive\s+|successive\s+)?(?:month|quarter|year)s"
    rf"|{_COUNT}\s+(?:straight|consecutive|successive)\s+(?:month|quarter|year)s"
    rf"|{_COUNT}\s+(?:month|quarter|year)s\s+(?:in\s+a\s+row|running))\b"
)

_CUES = ("all", "each", "every one", "straight", "consecutive", "successive", "in a row", "running")


def says_each_period(text: str) -> bool:
    """Whether ``text`` says a move in each of N months, quarters or years (module docstring)."""
    low = text.lower()
    if "month" not in low and "quarter" not in low and "year" not in low:
        return False
    if not any(w in low for w in _CUES):  # (substring gates before the case-blind pattern)
        return False
    return _EACH.search(text) is not None
