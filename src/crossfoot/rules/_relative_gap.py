"""A relative gap between two named things of one period: "North's sales were 31% higher than
South's", "South sold 24% less than North", "Europe's revenue was 35% below APAC's".

A percent change is of one quantity over time (``language.years.same_quantity``). A sentence
that compares two rows of one column (or two columns of one row) by a word of more or less
(``rules._gap_order.compared_pair``) states the first one's gap over the second, relative to
the second: (A - B) / B x 100, B being the one named after the comparative. The pair is taken
for a percent change in that order only; the direction words are then held to its sign as for
any change ("31% lower" where A is above B is ``contradicted``).

>>> from crossfoot import check
>>> t = '[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,802", "3,540"]]'
>>> check("North's sales were 31.0% higher than South's in 2023.", [t]).claims[0].status
'derived'
>>> check("South's sales were 31.0% higher than North's in 2023.", [t]).passed
False
"""

from __future__ import annotations

from crossfoot.language.years import aligned, same_quantity
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._gap_order import compared_first

__all__ = ["relative_gap"]


def relative_gap(ctx: ClaimContext, base: SourceValue, other: SourceValue) -> bool:
    """Whether ``(other - base) / base`` is the relative gap the claim's sentence states: two
    things of one period, ``other`` named before the comparative and ``base`` after it."""
    if not aligned(base, other) or same_quantity(base, other):
        return False
    return compared_first(ctx.sentence.text, other, base)
