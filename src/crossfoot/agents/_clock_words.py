"""Times of day said in words: "half past 4 pm", "quarter past nine", "a quarter to five".

``agents._times`` reads digits only: "half past 4 pm" gave 16:00 (its "4 pm") and an argument at
16:30 on that day warned, while "quarter past three pm" gave no time at all. The phrase is
rewritten as the digits it names, padded to its own length ("half past 4" -> "       4:30"), so
every offset in the text (the days a time is given on) stays where it was.
"""

from __future__ import annotations

import re

__all__ = ["spelled_clocks"]

_HOURS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}  # fmt: skip
_HOUR = rf"(1[0-2]|0?[1-9]|{'|'.join(sorted(_HOURS, key=len, reverse=True))})"
# ("past" / "after" / "to" / "before" an hour; the hour not followed by a colon or another digit:
# "half past 4:30" is no phrase of ours; nor by a unit: "fell by a quarter after two years", "a
# quarter to 5%" are a share and a count)
_CLOCK = re.compile(
    rf"\b(?:(?:a\s+)?(quarter)|(half))\s+(past|after|to|before)\s+{_HOUR}\b(?![:.]?\d)"
    r"(?!\s*(?:%|(?:percent|per|years?|months?|weeks?|days?|hours?|minutes?|times|quarters?|"
    r"points?)\b))"
)
_GATE = ("past", "quarter", "half")


def spelled_clocks(low: str) -> str:
    """``low`` (lower-cased) with each time said in words rewritten in digits, at the same length.

    >>> spelled_clocks("at half past 4 pm, or a quarter to twelve")
    'at        4:30 pm, or               11:45'
    >>> spelled_clocks("half of it, a quarter past the hour")
    'half of it, a quarter past the hour'
    """
    if "past" not in low and " to " not in low and "after" not in low and "before" not in low:
        return low
    if not any(g in low for g in _GATE):
        return low
    return _CLOCK.sub(_digits, low)


def _digits(m: re.Match[str]) -> str:
    quarter, _half, way, hour_text = m.groups()
    hour = int(hour_text) if hour_text.isdigit() else _HOURS[hour_text]
    minutes = 15 if quarter else 30
    if way in ("to", "before"):
        if not quarter:
            return m[0]  # "half to five" is no English time
        hour, minutes = (hour - 1) or 12, 45
    text = f"{hour}:{minutes:02d}"
    return text.rjust(len(m[0]))
