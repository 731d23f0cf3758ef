"""A product of an amount and a rate, worded: "West's 12% margin on 2,910 in sales is about 349
in profit", "West earned about 349 in profit (12% of 2,910)".

A figure is the amount times the rate when its own sentence states both: one percentage and one
amount (money or a plain number, no year) beside the figure, the amount a value of the sources
(the rate a source value too, or the sentence's own assumption: "at a 12% margin"), and the
sentence words a product: the percentage reads "of" or "on" the amount, or names a rate
("margin", "rate", "commission", "tax", "fee", "discount", "interest", "return", "yield"). The
figure is met at its stated precision (the product in the amount's unit); a figure the words
state so that is no such product is left to the other rules (it stays ``unsupported``).
``rules.percent_of`` checks the same product when the answer writes it with "=".

>>> from crossfoot import check
>>> t = '[["Region", "Sales", "Margin"], ["West", "2,910", "12%"], ["East", "1,400", "9%"]]'
>>> [c.status for c in check("West's 12% margin on 2,910 in sales is about 349 in profit.",
...                          [t]).claims]
['supported_exact', 'supported_exact', 'derived']
>>> check("West's 12% margin on 2,910 in sales is about 400 in profit.", [t]).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed

__all__ = ["rate_product"]

_RATE_WORDS = re.compile(
    r"(?i)\b(?:margins?|rates?|commissions?|tax|fees?|discounts?|interest|returns?|yields?)\b"
)
_OF_ON = re.compile(r"\s*(?:of|on)\b", re.IGNORECASE)
_HUNDRED = Decimal(100)


def rate_product(ctx: ClaimContext) -> Verdict | None:
    """Rule: the sentence's amount times its rate (module docstring)."""
    m, s, o = ctx.mention, ctx.sentence, ctx.options
    if not m.claim or m.high is not None or m.kind not in ("number", "money") or m.value <= 0:
        return None
    if not o.allow_derived or not kind_allowed(ctx, "share"):
        return None
    # (the sentence's mentions, not a "%" in its text: "12 per cent", "pct" are percentages too)
    others = [x for x in ctx.sentence_mentions if x is not m and x.kind != "year"]
    rates = [x for x in others if x.kind == "percent" and x.value > 0 and x.high is None]
    amounts = [x for x in others if x.kind in ("number", "money") and x.value > 0]
    if len(rates) != 1 or len(amounts) != 1:
        return None
    (rate,), (amount,) = rates, amounts
    worded = _OF_ON.match(ctx.text, rate.end) is not None or _RATE_WORDS.search(s.text)
    if not worded:
        return None
    cell = _source_value(ctx, amount)
    if cell is None:
        return None
    product = amount.value * rate.value / _HUNDRED
    lo, hi = claim_interval(ctx)
    if not lo <= product <= hi:
        return None
    rate_cell = _source_value(ctx, rate)
    used = (cell,) if rate_cell is None else (cell, rate_cell)
    formula = (
        f"{format_decimal(amount.value)} x {format_decimal(rate.value)}% = "
        f"{fmt_result(ctx, product)}"
    )
    note = "a product of the sentence's amount and rate"
    return Verdict("derived", Evidence("derive", "product", formula, used, product, note))


def _source_value(ctx: ClaimContext, x: Mention) -> SourceValue | None:
    """A source value ``x`` states exactly (its value as written), or None."""
    for v in ctx.scope.index.between(x.value, x.value):
        if v.kind == x.kind or (x.kind == "number" and v.kind == "money"):
            return v
    return None
