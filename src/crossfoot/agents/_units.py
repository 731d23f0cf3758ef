"""A number argument written in another unit than the context wrote it: an amount in cents
("amount_cents": 125000 for "$1,250.00") and a rate as a fraction (0.15 for "15%").

Both are conversions an API asks for and an agent does on the way; the value itself is still
the one it was shown. Cents are read only under an argument name that says so ("cents",
"_minor"), since a plain 125000 is as likely an identifier; a fraction only below 1, against
a percentage the context wrote with its sign.

>>> from decimal import Decimal
>>> from crossfoot.agents._context import ContextStore
>>> store = ContextStore()
>>> _ = store.add("tool", '{"total": "$1,250.00", "discount": "15%"}', tool="invoice")
>>> other_unit(store, "pay.amount_cents", "125000").how, other_unit(store, "x.rate", "0.15").how
('in cents', 'as a fraction of a percentage')
>>> other_unit(store, "pay.amount", "125000") is None
True
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from crossfoot.agents._classify import ArgValue
from crossfoot.agents._context import ContextStore
from crossfoot.agents._durations import span_hit
from crossfoot.agents._keys import Hit, dec_key

__all__ = ["as_number", "other_unit"]

_HUNDRED = Decimal(100)
_PERCENT_NAME = re.compile(r"percent|pct|percentage|rate")
# Words of a name that make it a percentage (not "rate" inside "prorated" or "separate").
_PERCENT_WORDS = frozenset(("percent", "pct", "percentage", "rate", "rates", "percentages"))
# Names of a sum of money: a number written only as a percentage is none ("a 20% tip" is no $20).
# The short words only as a word of the name ("tip_amount", "lateFee"; not "multiple", "coffee").
_MONEY_NAME = re.compile(r"amount|price|total|payment|balance|refund|charge")
_MONEY_WORDS = frozenset(("tip", "tips", "fee", "fees", "fare", "fares", "cost", "costs"))
_NAME_WORDS = re.compile(r"[a-z]+|[A-Z]+(?![a-z])|[A-Z][a-z]*")


def as_number(store: ContextStore, v: ArgValue) -> Hit | None:
    """Where the context shows the number of ``v`` as itself; a sum of money is not shown by a
    number every source writes only as a percentage.

    >>> from crossfoot.agents._classify import ArgValue
    >>> store = ContextStore()
    >>> _ = store.add("user", "My bill was $85, please add a 20% tip.")
    >>> as_number(store, ArgValue("pay.tip_amount", 20, "count", Decimal(20), nkey="20")) is None
    True
    >>> as_number(store, ArgValue("pay.tip_percent", 20, "count", Decimal(20), nkey="20")).how
    'exact'
    >>> as_number(store, ArgValue("pay.multiple", 20, "count", Decimal(20), nkey="20")).how
    'exact'
    """
    hit = store.find_number(v.key, v.nkey)
    shares = store.arithmetic.shares
    if hit is None or not shares or (v.nkey or dec_key(v.key)) not in shares:
        return hit
    name = v.path.rsplit(".", 1)[-1]
    words = {w.lower() for w in _NAME_WORDS.findall(name)}
    if not _PERCENT_WORDS.isdisjoint(words):
        return hit  # "tip_percent=20", "tax_rate=8": the percentage itself
    if _MONEY_NAME.search(name.lower()) is not None or not _MONEY_WORDS.isdisjoint(words):
        return None
    return hit


def other_unit(store: ContextStore, path: str, raw: str) -> Hit | None:
    """Where the context shows the number ``raw`` of argument ``path`` in its other unit."""
    try:
        value = Decimal(raw)
    except (InvalidOperation, ValueError):
        return None
    if not value.is_finite() or value <= 0:
        return None
    name = path.rsplit(".", 1)[-1].lower()
    if "cents" in name or name.endswith("_minor"):
        hit = store.find_number(value / _HUNDRED)
        return hit._replace(how="in cents") if hit is not None else None
    if value < 1:
        hit = store.percents.hit(dec_key(value * _HUNDRED), "as a fraction of a percentage")
        if hit is not None:
            return hit
    if _PERCENT_NAME.search(name) is not None and "rate" not in name:  # "0.15" for a percent: 15
        hit = store.find_number(value / _HUNDRED)
        if hit is not None and value / _HUNDRED < 1:
            return hit._replace(how="as a percentage of a fraction")
    return span_hit(store.sources, path, value)  # "1.5 hours" for duration_minutes=90
