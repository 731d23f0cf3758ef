"""A computed word that names the asked quantity, not an operation the answer must do.

"What was the debt-to-equity ratio in 2019?" over a table whose row is "Debt-to-equity" (and "the
current ratio" over a row "Current", "the payout percentage" over "Payout") asks for that row's
figure: the word "ratio" ends the quantity's name, which the table writes without it. A question
that asks for a computation ("the ratio of debt to equity", "what percentage of revenue was
...") puts the word before what it computes, and one value quoted for it is still judged
(:func:`crossfoot.rules.alignment_op._one_value_misfit`).

>>> from decimal import Decimal
>>> v = SourceValue(Decimal("0.45"), "S1", row="Debt-to-equity", column="2019", table=0)
>>> names_quantity("What was the debt-to-equity ratio in 2019?", v)
True
>>> names_quantity("What is the ratio of debt to equity in 2019?", v)
False
"""

from __future__ import annotations

import re

from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import SourceValue

__all__ = ["names_quantity"]

_LAST_WORD = re.compile(r"([\w&'-]+)[\s-]*\Z")

_COMPUTED_NOUN = re.compile(r"(?i)\b(?:ratios?|quotients?|percentages?|percent)\b")


def names_quantity(question: str, v: SourceValue) -> bool:
    """Whether a computed word of ``question`` ("ratio", "percentage") stands right after a
    word of ``v``'s own row label (or field name): the question names the row's quantity."""
    own = v.row or v.field
    if not own or _COMPUTED_NOUN.search(question) is None:
        return False
    words = set(tokens(own))
    for m in _COMPUTED_NOUN.finditer(question):
        # the word written right before it (a stop word, "the", names nothing: "the change in
        # equity, and the percentage?" asks for a computation)
        before = _LAST_WORD.search(question, 0, m.start())
        if before is not None and (last := tokens(before.group(1))) and set(last) <= words:
            return True
    return False
