"""The words right after a figure that belong to it: "9.3% of total assets", "$5m in revenue",
"$1.08 per diluted share". They say what the figure is, and they end its stretch of the
sentence: the next figure's words start after them ("$14.3 million (9.3% of total assets) in
2019, compared with $11.1 million": "total assets" is not what $11.1 million is of).
"""

from __future__ import annotations

import re

__all__ = ["tail_end"]

# "of", "in" or "per" and one to four words; never a clause's own break word ("in revenue and
# costs" stops before "and"), a figure, a year or punctuation.
_TAIL = re.compile(
    r"\s+(?:of|in|per)(?:\s+(?!(?:and|but|while|whereas|compared|versus|vs|respectively)\b)"
    r"[a-z&'-]+\b){1,4}",
    re.IGNORECASE,
)


def tail_end(text: str, end: int, hi: int) -> int:
    """Where the words that belong to the figure ending at ``end`` stop (``end`` when none
    follow it), read up to ``hi``.

    >>> text = "$14.3 million (9.3% of total assets) in 2019, compared with $11.1 million"
    >>> text[tail_end(text, 19, len(text)):][:10]
    ') in 2019,'
    >>> tail_end("$5m, or $1.08 per share", 3, 23)
    3
    """
    said = _TAIL.match(text, end, hi)
    return said.end() if said else end
