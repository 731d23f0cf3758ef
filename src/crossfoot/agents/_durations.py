"""Spans of time the context writes, for an argument that holds one in the unit its name states.

"Book the room for 1.5 hours" and ``book_room(duration_minutes=90)``: the 90 is written nowhere,
but it is the 1.5 hours in the unit the API asks for, a conversion like cents (``agents._units``).
A span is read where a number or a count word stands before a unit of time ("1.5 hours", "90
mins", "2h", "a day", "half an hour", "an hour and a half", "two and a half hours", "1 hour 30
minutes", "1h30"), or a structured result gives one under a key naming its unit
(``"duration_minutes": 90``). The argument's unit comes from its name only (``duration_minutes``,
``timeoutSecs``, ``delay_ms``, ``timeoutMS``, ``length_min``; "min" only at the end of a name:
``min_price`` is a minimum; never "m", which ends ``radius_m`` and ``revenue_m``), so an argument
named ``duration`` is never converted. The spans are read on the first
miss of such an argument, per source, and the agent's own prose vouches for none.

>>> sorted(map(int, spans("book it for 1.5 hours, or 1 hour 30 minutes; half an hour is short")))
[1800, 3600, 5400]
>>> name_unit("book_room.duration_minutes"), name_unit("x.timeoutSecs"), name_unit("x.min_price")
(Decimal('60'), Decimal('1'), None)
>>> name_unit("x.timeoutMS"), name_unit("x.radius_m"), sorted(spans('{"admins": 2, "t_mins": 3}'))
(Decimal('0.001'), None, [Decimal('180')])
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from crossfoot.agents._count_words import COUNT, count_value
from crossfoot.agents._keys import Hit, Seen

__all__ = ["name_unit", "span_hit", "spans"]

_SECONDS = {
    "ms": Decimal("0.001"), "msec": Decimal("0.001"), "msecs": Decimal("0.001"),
    "millis": Decimal("0.001"), "millisecond": Decimal("0.001"), "milliseconds": Decimal("0.001"),
    "s": Decimal(1), "sec": Decimal(1), "secs": Decimal(1), "second": Decimal(1),
    "seconds": Decimal(1), "m": Decimal(60), "min": Decimal(60), "mins": Decimal(60),
    "minute": Decimal(60), "minutes": Decimal(60), "h": Decimal(3600), "hr": Decimal(3600),
    "hrs": Decimal(3600), "hour": Decimal(3600), "hours": Decimal(3600),
    "day": Decimal(86400), "days": Decimal(86400), "week": Decimal(604800),
    "weeks": Decimal(604800),
}  # fmt: skip
_UNIT_NAMES = {
    Decimal("0.001"): "milliseconds", Decimal(1): "seconds", Decimal(60): "minutes",
    Decimal(3600): "hours", Decimal(86400): "days", Decimal(604800): "weeks",
}  # fmt: skip
# Units a name states at its end ("duration_min"), or anywhere but the start ("min_price").
_LAST_ONLY = frozenset(("min", "ms", "s", "h", "sec"))
# "m" ends "radius_m" and "revenue_m" (meters, millions) as often as a count of minutes.
_NOT_IN_NAMES = frozenset(("m",))
# Quantities that are no time: a short unit after one ends a bound ("price_min", "age_min").
_NOT_TIME = frozenset(
    "price prices budget cost costs amount fee fees fare total balance salary income rating score "
    "stars age size area weight distance height width count qty quantity capacity guests people "
    "seats rooms bedrooms temperature temp".split()
)
# A run of capitals is one word ("timeoutMS", "HTTPTimeout"), a capital and lower case another.
_NAME_WORDS = re.compile(r"[a-z]+|[A-Z]+(?![a-z])|[A-Z][a-z]*")
_UNIT = r"(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?)\b"
_AMOUNT = rf"(\d+(?:\.\d+)?|{COUNT})"
# "1.5 hours", "90-minute", "two and a half hours", "2h", "45min"; "and a half" after the unit.
_SPAN = re.compile(
    rf"(?<![\w.,]){_AMOUNT}(\s(?:and\s)?a\shalf)?(?:\s|-)?({_UNIT}|(?<=\d)h(?![\w]))"
    r"(\s(?:and\s)?a\shalf\b)?"
)
_HALF = re.compile(r"\bhalf\s(?:an?\s)?(hour|minute|second|day|week)\b")
# "a quarter of an hour", "quarter hour", "three quarters of an hour".
_QUARTER = re.compile(r"\b(a|three)\s(?:quarters?\s(?:of\s)?an?\s?|quarter[-\s])hour\b")
# "1 hour 30 minutes", "2 hours and 15 mins", "1h30", "1h 30m": hours, then minutes.
_HOURS_MINUTES = re.compile(
    r"(?<![\w.,])(\d{1,3})(?:h(\d\d)(?:m|min)?|\s?(?:h|hrs?|hours?),?\s(?:and\s)?(\d{1,2})\s?"
    r"(?:m|mins?|minutes?))(?![\w])"
)
# A structured result's key naming its unit: "duration_minutes": 90, "timeout_secs": "30". The
# unit is a word of the key: the whole key, after "_" or "-", or a long unit glued to the word
# before it ("durationminutes", camel case lower-cased); "admins", "items" and "holidays" end in
# a unit's letters, not in a unit (read-through 40).
_KEYED = re.compile(
    r'"(?:[a-z_-]*[_-]|[a-z]*(?=minutes|seconds|hours))?'
    r'(minutes|mins|min|seconds|secs|sec|hours|hrs|ms|days)"\s*:\s*"?(\d+(?:\.\d+)?)'
)
_SCAN_CAP = 100_000  # characters of a source read for spans
_GATE = ("hour", "hr", "min", "sec", "day", "week", "h", "ms")


def name_unit(path: str) -> Decimal | None:
    """The seconds in the unit of time an argument's name states, or None.

    >>> name_unit("a.delay_ms"), name_unit("a.durationHours"), name_unit("a.duration")
    (Decimal('0.001'), Decimal('3600'), None)
    >>> name_unit("a.price_min"), name_unit("a.duration_min")
    (None, Decimal('60'))
    """
    name = path.rsplit(".", 1)[-1]
    words = [w.lower() for w in _NAME_WORDS.findall(name)]
    for n, word in enumerate(words):
        unit = _SECONDS.get(word)
        if unit is None or word in _NOT_IN_NAMES or (word in _LAST_ONLY and n != len(words) - 1):
            continue
        if word in _LAST_ONLY and not _NOT_TIME.isdisjoint(words):
            return None  # "price_min", "budget_min": a minimum of a quantity that is no time
        if len(words) == 1 and word in _LAST_ONLY:
            continue  # a name "s" or "m" alone says nothing
        return unit
    return None


def spans(low: str) -> set[Decimal]:
    """The spans of time, in seconds, a lower-cased text writes."""
    text = low[:_SCAN_CAP]
    if not any(g in text for g in _GATE):
        return set()
    out: set[Decimal] = set()
    for amount, half_before, unit, half_after in _SPAN.findall(text):
        try:
            n = Decimal(amount) if amount[0].isdigit() else Decimal(count_value(amount))
        except (InvalidOperation, KeyError, ValueError):
            continue
        if half_before or half_after:
            n += Decimal("0.5")
        out.add(n * _SECONDS[unit])
    out.update(_SECONDS[u] / 2 for u in _HALF.findall(text))
    out.update(Decimal(900 if q == "a" else 2700) for q in _QUARTER.findall(text))
    for hours, glued, spelled in _HOURS_MINUTES.findall(text):
        minutes = glued or spelled
        if int(minutes) < 60:
            out.add(Decimal(hours) * 3600 + Decimal(minutes) * 60)
    if '"' in text:
        for unit, value in _KEYED.findall(text):
            out.add(Decimal(value) * _SECONDS[unit])
    return out


def span_hit(sources: list[Seen], path: str, value: Decimal) -> Hit | None:
    """Where a source writes the span of time ``value`` stands for in the unit of ``path``'s
    name ("1.5 hours" for ``duration_minutes=90``)."""
    unit = name_unit(path)
    if unit is None:
        return None
    seconds = value * unit
    for i, seen in enumerate(sources):
        if seen.channel == "assistant" or not seen.vouched:
            continue  # the agent's own words vouch for nothing
        if seen.spans is None:
            seen.spans = frozenset(spans(seen.text))
        if seconds in seen.spans:
            how = f"a span of time, in {_UNIT_NAMES[unit]}"
            return Hit((i,), how, frozenset((seen.label,)))
    return None
