"""Exact gates on a source's text (speed, issue 19): whether a case-blind pattern can match at
all, asked of the text's ``lower()`` in C before the pattern is tried.

A case-blind pattern of ASCII words matches only ASCII letters, but for four characters re.I
folds onto them (:data:`_FOLDS`); on a text without those, a match is a run of characters that
``lower()`` maps to the lower-cased words, so a ``lower()`` without the words holds no match.
``tests/test_speed_paths_speed42.py`` checks each gate against its pattern.
"""

from __future__ import annotations

import re

__all__ = ["may_end_in_scale", "may_say_respectively"]


# The scale words a label may end in (``cells._LABEL_UNIT``, case-blind, anchored at the end):
# "Amount US$m", "2019 $'000", "Revenue in thousands" ("(thousands)" ends in its parenthesis:
# cells._UNIT_TEXT reads it).
_SCALE_ENDS = (
    "000", "000s", "000's", "000\u2019s", "thousand", "thousands", "million", "millions",
    "billion", "billions", "lakh", "lakhs", "crore", "crores", "mn", "mm", "bn", "m", "k",
)  # fmt: skip
# Characters re.I folds onto an ASCII letter that lower() does not map to it (as
# ``numbers.cores._FOLDS_RE``): a text with one is searched as before.
_FOLDS = re.compile("[\u0130\u0131\u017f\u212a]")


def may_end_in_scale(bare: str) -> bool:
    """Whether ``bare`` may end in a scale word, as every match of ``cells._LABEL_UNIT`` does
    (its ``$`` also before a last newline); False leaves the search out (a row label, most
    often, ends in none: ~2 us a label read for the first time).

    >>> may_end_in_scale("Amount US$M"), may_end_in_scale("Total sales")
    (True, False)
    """
    if not bare.isascii() and _FOLDS.search(bare) is not None:
        return True
    return bare.removesuffix("\n").lower().endswith(_SCALE_ENDS)


def may_say_respectively(text: str) -> bool:
    """Whether ``text`` may hold "respectively" in any case, as every match of the case-blind
    ``sources.prose._RESPECTIVELY`` does (False: no sentence of it is searched; those searches
    were a sixth of a pot-tatqa passage's year reading).

    >>> may_say_respectively("$5 and $6, RESPECTIVELY."), may_say_respectively("$5 in 2019.")
    (True, False)
    """
    if not text.isascii() and _FOLDS.search(text) is not None:
        return True
    return "respectively" in text.lower()
