"""A time zone given apart from the time: "all times are CET", "I'm in Berlin", "my time zone
is America/New_York", or a call's ``timezone="Europe/Paris"`` argument.

:func:`zone_named` reads one zone as ``agents._zones`` files it: ``(name, None)`` for a name
whose offset follows the season ("cet", "pt", "et"), ``(name, minutes)`` for a fixed one
("jst", "utc") and ``("offset", minutes)`` for "UTC+2", "+05:30", "GMT-3". Cities are a short
list of the zones' main cities (and IANA names, ``Europe/Berlin``, by their city): enough for
what a user writes and a tool takes, with no database. :func:`message_zone` is the zone a
message states for its times written without one.
"""

from __future__ import annotations

import re

__all__ = ["message_zone", "zone_named"]

_CITIES = {
    "cet": ("berlin", "paris", "madrid", "rome", "amsterdam", "brussels", "vienna", "zurich",
            "stockholm", "oslo", "copenhagen", "warsaw", "prague", "budapest", "munich",
            "frankfurt", "milan", "barcelona", "belgrade", "zagreb"),
    "wet": ("london", "dublin", "lisbon", "edinburgh", "manchester"),
    "eet": ("athens", "helsinki", "kyiv", "kiev", "bucharest", "sofia", "riga", "vilnius",
            "tallinn"),
    "et": ("new york", "new_york", "boston", "miami", "atlanta", "toronto", "washington",
           "philadelphia", "detroit", "montreal"),
    "ct": ("chicago", "dallas", "houston", "austin", "minneapolis", "winnipeg", "mexico city",
           "mexico_city"),
    "mt": ("denver", "salt lake city", "edmonton", "calgary", "boise"),
    "pt": ("los angeles", "los_angeles", "san francisco", "seattle", "portland", "vancouver",
           "san diego", "las vegas"),
    "jst": ("tokyo", "osaka"),
    "sgt": ("singapore",),
    "hkt": ("hong kong", "hong_kong"),
    "ist": ("mumbai", "delhi", "new delhi", "bangalore", "bengaluru", "kolkata", "calcutta",
            "chennai", "hyderabad"),
    "kst": ("seoul",),
}  # fmt: skip
_CITY = {city: zone for zone, cities in _CITIES.items() for city in cities}
_FIXED = {"utc": 0, "gmt": 0, "z": 0, "jst": 540, "sgt": 480, "hkt": 480, "ist": 330, "kst": 540}
_NAMES = frozenset(
    ("est", "edt", "cst", "cdt", "mst", "mdt", "pst", "pdt", "akst", "akdt", "cet", "cest",
     "eet", "eest", "wet", "west", "bst", "aest", "aedt", "nzst", "nzdt", "hst",
     "et", "ct", "mt", "pt")
)  # fmt: skip
_REGION_WORDS = {"eastern": "et", "central": "ct", "mountain": "mt", "pacific": "pt"}
_ETC = re.compile(r"gmt([+-])(1[0-4]|[0-9])")  # whole hours only, as the database has them
# Zones whose clocks keep one offset all year (no summer time), by city: what a tool's
# "Asia/Dubai" is without the tz database, and what "I'm in Dubai" states.
_STEADY = {"dubai": 240, "abu dhabi": 240, "abu_dhabi": 240, "shanghai": 480, "beijing": 480,
           "taipei": 480, "manila": 480, "perth": 480, "karachi": 300, "tashkent": 300,
           "dhaka": 360, "bangkok": 420, "jakarta": 420, "ho chi minh": 420,
           "ho_chi_minh": 420, "kathmandu": 345, "colombo": 330, "kabul": 270, "yangon": 390,
           "riyadh": 180, "qatar": 180, "doha": 180, "moscow": 180, "istanbul": 180,
           "nairobi": 180, "lagos": 60, "johannesburg": 120, "brisbane": 600,
           "honolulu": -600, "phoenix": -420, "bogota": -300, "lima": -300,
           "sao paulo": -180, "sao_paulo": -180, "buenos aires": -180,
           "buenos_aires": -180}  # fmt: skip
_OFFSET = re.compile(r"(?:utc|gmt)?\s?([+-])(\d{1,2})(?::?(\d{2}))?")
_CITY_WORDS = "|".join(sorted({*_CITY, *_STEADY}, key=len, reverse=True)).replace("_", "[ _]")
# English words that are zones too ("central", "west") name a place when a word follows them
# ("I'm in Central Europe", "in West Virginia", "in Mountain View"): a zone only before "time" or
# where the phrase ends.
_PLACE_WORDS = frozenset({*_REGION_WORDS, "west"})
_ZONE_WORDS = "|".join(sorted({*_NAMES, *_FIXED} - {"z"} - _PLACE_WORDS, key=len, reverse=True))
_TIME = r"\s+(?:standard\s+|daylight\s+)?time"
# (the offset first: "utc" alone is a zone word too, and "UTC+2" would stop at its "+")
_WHERE = r"(?:(?:utc|gmt)\s?[+-]\d{1,2}(?::?\d{2})?"
_WHERE += rf"|{_CITY_WORDS}|(?:{_ZONE_WORDS})(?:{_TIME})?"
_WHERE += rf"|(?:{'|'.join(sorted(_PLACE_WORDS))})(?:{_TIME}|(?!\s*[a-z])))\b"
# "all times are CET", "all times Pacific", "times are in UTC+2", "my time zone is Europe/Paris",
# "I'm in Berlin", "we are based in Chicago", "I'm on Eastern time"
_STATED = re.compile(
    r"(?<![\w’'])(?:all\s+(?:the\s+)?times?\s+(?:(?:are|is)\s+)?(?:in\s+)?|times\s+(?:are\s+)?in\s+"
    r"|(?:my|our)\s+time\s?zone\s+is\s+"
    r"|(?:i'?m|i’m|i\s+am|we'?re|we’re|we\s+are)\s+(?:(?:based|located|living)\s+)?(?:in|on)\s+)"
    rf"(?:[a-z]+/)?(?P<where>{_WHERE})"
)
# Where a statement starts: each anchor, and how far before it (the "my " of "my time zone").
_GATE = (("all time", (0,)), ("times are", (0,)), ("times in", (0,)), ("time zone", (3, 4)),
         ("timezone", (3, 4)), ("i'm ", (0,)), ("i’m ", (0,)), ("i am ", (0,)),
         ("we're ", (0,)), ("we’re ", (0,)), ("we are ", (0,)))  # fmt: skip
_PER_ANCHOR = 50  # places of one anchor tried in one text
_CAP = 20_000  # characters of a text read for its zone (a message states it, an export heads it)


def zone_named(text: str) -> tuple[str, int | None] | None:
    """The zone a short text names, or None.

    >>> zone_named("Europe/Berlin"), zone_named("America/New_York"), zone_named("UTC+5:30")
    (('cet', None), ('et', None), ('offset', 330))
    >>> zone_named("Pacific Time"), zone_named("JST"), zone_named("Mars/Olympus")
    (('pt', None), ('jst', 540), None)
    """
    low = " ".join(text.strip().lower().split())
    if low.startswith("etc/"):
        return _etc(low[4:])
    if "/" in low:
        low = low.rsplit("/", 1)[1]
    low = low.replace("_", " ")
    for suffix in (" standard time", " daylight time", " time"):
        low = low.removesuffix(suffix)
    if low in _CITY:
        return _CITY[low], None
    if low in _STEADY:
        return "offset", _STEADY[low]
    low = _REGION_WORDS.get(low, low)
    if low in _FIXED:
        return ("z", 0) if low in ("utc", "gmt", "z") else (low, _FIXED[low])
    if low in _NAMES:
        return low, None
    m = _OFFSET.fullmatch(low)
    if m is not None and int(m[2]) <= 14:
        minutes = int(m[2]) * 60 + int(m[3] or 0)
        return "offset", -minutes if m[1] == "-" else minutes
    return None


def _etc(name: str) -> tuple[str, int | None] | None:
    """An ``Etc/`` zone of the tz database: ``Etc/UTC``, and ``Etc/GMT+5``, whose POSIX sign is
    the other way round (five hours WEST of Greenwich: UTC-5).

    >>> _etc("gmt+5"), _etc("gmt-9"), _etc("utc"), _etc("gmt+5:30")
    (('offset', -300), ('offset', 540), ('z', 0), None)
    """
    if name in ("utc", "gmt", "gmt0", "gmt+0", "gmt-0", "uct", "zulu", "universal", "greenwich"):
        return "z", 0
    m = _ETC.fullmatch(name)
    if m is None:
        return None
    hours = int(m[2])
    return "offset", hours * 60 if m[1] == "-" else -hours * 60


def message_zone(low: str) -> tuple[str, int | None] | None:
    """The one zone a (lower-case) message states for its times, else None (none, or two), in
    its first 20,000 characters.

    >>> message_zone("call me at 3 pm on dec 9. i'm in berlin.")
    ('cet', None)
    >>> message_zone("all times pacific: standup at 9:30"), message_zone("i'm in a meeting at 3")
    (('pt', None), None)
    >>> message_zone("i'm in central europe"), message_zone("i'm on central time at 3")
    (None, ('ct', None))
    """
    low = low[:_CAP]
    found = set()
    for anchor, back in _GATE:
        at, n = low.find(anchor), 0
        while at >= 0 and n < _PER_ANCHOR:  # (a pattern tried at each word of a megabyte is slow)
            for start in back:
                m = _STATED.match(low, max(0, at - start))
                if m is not None:
                    etc = low[max(0, m.start("where") - 4) : m.start("where")] == "etc/"
                    found.add(zone_named(f"etc/{m['where']}" if etc else m["where"]))
            at, n = low.find(anchor, at + 1), n + 1
    found.discard(None)
    return found.pop() if len(found) == 1 else None
