"""Which two-operand formulas a claim's own wording admits (rules.derive).

A percentage followed by "of" is a part of a whole, never a change; a plain figure with a unit
noun ("2.34 years") is never a relative change or a share of two amounts; a mean only where the
answer or the question words one (:func:`~crossfoot.rules._derive_shared.mean_worded`).
"""

from __future__ import annotations

import re

from crossfoot.model.context import ClaimContext
from crossfoot.rules._derive_formulas import _Spec, _specs
from crossfoot.rules._derive_shared import kind_allowed, mean_worded

__all__ = ["wording_specs"]

# A percentage followed by "of" ("85% of the lower of the two prices", "40% of revenue") states
# a part of a whole, never a change.
_SHARE_OF = re.compile(r"\s+of\b", re.IGNORECASE)

# A plain figure followed by a unit noun: a duration or a count ("2.34 years", "40 employees").
# A relative change or a share of two amounts has no unit: such a figure is never one. (A ratio
# may have one: unrecognised cost over the yearly expense is a number of years.)
_COUNTED = re.compile(
    r"\s*(?:years?|months?|weeks?|days?|hours?|employees|people|persons|customers|stores|"
    r"shares|units|vehicles|locations|sites|members)\b",
    re.IGNORECASE,
)
_FRACTIONS = frozenset({"percent_change", "share"})


def wording_specs(ctx: ClaimContext) -> list[_Spec]:
    """The claim's formulas (rules.derive) that its wording admits."""
    m = ctx.mention
    share_worded = _SHARE_OF.match(ctx.text, m.end) is not None
    # "2.34 years", "3 employees": a figure in a unit of its own is no fraction of two amounts.
    counted = m.kind == "number" and _COUNTED.match(ctx.text, m.end) is not None
    out = []
    for spec in _specs(m):
        if not kind_allowed(ctx, spec.kind):
            continue
        if share_worded and spec.op == "pct_change":
            continue  # "purchased at 85% of the market price" is a part of a whole, no change
        if counted and spec.kind in _FRACTIONS:
            continue
        if spec.op == "mean" and not mean_worded(ctx):
            continue
        out.append(spec)
    return out
