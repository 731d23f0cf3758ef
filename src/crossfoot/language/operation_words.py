"""The words and signs of an operation in a sentence: a figure of such a sentence is worked out
(a change, a gap, a sum, a share), not a cell stated (``language.rowfocus.states_a_cell``).

>>> may_operate("Revenue was $5m in 2019."), may_operate("Revenue rose to $5m in 2019.")
(False, True)
"""

from __future__ import annotations

import re

from crossfoot.language.changewords import CHANGED, COMPARED, GAP, MOVED, MOVED_SHARPLY
from crossfoot.model.wordgate import WordGated

__all__ = ["OPERATION", "OPERATION_WORD", "OPERATION_WORDS", "may_operate"]

# Words that make a figure the result of an operation rather than a value of a row and year.
OPERATION_WORD = (
    rf"(?i)\b(?:{CHANGED}|{GAP}|differ\w*|{COMPARED}|{MOVED}|{MOVED_SHARPLY}"
    r"|total|combined|sum|together|altogether|aggregate|average|mean|ratio|proportion"
    r"|percentage|share|accounted|represent\w*|times|divided|multipl\w*|net\s+of|cagr"
    r"|compound\w*"
    # ("North outsold South by 1,095 in 2023": a gap of two rows by its size, not a cell)
    r"|(?:outs[eo]l\w*|outperform\w*|outpac\w*|exceed\w*|surpass\w*|trail\w*|ahead\s+of|behind"
    r"|beat|beats|topped|tops|led|leads)"
    r"\s+(?:[\w'&.-]+\s+){1,4}?by)\b"
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
