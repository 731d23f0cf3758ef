"""Where an answer marker ("Answer:", "The answer is") ends: the final figure follows it.

:func:`marker_end` is asked of most answers by several rules (alignment, change signs, the
period asked for, counts). The marker pattern is case-insensitive and starts at a line start or
at "the", so ``re`` tries it at every character: ~50 us on an answer of 170 characters. Every
match holds the word "answer" once, and two matches never overlap (each ends on the line of its
"answer", at the colon or at "is", and the next begins after that "answer"), so the last match is
the one around the last "answer" that has one. That match can only start at the line start
before that "answer", at a "the" just before it, or at the spaces after a sentence's end on its
line: the pattern is tried there alone, anchored.
"""

from __future__ import annotations

import re

__all__ = ["marker_end"]

# "Answer: 12.5%", "The answer is 12.5%", "**Final answer:**": what follows is the final figure.
# An answer written as one paragraph puts its "Answer:" after a sentence's end on the same line
# ("Sales rose 5%. Answer: 5%"); a colon after "answer" anywhere else ("the answer: ...") is not.
MARKER = re.compile(
    r"(?im)^[ \t*#>_-]*(?:final[ \t]+)?answer(?:[ \t]|\*)*[:：]"
    r"|(?<=[.!?])[ \t]+(?:\*\*)?(?:final[ \t]+)?answer(?:[ \t]|\*)*[:：]"
    r"|\bthe[ \t]+(?:final[ \t]+)?answer[ \t]+is\b"
)
# The non-ASCII characters ``re`` matches with an ASCII letter under IGNORECASE (model.wordgate):
# with one of them (or any character whose lower case is longer) the pattern runs in full.
_FOLDS = re.compile("[\u0130\u0131\u017f\u212a]")


def marker_end(text: str) -> int | None:
    """Where the last answer marker of ``text`` ends, or None without one.

    >>> marker_end("Sales were 5.\\nAnswer: 5"), marker_end("So the answer is 5."), marker_end("5")
    (21, 16, None)
    >>> marker_end("Sales were 5. Answer: 5"), marker_end("It is the answer: 5")
    (21, None)
    """
    global _LAST
    last = _LAST
    if last[0] is text:
        return last[1]
    found = _read_marker_end(text)
    _LAST = (text, found)
    return found


# The text marker_end read last (by identity: the answer the rules of one answer ask about, a
# second time for 1.2 of its 2.2 calls) and where its marker ends.
_LAST: tuple[str, int | None] = ("", None)


def _read_marker_end(text: str) -> int | None:
    """:func:`marker_end` read afresh."""
    if not text.isascii() and _FOLDS.search(text) is not None:
        return _scanned(text)
    low = text.lower()
    if len(low) != len(text):  # (positions must be the text's)
        return _scanned(text)
    p = low.rfind("answer")
    while p >= 0:
        for start in _starts(low, p):
            m = MARKER.match(text, start)
            if m is not None and m.end() > p:  # (a match holds one "answer": this one)
                return m.end()
        p = low.rfind("answer", 0, p)
    return None


def _scanned(text: str) -> int | None:
    """:func:`marker_end` by the pattern over the whole text."""
    marks = list(MARKER.finditer(text))
    return marks[-1].end() if marks else None


def _starts(low: str, p: int) -> list[int]:
    """Where a match holding the "answer" at ``p`` can start: the line start before it, and a
    "the" (and spaces, or "the final" and spaces) right before it."""
    starts = [low.rfind("\n", 0, p) + 1]
    k = _back_over_spaces(low, p)
    if k < p:
        if low.endswith("the", 0, k):
            starts.append(k - 3)
        if low.endswith("final", 0, k):
            j = _back_over_spaces(low, k - 5)
            if j < k - 5 and low.endswith("the", 0, j):
                starts.append(j - 3)
    # after a sentence's end on the same line: "5%. Answer:", "5%. **Final answer:**"
    q = k - 5 if k < p and low.endswith("final", 0, k) else p
    if low.endswith("**", 0, q):
        q -= 2
    s = _back_over_spaces(low, q)
    if 0 < s < q and low[s - 1] in ".!?":
        starts.append(s)
    return starts


def _back_over_spaces(low: str, k: int) -> int:
    while k > 0 and low[k - 1] in " \t":
        k -= 1
    return k
