"""A share answers a question that asks a relative change only when its part is a change.

"What percentage change does this represent?" asks (b - a) / a: the derivation search finds that
as a percent change of the two levels. A share y / x of two other figures ("$601 million of
capital expenditures of $4.7 billion") is no change of anything, though a changed answer meets
one by chance at four decimals: of the n * n pairs of a filing's figures, some quotient lands in
any window. A share is a relative change when its part is itself a change: a figure its source
words as one ("an increase of $44 million", a row or column "Change", "Increase"), over the base;
and a part of a change over that change answers "what percentage of the increase was X?".

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> states_a_change(SourceValue(Decimal(44), "S1", label="revenue increased $44 million"))
True
>>> cell = SourceValue(Decimal(601), "S1", row="capital expenditures", column="2012", table=0)
>>> states_a_change(cell)
False
>>> states_a_change(SourceValue(Decimal(9), "S1", row="revenue", column="change", table=0))
True
"""

from __future__ import annotations

from crossfoot.language.asked import read_question
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._prose_change import names_change, states_change

__all__ = ["change_share_ok", "states_a_change"]


def states_a_change(v: SourceValue) -> bool:
    """Whether source value ``v`` is a change: a prose figure its words state as one, or a cell
    whose row or column names one."""
    if v.table is None and v.field is None:
        return states_change(v)
    return any(names_change(t) for t in (v.row, v.column, v.field) if t)


def change_share_ok(ctx: ClaimContext, whole: SourceValue, part: SourceValue) -> bool:
    """Whether the share ``part`` / ``whole`` may answer the claim's question: always, unless
    the question asks a relative change and neither figure is a change (a change over its base,
    or a part of a change: "the higher charges in relation to the income increase")."""
    if not (_prose(whole) or _prose(part)):
        return True  # cells: held to their rows and columns (rules.derive's alignment)
    asked = ctx.shared.get("ask.text")
    if not isinstance(asked, str) or read_question(asked).op != "percent_change":
        return True
    return states_a_change(part) or states_a_change(whole)


def _prose(v: SourceValue) -> bool:
    return v.span is not None and v.table is None and v.field is None
