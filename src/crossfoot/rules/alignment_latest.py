"""The year a question names by its place: "in the latest year", "for the earliest period".

"What was the Devices segment revenue in the latest year?" over a table of 2025 and 2024 asks
about 2025, as "in 2025" would; answered with the 2024 cell it answers another question. For
:func:`crossfoot.rules.alignment.align_answer`: a question that writes no year of its own and
says "the latest (most recent) year" or "the earliest year" asks about the latest (earliest)
year of the data's table cells and record fields, when they hold two years or more.
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.language.asked import Ask

__all__ = ["placed_years"]

_PERIOD = r"(?:(?:fiscal|financial|calendar|reporting)\s+)?(?:year|period)\b"
_LATEST = re.compile(rf"(?i)\b(?:latest|most\s+recent)\s+{_PERIOD}")
_EARLIEST = re.compile(rf"(?i)\bearliest\s+{_PERIOD}")


def placed_years(ask: Ask, dated: frozenset[int]) -> Ask:
    """``ask`` with the year its words place ("the latest year") among the data's years.

    >>> placed_years(Ask("What was revenue in the latest year?"), frozenset({2024, 2025})).years
    frozenset({2025})
    >>> placed_years(Ask("What was revenue in 2024?", frozenset({2024})), frozenset({2025})).years
    frozenset({2024})
    """
    if ask.years or ask.points_back or len(dated) < 2:
        return ask
    latest = _LATEST.search(ask.text) is not None
    earliest = _EARLIEST.search(ask.text) is not None
    if latest == earliest:
        return ask
    return replace(ask, years=frozenset({max(dated) if latest else min(dated)}))
