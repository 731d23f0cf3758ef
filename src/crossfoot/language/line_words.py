"""The words that call a figure a line's high, low or record ("peaked at", "a low of", "its
highest", "a record"), read right before the figure (:mod:`crossfoot.rules.line_extreme`).

``may_lead`` tells whether an answer has one before a figure at all: ``trace`` then reads every
row of a result set for it, since the line's other periods are what the figure is held to
("churn hit its low of 45 in April" over a month's rows: lead40).

>>> may_lead("Churn hit its low of 45 in April."), may_lead("Churn was low in April.")
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["BARE", "GATE", "LEAD", "may_lead"]

# (group "low": a low; group "record": up to its own period) right before the figure; a bare
# "lowest" / "highest" only right before "at" ("Revenue was lowest at $112M": the line's low,
# as "Widgets had the lowest revenue, $112M" ranks rows, rules.extremes)
LEAD = re.compile(
    r"(?i)\b(?:(?P<low>bottomed(?:\s+out)?|(?:a|its)\s+(?:new\s+|multi[\s-]year\s+|record\s+)?"
    r"(?:low|trough)|its\s+lowest(?:\s+(?:level|point))?|lowest\s+(?:level|point)|trough|"
    r"lowest(?=,?\s+at\b))|"
    r"(?P<record>(?:an?\s+)?(?:new\s+)?record(?:\s+high)?|(?:an?\s+)?all[\s-]time\s+high)|"
    r"peaked|topped\s+out|(?:a|its)\s+(?:new\s+|multi[\s-]year\s+)?(?:high|peak)|"
    r"its\s+highest(?:\s+(?:level|point))?|highest\s+(?:level|point)|highest(?=,?\s+at\b))"
    r"(?:\s+(?:ever|yet))?(?:,?\s+(?:at|of|to|was|is))?\s*(?:of\s+)?(?:about\s+|around\s+)?$"
)
GATE = ("peak", "high", "low", "record", "bottom", "trough", "topped")
# LEAD's bare superlative: in a sentence that names a year it may rank rows in that year ("In
# 2023, East was highest at $500"), so the line's low or high is read only without one
BARE = re.compile(r"(?i)(?:lowest|highest)(?!\s+(?:level|point))")
_BEFORE_FIGURE = re.compile(LEAD.pattern.removesuffix("$") + r"[$\u20ac\u00a3]?\s?\d")


def may_lead(text: str) -> bool:
    """Whether ``text`` calls a figure a line's high, low or record."""
    low = text.lower()
    return any(g in low for g in GATE) and _BEFORE_FIGURE.search(text) is not None
