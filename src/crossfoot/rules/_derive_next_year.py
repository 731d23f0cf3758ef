"""The year a coarse change runs to when the one year its question names is the change's base.

A coarse figure over running text is searched only among the prose figures of the years its
sentence (or the question before it) names, and a change "in 2009" also among those of the year
before (rules._prose_prior). A question that names one year as the BASE of the change ("and
what is this change as a percentage of the 2011 rental expense?", "the change in relation to
the 2007 amount", "the growth from 2011") names the year the change runs FROM: the change runs
to the year after, and the year before has no part in it.

>>> import re
>>> bool(BASE_NAMED.search("what is this change as a percentage of the 2011 rental expense"))
True
>>> bool(BASE_NAMED.search("what was the change in rental expense in 2011"))
False
>>> next_years({2011}, "the change in relation to the 2011 amount")
{2012}
>>> next_years({2011, 2012}, "from 2011 to 2012")
set()
"""

from __future__ import annotations

import re

__all__ = ["BASE_NAMED", "next_years"]

# The one year named as the base of a change or of the share a change is of: "% of the 2011
# total", "a percentage of the 2011 expense", "in relation to the 2011 amount", "from 2011",
# "relative to 2011", "compared to 2011", "divided by the 2011 value".
BASE_NAMED = re.compile(
    r"(?i)(?:\b(?:from|since|versus|vs\.?|compared\s+(?:with|to)|relative\s+to|"
    r"in\s+relation\s+to|divided\s+by)|(?:%|\bpercent(?:age)?|\bper\s+cent|\bproportion|"
    r"\bfraction|\bshare|\bportion)\s+of)"
    r"\s+(?:(?:in|for|during)\s+)?(?:the\s+|its\s+|their\s+|that\s+|this\s+)?"
    r"(?:fiscal\s+(?:year\s+)?|fy\s*)?(?:19|20)\d\d\b"
)


def next_years(years: set[int], wording: str) -> set[int]:
    """The year after the one year of ``years`` when ``wording`` names it as the base of a
    change (see the module docstring); empty otherwise."""
    if len(years) != 1 or BASE_NAMED.search(wording) is None:
        return set()
    return {next(iter(years)) + 1}
