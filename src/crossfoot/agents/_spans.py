"""Spans of days a user names counted from today: "within the next 30 days", "in the coming two
weeks", "within a month", "over the next 3 months".

The user leaves the day to the agent inside the span: a date argument on any day from the
reference date to the span's end is one the user asked for (the evidence names the span), and a
bound argument (``start``, ``end``: ``agents._periods``) may take the span's first day, its last,
or the day after it. A day outside the span is not vouched for, and without a reference date no
span is read. "In 2 weeks" names one day (``agents._dates``), not a span.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from crossfoot.agents._count_words import COUNT, after_frequency, count_value
from crossfoot.agents._dates import months_after

__all__ = ["forward_spans", "span_of"]

_N = rf"(\d{{1,3}}|{COUNT})"  # the count words of every reader of days (agents._count_words)
_UNIT = r"(days?|weeks?|months?|fortnights?)"
# "within (the next) 30 days", "in/over/during the next 2 weeks", "the coming 10 days"; not "the
# next day" (a shift, agents._ingest) nor "next month" (a calendar month, agents._periods).
_SPAN = re.compile(
    rf"\bwithin\s+(?:the\s+)?(?:next\s+|coming\s+|following\s+)?{_N}\s+{_UNIT}\b"
    rf"|\b(?:in|over|during|for)?\s*the\s+(?:next|coming|following)\s+{_N}\s+{_UNIT}\b"
)
_GATE = ("within", "next", "coming", "following")


def forward_spans(low: str, reference: date | None) -> tuple[tuple[int, int, str], ...]:
    """``(first, last, text)`` day ordinals of each span a lower-cased user message names.

    >>> ref = date(2027, 4, 20)
    >>> [(date.fromordinal(a).isoformat(), date.fromordinal(b).isoformat(), t)
    ...  for a, b, t in forward_spans("any day within the next 30 days, please", ref)]
    [('2027-04-20', '2027-05-20', 'within the next 30 days')]
    >>> forward_spans("the next day, or in 2 weeks, next month", ref)
    ()
    """
    if reference is None or not any(g in low for g in _GATE):
        return ()
    return _spans(low[:20_000], reference)


@lru_cache(maxsize=256)
def _spans(low: str, ref: date) -> tuple[tuple[int, int, str], ...]:
    out = []
    for m in _SPAN.finditer(low):
        count, unit = (m[1], m[2]) if m[1] else (m[3], m[4])
        if m[1] and " the " not in m[0] and after_frequency(low, m.start()):
            continue  # "charged twice within a month": how often, not when
        n = count_value(count)
        if unit.startswith("month"):
            last = months_after(ref, n)
        else:
            last = (ref + timedelta(days=n * {"w": 7, "f": 14}.get(unit[0], 1))).toordinal()
        out.append((ref.toordinal(), last, m[0].strip()))
        if len(out) >= 50:
            break
    return tuple(out)


def span_of(low: str, reference: date | None, day: int) -> str | None:
    """The text of the first span a user message names that holds the day ``day``, else None.

    >>> span_of("within 2 weeks", date(2027, 4, 20), date(2027, 5, 1).toordinal())
    'within 2 weeks'
    >>> span_of("within 2 weeks", date(2027, 4, 20), date(2027, 5, 5).toordinal()) is None
    True
    """
    for first, last, text in forward_spans(low, reference):
        if first <= day <= last:
            return text
    return None
