"""A date-with-time argument checked by its day, its time of day and its zone.

:func:`date_hit` finds a zoned argument as the instant the context gave in any zone
(``agents._zones``) before it looks for its day; :func:`time_miss` is the time of day the
context contradicts (``agents._times.stray_time``) or gave only in other zones; :func:`time_note`
says which in a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from crossfoot.agents._context import ContextStore, Hit
from crossfoot.agents._periods import is_bound, period_bounds
from crossfoot.agents._spans import span_of
from crossfoot.agents._times import stray_time
from crossfoot.agents._values import ArgValue
from crossfoot.agents._zones import instant_hit, zone_miss, zone_note

__all__ = ["date_hit", "time_miss", "time_note"]

_BIRTH = re.compile(r"dob|birth|born")


def date_hit(
    store: ContextStore,
    v: ArgValue,
    stray: Callable[[ArgValue, Callable[[str], object]], str | None],
    find: Callable[[str], object],
) -> Hit | None:
    """Where a date argument was given, or None: the same instant in any zone, else its day,
    unless ``stray`` says the context gave that day another time of day (or zone). A date of
    birth is never moved by a day: "one day later" is about a trip."""
    hit = instant_hit(store, v.raw)
    if hit is not None:
        return hit
    assert isinstance(v.key, int)
    hit = store.find_date(v.key, shift=_BIRTH.search(v.path.lower()) is None)
    if hit is not None and stray(v, find):
        return None  # the day was given; another time of day than the one used
    if hit is None and is_bound(v.path):  # "last month": its first and last day (_periods)
        for i, s in enumerate(store.sources):
            if s.channel == "user" and v.key in period_bounds(s.text, store.reference):
                return Hit((i,), "a bound of a period the user named", frozenset(("user",)))
    if hit is None:  # "within the next 30 days": any day of the span (_spans)
        for i, s in enumerate(store.sources):
            span = span_of(s.text, store.reference, v.key) if s.channel == "user" else None
            if span is not None:
                return Hit((i,), f"in a span the user named ({span})", frozenset(("user",)))
    return hit


def time_miss(
    store: ContextStore,
    raw: object,
    given: set[str],
    siblings: list[str],
    find: Callable[[str], object],
) -> str | None:
    """The time of day of a date-with-time argument that the context contradicts, or that it
    gave only in other zones ("14:30 CET" for ``...T14:30:00Z``), else None."""
    return stray_time(raw, given, siblings, find) or zone_miss(store, raw)


def time_note(store: ContextStore, v: ArgValue, clock: str) -> str:
    """What a finding on a date-with-time argument adds when its day was given: the times the
    context gives that day, or the zones it gave the time in."""
    assert isinstance(v.key, int)
    if store.find_date(v.key) is None:
        return ""
    given = ", ".join(sorted(store.times_on(v.key)))
    wrong = zone_note(store, v.raw)
    return wrong or f" (its day is; the time {clock} is not: that day has {given})"
