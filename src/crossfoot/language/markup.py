"""The answer without the markup that sets figures apart: markdown emphasis and headings, math
delimiters.

Models write figures in bold (``**$680 million**``), under a ``### Final answer`` heading, or in
LaTeX math (``$12.5\\%$``, ``\\(\\$680\\)``, ``$$ ... $$``). The markup sets a figure apart and
is no part of it: ``check`` and ``trace`` read the answer with it removed (:func:`unmark`), and
every claim is reported at its place in the answer as written (:func:`span_back`). What is
inside math (``\\frac``, ``\\times``, ``\\text{ million}``, ``\\%``) the readers read
themselves. An answer without such markup is read as it is (``unmark`` returns ``None``).

Inline math ``$...$`` is told from dollar amounts by pandoc's rule: the opening ``$`` has a
non-space character right after it, the closing one a non-space character right before it and no
digit right after it (``$5 and $6``, ``$5-$10`` are amounts; ``$-94$ million`` is math); and here
also no sentence end or quotation mark between them (``$2,054. It is listed as "$ 2,800"`` are
amounts).

>>> unmark(r"Sales were $-94$ million, **up 12.5%**.")[0]
'Sales were -94 million, up 12.5%.'
>>> unmark("Sales were $680 million and $700 million.") is None
True
>>> unmark("The change is **$17 million**Therefore it rose.")[0]
'The change is $17 million Therefore it rose.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["may_hold_markup", "span_back", "unmark"]

# (piece, index in the text it comes from): a piece's characters come from consecutive places.
_Piece = tuple[str, int]


_INLINE_MATH = re.compile(
    r"(?<![\\$\w])\$(?=[^\s$])"  # opens: no "\\$", "$$" or "US$"; a non-space follows
    r"((?:\\[^\n]|[^$\\\n.!?\"]|[.!?](?!\s)){1,120}?)"  # one line, no sentence end
    r"(?<=[^\s\\])\$(?![\d$])"  # closes: a non-space before, no digit right after
)
# (a run of emphasis is one delimiter: "**$166****Reasoning:**" parts "$166" from "Reasoning")
_DELIMS = re.compile(r"\$\$|\\[\[\]()]|(?:\*\*|__)+|^[ \t]*#{1,6}[ \t]+", re.M)
# Escapes that stand for one character of the figure: markdown's "\$" (a dollar that opens no
# math), and LaTeX's digit grouping "265{,}409" / "265\,409" (a comma set so math mode puts no
# space after it; a thin space). Read as "$" and ",", or "265" and "409" would be two figures.
_ESCAPES = re.compile(r"\\(?=\$)|(?<=\d)\{(?=,\}\d)|(?<=\d\{,)\}(?=\d)|(?<=\d)\\(?=,\d{3}(?!\d))")


def _apply(
    text: str,
    back: list[int],
    pattern: re.Pattern[str],
    repl: Callable[[re.Match[str]], list[_Piece]],
) -> tuple[str, list[int]]:
    """``pattern`` replaced in ``text`` by ``repl``'s pieces; ``back`` maps each character of the
    text (and its end) to the answer as written, and the new map is returned with the new text."""
    out: list[str] = []
    new_back: list[int] = []
    pos = 0
    for m in pattern.finditer(text):
        out.append(text[pos : m.start()])
        new_back += back[pos : m.start()]
        for piece, at in repl(m):
            out.append(piece)
            new_back += back[at : at + len(piece)]
        pos = m.end()
    out.append(text[pos:])
    new_back += back[pos:]
    return "".join(out), new_back


def unmark(text: str) -> tuple[str, list[int]] | None:
    """``text`` without its markup, and where each of its characters (and its end) stands in
    ``text``; ``None`` when there is no markup to remove.

    >>> plain, back = unmark("### Final answer\\n\\n**Answer:** $-12.5\\\\%$")
    >>> plain
    'Final answer\\n\\nAnswer: -12.5\\\\%'
    >>> span_back(back, plain.index("-12.5"), len(plain))
    (31, 38)
    """
    if not may_hold_markup(text):
        return None
    return _unmark(text)


def may_hold_markup(text: str) -> bool:
    """Whether ``text`` may hold markup :func:`unmark` removes: a character every delimiter
    holds ("**", "__", "\\", "#", "$$"), or a "$" that may close inline math (a non-space, not
    "\\", right before it; no digit or "$" right after it). A dollar amount ("$44.1 million")
    is none: the common answer costs a few substring tests, not two pattern scans.

    >>> may_hold_markup("It rose to $44.1 million from $56.7 million."), may_hold_markup("$5$")
    (False, True)
    """
    if "**" in text or "__" in text or "\\" in text or "#" in text or "$$" in text:
        return True
    if "{," in text:
        return True
    j = text.find("$", 1)  # (a closing "$" has a character before it)
    while j >= 0:
        # the closing "$" of _INLINE_MATH: (?<=[^\s\\])\$(?![\d$]) (\s is isspace, \d isdecimal)
        before, after = text[j - 1], text[j + 1 : j + 2]
        if not before.isspace() and before != "\\" and not after.isdecimal() and after != "$":
            return True
        j = text.find("$", j + 1)
    return False


def _unmark(text: str) -> tuple[str, list[int]] | None:
    """:func:`unmark` without its gate (every text read by both patterns)."""
    back = list(range(len(text) + 1))
    plain, back = _apply(text, back, _INLINE_MATH, lambda m: [(m.group(1), m.start(1))])
    plain, back = _apply(plain, back, _DELIMS, _gap)
    plain, back = _apply(plain, back, _ESCAPES, lambda m: [])
    return (plain, back) if plain != text else None


def _gap(m: re.Match[str]) -> list[_Piece]:
    """Nothing for a delimiter, or one space where it is all that parts two words: a closing
    "**" glued to the next word ("$17 billion**Therefore") must not make "billionTherefore" (the
    scale word would be lost, and a wrong scale pass)."""
    s, i, j = m.string, m.start(), m.end()
    if 0 < i and j < len(s) and s[i - 1].isalnum() and s[j].isalnum():
        return [(" ", i)]
    return []


def span_back(back: list[int], start: int, end: int) -> tuple[int, int]:
    """The span of the answer as written that ``[start, end)`` of the unmarked text comes from.

    >>> plain, back = unmark("Sales were **$5 million**.")
    >>> span_back(back, 11, 21)
    (13, 23)
    """
    if end <= start:
        return back[start], back[start]
    return back[start], back[end - 1] + 1
