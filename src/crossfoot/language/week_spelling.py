"""A week written in a sentence the way the rows write it (gaps37), for readers that match a row
label by its letters (``trace``'s wrong-row check over result rows).

Rows keyed "W1", "W2", "W3" are named by "week 2" as well as by "W2"; rows keyed "Week 1" ...
by "W2" and "wk2" as well. The sentence's week forms ("week 2", "wk 2", "Wk2", "W2", "week 02")
are rewritten in the spelling of the first week label among the first rows; a text that holds
no "w", or rows not keyed by week, is returned as it is.

>>> weeks_as_labels(("W1", "W2", "W3"), "Revenue was 4,200 in week 2.")
'Revenue was 4,200 in W2.'
>>> weeks_as_labels(("Week 1", "Week 2"), "in W2 and wk 1")
'in Week 2 and Week 1'
>>> weeks_as_labels(("North", "South"), "in week 2")
'in week 2'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["weeks_as_labels"]

_LABEL = re.compile(r"(w|wk|week)(\s*)(0?)(\d{1,2})", re.I)
_SAID = re.compile(r"\b(?:week|wk|w)\s?0?(\d{1,2})\b", re.I)


def weeks_as_labels(labels: Sequence[str | None], text: str) -> str:
    """``text`` with each week it names spelled as the rows ``labels`` spell theirs (module
    docstring); only the first three labels are read (a result set's key column is of one
    kind)."""
    if "w" not in text and "W" not in text:
        return text
    style = _style(tuple(labels[i] for i in range(min(3, len(labels)))))
    if style is None:
        return text
    return _rewrite(style, text)


@lru_cache(maxsize=256)
def _style(first: tuple[str | None, ...]) -> tuple[str, str, int] | None:
    """(prefix, separator, width of the number) of the first week label, None when the first
    labels are not all weeks."""
    found = None
    for label in first:
        m = _LABEL.fullmatch(label.strip()) if label else None
        if m is None:
            return None
        if found is None:
            found = (m[1], m[2][:1], 2 if m[3] else 0)
    return found


@lru_cache(maxsize=512)
def _rewrite(style: tuple[str, str, int], text: str) -> str:
    prefix, sep, width = style

    def spelled(m: re.Match[str]) -> str:
        n = int(m[1])
        if not 1 <= n <= 53:
            return m[0]
        return f"{prefix}{sep}{n:0{width}d}" if width else f"{prefix}{sep}{n}"

    return _SAID.sub(spelled, text)
