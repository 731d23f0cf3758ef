"""A cheap gate for a figure-free comparison of two rows in every period ("South had more orders
than North in both quarters": ``rules._row_order_periods``), so that ``trace`` reads the rows of
an answer with no digit that says one (``language.trends.worded_claim``)."""

from __future__ import annotations

__all__ = ["EVERY_GATES", "may_compare_periods"]

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
