"""Where a unit header may start, and a pattern searched only there (speed, issue 19).

:data:`UNIT_START` finds a superset of the places where ``cells._UNIT_TEXT`` (a unit header:
"(in millions)", "($000)", "in US$ thousands") can match: a bracket, a currency sign, or "in"
after a space, one of ":;,(" or the start of a line. ``_UNIT_TEXT`` is a long case-blind
alternation that ``re`` tries at every character of a text; tried only at these places, a cell
or a passage costs a scan in C and a few matches (:func:`search_at`).
"""

from __future__ import annotations

import re

__all__ = ["UNIT_START", "may_end_in_scale", "may_mark", "search_at"]

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


# The scale words a label may end in (``cells._LABEL_UNIT``, case-blind, anchored at the end):
# "Amount US$m", "2019 $'000", "Revenue (thousands)".
_SCALE_ENDS = (
    "000", "000s", "000's", "000\u2019s", "thousand", "thousands", "million", "millions",
    "billion", "billions", "lakh", "lakhs", "crore", "crores", "mn", "mm", "bn", "m", "k",
)  # fmt: skip
# Characters re.I folds onto an ASCII letter that lower() does not map to it (as
# ``numbers.cores._FOLDS_RE``): a label with one is searched as before.
_FOLDS = re.compile("[\u0130\u0131\u017f\u212a]")


def may_end_in_scale(bare: str) -> bool:
    """Whether ``bare`` may end in a scale word, as every match of ``cells._LABEL_UNIT`` does
    (its ``$`` also before a last newline); False leaves the search out (a row label, most
    often, ends in none: ~2 us a label read for the first time).

    >>> may_end_in_scale("Amount US$M"), may_end_in_scale("Total sales")
    (True, False)
    """
    if not bare.isascii() and _FOLDS.search(bare) is not None:
        return True
    return bare.removesuffix("\n").lower().endswith(_SCALE_ENDS)
