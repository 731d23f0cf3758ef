"""Where one figure's stretch of words ends and the next one's begins.

The wrong-row reading reads the words a figure names from the previous figure's end ("$5m and
costs $3m": the costs are the second figure's). A break is a comma, a semicolon, a parenthesis
or a word that opens another figure's clause ("and", "while", "versus", "equals", "less").
The previous figure's own year stands before the break and stays with it ("North had $4.2m in
2024, versus $2.9m for South": "for South" is the second figure's, 2024 the first's).
"""

from __future__ import annotations

import re

__all__ = ["segment_start"]

_SEGMENT_BREAK = re.compile(
    r"(?i)(?P<year>\s*(?:in|for|during)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d\d\b)?"
    r"\s*(?:[,;()]|and\b|but\b|while\b|whereas\b|compared\b|versus\b|vs\b|respectively\b"
    r"|equals?\b|less\b|plus\b|minus\b)"
)


def segment_start(text: str, end: int, start: int) -> int | None:
    """Where the stretch of the figure at ``start`` begins when a break follows the previous
    figure's words (ending at ``end``), else None (one stretch).

    >>> t = "North had $4.2m in 2024, versus $2.9m for South."
    >>> t[segment_start(t, t.index(" in 2024"), t.index("$2.9m")) :]
    ', versus $2.9m for South.'
    >>> segment_start("Sales of $5m in 2024 were $3m", 11, 26) is None
    True
    """
    brk = _SEGMENT_BREAK.match(text, end, start)
    if brk is None:
        return None
    return brk.end("year") if brk.group("year") is not None else end
