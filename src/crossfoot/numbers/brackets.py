"""Whether a bracket of digits holds figures rather than citations.

"[1, 2]" after a claim cites sources 1 and 2, but an answer written as a list is a bracket too:
"Answer: [3,300, 2,900]", "[600, 480]". A bracket holds figures when a number in it is written in
thousands (digits, a comma and three digits with no space: "1,000" is no pair of ids), or when
it is its line's whole content but for a label before it ("Answer:", "=", or none) and a full
stop after it: a citation follows the claim it backs, so a bracket that is the whole answer cites
nothing ("[1] Revenue rose" opens a footnote line, and stays a citation).

>>> figure_list("Answer: [600, 480]", 8, 18), figure_list("Sales rose [1, 2]", 11, 17)
(True, False)
>>> figure_list("It was [3,300, 2,900].", 7, 21), figure_list("[1] Revenue rose 5%.", 0, 3)
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["figure_list"]

# A thousands group: 1-3 digits, a comma and three digits, no space and no decimal point around.
_GROUPED_RE = re.compile(r"(?<![\d.])\d{1,3},\d{3}(?![\d.])")
# A label that ends with a colon or an equals sign ("Answer:", "Final answer =", "A:"), or none.
_LABEL_RE = re.compile(r"(?:[^\S\n]*[\w ()'-]{0,30}[:=])?[^\S\n]*\Z")
_LINE_END_RE = re.compile(r"[^\S\n]*\.?[^\S\n]*(?:\n|\Z)")


def figure_list(text: str, start: int, end: int) -> bool:
    """Whether the bracket ``text[start:end]`` (brackets included) holds figures (module
    docstring)."""
    if _GROUPED_RE.search(text, start, end) is not None:
        return True
    if _LINE_END_RE.match(text, end) is None:
        return False
    line = text.rfind("\n", 0, start) + 1
    return _LABEL_RE.match(text, line, start) is not None
