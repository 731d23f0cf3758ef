"""The words that name a change, in one place.

Several readers ask whether a text names a change: the derivation search (may a coarse figure be
a difference?), the wording of a share ("X% of the 2018 value" in a sentence that names a change),
the order of a gap (a change over time is one quantity in two periods), the rows a sentence
names (a figure after an operation word is no cell), a part of a change, an average change, the
question's operation, a change stated without a direction. Each builds its pattern from the
groups below (:func:`words`), so a word added here is read alike by all of them; a reader takes
the groups its question needs (a gap is no change over time; "above" is no operation in "the
table above").

Groups are regex alternations without boundaries, read case-insensitively:

- :data:`CHANGED`: the core of a change over time ("changed", "increases", "grew", "growth",
  "declined", "rose", "fell");
- :data:`MOVED`: further verbs of a movement ("dropped", "slid", "climbed", "widened",
  "improved") and :data:`MOVED_SHARPLY` ("surged", "plunged");
- :data:`GAP`: an order-free gap ("difference", "gap", "variance");
- :data:`COMPARED` ("more", "less", "higher", "lower") and :data:`BEYOND` ("above", "below");
- :data:`CHANGE_NOUNS`: nouns that name a change as a quantity ("the variance", "the decline");
- :data:`MOVE_NOUNS`: the singular nouns of a movement ("the increase in", "a drop of");
- :data:`FALLS`: words of a fall, as a change's sentence or question writes it ("decreased",
  "lower", "fewer", "contracted"). The fuller direction vocabulary, read with negation and
  clauses, is :mod:`crossfoot.language.direction`'s;
- :data:`UP_DOWN`: a movement's direction as an adverb ("was up 4%", "down $2 million");
- :data:`INFLECTED`: the other forms of the change words a question or a sentence about a change
  writes ("changing", "the reduction in", "has grown");
- :data:`STATED_NOUNS`: the nouns that state the figure after "of" as a change ("an increase
  of", "a reduction of");
- :data:`CHANGE_ASKED`: every group that names a change when a figure is asked as one (the
  coarse derivations of rules.derive).
- :data:`STATED_BEFORE`: not a group but the phrase right before a figure that states the
  figure as a change ("increased", "rose by", "was up", "an increase of", "fell by about"),
  built from the groups above; a reader puts the figure (or the text's end) after it, as
  :func:`worded_change` does for an answer's claim.

>>> words(CHANGED, GAP).search("Revenue rose 12%") is not None
True
>>> words(CHANGED).search("the difference between them") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from crossfoot.model.memo import LastText
from crossfoot.model.wordgate import WordGated

if TYPE_CHECKING:
    from collections.abc import Sequence
    from decimal import Decimal

    from crossfoot.model.context import ClaimContext
    from crossfoot.model.types import SourceValue

__all__ = [
    "BEYOND",
    "CHANGE",
    "CHANGED",
    "CHANGE_ASKED",
    "CHANGE_NOUNS",
    "COMPARED",
    "FALLS",
    "GAP",
    "INFLECTED",
    "MOVED",
    "MOVED_DOWN_PAST",
    "MOVED_SHARPLY",
    "MOVED_UP_PAST",
    "MOVE_NOUNS",
    "STATED_BEFORE",
    "STATED_NOUNS",
    "UP_DOWN",
    "move_stated",
    "moved_by",
    "worded_change",
    "words",
]

CHANGE = r"change[ds]?"
CHANGED = rf"{CHANGE}|increase[ds]?|decrease[ds]?|grew|growth|declined?|rose|fell"
MOVED = (
    r"drop(?:ped|s)?|slid|climbed|jumped|reduced|shrank|widened|narrowed|improved|worsened"
    r"|deteriorated|expanded|contracted"  # ("the margin expanded by 2.7 points")
)
MOVED_SHARPLY = r"surged|plunged|soared|tumbled|slumped"
GAP = r"difference|gap|variance"
COMPARED = r"more|less|higher|lower"
BEYOND = r"above|below"
CHANGE_NOUNS = (
    rf"{CHANGE}|variances?|variations?|increase[ds]?|decrease[ds]?|growth|difference|decline[ds]?"
)
MOVE_NOUNS = r"increase|decrease|decline|growth|rise|drop|fall"
UP_DOWN = r"up|down"
INFLECTED = r"changing|increasing|decreasing|declin(?:es|ing)|grow|grown|reduction"
STATED_NOUNS = rf"{MOVE_NOUNS}|reduction"
STATED_BEFORE = (
    rf"\b(?:{CHANGED}|{MOVED}|{MOVED_SHARPLY}|(?:was|were|is|are)\s+(?:{UP_DOWN})|"
    rf"(?:an?\s+)?(?:{STATED_NOUNS})\s+of)(?:\s+by)?\s+"
    r"(?:approximately\s+|about\s+|nearly\s+|roughly\s+)?"
)
# What names a change when a figure is asked as one: the verbs, the comparatives, the nouns and
# the bare verbs of a question ("the variation in total debt", "how much did the units rise").
CHANGE_ASKED = (
    rf"{CHANGED}|{GAP}|{COMPARED}|{MOVED}|{BEYOND}|{CHANGE_NOUNS}|{MOVE_NOUNS}|{INFLECTED}"
)
FALLS = r"decreas\w*|declin\w*|drop\w*|fell|reduc\w*|lower\w*|shr[iau]nk\w*|less|fewer|contract\w*"
# The verbs (and their nouns) of a move one way, for every reader that tells a rise from a fall
# (rules._growth_rank, rules.stated_fall, move_stated): one list, so a word one of them lacked
# ("surged the most", "sank 10%") is read alike by all. No comparatives ("lower", "less"): "the
# lowest margin" is a level, not a fall; a reader adds its own ("up", "down", "higher").
RISE_VERBS = (
    r"increas\w*|r[io]se[sn]?|risen|rising|gr[eo]w(?:s|n|th)?|growing|gain(?:s|ed|ing)?|climb\w*|"
    r"jump\w*|surg(?:e|es|ed|ing)|soar\w*|improv\w*|expan(?:ded|ding|sion)|upturn"
)
FALL_VERBS = (
    r"decreas\w*|declin\w*|drop\w*|fell|falls?|falling|reduc\w*|shr[iau]nk\w*|"
    r"contract(?:ed|ing|ions?)|slid|slipped|plung\w*|tumbl\w*|slump\w*|sank|dipped|downturn|"
    r"worsen\w*|deteriorat\w*"
)
# The past tenses of a line's movement that a sentence with no figure says ("North slipped in
# 2023", "West edged up", "South rebounded"): the figure-free readings of language.trends (rules.
# worded_rows, _row_moves, _streak, _every_row_moves, _level_moves, _period_rank). Plain words
# and two-word phrases with one space: the readers split them into substring gates.
MOVED_UP_PAST = (
    r"grew|grown|increased|rose|risen|climbed|improved|expanded|jumped|surged|soared|rebounded|"
    r"edged up|ticked up|inched up|crept up|moved up"
)
MOVED_DOWN_PAST = (
    r"fell|fallen|declined|decreased|dropped|shrank|shrunk|contracted|slipped|dipped|slid|sank|"
    r"plunged|tumbled|slumped|worsened|deteriorated|edged down|ticked down|inched down|crept down|"
    r"moved down"
)


@lru_cache(maxsize=64)
def words(*groups: str) -> re.Pattern[str]:
    """A case-insensitive pattern of whole words from ``groups`` (alternations of this module,
    or a reader's own extra words)."""
    return re.compile(rf"(?i)\b(?:{'|'.join(groups)})\b")


# The answer's words right before a figure that state it as a change ("rose by", "an increase
# of", "was down"): the figure is how much the value moved.
# Behind its words (model.wordgate: exact): the pattern is tried at every character of the 60
# before each matched figure, and it matches about one figure in three hundred.
_WORDED_CHANGE = WordGated(
    # ("fell by between 7 and 8": a range stated as a change)
    re.compile(rf"(?i){STATED_BEFORE}(?:between\s+)?(?:[$€£¥]|[A-Z]{{3}}\s*)?\s*\Z"),
    # (every alternative of STATED_BEFORE consumes one of these)
    ("change", "increase", "decrease", "grew", "growth", "decline", "rose", "fell", "drop",
     "slid", "climbed", "jumped", "reduc", "shrank", "widened", "narrowed", "improved",
     "worsened", "deteriorated", "surged", "plunged", "soared", "tumbled", "slumped", "up",
     "down", "rise", "fall", "expanded", "contracted"),
)  # fmt: skip


def worded_change(ctx: ClaimContext) -> bool:
    """Whether the answer states the claim as a change: "rose by $341.7 million", "an increase
    of 12%" (the words right before the figure, in its sentence)."""
    return move_stated(ctx.text, ctx.sentence.start, ctx.mention.start) is not None


_RISES = words(RISE_VERBS, "up")
_FALLS = words(FALLS, FALL_VERBS, "down")


def move_stated(text: str, sentence_start: int, start: int) -> int | None:
    """How the words right before ``text[start:]`` (from ``sentence_start`` on) state the figure
    there as a change: 1 a rise, -1 a fall, 0 a change either way; None when they do not.

    >>> t = "Retail revenue dropped by $20 in 2024 and rose by $5 in 2025."
    >>> [move_stated(t, 0, t.index(x)) for x in ("$20", "2024", "$5")]
    [-1, None, 1]
    """
    return _MOVES.get(
        (text,), (sentence_start, start), lambda: _read_move(text, sentence_start, start)
    )


# The readings of the text move_stated read last (the answer every rule of it reads), by
# (sentence start, figure start): the rules of one answer ask for the same figure's again (1.4
# of its 3.1 calls).
_MOVES: LastText[tuple[int, int], int | None] = LastText()


def _read_move(text: str, sentence_start: int, start: int) -> int | None:
    """:func:`move_stated` read afresh."""
    before = text[max(sentence_start, start - 60) : start]
    found = _WORDED_CHANGE.search(before)
    if found is None:
        return None
    said = found.group(0)
    rise, fall = _RISES.search(said) is not None, _FALLS.search(said) is not None
    return int(rise) - int(fall)


def moved_by(values: Sequence[SourceValue], target: Decimal, tol: Decimal, way: int) -> bool:
    """Whether two of ``values`` differ by ``target`` (within ``tol``): the later of the two
    higher (``way`` 1) or lower (-1) by the years the values hold, in either order for 0.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue as V
    >>> vals = [V(Decimal(120), "S1", year=2023), V(Decimal(100), "S1", year=2024)]
    >>> [moved_by(vals, Decimal(20), Decimal("0.5"), w) for w in (-1, 0, 1)]
    [True, True, False]
    """
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            if abs(abs(a.value - b.value) - target) > tol:
                continue
            if way == 0:
                return True
            if a.year is not None and b.year is not None and a.year != b.year:
                later, earlier = (b, a) if b.year > a.year else (a, b)
                if (later.value - earlier.value) * way > 0:
                    return True
    return False
