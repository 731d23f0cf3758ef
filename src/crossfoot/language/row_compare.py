"""A cheap gate for a figure-free comparison of two rows in every period ("South had more orders
than North in both quarters": ``rules._row_order_periods``), so that ``trace`` reads the rows of
an answer with no digit that says one (``language.trends.worded_claim``); and where the clauses
of a figure-free sentence part, so that each comparison or movement is read over its own rows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["CLAUSE_BREAK", "EVERY_GATES", "comparison_spans", "may_compare_periods"]

#: Where a figure-free sentence's clauses part: a comma, a semicolon, "while", "whereas", "but".
CLAUSE_BREAK = re.compile(r"(?i)[,;]|\b(?:while|whereas|but)\b")

#: Substrings one of which every "in both quarters", "every month", "in all three years" holds.
EVERY_GATES = ("both ", "every ", "each ", "all ")
_UNITS = ("month", "quarter", "year", "period")
_COMPARE = (
    "than", "trail", "outs", "outperf", "outpac", "exceed", "surpass", "topped", "lag", " led ",
    " leads ", " beat ", "ahead of", "behind",
)  # fmt: skip


def may_compare_periods(text: str) -> bool:
    """Whether ``text`` may compare two rows in every period (substring tests).

    >>> may_compare_periods("Beta trailed Alpha every month."), may_compare_periods("Done.")
    (True, False)
    """
    low = text.lower()
    return (
        any(g in low for g in _COMPARE)
        and any(g in low for g in EVERY_GATES)
        and any(u in low for u in _UNITS)
    )


def comparison_spans(sentence: str, found: Sequence[re.Match[str]]) -> list[tuple[int, int]]:
    """For each comparison word ``found`` in ``sentence`` (in order), the stretch its two rows
    are named in: from where the one before's ends (the sentence's start for the first) to the
    last clause break before the next one (the sentence's end for the last).

    >>> s = "North led South in Q1, while West trailed East."
    >>> comparison_spans(s, list(re.finditer(r"led|trailed", s)))
    [(0, 23), (23, 47)]
    """
    spans: list[tuple[int, int]] = []
    begin = 0
    for k, m in enumerate(found):
        stop = len(sentence)
        if k + 1 < len(found):
            nxt = found[k + 1].start()
            breaks = (b.start() for b in CLAUSE_BREAK.finditer(sentence, m.end(), nxt))
            stop = max(breaks, default=nxt)
        spans.append((begin, stop))
        begin = stop
    return spans
