""" "Best" and "worst" as superlatives that rank a table's rows: "March was the best month",
"the worst region was South", "our best-ever quarter" (not: "at best", "the best estimate",
"best practice"; nor, as ``language.extremes`` reads the other superlatives, "the second-best
month", "one of our best months", "our best month since 2021").

Read only before a noun that names what the rows are (a row noun of ``language.extremes``:
"region", "store", "product"; or a period: "month", "quarter", "week", "day"), within one
word ("the best single month", "the worst performing region"), or before a rate within two
("the best conversion rate"). Which way "best" ranks depends on the column: more revenue is
better, more churn or cost is worse. :func:`lower_is_better` names the columns where a greater
figure is the worse one; the rule leaves "best" and "worst" of those alone (rules.extremes).

>>> t = "March was the best month; South the worst region, at best a blip."
>>> [(t[a:b], h) for a, b, h in best_worst(t, 0, len(t))]
[('best', True), ('worst', False)]
>>> best_worst("May was the second-best month, our best month since 2021.", 0, 58)
[]
>>> lower_is_better("Churn rate"), lower_is_better("Revenue"), lower_is_better(None)
(True, False, False)
"""

from __future__ import annotations

import re

from crossfoot.language.extremes import _NOT_AFTER, _NOT_BEFORE, ROW_NOUNS_RE

__all__ = ["PERIOD_NOUNS", "best_worst", "lower_is_better"]

# A rate of two columns ("the best conversion rate", "the worst gross margin"): ranked by the
# derived figure, unless more of it is worse (rules.extremes)
_RATES = r"(?:rates?|ratios?|margins?|yields?)"
#: Nouns of a line's periods: "the best month" ranks the rows of a series by month.
PERIOD_NOUNS = frozenset({"month", "quarter", "week", "day"})
_PERIODS = "|".join(sorted(w + s for w in PERIOD_NOUNS for s in ("", "s")))
_BEST = re.compile(
    r"(?i)\b(?:(?P<high>best)|worst)(?:-ever)?\s+(?:(?:[a-z]+[\s-]+)?"
    rf"(?:{ROW_NOUNS_RE}|{_PERIODS})|(?:[a-z]+[\s-]+){{0,2}}{_RATES})\b"
)
# Words of a column where a greater figure is the worse one ("the worst month" for churn is
# its highest): best and worst are not read there.
_WORSE_UP = frozenset(
    "cost costs expense expenses churn churned loss losses return returns refund refunds "
    "complaint complaints defect defects cancellation cancellations latency error errors "
    "debt bounce incident incidents outage outages downtime cac".split()
)
_WORD = re.compile(r"[a-z]+")


def best_worst(text: str, lo: int, hi: int) -> list[tuple[int, int, bool]]:
    """``(start, end, high)`` of each "best" (high) or "worst" of ``text[lo:hi]`` before a row
    or period noun (module docstring)."""
    low = text[lo:hi].lower()
    if "best" not in low and "worst" not in low:
        return []
    out = []
    for m in _BEST.finditer(text, lo, hi):
        # as language.extremes reads the other superlatives: not "the second-best month", "one
        # of our best months", nor "our best month since January" (against a past of its own)
        if _NOT_BEFORE.search(text, max(lo, m.start() - 30), m.start()):
            continue
        if _NOT_AFTER.match(text[m.end() : hi]):
            continue
        high = m.group("high") is not None
        out.append((m.start(), m.start() + (4 if high else 5), high))
    return out


def lower_is_better(column: str | None) -> bool:
    """Whether ``column`` names a measure where more is worse (churn, cost, returns)."""
    return bool(column) and not _WORSE_UP.isdisjoint(_WORD.findall(str(column).lower()))
