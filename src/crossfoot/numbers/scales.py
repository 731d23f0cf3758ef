"""The one table of scale words: each word and the power of ten it multiplies by.

Every reader takes its scales from here: the number reader (``numbers.patterns``,
``numbers.words``), table cells and unit headers (``sources.cells``) and result-row cells
(``sources.rows_cells``). Each reader's pattern decides which of the words it accepts where (a
bare "t" only after a figure in a result row, "000" only in a unit header), never what a word
means.

>>> SCALE_EXP["crore"], SCALE_EXP["millions"], SCALE_EXP["000s"]
(7, 6, 3)
"""

from __future__ import annotations

__all__ = ["CELL_SCALE_WORDS", "SCALE_EXP", "SCALE_WORDS"]

_BASE: dict[str, int] = {
    "k": 3, "thousand": 3, "000": 3,
    "lakh": 5, "lac": 5,
    "m": 6, "mn": 6, "mm": 6, "mln": 6, "million": 6,
    "crore": 7, "cr": 7,
    "b": 9, "bn": 9, "bln": 9, "billion": 9,
    "t": 12, "tn": 12, "trn": 12, "trillion": 12,
}  # fmt: skip

#: Every scale word (lower case) and its power of ten; the long words also as plurals.
SCALE_EXP: dict[str, int] = {
    **_BASE,
    **{f"{w}s": e for w, e in _BASE.items() if len(w) > 3 or w == "000" or w == "lac"},
}

#: The long scale words (with their plurals), as a regex alternation.
SCALE_WORDS = r"thousands?|millions?|billions?|trillions?|lakhs?|crores?"

#: The scale words a table or result-row cell may carry after its figure ("4.5 million",
#: "$3.2bn", "5k"), longest first; "cr" is left out (a credit in a ledger) and so is a bare "t".
CELL_SCALE_WORDS = rf"{SCALE_WORDS}|mln|bln|trn|bn|mn|mm|tn|[kmb]"
