"""A call's zone given apart from its times: ``create_event(start="2026-12-09T15:00:00",
timezone="Europe/Paris")`` is the instant ``2026-12-09T14:00:00Z``.

A date with a time and no zone, beside an argument that names the call's zone (``timezone``,
``time_zone``, ``tz``, ``timeZone``, ``tzid``) holding a zone ``agents._zone_words`` reads (an
IANA name by its city, an abbreviation, a region, an offset), is checked as that instant: the
zone's offset on that day is written after it (``2026-12-09T15:00:00+01:00``), so the context's
zoned times find it in any zone, and a time the context gave in another zone ("3 PM ET") is the
wrong instant. A zone this module cannot read, a local time the zone's clocks repeat or skip (by
the tz database), or, without the database, a day the zone's offset changes, leaves the times as
written.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from crossfoot.agents._keys import arg_name
from crossfoot.agents._values import ArgValue
from crossfoot.agents._zone_words import zone_named
from crossfoot.agents._zones import _PAIRS, _offsets, _summer

__all__ = ["with_call_zone"]

_ZONE_ARGS = frozenset(("timezone", "time_zone", "tz", "tzid", "timezone_name", "time_zone_id"))
_GATE = ("zone", "Zone", "ZONE", "tz", "Tz", "TZ")
_LOCAL = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::\d{2})?(?:\.\d+)?\s*")


def _zone_arg(v: ArgValue) -> bool:
    return arg_name(v.path) in _ZONE_ARGS and isinstance(v.raw, str)


def with_call_zone(values: list[ArgValue], key: str = "") -> list[ArgValue]:
    """``values`` with each zone-less date-time written at the zone another argument names;
    ``key`` is the call's canonical form (``_calls.canonical``), a cheap first test: a zone
    argument's name holds "zone" or "tz" in some case; a long call's key is a hash with no
    quote, and its values are all looked at.

    >>> from crossfoot.agents._values import walk_args
    >>> got = walk_args("f", {"start": "2026-12-09T15:00:00", "timezone": "Europe/Paris"})[0]
    >>> [v.raw for v in with_call_zone(got) if v.kind == "date"]
    ['2026-12-09T15:00:00+01:00']
    """
    if len(values) < 2:
        return values
    if "'" in key and not any(z in key for z in _GATE):
        return values
    names = set()
    zones = []
    for i, v in enumerate(values):  # (every call passes here: one test of each name's tail)
        path = v.path
        tail = path[path.rfind(".") + 1 :]
        if ("z" in tail or "Z" in tail) and _zone_arg(v):
            names.add(str(v.raw).strip())
            zones.append(i)
    if zones:  # a zone the call names is a setting, no value to source ("Etc/GMT+5", "UTC+2")
        values = [
            v._replace(checked=False) if i in zones and zone_named(str(v.raw)) else v
            for i, v in enumerate(values)
        ]
    if len(names) != 1:
        return values
    name = names.pop()
    out = []
    for v in values:
        m = _LOCAL.fullmatch(v.raw) if v.kind == "date" and isinstance(v.raw, str) else None
        if m is not None:
            off = _offset_at(name, m)
            if off is not None:
                sign, off = ("-", -off) if off < 0 else ("+", off)
                v = v._replace(raw=f"{str(v.raw).strip()}{sign}{off // 60:02d}:{off % 60:02d}")
        out.append(v)
    return out


def _offset_at(name: str, m: re.Match[str]) -> int | None:
    """The offset (minutes east of UTC) of zone ``name`` at the local time ``m`` reads: by the
    tz database when the system has one and ``name`` is in it, else by ``zone_named``."""
    try:
        local = datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]))
    except ValueError:
        return None
    if "/" in name:
        try:
            from zoneinfo import ZoneInfo

            tz: Any = ZoneInfo(name)
        except (ImportError, ValueError, OSError, KeyError):  # no database, or not in it
            tz = None
        if tz is not None:
            # A local time the clocks repeat (fall back) or skip (spring forward) has two
            # offsets by ``fold``: no one instant, the time stays as written.
            first, second = (local.replace(tzinfo=tz, fold=f).utcoffset() for f in (0, 1))
            if first != second or first is None:
                return None
            return int(first.total_seconds()) // 60
    zone = zone_named(name)
    if zone is None:
        return None
    day: date = local.date()
    if zone[0] in _PAIRS and zone[1] is None and "/" in name:  # a city keeps its local time
        own, other, rule = _PAIRS[zone[0]]
        std, dst = sorted((own, other))
        offsets = {dst if summer else std for summer in _summer(day, rule)}
    else:
        offsets = _offsets(zone, day)
    return offsets.pop() if len(offsets) == 1 else None
