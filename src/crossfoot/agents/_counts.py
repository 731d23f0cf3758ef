"""Small counts the user states, checked against the count a call passes: ``unstated_count``.

Integers up to 10 are never checked for provenance (every text is full of them), so "two checked
bags" and ``total_baggages=3``, or "a party of four" and ``num_guests=5``, passed. A user's
message is read for counts of a few kinds of things, written in digits or words ("3 passengers",
"two checked bags", "a party of four", "a group of 6", "4 of us", "2 rooms", "3 nights"), and an
argument whose name says it counts one of them (``passengers``, ``num_guests``, ``party_size``,
``total_baggages``, ``bags``, ``rooms``, ``nights``, ``tickets``, ``seats``; a list under such a
name counts by its length; a bare singular name, ``room=12``, is a number, not a count) must be
one of the counts the user stated for that kind. A count the user asks to add ("add 2 checked
bags", "one more passenger") is a floor, not the total: the total may include what the booking
held; so is a count of adults (children may travel too), and "one of us" is no party's size.
Nothing is checked for a kind the user gave no count of, for a count the tool's rules decide
(``nonfree_baggages``, ``free_...``) or for a tool named as a read (``agents._links.is_read``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from crossfoot.agents._keys import snake
from crossfoot.numbers.words import SMALL_NUMBERS

__all__ = ["count_messages", "stated_counts"]

_WORDS = {w: n for w, n in SMALL_NUMBERS.items() if 1 <= n <= 12} | {"a": 1, "an": 1, "single": 1}
_KINDS = {
    "passenger": "people", "people": "people", "person": "people", "persons": "people",
    "adult": "people", "traveler": "people", "traveller": "people", "guest": "people",
    "bag": "bags", "baggage": "bags", "suitcase": "bags", "luggage": "bags",
    "room": "rooms", "night": "nights", "ticket": "tickets", "seat": "seats",
}  # fmt: skip
_NUM = "|".join([r"\d{1,2}", *sorted(_WORDS, key=len, reverse=True)])
_NOUN = "|".join(sorted(_KINDS, key=len, reverse=True))
_ADJ = "more|extra|additional|other|checked|adult|total|separate|carry-on|hotel|double|single"
# "3 passengers", "two checked bags", "1 more passenger", "add an extra bag", "a party of four"
_COUNT = re.compile(
    rf"\b(?P<add>add(?:ing)?\s+)?(?P<n>{_NUM})\s+(?P<adj>(?:(?:{_ADJ})\s+){{0,2}})"
    rf"(?P<noun>{_NOUN})(?:e?s)?\b"
    rf"|\b(?:party|group|table|family) of (?P<g>{_NUM})\b|\b(?P<us>{_NUM}) of us\b"
)
# A count of none or of one the user states without a number: "we don't have any baggage", "no
# checked bags", "it's just me", "travelling alone". ("no extra bags" adds none: no count.)
_NONE = re.compile(
    r"\b(?:no|zero|(?:do(?:n'?t|n’t| not)|won'?t|won’t|will not|not)(?: be)? (?:hav|need|bring"
    r"|check|tak|carry)(?:e|ing)? any)\s+(?:checked\s+)?(?P<noun>bag|baggage|luggage|suitcase)s?\b"
    r"(?!\s+(?:fees?|charges?|allowances?|limits?|polic(?:y|ies)|rules?))"  # "no bag fee": a price
    r"|\b(?:just|only) me\b(?!\s*(?:and|&|\+|,\s*\w+\s+and)\b)"
    r"|\b(?:travel(?:l)?ing|flying) (?:alone|solo|by myself)\b"
)
# A negation just before "just me" / "travelling alone": "it's not just me", "I won't be flying
# solo" state more than one, no count.
_NEGATED = re.compile(r"(?:\bnot|n[’']t|\bnever)(?:\s+be)?\s+$")
# Words a message stating a count holds ("passengers", "bags", "party of", "4 of us").
_GATE = ("passeng", "people", "person", "adult", "travel", "guest", "bag", "suitcase", "luggage",
         "room", "night", "ticket", "seat", "party of", "group of", "table of", "family of",
         " of us", " me", "flying")  # fmt: skip
_CAP = 20_000  # characters of one message read for counts
_ADDED = frozenset({"more", "extra", "additional", "other"})
_ARTICLES = frozenset({"a", "an", "single"})
_ONE = frozenset({"one", "1"})
# An argument's name, less a prefix ("total_", "num_", "number_of_", "checked_") and a "_count"
# suffix, -> the kind it counts ("nonfree_baggages", "bag_weight" count no bags).
_ARG_KINDS = {
    "passengers": "people", "passenger": "people", "guests": "people", "guest": "people",
    "travelers": "people", "travellers": "people", "adults": "people", "people": "people",
    "pax": "people", "party_size": "people", "party": "people", "persons": "people",
    "baggages": "bags", "baggage": "bags", "bags": "bags", "bag": "bags", "luggage": "bags",
    "suitcases": "bags", "rooms": "rooms", "room": "rooms", "nights": "nights", "night": "nights",
    "tickets": "tickets", "ticket": "tickets", "seats": "seats",
}  # fmt: skip
# Singular names that count only with a prefix or suffix ("num_rooms", "room_count"): bare, they
# name one thing's number ("room": 12, "ticket": 7).
_NUMBERED = frozenset({"passenger", "guest", "room", "night", "ticket", "bag"})
_PREFIX = re.compile(r"^(?:total|num|number_of|n|count_of|checked)_|_count$")


def stated_counts(text: str) -> tuple[tuple[str, int, bool], ...]:
    """(kind, count, added) of each count a user's message states.

    >>> stated_counts("We're a party of four and need 2 rooms; please add one more checked bag.")
    (('rooms', 2, False), ('bags', 1, True), ('people', 4, False))
    """
    return _counts_in(text[:_CAP])  # (the memo keyed by what is read: no megabyte kept)


@lru_cache(maxsize=1024)
def _counts_in(text: str) -> tuple[tuple[str, int, bool], ...]:
    low = text.lower()  # (the first _CAP: counts are stated in a request, not a pasted export)
    if not any(k in low for k in _GATE):
        return ()
    out: list[tuple[str, int, bool]] = []
    groups: list[tuple[str, int, bool]] = []
    for m in _COUNT.finditer(low):
        if m["noun"] is not None:
            adj = m["adj"].split()
            added = bool(m["add"]) or any(a in _ADDED for a in adj)
            if added or m["n"] not in _ARTICLES:  # "a bag" is no count; "add a bag" is
                some = m["noun"] == "adult" or "adult" in adj  # (children may travel too)
                out.append((_KINDS[m["noun"]], _number(m["n"]), added or some))
        elif (m["g"] or m["us"]) not in _ARTICLES and m["us"] not in _ONE:  # "one of us" is one
            groups.append(("people", _number(m["g"] or m["us"]), False))
    for m in _NONE.finditer(low):
        if m["noun"]:
            groups.append(("bags", 0, False))
        elif _NEGATED.search(low, max(0, m.start() - 12), m.start()) is None:
            groups.append(("people", 1, False))
    return tuple((out + groups)[:100])


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _kind(key: str) -> str | None:
    """The kind of thing an argument's name says it counts.

    >>> _kind("total_baggages"), _kind("numGuests"), _kind("nonfree_baggages"), _kind("bag_weight")
    ('bags', 'people', None, None)
    """
    name = snake(key)
    bare = _PREFIX.sub("", _PREFIX.sub("", name))
    if bare == name and bare in _NUMBERED:  # ``room=12`` is a room's number, not a count
        return None
    return _ARG_KINDS.get(bare)


def count_messages(stated: Iterable[tuple[str, int, bool]], args: object) -> list[tuple[str, str]]:
    """(argument, message) for each count argument that is none of the counts the user stated
    for its kind (or below a count the user asked to add).

    >>> said = stated_counts("Book it for 3 passengers, with two checked bags.")
    >>> count_messages(said, {"passengers": [{"n": "A"}, {"n": "B"}], "total_baggages": 2})
    [('passengers', 'passengers has 2, but the user stated 3 people')]
    """
    if not isinstance(args, dict):
        return []
    exact: dict[str, set[int]] = {}
    floor: dict[str, int] = {}
    for kind, n, added in stated:
        if added:
            floor[kind] = max(floor.get(kind, 0), n)
        else:
            exact.setdefault(kind, set()).add(n)
    if not exact and not floor:
        return []
    out = []
    for key, value in args.items():
        if isinstance(value, bool) or not isinstance(key, str):
            continue
        size = len(value) if isinstance(value, list) else value if isinstance(value, int) else None
        what = _kind(key) if size is not None and 0 <= size <= 50 else None
        if what is None or size is None or (what not in exact and what not in floor):
            continue
        kind, n = what, size
        if n in exact.get(kind, ()) or (kind in floor and n >= floor[kind]):
            continue
        said = sorted(exact.get(kind, ()))
        told = " or ".join(map(str, said)) if said else f"at least {floor[kind]}"
        if said and kind in floor:
            told += f" (or at least {floor[kind]})"
        noun = _NAMES[kind][told in ("1", "at least 1")]
        out.append((key, f"{key} has {n}, but the user stated {told} {noun}"))
    return out


_NAMES = {
    "people": ("people", "person"),
    "bags": ("bags", "bag"),
    "rooms": ("rooms", "room"),
    "nights": ("nights", "night"),
    "tickets": ("tickets", "ticket"),
    "seats": ("seats", "seat"),
}  # fmt: skip (plural, singular)
