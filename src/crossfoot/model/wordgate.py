"""A word pattern that first looks for its words: most texts hold none, and then it runs no regex.

Python's ``re`` runs a case-insensitive word pattern (``(?i)\\b(?:largest|highest|...)\\b``) by
trying its alternatives at every character of the text: 30-100 us on an answer of a few hundred
characters, and several such patterns are asked of every answer and every sentence. Every match
of such a pattern holds one of a few words as consumed characters, so where the text (lowered)
holds none of them the pattern cannot match: :class:`WordGated` answers ``None`` (or nothing)
at the cost of one ``lower()`` and a few substring tests, and runs the pattern otherwise.

The test is exact, not a guess: ``re``'s IGNORECASE matches an ASCII letter of a pattern with
ASCII letters and four other characters only (``İ ı ſ K``: every code point is checked in
``tests/test_speed_paths_speed8.py``); a text holding one of them always runs the pattern. Each
gated pattern's words are proven by hypothesis there (every string the pattern matches holds one
of its words; a word left out is caught).

>>> import re
>>> big = WordGated(re.compile(r"(?i)\\b(?:largest|highest)\\b"), ("largest", "highest"))
>>> big.search("Revenue was $5m.") is None, big.search("the HIGHEST in 2019").group()
(True, 'HIGHEST')
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

__all__ = ["FOLDS_TO_ASCII", "WordGated"]

# The non-ASCII characters ``re`` matches with an ASCII letter under IGNORECASE ("İ" and "ı"
# with i, "ſ" with s, the Kelvin sign with k): a text holding one runs the pattern.
FOLDS_TO_ASCII = "\u0130\u0131\u017f\u212a"
_FOLDS = re.compile(f"[{FOLDS_TO_ASCII}]")
# The last ASCII text a gate lowered, and its lower case: the gates of one answer ask about the
# same text one after another (its sentence, the answer with a window), 30 times an answer.
# Compared by identity, so a text is never mistaken for another.
_LAST: tuple[str, str] = ("", "")


# The last text beyond ASCII a gate read in parts, and how many characters of it were lowered so
# far: past its length, the whole text is lowered once (_lowered).
_SPENT: tuple[str, int] = ("", 0)


def _lowered(text: str, pos: int, endpos: int) -> str | None:
    """The lower case of the whole of ``text`` (not ASCII), when a gate may read ``text[pos:
    endpos]`` in it: kept in _LAST, made once the windows asked of this text have added up to its
    length (so no more is lowered than the windows would have cost: one window of a long text
    never lowers all of it). None: lower the window.

    In a text holding no character of FOLDS_TO_ASCII (the only ones whose lower case holds an
    ASCII letter, or more than one character: every code point is checked in
    tests/test_speed_paths_speed15.py), every character lowers to one, and to an ASCII letter
    exactly where the text has one: an ASCII word is in a window's lower case exactly where it
    is in the same positions of the whole text's (the final sigma, lowered by its context, is
    no ASCII letter either way)."""
    global _LAST, _SPENT
    last = _LAST
    if last[0] is text:
        return last[1] if last[1] else None
    spent = _SPENT
    n = min(endpos, len(text)) - max(pos, 0)
    got = n + spent[1] if spent[0] is text else n
    if got < len(text):
        _SPENT = (text, got)
        return None
    _SPENT = ("", 0)
    low = "" if _FOLDS.search(text) is not None else text.lower()
    _LAST = (text, low)  # ("": read in windows, as the fold characters require)
    return low if low else None


class WordGated:
    """``pattern`` (case-insensitive, or not) behind the test "``text`` holds one of ``words``".

    ``words`` are lower-case ASCII letters, and every match of ``pattern`` consumes one of them
    (in any case): then a text without any of them has no match. ``search``, ``match``,
    ``finditer`` and ``sub`` (a string replacement) take the arguments of ``re.Pattern``'s.
    """

    __slots__ = ("pattern", "words")

    def __init__(self, pattern: re.Pattern[str], words: tuple[str, ...]) -> None:
        if not words or not all(w.isascii() and w.isalpha() and w.islower() for w in words):
            raise ValueError(f"words must be lower-case ASCII letters, got {words!r}")
        self.pattern = pattern
        self.words = words

    def absent(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> bool:
        """Whether ``text[pos:endpos]`` surely holds no match (none of the words).

        >>> g = WordGated(re.compile(r"(?i)\\bmost\\b"), ("most",))
        >>> g.absent("Most of it"), g.absent("Most of it", 1), g.absent("\\u017fome")
        (False, True, False)
        """
        if text.isascii():  # (O(1); lowering keeps every position, and no character folds)
            global _LAST
            last = _LAST
            if last[0] is text:
                low = last[1]
            else:
                low = text.lower()
                _LAST = (text, low)
            if pos <= 0 and endpos >= len(low):
                for w in self.words:
                    if w in low:
                        return False
                return True
            # (``re`` reads a negative pos or endpos as 0, as ``find`` does not: clamp them)
            pos, endpos = max(pos, 0), max(endpos, 0)
            for w in self.words:
                if low.find(w, pos, endpos) >= 0:
                    return False
            return True
        whole = _lowered(text, pos, endpos)
        if whole is not None:  # (the same positions: see _lowered)
            pos, endpos = max(pos, 0), max(endpos, 0)
            for w in self.words:
                if whole.find(w, pos, endpos) >= 0:
                    return False
            return True
        part = text[max(pos, 0) : max(endpos, 0)]
        if not part.isascii() and _FOLDS.search(part) is not None:
            return False
        low = part.lower()
        for w in self.words:
            if w in low:
                return False
        return True

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``pattern.search``, or ``None`` at once where no word of it is in the text."""
        if self.absent(text, pos, endpos):
            return None
        return self.pattern.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``pattern.match``, or ``None`` at once where no word of it is in the text."""
        if self.absent(text, pos, endpos):
            return None
        return self.pattern.match(text, pos, endpos)

    def sub(self, repl: str, text: str, count: int = 0) -> str:
        """``pattern.sub``, or ``text`` itself at once where no word of it is in the text."""
        if self.absent(text):
            return text
        return self.pattern.sub(repl, text, count)

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """``pattern.finditer``, or nothing at once where no word of it is in the text."""
        if self.absent(text, pos, endpos):
            return iter(())
        return self.pattern.finditer(text, pos, endpos)
