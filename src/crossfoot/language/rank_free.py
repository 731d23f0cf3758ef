"""The cheap gate of a figure-free superlative ("North was the largest region", "Basic had the
worst churn rate"): judged by ``rules._rank_free``, and read by ``trace`` as a claim of the rows
(``language.trends.worded_claim``) so that it reads every row for it (gaps37).

>>> may_rank_free("North was the largest region."), may_rank_free("Basic had the worst churn.")
(True, True)
>>> may_rank_free("Revenue was flat.")
False
"""

from __future__ import annotations

from crossfoot.language.extremes import may_rank

__all__ = ["may_rank_free"]


def may_rank_free(text: str) -> bool:
    """Whether ``text`` holds a superlative word at all (substring tests)."""
    if may_rank(text):
        return True
    low = text.lower()
    return "best" in low or "worst" in low
