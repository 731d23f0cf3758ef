"""The words that say whose a figure of running text is: the words of its own clause before it.

"Subscription revenue grew 14% to $812 million, while services revenue declined 2% to $428
million": $812 million is subscription revenue's, $428 million services revenue's. A table cell
has its row label; a prose figure has only the words before it, read back to the start of its
clause (a sentence end, a semicolon, a comma, or "while", "whereas", "but", "and" after one), so
that the figure of the second clause does not take the first clause's subject too.

>>> t = "Subscription revenue grew 14% to $812 million, while services revenue declined 2% to $428"
>>> sorted(clause_subject(t, (t.index("$812"), t.index("$812") + 4)))
['grew', 'revenue', 'subscription']
>>> sorted(clause_subject(t, (t.index("$428"), len(t))))
['declined', 'revenue', 'service']
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.rowtokens import tokens

__all__ = ["clause_subject", "clause_text"]

# How far back a figure's clause is read.
_BACK = 160
# The start of a clause: a sentence end, a semicolon or a comma (not a figure's "1,234"; with a
# joining word after it).
_CLAUSE_START = re.compile(
    r"(?:[.!?]\s+|;\s*|,(?!\d)\s*(?:(?:while|whereas|but|and)\s+)?|\b(?:while|whereas)\s+)"
)


def clause_text(text: str, span: tuple[int, int]) -> str:
    """The words of ``text[span]``'s clause up to the figure's end, as written.

    >>> t = "Sales rose 4% to $9 million, while costs fell 2% to $5 million."
    >>> clause_text(t, (t.index("$5"), t.index("$5") + 10))
    'costs fell 2% to $5 million'
    >>> t = "Revenue of $1,234 million rose 5% to $1,300 million."  # (a figure's comma: no clause)
    >>> clause_text(t, (t.index("$1,300"), t.index("$1,300") + 6))
    'Revenue of $1,234 million rose 5% to $1,300'
    """
    start = span[0]
    lo = max(0, start - _BACK)
    before = text[lo:start]
    cut = 0
    for m in _CLAUSE_START.finditer(before):
        if m.end() < len(before):  # (a break right before the figure starts no clause)
            cut = m.end()
    return text[lo + cut : span[1]].strip()


@lru_cache(maxsize=4096)
def clause_subject(text: str, span: tuple[int, int]) -> frozenset[str]:
    """Content tokens of the words of ``text[span]``'s clause before it (see the module)."""
    said = clause_text(text, (span[0], span[0]))
    return frozenset(t for t in tokens(said) if not t[:1].isdigit())
