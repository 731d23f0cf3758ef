"""A rate stated per period over a line of periods: "grew about 4% a week over the four weeks",
"revenue rose 5% month over month", "a compound monthly growth rate of 2.1%"; and a sentence
that sets a year's two halves against each other ("H2 rose 23.8% over H1").

Both read a whole line of periods, not one or two cells: trace's result sets pick only the cells
near an answer's figures, so :func:`needs_whole_line` tells ``sources.rows`` to keep every row
(as "grew every month" does). :func:`rate_period` names the period a rate is stated per
("week", "month", "quarter", "day"), :func:`stated_steps` the count of periods the sentence
gives it over ("over the four weeks": 4), both read by ``rules.period_rate``.

>>> rate_period("Signups grew about 4% a week over the four weeks."), stated_steps(
...     "Signups grew about 4% a week over the four weeks.")
('week', 4)
>>> rate_period("Revenue rose 5% month over month."), rate_period("Revenue rose 5% in May.")
('month', None)
>>> needs_whole_line("H2 sales rose 23.8% over H1."), needs_whole_line("Sales rose 5%.")
(True, False)
"""

from __future__ import annotations

import re

from crossfoot.language.each_periods import says_each_period
from crossfoot.language.latest_step import names_a_period, says_period_over
from crossfoot.language.since_year import says_since_year
from crossfoot.numbers.words import SMALL_NUMBERS

__all__ = ["names_halves", "needs_whole_line", "rate_period", "stated_steps"]

_UNITS = "week|month|quarter|day"
_RATE = re.compile(
    rf"(?i)\b(?:(?:a|per|each|every)\s+({_UNITS})\b|({_UNITS})[- ](?:over|on)[- ](?:{_UNITS})\b|"
    r"(weekly|monthly|quarterly|daily)\b|(wow|mom|qoq|dod)\b)"
)
_ADJECTIVE = {"weekly": "week", "monthly": "month", "quarterly": "quarter", "daily": "day"}
_SHORT = {"wow": "week", "mom": "month", "qoq": "quarter", "dod": "day"}
_GATES = ("week", "month", "quarter", "day", "wow", "mom", "qoq", "dod")
# The number words of a count of periods ("over the four weeks"): numbers.words' two to twelve.
_WORDS = {w: n for w, n in SMALL_NUMBERS.items() if 2 <= n <= 12}
_STEPS = re.compile(
    rf"(?i)\b(?:over|across|in|during|for)\s+(?:the\s+)?(?:(?:last|past|first|next)\s+)?"
    rf"(\d{{1,2}}|{'|'.join(_WORDS)})\s+({_UNITS})s\b"
)
_HALF = re.compile(r"(?i)\b(?:h([12])|([12])h|(first|second)[\s-]+half)\b")


def rate_period(sentence: str) -> str | None:
    """The period ``sentence`` states a rate per ("a week", "monthly", "month over month",
    "MoM"), or None."""
    low = sentence.lower()
    if not any(g in low for g in _GATES):
        return None  # (a substring gate: most sentences name no period)
    for m in _RATE.finditer(sentence):
        if (m[3] or m[0][:3].lower() == "per") and not _adjective_rate(sentence, m):
            continue  # ("quarterly revenue", "revenue per quarter": the figure's kind, no rate)
        word = next(g for g in m.groups() if g).lower()
        return _ADJECTIVE.get(word) or _SHORT.get(word) or word
    return None


# A rate's noun after a period adjective ("a compound monthly growth rate", "weekly gains").
_RATE_NOUN = re.compile(
    r"\s+(?:compound\w*\s+)?(?:growth|rate|increase|decrease|decline|gain|loss|drop|rise|change"
    r"|pace|clip)",
    re.IGNORECASE,
)


def _adjective_rate(sentence: str, m: re.Match[str]) -> bool:
    """Whether a period adjective ("weekly", "monthly") or "per" a period states a rate: it names
    a rate's noun ("monthly growth") or stands after a percent ("grew 2% monthly", "per
    month"); before the figure it names the figure's kind ("quarterly revenue rose 21.6%",
    "monthly active users", "revenue per quarter").

    >>> rate_period("Quarterly revenue rose 21.6% from Q1 to Q4."), rate_period(
    ...     "Revenue grew 2% monthly."), rate_period("A compound monthly growth rate of 2.1%.")
    (None, 'month', 'month')
    >>> rate_period("Revenue per quarter rose 21.6%."), rate_period("Revenue grew 2% per month.")
    (None, 'month')
    """
    if _RATE_NOUN.match(sentence, m.end()):
        return True
    before = sentence[: m.start()]
    return "%" in before or "percent" in before.lower()


def stated_steps(sentence: str) -> int | None:
    """The count of periods a sentence gives its rate over ("over the four weeks": 4)."""
    m = _STEPS.search(sentence)
    if m is None:
        return None
    n = m[1].lower()
    return int(n) if n.isdigit() else _WORDS[n]


def names_halves(text: str) -> bool:
    """Whether ``text`` names both halves of a year ("H2 ... over H1", "the second half")."""
    low = text.lower()
    if "h1" not in low and "1h" not in low and "half" not in low:
        return False
    return {
        bool(m[1] == "1" or m[2] == "1" or (m[3] or "").lower() == "first")
        for m in _HALF.finditer(text)
    } == {True, False}


def needs_whole_line(text: str) -> bool:
    """Whether ``text`` states a figure that only a whole line of periods gives: a rate per
    period, or a year's halves set against each other (module docstring); a move in each of N
    periods (language.each_periods); a change period over period that names no period, the
    latest step of the line (language.latest_step)."""
    if rate_period(text) is not None or names_halves(text) or says_each_period(text):
        return True
    if says_since_year(text):  # "up 12% since 2021": to the latest row (language.since_year)
        return True
    return says_period_over(text) and not names_a_period(text)  # (language.latest_step)
