"""A count whose bar is another column of each row: "3 of the 5 reps beat their quota".

"beat their quota", "exceeded their targets", "had sales above their quota", "missed its
budget", "fell short of their goal": each row is compared with its own value of another column,
not with one threshold, so no "how many ... above $X" question reads it
(``language.owncount``). :func:`column_bar` reads the comparison of a sentence: its direction
and the words naming the column compared with; the count's verdict is
``rules.column_bar_count``'s.

>>> column_bar("3 of the 5 reps beat their quota.")
('>', 'quota', '3 of the 5 reps')
>>> column_bar("Two stores had sales below their targets")
('<', 'target', 'Two stores had sales')
>>> column_bar("3 of the 5 reps had sales above $100.") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["column_bar", "may_bar_column"]

# (the substring gates of the verbs below: a word scan before the pattern)
_GATES = ("beat", "exceed", "surpass", "top", "outperform", "above", "over", "miss", "short",
          "below", "under", "met ", "meet", "hit ", "reach")  # fmt: skip
_VERB = re.compile(
    r"(?i)\b(?:(beat|beats|beating|exceed(?:ed|s|ing)?|surpass(?:ed|es|ing)?|topp(?:ed|ing)|"
    r"outperform(?:ed|s|ing)?|(?:came\s+in\s+|were\s+|was\s+|are\s+|is\s+)?(?:above|over))|"
    r"(miss(?:ed|es|ing)?|f[ae]ll\s+short\s+of|falls\s+short\s+of|(?:came\s+in\s+|were\s+|was\s+|"
    r"are\s+|is\s+)?(?:below|under))|"
    r"(met|meets?|meeting|hit|hits|reach(?:ed|es)?)(?:\s+or\s+(?:beat|exceeded|surpassed))?)"
    r"\s+(?:their|its|his|her|the\s+(?:respective|own))\s+(?:own\s+|respective\s+|annual\s+|"
    r"sales\s+|monthly\s+|quarterly\s+)?([a-z]+)\b"
)
_OP = {1: ">", 2: "<", 3: ">="}


def may_bar_column(text: str) -> bool:
    """Whether ``text`` may hold such a comparison (cheap substring gates)."""
    low = text.lower()
    return ("their " in low or "its " in low or " his " in low or " her " in low) and any(
        g in low for g in _GATES
    )


@lru_cache(maxsize=256)
def column_bar(sentence: str) -> tuple[str, str, str] | None:
    """``(">" | "<" | ">=", the compared column's word in the singular, the words before the
    verb)`` of the sentence's comparison with each row's own value, or None."""
    if not may_bar_column(sentence):
        return None
    found = _VERB.search(sentence)
    if found is None:
        return None
    op = next(_OP[k] for k in (1, 2, 3) if found.group(k))
    word = found.group(4).lower()
    if word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return op, word, sentence[: found.start()].strip()
