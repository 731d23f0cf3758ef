"""A Total line asked for its years: the question's "total" names the line, not a sum.

:func:`crossfoot.rules.alignment.align_answer` calls an answer that gives two figures or more
``off_question`` when the question asks for one total ("What was the total product revenue in
2019 and 2018?": one figure, the sum). "What was the total revenue in 2019 and 2018?" over a
table with a *Total revenue* row names that row word for word and asks for its value in each
year: the answer "5,840 and 5,520" gives them. :func:`total_named` reads the question so when
every final figure is one cell of a row whose label holds "total" and the question writes the
row's label word for word, and the question has no word that combines the years ("both",
"combined", "together", "sum", "aggregate", "in total": "the total cost of revenue in both 2019
and 2018" asks for the two years added).

>>> from crossfoot import check
>>> t = ('[["", "2019", "2018"], ["Goods", "4,210", "3,980"], ["Services", "1,630", "1,540"], '
...      '["Total revenue", "5,840", "5,520"]]')
>>> said = "The total revenue in 2019 is 5,840 and in 2018 is 5,520.\\nAnswer: 5,840 and 5,520"
>>> check(said, [t], question="What was the total revenue in 2019 and 2018?").passed
True
>>> check(said, [t], question="What was the total revenue in both 2019 and 2018?").passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import Claim
from crossfoot.rules._named import TOTAL_LABEL
from crossfoot.rules._named_parts import said_whole

__all__ = ["total_named"]

# Words that ask for the years (or lines) added together
_COMBINES = re.compile(r"(?i)\b(?:both|combined|together|altogether|sum|aggregate|in\s+total)\b")


def total_named(ask: Ask, finals: Sequence[Claim]) -> bool:
    """Whether every final figure is one cell of a Total row the question writes word for word
    and the question combines nothing (see the module): its "total" names the row."""
    if ask.op != "sum" or not finals or _COMBINES.search(ask.text):
        return False
    words = tokens(ask.text)
    for c in finals:
        ev = c.evidence
        if ev is None or ev.rule != "direct" or len(ev.operands) != 1:
            return False
        row = ev.operands[0].row
        if ev.operands[0].table is None or not row or not TOTAL_LABEL.search(row):
            return False
        if not said_whole(tuple(tokens(row)), words):
            return False
    return True
