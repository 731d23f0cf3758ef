"""Order arithmetic over one structured tool result, for :mod:`crossfoot.agents._derive`.

An order's tool result lists its lines (a price and a quantity each) beside its charges
(shipping, fees) and a rate (a tax rate of 0.08). The amounts an agent legitimately refunds or
charges from it:

- the lines' total, price times quantity summed ("2 kettles at $45.50 and a $89.99 blender":
  $180.99), and that total plus one of the order's own charges, or all of them ($188.94 with
  $7.95 shipping);
- an amount of the result with the result's own rate added or taken off ("$89.99 plus the 8%
  tax rate": $97.19), as a fraction (0.08) or a percentage (8) under a key named a rate.

Only numbers of the one result combine, so a coincidence needs that result's own figures.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.agents._keys import dec_key, fmt

__all__ = ["order_totals", "result_rates"]

_PRICE = re.compile(r"price|amount|cost|fare|rate_per|unit")
_QTY = re.compile(r"^(?:qty|quantity|count|units|num_items|pieces)$|quantity")
_CHARGE = re.compile(r"shipping|delivery|fee|handling|surcharge|service|tip|postage|freight")
_RATE_KEY = re.compile(r"rate|percent|pct")
_NOT_RATE = re.compile(r"exchange|interest_paid|amount|price|total")


def _num(v: object) -> Decimal | None:
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
        return Decimal(repr(v))
    return None


def order_totals(node: object, out: dict[str, str], depth: int = 0) -> None:
    """Add the lines' totals of every order in ``node`` (and with its charges) to ``out``."""
    if depth > 12:
        return
    if isinstance(node, list):
        for n in node:
            order_totals(n, out, depth + 1)
        return
    if not isinstance(node, dict):
        return
    charges = [
        (str(k), d)
        for k, v in node.items()
        if (d := _num(v)) is not None and d > 0 and _CHARGE.search(str(k).lower())
    ]
    for key, v in node.items():
        if isinstance(v, list):
            lines = _lines_total(v)
            if lines is not None:
                total, n = lines
                what = f"price × quantity over {n} lines of {key}"
                out.setdefault(dec_key(total), what)
                for name, c in charges:
                    out.setdefault(dec_key(total + c), f"({what}) + {name} {fmt(c)}")
                if len(charges) > 1:
                    every = sum((c for _, c in charges), Decimal(0))
                    out.setdefault(dec_key(total + every), f"({what}) + every charge")
        order_totals(v, out, depth + 1)


def _lines_total(rows: list[object]) -> tuple[Decimal, int] | None:
    """Σ price × quantity over rows that each state both, or None."""
    total, n = Decimal(0), 0
    for r in rows:
        if not isinstance(r, dict):
            return None
        price = qty = None
        for k, v in r.items():
            key = str(k).lower()
            d = _num(v)
            if d is None:
                continue
            if _QTY.search(key) and d == d.to_integral_value() and d >= 0:
                qty = d
            elif _PRICE.search(key) and price is None:
                price = d
        if price is None or qty is None:
            return None
        total += price * qty
        n += 1
    return (total, n) if n else None


def result_rates(node: object, out: set[Decimal], depth: int = 0) -> None:
    """The rates a result states, as percentages: a fraction (0.08) or a percentage (8.25) under
    a key named a rate ("tax_rate", "discount_pct")."""
    if depth > 12:
        return
    if isinstance(node, list):
        for n in node:
            result_rates(n, out, depth + 1)
    elif isinstance(node, dict):
        for k, v in node.items():
            key = str(k).lower()
            d = _num(v)
            if d is not None and _RATE_KEY.search(key) and not _NOT_RATE.search(key):
                if 0 < d < 1:
                    out.add(d * 100)
                elif 1 <= d < 100 and ("percent" in key or "pct" in key):
                    out.add(d)
            else:
                result_rates(v, out, depth + 1)
