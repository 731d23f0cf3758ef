"""Whether a pair of figures sets two subjects side by side rather than two periods.

"Services grew slower than Cloud (20% vs 30%)", "Cloud grew faster than Services in 2024 (30%
vs 20%)", "Cloud grew 30% in 2024 vs 20% for Services": each "X vs Y" pair gives two rows'
figures of one period. Read as a period pair (language.order: "X vs Y" is now against before),
the second figure became the earlier year's, so a right 20% failed as unsupported, or a
"grew" over "20% vs 30%" read as a fall. Two signs say the pair is of subjects:

- a comparison with "than" (or "outpaced", "outgrew", "lagged") before the pair whose words
  after it name no other period ("than Cloud", not "than the prior year", "than in 2023"), no
  figure and no expectation ("more than 20%", "faster than expected"), and no "other than";
- the second figure's own words name a subject in capitals right after it ("20% for
  Services"), not a period ("for the prior year", "for fiscal 2023", "for Q3").

>>> text = "Services grew slower than Cloud (20% vs 30%)."
>>> subjects_compared(text, 0, text.index("("))
True
>>> text = "Revenue was higher than the prior year (1,560 vs 1,200)."
>>> subjects_compared(text, 0, text.index("("))
False
>>> text = "Revenue fell more than expected (1,560 vs 1,200)."
>>> subjects_compared(text, 0, text.index("(")), subjects_compared(text, 0, text.index("1,560"))
(False, False)
>>> text = "Cloud grew 30% in 2024 vs 20% for Services."
>>> named_after(text, text.index("20%") + 3)
True
>>> named_after("It was 30% in 2024, up from 20% for the prior year.", 33)
False
"""

from __future__ import annotations

import re

__all__ = ["named_after", "subjects_compared"]

_GATES = ("than", "outpac", "outgr", "lagged", "lags ")
_THAN = re.compile(r"(?i)\b(?:than|outpaced|outpaces|outgrew|outgrows|lagged|lags)\b")
# a period after the comparison: the pair is then of two periods ("than the prior year",
# "than in 2023", "than a year earlier", "than last quarter")
_PERIOD = re.compile(
    r"(?i)\b(?:prior|previous|preceding|earlier|before|ago|last|since|year|years|quarter|"
    r"quarters|month|months|period|h[12]|q[1-4]|fy\S*|(?:19|20)\d\d)\b"
)
# what follows a "than" that compares no subject: a figure ("more than 20%", "than $1.2M"), an
# expectation ("than expected", "than the forecast"), and "other than" / "rather than" before it
_NOT_SUBJECT = re.compile(
    r"(?i)\s*(?:[$\u20ac\u00a3\u00a5(+-]|\d|(?:the\s+|our\s+|its\s+|their\s+)?(?:expect|anticipat|"
    r"forecast|plan|budget|guid|project|estimat|predict|hoped|feared|usual|normal|"
    r"consensus|target|intend)\w*\b|(?:we|analysts|management)\b)"
)
_NOT_COMPARED = re.compile(r"(?i)\b(?:other|rather)\s+$")
# "for Services", "at Cloud", "in EMEA": a subject in capitals right after the figure; not a
# period's name ("for Q3", "for FY2023", "in H1", a month)
_NAMED = re.compile(
    r"\s+(?:for|at|in|from|of)\s+(?:the\s+)?(?!(?:Q[1-4]|H[12]|FY|Fiscal|Jan|Feb|Mar|Apr|May|Jun|"
    r"Jul|Aug|Sep|Oct|Nov|Dec)\w*\b)[A-Z][\w&'-]*"
)


def subjects_compared(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a sentence up to a pair's first figure) compares subjects:
    a "than" (or "outpaced", ...) whose words up to ``end`` name no other period."""
    stretch = text[start:end]
    low = stretch.lower()
    if not any(g in low for g in _GATES):
        return False
    last = None
    for m in _THAN.finditer(stretch):
        last = m
    if last is None:
        return False
    tail = stretch[last.end() :]
    if _NOT_SUBJECT.match(tail) or _NOT_COMPARED.search(stretch, 0, last.start()):
        return False  # "fell more than expected", "more than 20%", "other than Cloud"
    return _PERIOD.search(tail) is None or _one_year_only(stretch, tail)


def _one_year_only(stretch: str, tail: str) -> bool:
    """ "than Services in 2024 (": the one year the whole sentence states, after the subject,
    names the pair's period, not a second one."""
    years = re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", stretch)
    rest = re.sub(r"(?i)\b(?:in\s+)?(?:19|20)\d\d\b", "", tail)
    return (
        len(set(years)) == 1 and _PERIOD.search(rest) is None and bool(re.match(r"\s*[A-Z]", tail))
    )


def named_after(text: str, end: int) -> bool:
    """Whether a subject in capitals follows a figure ending at ``end`` ("20% for Services")."""
    return _NAMED.match(text, end) is not None
