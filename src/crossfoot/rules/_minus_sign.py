"""A difference the words write as a subtraction between two years keeps the subtraction's sign.

"2008 minus 2009 is 170" over net sales of 860 in 2008 and 1,030 in 2009 is wrong: 2008 less
2009 is -170. A "difference" or a "change" may be written by its size, but "A minus B" and
"subtracting B from A" name the order of the operation, so its result has the sign that order
gives. ``language.minus_years`` reads the order (the claim's sentence, else the question), and
the derivation search orders the two years' values by it; this module says why a positive
figure fails a subtraction that comes out negative (asked by
``rules._signed_change.dropped_sign`` for a change that goes down in a known order).

>>> from crossfoot import check
>>> t = '[["", "2009", "2008"], ["Net sales", "1,030", "860"]]'
>>> check("2008 minus 2009 is 170.", [t]).claims[0].status
'contradicted'
>>> check("2008 minus 2009 is -170.", [t]).passed, check("2009 minus 2008 is 170.", [t]).passed
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from crossfoot.language.minus_years import minus_years
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["minus_dropped"]


def minus_dropped(
    ctx: ClaimContext, first: SourceValue, second: SourceValue, formula: Callable[[], str]
) -> str | None:
    """Why the positive claim fails the written subtraction of ``first`` and ``second`` (whose
    result, in the order the words give, is below zero), or None when no subtraction between
    their two years is written."""
    m = ctx.mention
    if m.negative or m.value <= 0 or m.high is not None or m.approximate:
        return None
    said = minus_years(ctx.sentence.text)
    if said is None:
        asked = ctx.shared.get("ask.text")
        said = minus_years(asked) if isinstance(asked, str) else None
    if said is None or {first.year, second.year} != set(said):
        return None
    return (
        f"written as a subtraction, {said[0]} minus {said[1]}, but {formula()}: the result is "
        "below zero (a subtraction keeps its sign)"
    )
