"""A change into or out of a year a table shows as a dash.

A dash ("—") is read as an exact 0 (``_derive_kinds.is_nil``), and a sum or difference with a
nil operand only restates the other one (``rules._negligible.restates``): "$314" is no sum of
314 and a dash. But the change of one row from a year of 314 to a year of "—" is -314, and a
question that asks for that change ("What is the change in consulting revenue from 2018 to
2019?") is answered by it. So a difference with exactly one nil operand is a derivation when the
two values are one quantity in two periods (one row, two year columns) and the claim's wording
(its sentence, the one before, the question) asks for a change; the usual tests of a change
(the question's years, the order of the periods, the direction) still apply after.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal(314), "S1", row="Consulting", column="2018", year=2018,
...     table=0, row_index=3, col_index=2)
>>> b = SourceValue(Decimal(0), "S1", row="Consulting", column="2019", year=2019,
...     table=0, row_index=3, col_index=1, precision=Decimal(0))
>>> nil_pair(a, b), nil_pair(a, a)
(True, False)
"""

from __future__ import annotations

from crossfoot.language.changewords import CHANGE_ASKED, words
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import same_quantity
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_formulas import _Spec
from crossfoot.rules._derive_kinds import is_nil
from crossfoot.rules._negligible import restates

__all__ = ["nil_change", "nil_pair", "restated"]

_ASKED = words(CHANGE_ASKED)


def nil_pair(x: SourceValue, y: SourceValue) -> bool:
    """Whether exactly one of ``x`` and ``y`` is a dash and the two are one quantity in two
    periods."""
    return is_nil(x) != is_nil(y) and same_quantity(x, y)


def nil_change(ctx: ClaimContext, op: str, x: SourceValue, y: SourceValue) -> bool:
    """Whether the difference ``y - x`` is a change into or out of a dash year that the claim's
    wording asks for (see the module docstring)."""
    return op == "diff" and nil_pair(x, y) and _ASKED.search(focus_text(ctx)) is not None


def restated(ctx: ClaimContext, spec: _Spec, x: SourceValue, y: SourceValue) -> bool:
    """Whether the sum or difference of ``x`` and ``y`` only restates one of them
    (``rules._negligible.restates``), a change into or out of a dash year aside."""
    return restates(ctx.mention, spec, x, y) and not nil_change(ctx, spec.op, x, y)
