"""An amount paid in another currency than the one it was shown in.

Provenance finds ``pay(invoice="INV-42", amount=1250.5, currency="USD")`` sourced when the
invoice said "€1.250,50": the digits were shown, the currency was not. When a call names its
currency (an argument ``currency``, ``ccy``, ``currency_code`` or ending in ``_currency``, whose
value is an ISO code such as ``USD`` or a sign such as ``€``), each amount argument of the same
call is looked for among the amounts the context wrote with a currency: a sign or a code beside
the figure in text ("€1.250,50", "1,250.50 EUR", "USD 1,250.50", "1250.50 euros"), or a JSON
record holding the amount beside a currency field (``{"total": 1250.5, "currency": "EUR"}``).
When the amount was shown with a currency, and never with the call's, the argument is
``mismatched_currency``. "$" is any dollar (USD, CAD, AUD, ...) and "¥" yen or yuan; an amount
shown with no currency at all is left to provenance. The agent's own prose vouches for nothing.

>>> from crossfoot.agents import RunMonitor
>>> m = RunMonitor()
>>> m.user("Please pay invoice INV-2024-0042 for €1.250,50.")
>>> m.before_call("pay", {"invoice": "INV-2024-0042", "amount": 1250.5, "currency": "USD"}).reason()
'pay.amount=1,250.5 was shown in EUR, not USD'
>>> m.before_call("pay", {"invoice": "INV-2024-0042", "amount": 1250.5, "currency": "EUR"}).action
'allow'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from crossfoot.agents._findings import Finding
from crossfoot.agents._keys import Seen, fmt

if TYPE_CHECKING:
    from crossfoot.agents._policy import AgentPolicy

__all__ = ["currency_findings"]

_DOLLARS = frozenset({"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "MXN"})
_SIGNS: dict[str, frozenset[str]] = {
    "$": _DOLLARS,
    "€": frozenset({"EUR"}),
    "£": frozenset({"GBP"}),
    "¥": frozenset({"JPY", "CNY"}),
    "₹": frozenset({"INR"}),
}
_WORDS: dict[str, frozenset[str]] = {
    "dollar": _DOLLARS,
    "dollars": _DOLLARS,
    "euro": frozenset({"EUR"}),
    "euros": frozenset({"EUR"}),
    "pound": frozenset({"GBP"}),
    "pounds": frozenset({"GBP"}),
}
_CODES = (
    "usd eur gbp jpy cny inr cad aud nzd chf hkd sgd sek nok dkk mxn brl zar krw pln czk".split()
)
_CODE = "|".join(_CODES)
_NUM = r"(\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
_BEFORE = re.compile(rf"(?:([$€£¥₹])\s?|\b({_CODE})\s?){_NUM}(?![\d])")
_AFTER = re.compile(rf"(?<![\d.,]){_NUM}\s?(?:([€£₹])|({_CODE}|dollars?|euros?|pounds?)\b)")
_KEY = re.compile(r"(?i)^(?:currency|ccy|cur|currency_?code|.*_currency)$")


def currency_findings(
    sources: Sequence[Seen], tool: str, step: int, args: object, policy: AgentPolicy
) -> list[Finding]:
    """``mismatched_currency`` findings of one call (module docstring)."""
    if not isinstance(args, dict):
        return []
    codes = _codes(args)
    if len(codes) != 1:
        return []
    (code,) = codes
    amounts = [(k, a) for k, v in args.items() if (a := _amount(v)) is not None and a > 0]
    if not amounts:
        return []
    shown = _shown(s for s in sources if s.channel != "assistant" and s.vouched)
    out = []
    for key, value in amounts:
        seen = shown.get(value)
        where = f"{tool}.{key}"
        if not seen or code in seen or policy.ignored(where):
            continue
        named_as = ", ".join(sorted(seen)) if len(seen) < 4 else "dollars"
        msg = f"{where}={fmt(value)} was shown in {named_as}, not {code}"
        out.append(Finding("mismatched_currency", policy.mismatch_action, step, where, msg))
    return out


def _codes(record: dict[Any, Any]) -> set[str]:
    """The ISO codes a record's currency fields name (:data:`_KEY`, :func:`_code`)."""
    return {
        c for k, v in record.items() if isinstance(k, str) and _KEY.match(k) and (c := _code(v))
    }


def _code(value: object) -> str | None:
    """The ISO code a currency argument names (one code: "$" names none)."""
    if not isinstance(value, str):
        return None
    v = value.strip()
    if v.lower() in _CODES:
        return v.upper()
    sign = _SIGNS.get(v)
    return next(iter(sign)) if sign is not None and len(sign) == 1 else None


def _amount(value: object) -> Decimal | None:
    """An argument's amount: a number, or a string that is one number ("1250.50")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            return Decimal(str(value)).normalize()
        except InvalidOperation:
            return None
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value):
        return Decimal(value.strip()).normalize()
    return None


def _shown(sources: Iterable[Seen]) -> dict[Decimal, set[str]]:
    """Every amount the sources write with a currency, and the currencies it was written in
    (each source read once, at the first call that names a currency)."""
    out: dict[Decimal, set[str]] = {}
    for s in sources:
        if s.currencies is None:
            s.currencies = _read(s.text)
        for value, codes in s.currencies.items():
            out.setdefault(value, set()).update(codes)
    return out


def _read(text: str) -> dict[Decimal, set[str]]:
    """The amounts one (lower-cased) source text writes with a currency."""
    out: dict[Decimal, set[str]] = {}
    if any(c in text for c in "$€£¥₹") or any(c in text for c in _CODES):
        for m in _BEFORE.finditer(text):
            _note(out, _readings(m[3]), _SIGNS.get(m[1] or "") or {(m[2] or "").upper()})
        for m in _AFTER.finditer(text):
            word = (m[3] or "").lower()
            cur = _SIGNS.get(m[2] or "") or _WORDS.get(word) or {word.upper()}
            _note(out, _readings(m[1]), cur)
    if "currenc" in text and text.lstrip()[:1] in "[{":
        _records(out, text)
    return out


def _note(out: dict[Decimal, set[str]], values: Iterable[Decimal], codes: Iterable[str]) -> None:
    for v in values:
        out.setdefault(v, set()).update(c for c in codes if c)


def _readings(number: str) -> set[Decimal]:
    """The values a written amount may be: "1.250,50" is 1250.5; "1,250" is 1250; "1.250" is
    1250 (grouped) or 1.25 (a decimal point)."""
    n = number.replace(" ", "")
    last = max(n.rfind(","), n.rfind("."))
    if last < 0:
        return {Decimal(n).normalize()}
    tail = n[last + 1 :]
    whole = re.sub(r"[.,]", "", n[:last])
    out = set()
    if len(tail) in (1, 2) or ("," in n and "." in n):
        out.add(Decimal(f"{whole}.{tail}").normalize())  # the last separator is the decimal one
    if len(tail) == 3:
        out.add(Decimal(whole + tail).normalize())  # a group of thousands
        if n.count(n[last]) == 1 and not ("," in n and "." in n):
            out.add(Decimal(f"{whole}.{tail}").normalize())
    return out


def _records(out: dict[Decimal, set[str]], text: str) -> None:
    """A JSON result's numbers beside a currency field of the same record."""
    try:
        data = json.loads(text)
    except ValueError:
        return
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            codes = _codes(item)
            for v in item.values():
                if isinstance(v, (dict, list)):
                    stack.append(v)
                elif codes and (a := _amount(v)) is not None:
                    _note(out, (a,), codes)
