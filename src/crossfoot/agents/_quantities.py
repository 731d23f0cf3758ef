"""Product quantities the user states, checked against a call's ``quantity``: ``unstated_count``.

A product's quantity is a small integer, so provenance never checks it: "two of the blue mugs"
and ``place_order(sku="MUG-BLUE", quantity=3)`` passed. A user's message is read for the
quantities it states: of an identifier ("3 x SKU-123", "3x SKU-123", "SKU-123 x 3"), of things
named before ("two of the blue mugs", "4 of those"), in units ("5 units", "2 pieces", "3 packs"),
or as a quantity ("qty 4", "a quantity of 6", "make it 3"). An argument named for a quantity
(``quantity``, ``qty``, ``units``, ``num_items``, ``item_count``; in a record of a list too,
``items[0].quantity``) must then be a quantity the user stated: the one stated for the record's
own identifier when the user tied one to it ("3 x SKU-123" and ``{"sku": "SKU-123",
"quantity": 2}`` warns), else any the user stated. A quantity the user asks to add ("2 more",
"another 3") is a floor. "One of the ..." points at a thing, it counts none; an identifier the
user gave no quantity for, in a message tying quantities to others, is another product and is
not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from crossfoot.agents._keys import snake
from crossfoot.numbers.words import SMALL_NUMBERS

__all__ = ["quantity_messages", "stated_quantities"]

_WORDS = {w: n for w, n in SMALL_NUMBERS.items() if 1 <= n <= 20}
_NUM = "|".join([r"\d{1,3}", *sorted(_WORDS, key=len, reverse=True)])
# A token from its start (a digit is checked after: one pass per token, no backtracking inside it).
_ID = r"(?<![\w-])[a-z0-9][\w-]*"
_QTY = re.compile(
    rf"\b(?P<n1>{_NUM})\s*[x×]\s*#?(?P<id1>{_ID})"  # "3 x SKU-123", "3x #4411"
    rf"|(?P<id2>{_ID})\s*[x×]\s*(?P<n2>\d{{1,3}})\b"  # "SKU-123 x 3"
    rf"|\b(?P<n3>{_NUM}) (?P<more>more |extra |additional )?(?:of (?:the|those|these|them|your"
    rf"|my)|units?|pieces?|pcs|packs?|boxes|cases|copies|bottles|cans|rolls)\b"
    rf"|\b(?:add |order )?(?P<more4>another |an extra )(?P<n4>{_NUM})\b"
    rf"|\b(?:qty|quantity)(?: of| is| to|:|=)?\s*(?P<n5>{_NUM})\b"
    rf"|\bmake it (?P<n6>{_NUM})\b(?!\s*(?:am|pm|a\.m|p\.m|:|%|o'?clock|percent))"
)
_GATE = (" x", "x ", "×", " of ", "unit", "piece", "pcs", "pack", "box", "case", "cop", "bottle",
         "can", "roll", "another", "extra", "qty", "quantity", "make it")  # fmt: skip
_SIZE_UNIT = re.compile(r"\d+(?:\.\d+)?(?:px|mm|cm|m|in|ft|k|p|gb|tb|mb)")  # "200mm", "1080p"
_IN = re.compile(r"\bin $")  # "in 2 cases": before a count of units, how they come
_CAP = 20_000  # characters of one message read (quantities are stated in a request)
_ARG_NAMES = frozenset(
    ("quantity", "qty", "units", "num_items", "number_of_items", "item_count", "num_units",
     "item_quantity", "order_quantity", "quantity_ordered", "unit_count")
)  # fmt: skip
_COMPACT = str.maketrans("", "", " -_#./")


def stated_quantities(text: str) -> tuple[tuple[str, int, bool], ...]:
    """(identifier or "", quantity, added) of each product quantity a user's message states.

    >>> stated_quantities("Please send 3 x SKU-123, two of the blue mugs and 2 more boxes.")
    (('sku123', 3, False), ('', 2, False), ('', 2, True))
    """
    return _quantities_in(text[:_CAP])  # (the memo keyed by what is read: no megabyte kept)


@lru_cache(maxsize=1024)
def _quantities_in(text: str) -> tuple[tuple[str, int, bool], ...]:
    low = text.lower()  # (its first _CAP characters)
    if not any(k in low for k in _GATE):
        return ()
    out: list[tuple[str, int, bool]] = []
    for m in _QTY.finditer(low):
        if m["n1"] is not None or m["n2"] is not None:
            ident, n = (m["id1"], m["n1"]) if m["n1"] is not None else (m["id2"], m["n2"])
            ident = ident.rstrip("-.,")
            if not any(c.isdigit() for c in ident) or _measure(low, m, ident):
                continue  # "2 x 3" is arithmetic, "800 x 600 px" a size: not a product
            out.append((_key(ident), _number(n), False))
            continue
        n = m["n3"] or m["n4"] or m["n5"] or m["n6"]
        added = bool(m["more"] or m["more4"])
        if m["n3"] is not None and n in ("one", "1") and not added and " of " in m[0]:
            continue  # "one of the mugs" points at a thing
        if m["n3"] is not None and " of " not in m[0] and _IN.search(low, m.start() - 4, m.start()):
            continue  # "in 2 cases it arrived late", "shipped in 3 boxes": how, not how many
        out.append(("", _number(n), added))
    return tuple(out[:100])


def _measure(low: str, m: re.Match[str], ident: str) -> bool:
    """Whether "N x M" is arithmetic or a size (two numbers; a unit may follow the second:
    "800 x 600", "100 x 200mm", "1024 x 768 pixels") rather than a quantity of a product whose
    identifier is a number: that one is written with its "#" ("3 x #4411")."""
    if not ident.isdecimal():
        if _SIZE_UNIT.fullmatch(ident) is None:
            return False  # "3 x SKU-123", "2 x 4411b"
    elif len(ident) < 3:
        return True  # "2 x 3"
    mark = m.start("id1") if m["n1"] is not None else m.start("id2")
    return mark <= 0 or low[mark - 1] != "#"


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _key(ident: str) -> str:
    return ident.lower().translate(_COMPACT)


def _records(node: object, path: str, depth: int = 0) -> Iterator[tuple[str, dict[str, object]]]:
    """(path, mapping) of ``node`` and the mappings nested in it (lists of records included)."""
    if depth > 6:
        return
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            if isinstance(v, (dict, list)):
                yield from _records(v, f"{path}.{k}" if path else str(k), depth + 1)
    elif isinstance(node, list):  # "items[0]", as the call's values are named (_values)
        for i, v in enumerate(node[:200]):
            yield from _records(v, f"{path}[{i}]", depth + 1)


def _is_quantity(key: str) -> bool:
    return snake(key) in _ARG_NAMES


def quantity_messages(
    stated: Iterable[tuple[str, int, bool]], args: object
) -> list[tuple[str, str]]:
    """(argument path, message) for each quantity argument that is none the user stated.

    >>> said = stated_quantities("I'd like 3 x SKU-123 and 1 x SKU-9.")
    >>> quantity_messages(said, {"items": [{"sku": "SKU-123", "quantity": 2}]})
    [('items[0].quantity', 'items[0].quantity has 2, but the user stated 3 of SKU-123')]
    """
    exact: dict[str, set[int]] = {}
    floor: dict[str, int] = {}
    for ident, n, added in stated:
        if added:
            floor[ident] = max(floor.get(ident, 0), n)
        else:
            exact.setdefault(ident, set()).add(n)
    if not exact and not floor:
        return []
    out = []
    for path, record in _records(args, ""):
        for key, value in record.items():
            if not isinstance(key, str) or not _is_quantity(key):
                continue
            given = _int(value)
            if given is None:
                continue
            where = f"{path}.{key}" if path else key
            said = _stated_for(record, exact, floor)
            if said is None:
                continue
            told_exact, told_floor, what = said
            if given in told_exact or (told_floor and given >= told_floor):
                continue
            told = " or ".join(map(str, sorted(told_exact))) or f"at least {told_floor}"
            if told_exact and told_floor:
                told += f" (or at least {told_floor})"
            out.append((where, f"{where} has {given}, but the user stated {told}{what}"))
    return out


def _int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value <= 1000 else None
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= 4:
        return int(value.strip())
    return None


def _stated_for(
    record: dict[str, object], exact: dict[str, set[int]], floor: dict[str, int]
) -> tuple[set[int], int, str] | None:
    """The quantities the user stated that a record's quantity must be one of: those tied to
    one of its identifiers, else all of them when the user stated one without an identifier,
    else None (a product the user tied no quantity to)."""
    for v in record.values():
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            k = _key(str(v))
            if k and (k in exact or k in floor):
                return exact.get(k, set()), floor.get(k, 0), f" of {v}"
    if "" not in exact and "" not in floor:
        return None
    every = set().union(*exact.values()) if exact else set()
    return every, min(floor.values()) if floor else 0, ""
