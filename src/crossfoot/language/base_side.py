"""A figure set against a year's own figure: "€52 million above the 2022 figure", "3% below 2022
levels".

"Above" and "below" are no direction words on their own ("above $4M" is a bar, "see below" no
movement), but right after a figure and before a year's figure they state which side of that
year the figure's subject lies: the figure is the gap, the year its base (``rules._base_year``),
and the side its direction. :func:`base_side` reads that side for
:func:`~crossfoot.language.direction.stated_direction`.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["base_side", "beside_year"]

# "above the 2022 figure", "below fiscal 2022's level", "above 2022 levels", "below that of 2022";
# "above the prior-year figure", "below last year's level", "above the year-ago quarter" (the
# base is the year before the one the sentence states)
_YEAR_AFTER = (
    r"(?=\s+(?:(?:that|those)\s+of\s+)?(?:the\s+|its\s+|their\s+)?"
    r"(?:(?:fiscal\s+(?:year\s+)?|fy\s*)?(?:19|20)\d\d\b(?!\s*(?:%|\.\d|,\d))"
    r"|(?:prior|previous|preceding)[\s-]year\b|last\s+year'?s?\b|year[\s-](?:ago|earlier)\b))"
)
_SIDE = re.compile(rf"(?i)[\s,]*(?P<side>above|below)\b{_YEAR_AFTER}")
_BESIDE = re.compile(rf"(?i)\b(?:above|below){_YEAR_AFTER}")


def base_side(text: str, end: int) -> Literal["up", "down"] | None:
    """The side a figure ending at ``end`` states, right before "above" a year's figure
    ("up") or "below" one ("down"); None otherwise.

    >>> t = "Costs were $15.4 million below the 2022 figure."
    >>> base_side(t, 24), base_side("Revenue of $4M was above 2022.", 14)
    ('down', None)
    """
    near = text[end : end + 9].lower()
    if "above" not in near and "below" not in near:  # (a cheap gate: most figures have neither)
        return None
    m = _SIDE.match(text, end)
    if m is None:
        return None
    return "up" if m.group("side").lower() == "above" else "down"


def beside_year(sentence: str) -> bool:
    """Whether ``sentence`` sets something above or below a year's figure (an operation: the
    figure before it is a gap, not a cell; ``language.rowfocus.states_a_cell``).

    >>> beside_year("Costs were $15.4 million below the 2022 figure."), beside_year("above $4M")
    (True, False)
    """
    low = sentence.lower()
    if "above" not in low and "below" not in low:
        return False
    return _BESIDE.search(sentence) is not None
