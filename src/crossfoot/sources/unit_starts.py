"""Where a unit header may start, and a pattern searched only there (speed, issue 19).

:data:`UNIT_START` finds a superset of the places where ``cells._UNIT_TEXT`` (a unit header:
"(in millions)", "($000)", "in US$ thousands") can match: a bracket, a currency sign, or "in"
after a space, one of ":;,(" or the start of a line. ``_UNIT_TEXT`` is a long case-blind
alternation that ``re`` tries at every character of a text; tried only at these places, a cell
or a passage costs a scan in C and a few matches (:func:`search_at`).
"""

from __future__ import annotations

import re

__all__ = ["UNIT_START", "may_mark", "search_at"]

# Written without re.I and with the look-behind after the "i" (the letters IGNORECASE folds onto
# "i" and "n" spelled out: tests/test_speed_paths_speed35.py checks every code point), so that
# every branch opens with a character class and ``re`` skips the other characters in C: ~40 %
# less per passage than r"[($€£¥₹]|(?<![^\s:;,(])in\s" under re.I, the same starts.
UNIT_START = re.compile("[($€£¥₹]|[iI\u0130\u0131]" + r"(?<![^\s:;,(].)[nN]\s", re.S)


def search_at(pattern: re.Pattern[str], starts: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)`` when every match of ``pattern`` begins where ``starts`` finds a
    match (its look-behinds and ``^`` see the text before each place, as a search's do).

    >>> search_at(re.compile(r"\\(in \\w+\\)"), UNIT_START, "Sales (in millions)").span()
    (6, 19)
    """
    match = pattern.match
    for start in starts.finditer(text):
        m = match(text, start.start())
        if m is not None:
            return m
    return None


def may_mark(cell: str) -> bool:
    """Whether ``cell`` holds an apostrophe, as every unit marked with one does ("$'000").

    >>> may_mark("2019 $’000"), may_mark("2019 $m")
    (True, False)
    """
    return "'" in cell or "\u2019" in cell or "\u2018" in cell
