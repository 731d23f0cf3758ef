"""Exchange rates a tool or the user gave, for :mod:`crossfoot.agents._derive`.

"Send 250 USD to my euro account", a tool's ``{"rate": 0.9213}``, and ``transfer(amount=230.33)``:
the 230.33 is written nowhere, but it is 250 at the rate the tool returned, rounded to the cent.
An amount converted at a rate is found when the rate is one a source states as a rate:

- in a structured result, a number under a key naming a rate (``rate``, ``fx_rate``,
  ``exchange_rate``, ``conversion``, ``usd_eur``, ``EUR_USD``), or under a currency code inside
  such a mapping (``{"rates": {"EUR": 0.92}}``); tax, interest and discount rates are shares, not
  rates of exchange (``agents._derive_orders`` reads those);
- in text, "1 USD = 0.92 EUR", "1 EUR = 1.0870 USD", "exchange rate: 0.92", "at a rate of 0.92".

Either way round: an amount times the rate, or divided by it (a rate quoted the other way,
"1 EUR = 1.087 USD" for dollars into euros). A rate nobody gave vouches for nothing, so a made-up
conversion stays unsourced.

>>> sorted(map(str, text_rates("fx: 1 usd = 0.9200 eur; exchange rate: 1.087")))
['0.92', '1.087']
>>> text_rates("your savings rate is 4.25% apy")
set()
>>> out: set[Decimal] = set()
>>> json_rates({"base": "USD", "rates": {"EUR": 0.92, "GBP": 0.79}, "tax_rate": 0.08}, out)
>>> sorted(map(str, out))
['0.79', '0.92']
>>> out = set()
>>> json_rates({"error_rate": 0.02, "rate_limit": 0.5, "fx_rate": 0.9213, "eurusd": 1.087}, out)
>>> sorted(map(str, out))
['0.9213', '1.087']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal

from crossfoot.agents._keys import Seen, dec_key, fmt, num_key

__all__ = ["converted", "json_rates", "source_rates", "text_rates"]

# A key naming a rate of exchange: a word of exchange ("fx_rate", "exchangerate", "conversion"),
# a bare or a currency's "rate" ("rate", "rates", "usd_rate"), or a currency pair ("usd_eur",
# "eurusd", "eur_usd_rate"); not any key ending in "rate" ("error_rate", "heart_rate",
# "base_rate", "rate_limit" are no rates of exchange).
_CCY = r"(?:usd|eur|gbp|jpy|chf|cad|aud|cny|inr)"
_RATE_KEY = re.compile(
    r"(?:^|_)(?:fx|forex|exchange|conversion)(?:_|$|rates?)|"
    rf"^(?:{_CCY}_?)?rates?$|^{_CCY}_?(?:to_)?{_CCY}(?:_?rates?)?$"
)
# Rates that are shares or prices: a tax or an interest rate, a hotel's nightly rate.
_NOT_FX = re.compile(
    r"tax|interest|discount|percent|pct|vat|commission|fee|apr|apy|growth|tip|night|hour|daily|"
    r"per_|room|star"
)
_CODE = re.compile(r"^[a-z]{3}$")
# "1 usd = 0.92 eur", "1 eur = 1.0870 usd", "exchange rate: 0.92", "at a rate of 0.92", "rate
# 0.92". The text is lower-cased; a rate has decimals (a whole "rate 3" is no rate of exchange).
_TEXT = re.compile(
    r"\b1(?:\.0+)?\s?(?:[a-z]{3}|[$€£¥₹])\s?=\s?(?:[$€£¥₹]\s?)?(\d{1,6}\.\d{1,8})"
    r"|\brate(?:\sis|\sof)?:?\s?(\d{1,6}\.\d{1,8})(?!\d|\s?%)"  # (not "a rate of 4.25%")
)
_ONE = Decimal(1)


def text_rates(low: str) -> set[Decimal]:
    """The rates of exchange a lower-cased text states (see the module's doc)."""
    if "=" not in low and "rate" not in low and "exchange" not in low and "fx" not in low:
        return set()
    out: set[Decimal] = set()
    for m in _TEXT.finditer(low):
        if m[2] and _NOT_FX.search(low[max(0, m.start() - 12) : m.start()]):
            continue  # "tax rate: 0.08", "an interest rate of 4.5"
        d = Decimal(num_key(m[1] or m[2]))
        if d > 0 and d != _ONE:
            out.add(d)
    return out


def json_rates(node: object, out: set[Decimal], depth: int = 0, fx: bool = False) -> None:
    """Add the rates of exchange of a parsed JSON result to ``out``."""
    if depth > 12:
        return
    if isinstance(node, list):
        for n in node:
            json_rates(n, out, depth + 1, fx)
        return
    if not isinstance(node, dict):
        return
    for k, v in node.items():
        key = str(k).lower()
        named = _RATE_KEY.search(key) is not None and _NOT_FX.search(key) is None
        if isinstance(v, (dict, list)):
            json_rates(v, out, depth + 1, named)
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
            if named or (fx and _CODE.match(key)):
                d = Decimal(repr(v))
                if 0 < d < 100_000 and d != d.to_integral_value():  # a nightly "rate": 189
                    out.add(d)


def source_rates(seen: Seen, data: object) -> frozenset[Decimal]:
    """The rates of exchange one source states: ``data`` is its parsed JSON (or None). The
    agent's own prose states none (it vouches for nothing)."""
    if seen.channel == "assistant":
        return frozenset()
    out = text_rates(seen.text[:100_000]) if data is None else set()
    if data is not None:
        json_rates(data, out)
    return frozenset(out)


def converted(
    target: Decimal,
    rates: dict[Decimal, int],
    near: Callable[[Decimal, Decimal], list[Decimal]],
    first: Mapping[object, int],
    usable: Callable[[str], bool],
    tolerance: Decimal,
) -> tuple[str, tuple[int, ...]] | None:
    """``target`` as a found amount times or divided by a rate of ``rates`` (rate -> the source
    that gave it), to the cent; the formula and sources, or None.

    >>> first = {"250": 0}
    >>> converted(Decimal("230.33"), {Decimal("0.9213"): 1}, lambda lo, hi: [Decimal(250)],
    ...           first, lambda k: True, Decimal("0.005"))
    ('250 at the rate 0.9213', (0, 1))
    """
    for rate, at in sorted(rates.items()):
        for times, lo, hi in (
            (True, (target - tolerance) / rate, (target + tolerance) / rate),
            (False, (target - tolerance) * rate, (target + tolerance) * rate),
        ):
            for a in near(lo, hi):
                key = dec_key(a)
                if a <= 10 and a == a.to_integral_value():
                    continue  # a count up to 10 is no amount to convert
                src = first.get(key)
                if src is None or not usable(key):
                    continue
                got = a * rate if times else a / rate
                if abs(got - target) <= tolerance:
                    how = "at the rate" if times else "at the inverse of the rate"
                    return f"{fmt(a)} {how} {fmt(rate)}", (src, at)
    return None
