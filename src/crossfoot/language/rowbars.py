"""Words of quantity over named rows before a bar: "Only North exceeded $3M", "Both North and
West", "North and West each", "North alone", "Neither South nor East".

``quantity_word`` finds the word, and ``next_to_row`` holds it to a row it names: the word must
stand right before the row ("only", "both", "neither") or right after it ("alone", "each"), so
"revenue was only slightly above $3M" and "just above" are no quantity over rows.
``exclusive_bar`` tells ``trace`` to read every row of a result set for such an answer ("only"
is judged against the rows not named too).
"""

from __future__ import annotations

import re

from crossfoot.language.owncount import counts_past_bar

__all__ = ["exclusive_bar", "may_quantify", "next_to_row", "quantity_word"]

_GATES = ("only", "alone", "both", "each", "neither")
_QUANTITY = re.compile(r"(?i)\b(?:(?P<only>only|alone)|(?P<all>both|each)|(?P<none>neither))\b")
_AFTER_ROW = frozenset({"alone", "each"})


def may_quantify(low: str) -> bool:
    """Whether a lowered text holds a word of quantity at all (a substring test before the
    pattern).

    >>> may_quantify("only north exceeded $3m."), may_quantify("north exceeded $3m.")
    (True, False)
    """
    return any(g in low for g in _GATES)


def quantity_word(text: str, lo: int, hi: int) -> re.Match[str] | None:
    """The first word of quantity over rows in ``text[lo:hi]``, or None.

    >>> m = quantity_word("Only North exceeded $3M.", 0, 20)
    >>> m.group(0), m.group("only") is not None
    ('Only', True)
    """
    return _QUANTITY.search(text, lo, hi)


def next_to_row(text: str, word: re.Match[str], row: str) -> bool:
    """Whether the row label stands next to the word of quantity, on the word's side ("Only
    North", "North alone", "North and West each").

    >>> t = "Only North exceeded $3M; North alone did."
    >>> next_to_row(t, quantity_word(t, 0, 40), "north")
    True
    """
    label = re.escape(row.strip())
    if word.group(0).lower() in _AFTER_ROW:
        before = text[max(0, word.start() - 80) : word.start()]
        return re.search(rf"(?i)(?<!\w){label}(?:'s)?\s*$", before) is not None
    return re.match(rf"(?i)\s+(?:the\s+)?{label}(?!\w)", text[word.end() :]) is not None


def exclusive_bar(text: str) -> bool:
    """Whether an answer may say that only the rows it names are past a bar (cheap: substring
    tests and the bar words)."""
    low = text.lower()
    return ("only" in low or "alone" in low) and counts_past_bar(text)
