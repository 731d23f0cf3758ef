"""A relative change between two percentages of running text, offered only when worded.

A passage states many percentages ("the EMEA region contributed 31%", "the Asia Pacific region
contributed 26%", "13% ... 11% ... 12%" of several customers or regions), and the relative change
between two of them (26 / 31 - 1 = -16.1 %) is a percentage of any size near such figures: a
level the answer states ("sales into Taiwan were 15% of revenue") meets one by chance. A relative
change of two rates is a real reading ("the margin rose from 40% to 45%, up 12.5%"), so it is
offered when the claim's sentence (or the one before, or the question) words a change; the
percentage-point change of the two (``pp_change``) and cells of a table's lines are not touched
(:func:`crossfoot.rules.derive._pair_ok` asks :func:`prose_percents`).

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal(31), "S1", kind="percent", span=(0, 3))
>>> b = SourceValue(Decimal(26), "S1", kind="percent", span=(10, 13))
>>> prose_percents(a, b)
True
>>> prose_percents(a, SourceValue(Decimal(26), "S1", kind="number", span=(10, 13)))
False
"""

from __future__ import annotations

from crossfoot.model.types import SourceValue

__all__ = ["prose_percents"]


def prose_percents(x: SourceValue, y: SourceValue) -> bool:
    """Whether ``x`` and ``y`` are both percentages of running text (no table cell)."""
    return (
        x.kind == "percent"
        and y.kind == "percent"
        and x.table is None
        and y.table is None
        and x.span is not None
        and y.span is not None
    )
