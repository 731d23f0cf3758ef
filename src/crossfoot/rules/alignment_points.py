"""A change of a percentage asked, answered with its relative change.

"What was the change in gross margin from 2022 to 2023?" over a margin of 41.6% and 44.8% asks
for the change in points (3.2%, "3.2 percentage points"); an answer that ends on the relative
change ("(44.8 - 41.6) / 41.6 = 7.69%") answers "what was the percentage change in gross
margin?", another question. For :func:`crossfoot.rules.alignment.misfit`: a final percentage is
``off_question`` when the question asks for a change (not a percentage change), the figure is
the percentage change of two percentages (a written ``(a - b) / b`` or the engine's own
reading), and it is not also their difference at its precision. A percentage change asked of a
margin ("What was the percentage change in gross margin?") is not judged here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Mention, SourceValue, format_decimal

__all__ = ["points_misfit"]

_PERCENTISH = re.compile(r"(?i)%|percent|\brate\b|margin|ratio|yield")


def _percent(v: SourceValue) -> bool:
    return v.kind in ("percent", "pp") or _PERCENTISH.search(v.label or "") is not None


def points_misfit(m: Mention, kind: str, ops: Sequence[SourceValue]) -> str | None:
    """Why the percentage ``m`` (of ``kind`` over ``ops``) is no change in points, or None.

    >>> from decimal import Decimal
    >>> ops = [SourceValue(Decimal(x), "S1", kind="percent", label=f"Gross margin / {y}")
    ...        for x, y in (("41.6", 2022), ("44.8", 2023))]
    >>> m = Mention("7.69%", 0, 5, Decimal("7.69"), "percent", Decimal("0.01"))
    >>> points_misfit(m, "percent_change", ops).split("; ")[0]
    'the question asks for the change of Gross margin, in points (3.2)'
    """
    if m.kind != "percent" or kind != "percent_change" or len(ops) != 2:
        return None
    if not all(_percent(v) for v in ops):
        return None
    points = abs(ops[0].value - ops[1].value)
    if abs(points - abs(m.value)) <= m.precision:
        return None  # (the difference too at the figure's precision: no verdict)
    v = ops[0]
    label = v.column if _YEAR.search(v.row or "") and v.column else v.row
    label = label or (v.label or "the percentage").split(" / ")[0]
    return (
        f"the question asks for the change of {label}, in points ({format_decimal(points)}); "
        "this figure is its percentage change"
    )
