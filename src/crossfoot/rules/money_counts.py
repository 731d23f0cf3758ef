"""Money is not made of counts: a money figure met only by cells that count things is no match.

"The average order value was $55" over a table of customers, orders and revenue passed as the
sum of two months' customers (20 + 35): the digits add up, the money does not. A passing verdict
for a money figure ("$55", "55 dollars") whose operands are all plain numbers of a column or row
that counts things ("Customers", "Orders", "Units sold", "Number of employees", a result
column ``order_count`` / ``num_customers``) and none names an amount of money is set aside by
the engine (:func:`crossfoot.engine._run`), as if the rule had said nothing: a later rule may
still find the money ("$50": February's revenue over its orders), else the figure is
unsupported. A figure of one such cell alone is contradicted by
:func:`crossfoot.rules.direct.direct_match` already (its own narrower list of counted nouns);
this guard covers every derivation (sums, differences, means) and the nouns of small business
tables.

>>> from crossfoot import check
>>> t = "| Month | Customers | Orders | Revenue |\\n|---|---|---|---|\\n| Jan | 20 | 30 | $1,500 |"
>>> t += "\\n| Feb | 35 | 40 | $2,000 |"
>>> check("The average order value was $55.", [t]).passed
False
>>> check("Feb revenue per order was $50.", [t]).passed
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import PASSING_STATUSES, SourceValue

__all__ = ["counted_money", "set_aside"]

# Nouns of things counted in a column or row label ("Customers", "Orders", "# of visits",
# "order_count", "num_users"): the label names the things, not money. Plurals only, or a count
# word: "Customer" alone may head a column of names.
_COUNTED = re.compile(
    r"(?i)(?:^|[\s_(])(?:number\s+of|num|no\.|#|count|qty|quantity|headcount|"
    r"(?:customers|orders|units|employees|subscribers|stores|visits|visitors|users|clients|"
    r"transactions|tickets|deals|sessions|downloads|installs|signups|sign-ups|shipments|"
    r"patients|students|shares|vehicles|people))(?=$|[\s_).,:;-])"
)
# A label that names money beside a count ("Revenue per customer", "Orders ($)", "order_value").
_MONEY = re.compile(
    r"(?i)[$€£¥]|(?:^|[\s_(])(?:prices?|values?|amounts?|costs?|revenues?|sales|income|"
    r"expenses?|proceeds|fees?|dollars?|usd|eur|gbp|cash|paid|spend|spent|pay|aov|arpu)"
    r"(?=$|[\s_).,:;-])"
)


@lru_cache(maxsize=4096)  # labels repeat across claims and answers
def _counts(row: str, column: str) -> bool:
    """Whether a cell labelled ``row`` / ``column`` counts things (and neither label is money).

    >>> _counts("Jan", "Customers"), _counts("Jan", "Revenue"), _counts("East", "order_count")
    (True, False, True)
    >>> _counts("Revenue per customer", "2024"), _counts("Units", "Price ($)")
    (False, False)
    """
    if _MONEY.search(row) or _MONEY.search(column):
        return False
    return _COUNTED.search(column) is not None or _COUNTED.search(row) is not None


def _counting(sv: SourceValue) -> bool:
    if sv.kind != "number" or sv.currency is not None or sv.unit_header is not None:
        return False
    if sv.row is None and sv.column is None:
        return False  # a figure of running text: its words are not read here
    return _counts(sv.row or "", sv.column or "")


def counted_money(ctx: ClaimContext, verdict: Verdict) -> bool:
    """Whether ``verdict`` passes a money figure on cells that all count things (the engine
    then sets it aside)."""
    if ctx.mention.kind != "money" or verdict.status not in PASSING_STATUSES:
        return False
    ev = verdict.evidence
    if ev is None or not ev.operands:
        return False
    return all(_counting(sv) for sv in ev.operands)


def set_aside(ctx: ClaimContext, verdict: Verdict) -> bool:
    """Whether the engine sets a rule's verdict aside, as if the rule had said nothing: a
    derivation when derivations are off, and money made of counts (:func:`counted_money`)."""
    if verdict.status == "derived" and not ctx.options.allow_derived:
        return True
    return ctx.mention.kind == "money" and counted_money(ctx, verdict)
