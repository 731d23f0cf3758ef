"""Whether two figures of running text are items of one list: "dividends were 45 cents per
share in 2025 and 42 cents per share in 2024".

A prose figure's subject is read from the words before it, back to the figure before
(``rules._prose_other``), so a list's second figure had none ("and") and an answer naming
dividends was told the source states 42 cents for something else. When only joining words lie
between two figures (the first's unit, the years they are of, "and", "compared with", "from
... to", "respectively"), the later figure is of the earlier's subject. Any other word between
them ("... in 2025, and net income was $1.2 million") names a subject of its own.

>>> joins_list(" cents per share in 2025 and ")
True
>>> joins_list(" million in 2025, compared with "), joins_list(" cents per share in fy24 and ")
(True, True)
>>> joins_list(" in 2025 and net income was ")
False
>>> joins_list(" in 2025. In 2024 it was ")
False
"""

from __future__ import annotations

import re

__all__ = ["joins_list"]

# What may stand between two figures of one subject: the first figure's unit, the years and
# periods they are of, and the words that join a list or a comparison.
_JOINING = frozenset(
    "and or to from versus vs vs. compared with against in for during at as the fiscal year "
    "years ended per share diluted basic each respectively cents cent million millions billion "
    "billions thousand thousands percent % $ , ( ) - fy".split()
)
_TOKEN = re.compile(r"fy\d{2,4}\b|[a-z]+\.?|(?:19|20)\d\d\b|\S")  # ("fy24" before "fy")
_YEARISH = re.compile(r"(?:19|20)\d\d|fy\d{2,4}")


def joins_list(gap: str) -> bool:
    """Whether ``gap``, the text between two figures of one sentence, holds joining words only
    (module docstring); an empty gap joins nothing."""
    low = gap.lower()
    if not low.strip():
        return False
    return all(w in _JOINING or _YEARISH.fullmatch(w) for w in _TOKEN.findall(low))
