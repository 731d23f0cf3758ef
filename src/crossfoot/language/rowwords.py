"""Operation words that are a named row's own words ("Total revenue", "Net change in cash",
"Earnings per share").

:func:`crossfoot.language.rowfocus.states_a_cell` reads a sentence with no operation word as the
value of a row in a year ("The revenue in 2019 is $4.2 million"): a derivation that lands on its
figure is a coincidence. A row's label may hold such a word itself: "The net change in cash
balance in 2019 is -16" or "The earnings per diluted share in 2018 is $2.70" word no operation
of their own, they name a row. The row's words do not make the sentence a calculation; any other
operation word, or a written sign (``+``, ``=``, ``/``), still does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from crossfoot.language.rowtokens import label_tokens, required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["only_row_words"]

# Written signs of a calculation: never a row's words.
_SIGN = re.compile(r"[=+×÷/]|\s-\s")


def only_row_words(
    operation: re.Pattern[str],
    sentence: str,
    words: frozenset[str],
    values: Iterable[SourceValue],
) -> bool:
    """Whether every match of ``operation`` in ``sentence`` is words of a table row the sentence
    names (a row whose required tokens are all among ``words``, the sentence's tokens).

    >>> from decimal import Decimal
    >>> op = re.compile(r"(?i)\\b(?:change|total|share)\\b|[=+/]")
    >>> rows = [SourceValue(Decimal(-16), "S", row="Net change in cash balance", table=0)]
    >>> s = "The net change in cash balance in 2019 is -16."
    >>> only_row_words(op, s, frozenset(tokens(s)), rows)
    True
    >>> s = "The total of the net change in cash balance in 2019 is -16."
    >>> only_row_words(op, s, frozenset(tokens(s)), rows)
    False
    """
    if _SIGN.search(sentence):
        return False
    asked: set[str] = set()
    for m in operation.finditer(sentence):
        toks = tokens(m.group(0))
        if not toks:
            return False  # a sign or a word the row tokens never hold
        asked.update(toks)
    if not asked:
        return False
    held: set[str] = set()
    seen: set[str] = set()
    for sv in values:
        row = sv.row
        if row is None or sv.table is None or row in seen:
            continue
        seen.add(row)
        req = required_tokens(row)
        if req and req <= words:
            held |= label_tokens(row)
            if asked <= held:
                return True
    return False
