"""Sentence splitting and citation resolution for answers.

Sentences end at ``.``, ``!`` or ``?`` followed by space and a new sentence, or at a line break.
Decimal points, abbreviations ("U.S.", "Inc.", "vs.") and initials do not end a sentence. A
citation written just after the full stop ("... grew 12%. [R1]") belongs to the sentence before it.

A bracket is a citation only when every comma-separated token in it names a source or looks like a
source id (``R1``, ``S2``, ``3``, ``Doc 4``). ``[sic]`` and ``[citation needed]`` are not citations,
nor is a bracket of figures ("Answer: [3,300, 2,900]": :mod:`crossfoot.numbers.brackets`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from crossfoot.model.types import Sentence
from crossfoot.numbers.brackets import figure_list

__all__ = ["Citation", "citations", "split_sentences"]

# A token shaped like a source id: optional short letter prefix, optional separator, digits.
_ID_SHAPE = re.compile(r"^[A-Za-z]{0,8}[\s_-]?\d{1,5}$")
_BRACKET = re.compile(r"\[([^\[\]\n]{1,80})\]")
_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof inc ltd co corp jr sr st vs etc e.g i.e approx est no fig dept u.s "
    "u.k jan feb mar apr jun jul aug sep sept oct nov dec avg mo yr yrs cf al rs".split()
)
# Candidate sentence ends: terminal punctuation (with closing quotes/brackets) + whitespace, or a
# line break. Kept simple so the scan is linear. The same matches as
# ``[.!?]+["')\]]*(?=\s)|\n+`` (tests/test_text.py compares them), written to start with one
# character class, which the engine skips to in C: a third of the time of the alternation.
_END = re.compile(r"""[.!?\n](?:(?<=[.!?])[.!?]*["')\]]*(?=\s)|(?<=\n)\n*)""")


@dataclass(frozen=True, slots=True)
class Citation:
    """A bracket in the answer that cites sources."""

    start: int
    end: int
    tokens: tuple[str, ...]


def citations(text: str, known: Callable[[str], bool]) -> list[Citation]:
    """Every citation bracket in ``text``.

    ``known(token)`` says whether a token names a source.

    >>> [c.tokens for c in citations("Up 5% [R1, R2] [sic].", lambda t: t in {"R1", "R2"})]
    [('R1', 'R2')]
    >>> citations("Answer: [3,300, 2,900]", lambda t: t in {"1", "2"})
    []
    """
    found: list[Citation] = []
    for match in _BRACKET.finditer(text):
        tokens = tuple(t.strip() for t in re.split(r"[,;]", match.group(1)))
        if not tokens or any(not t for t in tokens):
            continue
        if all(known(t) or _ID_SHAPE.match(t) for t in tokens):
            if figure_list(text, match.start(), match.end()):
                continue  # "[3,300, 2,900]": figures in a list, not citations
            found.append(Citation(match.start(), match.end(), tokens))
    return found


def split_sentences(
    text: str, cites: list[Citation], resolve: Callable[[str], str | None]
) -> list[Sentence]:
    """Split ``text`` into sentences and attach resolved citations.

    ``resolve(token)`` returns the id of the source a token names, or None.

    >>> [s.text for s in split_sentences("Sales rose 3.5%. Costs fell.", [], lambda t: None)]
    ['Sales rose 3.5%.', 'Costs fell.']
    """
    bounds = _boundaries(text, cites)
    sentences: list[Sentence] = []
    start = 0
    ci = 0  # citations are in text order: walk them alongside the sentences
    for end in [*bounds, len(text)]:
        chunk = text[start:end]
        stripped = chunk.strip()
        if stripped:
            s0 = start + (len(chunk) - len(chunk.lstrip()))
            s1 = s0 + len(stripped)
            cited: list[str] = []
            unknown: list[str] = []
            while ci < len(cites) and cites[ci].start < s0:
                ci += 1
            cj = ci
            while cj < len(cites) and cites[cj].start < s1:
                for token in cites[cj].tokens:
                    sid = resolve(token)
                    if sid is None:
                        if token not in unknown:
                            unknown.append(token)
                    elif sid not in cited:
                        cited.append(sid)
                cj += 1
            sentences.append(
                Sentence(len(sentences), s0, s1, text[s0:s1], tuple(cited), tuple(unknown))
            )
        start = end
    return sentences


def _boundaries(text: str, cites: list[Citation]) -> list[int]:
    cite_starts = {c.start: c.end for c in cites}
    bounds: list[int] = []
    for match in _END.finditer(text):
        end = match.end()
        if match.group().startswith("\n"):
            bounds.append(end)
            continue
        if match.group().startswith(".") and _is_abbreviation(text, match.start()):
            continue
        # A citation right after the full stop stays with the sentence it closes.
        j = end
        while True:
            k = j
            while k < len(text) and text[k] in " \t":
                k += 1
            if k in cite_starts:
                j = cite_starts[k]
                while j < len(text) and text[j] in ".!?":
                    j += 1
                continue
            break
        if j != end:
            end = j
        # The next sentence must start like one: a capital, digit, quote, bracket, currency, or -.
        k = end
        while k < len(text) and text[k] in " \t":
            k += 1
        if (
            k < len(text)
            and text[k] != "\n"
            and not (text[k].isupper() or text[k].isdigit() or text[k] in "\"'([$€£¥₹*-•–")
        ):
            continue
        bounds.append(end)
    return bounds


def _is_abbreviation(text: str, dot: int) -> bool:
    i = dot
    while i > 0 and (text[i - 1].isalpha() or text[i - 1] == "."):
        i -= 1
    word = text[i:dot].lower()
    if not word:
        return False
    if word in _ABBREVIATIONS:
        return True
    # Single capital initials ("J. Smith") and dotted acronyms ("U.S."); a letter glued to digits
    # is a scale ("$238k.", "$5M."), and its period ends the sentence.
    if len(word) == 1:
        return not (i > 0 and text[i - 1].isdigit())
    return "." in word and len(word.replace(".", "")) <= 4
