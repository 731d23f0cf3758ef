"""A row label inside a longer one: "Andes" and "Juniper Andes" named apart in one sentence.

The row check (``language.rowtables.judge``) lets a sentence that names part of a value's row
label ("Andes" of "Juniper Andes") mean that row, unless the table has the shorter row too and
the sentence never uses the longer label's other words. A sentence that writes both ("Andes sold
3,540 and Juniper Andes sold 4,637") uses them, yet it tells the two apart: the clause that says
only "Andes" means the Andes row. So the part does not name the longer row when the sentence
writes that row's label in full somewhere and the figure's own words lack the label's other
words. A hyphenated label ("Non-Swiss") is one word: its part is not read apart from it (the
figure's label may follow it: "$53 million from non-Swiss customers").

>>> said = "andessold3540andjuniperandessold4637"  # the sentence run together
>>> named_apart("Juniper Andes", set(tokens("Andes sold")), said)
True
>>> named_apart("Juniper Andes", set(tokens("Juniper Andes sold")), said)
False

The other way round, a sentence that names the longer row may name the shorter one beside it
("Juniper Andes outsold Andes, 4,637 to 3,540"): the short label written once more on its own,
outside every writing of the longer label, both labels before the sentence's first figure (the
labels first, then their figures in turn), names its own row. Written after a figure it is another
figure's label ("Juniper Andes sold 3,540, more than Andes" still names Juniper Andes).

>>> named_beside("Andes", ["Juniper Andes"], "Juniper Andes outsold Andes, 4,637 to 3,540.")
True
>>> named_beside("Andes", ["Juniper Andes"], "Juniper Andes sold 3,540, more than Andes.")
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from crossfoot.language.rowtokens import tokens

__all__ = ["named_apart", "named_beside"]

_WORD = re.compile(r"[a-z0-9]+")

_MIN_GLUED = 6  # letters of a label run together: shorter ones occur inside other words


def named_apart(row: str, words: set[str], glued: str) -> bool:
    """Whether the sentence (``glued``: its letters and digits run together, lower case) writes
    ``row`` in full while the figure's own ``words`` name only part of it (module docstring)."""
    if not glued or "-" in row:
        return False  # ("Non-Swiss": one compound word, whose part "Swiss" is no name of it)
    own = frozenset(tokens(row))
    if not own or own <= words:
        return False
    label = "".join(ch for ch in row.lower() if ch.isalnum())
    return len(label) >= _MIN_GLUED and label in glued


def _at(words: list[str], seq: list[str]) -> list[int]:
    n = len(seq)
    return [i for i in range(len(words) - n + 1) if words[i : i + n] == seq] if n else []


def named_beside(row: str, longer: Iterable[str], text: str) -> bool:
    """Whether ``text`` (the sentence) writes ``row`` in full outside every writing of the
    ``longer`` labels that hold it (module docstring): then it names ``row`` too."""
    if not text or "-" in row:
        return False
    words = _WORD.findall(text.lower())
    first = next((i for i, w in enumerate(words) if w.isdigit() and not _year(w)), len(words))
    words = words[:first]  # the labels before the first figure (a year is no figure here)
    own = _WORD.findall(row.lower())
    starts = _at(words, own)
    if not starts:
        return False
    covered: set[int] = set()
    for label in longer:
        seq = _WORD.findall(label.lower())
        for i in _at(words, seq):
            covered.update(range(i, i + len(seq)))
    if not covered:
        return False  # (the longer label after a figure: "Andes sold 3,540 and Juniper Andes ...")
    return any(not covered.intersection(range(i, i + len(own))) for i in starts)


def _year(word: str) -> bool:
    return len(word) == 4 and "1900" <= word <= "2099"
