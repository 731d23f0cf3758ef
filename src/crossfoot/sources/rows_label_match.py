"""Whether a text names a row label, without compiling the label's pattern (speed only).

:mod:`crossfoot.sources.rows_names` finds a row label in a sentence with a case-blind pattern
per label: the label's words (split at white space and "_"), joined by runs of ``[\\s_-]+``, not
inside a longer run of ASCII letters and digits. Compiling that pattern costs 0.1-0.3 ms (the
case-blind character sets), which a result set with new row labels pays for every label at every
trace: on fresh 2x3 rows whose two labels are new words, a third of the trace (docs/speed.md,
round 15). For an ASCII label in an ASCII text the same question is answered here by string
search on the lowercased text, trying every split of a separator run as the pattern's
backtracking does; anything else (non-ASCII, no words, very many words) asks the pattern.
``tests/test_speed_paths_speed24.py`` proves the two equal on hypothesis labels and texts.

>>> label_search("North America", "North-America's revenue rose"), label_search("EU", "EUR 5")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["FAST_MATCH", "label_search"]

#: Whether ASCII labels are found without their pattern (the tests switch it off to compare).
FAST_MATCH = [True]
_MAX_WORDS = 24  # (more words: the pattern, whose backtracking this one repeats word by word)
_ALNUM = frozenset("0123456789abcdefghijklmnopqrstuvwxyz")  # [0-9A-Za-z], lowercased
_SEPARATOR = frozenset("_-\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f ")  # [\s_-] in an ASCII text


@lru_cache(maxsize=8192)
def label_pattern(label: str) -> re.Pattern[str]:
    """The label's pattern: its words joined by separators, not inside a longer word."""
    words = [re.escape(w) for w in re.split(r"[\s_]+", label.strip()) if w]
    # "North America" also as "north america"; "2023" not inside "12023"; "Europe's" counts.
    return re.compile(r"(?<![0-9A-Za-z])" + r"[\s_-]+".join(words) + r"(?![0-9A-Za-z])", re.I)


@lru_cache(maxsize=8192)
def _ascii_words(label: str) -> tuple[str, ...] | None:
    """The words :func:`label_pattern` joins, lowercased; None when the pattern must answer."""
    if not label.isascii():
        return None
    # The pattern's split at runs of [\s_], empty words dropped: "_" made a space, str.split()
    # cuts at runs of what \s takes (str.isspace, in C; tests/test_speed_paths_speed25.py).
    words = tuple(label.lower().replace("_", " ").split())
    return words if 0 < len(words) <= _MAX_WORDS else None


def label_search(label: str, text: str, low: str | None = None) -> bool:
    """``label_pattern(label).search(text) is not None`` (``low``: ``text.lower()`` when the
    caller has it)."""
    words = _ascii_words(label) if FAST_MATCH[0] else None
    if words is None or not text.isascii():
        return label_pattern(label).search(text) is not None
    if low is None:
        low = text.lower()
    first = words[0]
    at = low.find(first)
    while at >= 0:
        if (at == 0 or low[at - 1] not in _ALNUM) and _rest(words, 1, at + len(first), low):
            return True
        at = low.find(first, at + 1)
    return False


def _rest(words: tuple[str, ...], k: int, pos: int, low: str) -> bool:
    """Whether ``words[k:]`` follow at ``pos``, each after a run of separators, and no letter
    or digit after the last."""
    if k == len(words):
        return pos >= len(low) or low[pos] not in _ALNUM
    end = pos
    while end < len(low) and low[end] in _SEPARATOR:
        end += 1
    word = words[k]
    # the pattern's [\s_-]+ gives back separators when the next word starts with "-"
    for start in range(end, pos, -1):
        if low.startswith(word, start) and _rest(words, k + 1, start + len(word), low):
            return True
    return False
