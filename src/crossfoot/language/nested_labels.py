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
labels first, then their figures in the same order), names its own row. Written after a figure it
is another figure's label ("Juniper Andes sold 3,540, more than Andes" still names Juniper Andes);
figures in the other order are the two rows' values swapped.

>>> from decimal import Decimal as D
>>> longer = {"Juniper Andes": D(4637)}
>>> named_beside("Andes", D(3540), longer, "Juniper Andes outsold Andes, 4,637 to 3,540.")
True
>>> named_beside("Andes", D(3540), longer, "Juniper Andes outsold Andes, 3,540 to 4,637.")
False
>>> named_beside("Andes", D(3540), longer, "Juniper Andes sold 3,540, more than Andes.")
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal

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


def named_beside(row: str, value: Decimal, longer: Mapping[str, Decimal], text: str) -> bool:
    """Whether ``text`` (the sentence) writes ``row`` (its cell ``value``) apart from the one
    ``longer`` label that holds it (that row's cell of the column), both before the first
    figure, and the figures follow in the labels' order (module docstring)."""
    if not text or "-" in row:
        return False
    words = _WORD.findall(text.lower())
    first = next((i for i, w in enumerate(words) if w.isdigit() and not _year(w)), len(words))
    words = words[:first]  # the labels before the first figure (a year is no figure here)
    starts = _at(words, _WORD.findall(row.lower()))
    written = [(label, at) for label in longer if (at := _at(words, _WORD.findall(label.lower())))]
    if not starts or len(written) != 1:
        return False  # (no longer label before a figure: "Andes sold 3,540 and Juniper Andes ...")
    label, at = written[0]
    size = len(_WORD.findall(label.lower()))
    covered = {k for i in at for k in range(i, i + size)}
    apart = [i for i in starts if i not in covered]
    if not apart:
        return False
    figures = [
        Decimal(f.replace(",", "")) for f in _FIGURE.findall(text) if not (len(f) == 4 and _year(f))
    ]
    if len(figures) < 2:
        return False
    k = int(apart[0] > at[0])  # the short label second: its figure is the second
    other = longer[label]
    return _nearer(figures[k], value, other) and _nearer(figures[1 - k], other, value)


_FIGURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")
_NEAR = Decimal("0.1")  # a figure within a tenth of a cell may be that cell, rounded


def _nearer(figure: Decimal, mine: Decimal, theirs: Decimal) -> bool:
    """Whether ``figure`` is ``mine`` (rounded) rather than ``theirs``."""
    if mine == 0 or theirs == 0:
        return False
    own, other = abs(figure - abs(mine)) / abs(mine), abs(figure - abs(theirs)) / abs(theirs)
    return own < _NEAR and own < other


def _year(word: str) -> bool:
    return len(word) == 4 and "1900" <= word <= "2099"
