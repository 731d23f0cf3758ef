"""A number that counts periods: "each 6-month period", "over 5 years", "30 days".

Such a count is no amount: it is met by a figure of a passage that counts periods too, not by
an amount of money ("$ 7 million") or a count of shares ("7.5 million") that happens to write
the same digits (:mod:`crossfoot.rules.direct`), nor restates an answer's earlier amount with
its unit dropped (:mod:`crossfoot.rules._steps_restate`).

>>> counts_periods("each 7-month period", 6), counts_periods("$7 million", 2)
(True, False)
"""

from __future__ import annotations

__all__ = ["counts_periods"]

_PERIODS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years"})


def counts_periods(text: str, end: int) -> bool:
    """Whether the number ending at ``end`` of ``text`` is followed by a unit of time."""
    after = text[end : end + 8].lstrip(" -").lower()
    word = after.split(None, 1)[0] if after.strip() else ""
    return word.rstrip(".,;:)") in _PERIODS
