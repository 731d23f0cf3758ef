"""The lead-in of a list an answer's figure stands in ("we sum the amounts:" before "- 2011: $1.9
million"), read for the operation it words (rules._prose_pairs.worded_kinds).

A model that works one figure per line words the operation once, before the list: "To find the
total for 2012 and 2011, we sum the amounts:" then "- 2012: $2.7 million", "- 2011: $1.9
million". The first line has the lead-in as its sentence before; the later lines have only the
line above, which names no operation. Every line of the list takes the lead-in's wording: the
nearest line above the run of list lines, when it ends in a colon (or opens the first item after
one, "... the amounts:- **2012**: $0.6 million").

>>> t = "To find the total, we sum the amounts:\\n- 2012: $2.7 million\\n- 2011: $1.9 million"
>>> list_lead(t, t.index("- 2011"))
'To find the total, we sum the amounts:'
>>> list_lead("Revenue rose.\\n- 2011: $1.9 million", 14)
''
"""

from __future__ import annotations

import re

__all__ = ["list_lead"]

_ITEM = re.compile(r"\s*(?:[-*\u2022]|\d{1,2}[.)])\s")
_LINES = 24  # list lines passed over at most


def list_lead(text: str, start: int) -> str:
    """The lead-in line of the list whose line holds ``start`` of ``text``, or ""."""
    line_start = text.rfind("\n", 0, start) + 1
    if not _ITEM.match(text, line_start):
        return ""
    for _ in range(_LINES):
        if line_start == 0:
            return ""
        prev_start = text.rfind("\n", 0, line_start - 1) + 1
        line = text[prev_start : line_start - 1]
        if not _ITEM.match(line):
            return line.strip() if ":" in line else ""
        line_start = prev_start
    return ""
