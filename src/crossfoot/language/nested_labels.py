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
"""

from __future__ import annotations

from crossfoot.language.rowtokens import tokens

__all__ = ["named_apart"]

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
