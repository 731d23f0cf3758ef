"""The words and signs of an operation in a sentence: a figure of such a sentence is worked out
(a change, a gap, a sum, a share), not a cell stated (``language.rowfocus.states_a_cell``).

>>> may_operate("Revenue was $5m in 2019."), may_operate("Revenue rose to $5m in 2019.")
(False, True)
"""

from __future__ import annotations

import re

from crossfoot.language.changewords import (
    CHANGE_ASKED,
    CHANGED,
    COMPARED,
    GAP,
    MOVED,
    MOVED_SHARPLY,
    words,
)
from crossfoot.model.wordgate import WordGated

__all__ = [
    "DIFFERENCE_WORDED",
    "OPERATION",
    "OPERATION_WORD",
    "OPERATION_WORDS",
    "OUTDID_BY",
    "may_operate",
]

# A gap of two things worded by a verb of comparison and "by" its size: "North outsold South by
# 1,095 in 2023", "subscription revenue exceeded services revenue by $384 million".
OUTDID_BY = (
    r"(?:outs[eo]l\w*|outperform\w*|outpac\w*|exceed\w*|surpass\w*|trail\w*|ahead\s+of|behind"
    r"|beat|beats|topped|tops|led|leads)\s+(?:[\w'&.-]+\s+){1,4}?by"
)
# The words that name a difference of two figures: a change or gap word ("the variation in",
# "less"), arithmetic ("minus"), or a verb of comparison with its size ("exceeded B by"). One
# pattern for the derivations over prose figures (rules._prose_pairs) and the unworded gaps of
# table rows (rules._gap_named).
DIFFERENCE_WORDED = words(CHANGE_ASKED, r"minus|subtract\w*", OUTDID_BY)
# Words that make a figure the result of an operation rather than a value of a row and year.
OPERATION_WORD = (
    rf"(?i)\b(?:{CHANGED}|{GAP}|differ\w*|{COMPARED}|{MOVED}|{MOVED_SHARPLY}"
    r"|total|combined|sum|together|altogether|aggregate|average|mean|ratio|proportion"
    r"|percentage|share|accounted|represent\w*|times|divided|multipl\w*|net\s+of|cagr"
    r"|compound\w*"
    rf"|{OUTDID_BY})\b"
)
OPERATION = re.compile(rf"{OPERATION_WORD}|[=+×÷/]|\s-\s")
# A word each of OPERATION's word alternatives consumes ("differ" of "difference", "together" of
# "altogether"): a sentence with none of them, and none of its signs, has no operation word, and
# states_a_cell skips the search (~26 us a sentence: a case-blind alternation tried at every
# character). Proven against the pattern in tests/test_speed_paths_speed30.py.
OPERATION_WORDS = WordGated(
    re.compile(OPERATION_WORD),  # (the word alternatives: may_operate tests the signs)
    (
        *"change increase decrease grew growth decline rose fell drop slid climbed jumped".split(),
        # ("tumbled" and "trailed" hold "led")
        *"reduced shrank widened narrowed surged plunged soared slumped differ".split(),
        *"improved worsened expanded contracted".split(),
        *"gap variance more less higher lower total combined sum together aggregate".split(),
        *"average mean ratio proportion percentage share accounted represent times".split(),
        *"divided multipl net cagr compound".split(),
        *"outsol outsel outperform outpac exceed surpass trail ahead behind".split(),
        *"beat topped tops led leads".split(),
    ),
)
OPERATION_SIGNS = "=+×÷/-"  # ("-" of "\s-\s")


def may_operate(sentence: str) -> bool:
    """Whether ``OPERATION`` may match ``sentence`` (False: it surely does not)."""
    for sign in OPERATION_SIGNS:
        if sign in sentence:
            return True
    return not OPERATION_WORDS.absent(sentence)
