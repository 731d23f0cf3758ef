"""Sums of some of the named rows of one list, for :mod:`crossfoot.agents._derive`.

"Return the blender, the kettle and the lamp" from an order of five items, and a refund of the
three prices: no column total (all five) and no pair (three operands). An amount is found as
the sum of three rows of one list the user named, or of all its rows but one the user set
apart ("everything except the lamp": a word of its name after "except", "but", "keep"..., so
"return the lamp" is no refund of the other rows), under one money-named key of a structured
result: one order's items, one invoice's lines. The rows must be named records (a ``name``,
``product_name``, ``item_name`` or ``title``) and the user must have written a word of each name
picked: any three of a reservation's four flight prices is a coincidence, not a refund (a
tau-bench agent's wrong "total price for the current flights is $413" summed three of four
legs). Only lists of four to ten rows are read (C(10, 3) = 120 sums a column), and only rows of
one list combine: an item of another order is not summed with these, so a sum with one wrong
item (a price of another order, or one typed wrong) stays unsourced.

>>> rows = [{"name": "Blender", "price": 89.99}, {"name": "Kettle", "price": 45.5},
...         {"name": "Toaster", "price": 32.25}, {"name": "Desk Lamp", "price": 21.1}]
>>> pick = picked_sums({"items": rows})["156.59"][0]
>>> formula(pick), fits(pick, frozenset({"blender", "kettle", "lamp"}), frozenset())
('89.99 + 45.5 + 21.1 (price of 3 of 4 rows)', True)
>>> fits(pick, frozenset({"blender", "kettle"}), frozenset())
False
>>> fits(pick, frozenset({"blender", "kettle", "lamp", "toaster"}), frozenset())
False
>>> rest = picked_sums({"items": rows})["167.74"][0]
>>> lamp = frozenset({"lamp"})
>>> fits(rest, lamp, frozenset()), fits(rest, lamp, lamp)
(False, True)
>>> sorted(set_apart("return everything but the desk lamp, please. the kettle too"))
['desk', 'lamp', 'please']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from itertools import combinations
from math import comb

from crossfoot.agents._keys import Seen, dec_key, fmt
from crossfoot.agents._requested import name_words

__all__ = ["Pick", "fits", "formula", "picked", "picked_sums", "set_apart"]

_MONEY = re.compile(r"price|amount|cost|fare|total|refund|paid|charge|fee|subtotal")
# A word that sets rows apart ("everything except the lamp", "all but the kettle", "keep the
# toaster"), and the words after it up to the end of its clause.
_APART = re.compile(
    r"\b(?:except|but|other than|apart from|besides|excluding|without|not|keep|keeping|minus)"
    r"\b([^.;:!?\n]{1,60})"
)
_NAME_KEYS = ("name", "product_name", "item_name", "title")
_FEWEST, _MOST = 4, 10  # rows of a list whose sums of three (or all but one) are read
_BUDGET = 20_000  # sums one result adds at most (a result of many small lists stays cheap)
_PER_SUM = 4  # picks kept for one sum (two subsets may add up alike)

# The values summed, their key, the list's rows, the names of the rows picked and left out.
Pick = tuple[tuple[Decimal, ...], str, int, tuple[str, ...], tuple[str, ...]]


def picked_sums(node: object) -> dict[str, list[Pick]]:
    """The sums of three rows, and of all rows but one, of every list of 4 to 10 named rows
    under each money-named key of ``node`` (value key -> what was summed), at most ``_BUDGET``."""
    found: dict[str, list[Pick]] = {}
    _walk(node, found, [_BUDGET], 0)
    return found


def fits(pick: Pick, user: frozenset[str], apart: frozenset[str]) -> bool:
    """Whether the user set apart the one row left out (``apart``: the words the user wrote
    after "except", "but", "keep"...: :func:`set_apart`), or named every row picked (three of
    them) and no row left out, but by a word of the picked ones' names or set apart (a refund
    of three of the four items the user returned is one short)."""
    _values, _key, _n, names, left = pick
    if len(left) == 1 and name_words(left[0]) & apart:
        return True
    if len(names) != 3 or not all(name_words(x) & user for x in names):
        return False
    mine = frozenset().union(*map(name_words, names))
    return not any((name_words(x) - mine) & user and not name_words(x) & apart for x in left)


def set_apart(low: str) -> frozenset[str]:
    """The name words of a lower-cased message that follow a word setting rows apart."""
    return frozenset().union(*(name_words(m[1]) for m in _APART.finditer(low)))


def formula(pick: Pick) -> str:
    """How a sum of :func:`picked_sums` is explained."""
    values, name, n, _names, _left = pick
    size = len(values)
    written = " + ".join(map(fmt, values)) if size <= 3 else f"{size} values"
    return f"{written} ({name} of {size} of {n} rows)"


def _walk(
    node: object,
    out: dict[str, list[Pick]],
    budget: list[int],
    depth: int,
) -> None:
    if depth > 12 or budget[0] <= 0:
        return
    if isinstance(node, dict):
        for v in node.values():
            _walk(v, out, budget, depth + 1)
        return
    if not isinstance(node, list):
        return
    rows = [r for r in node if isinstance(r, dict)]
    names = [next((r[k] for k in _NAME_KEYS if isinstance(r.get(k), str)), "") for r in rows]
    if _FEWEST <= len(rows) <= _MOST and all(names):  # (a list of ten rows at most: cheap)
        for k in {k for r in rows for k in r if _MONEY.search(str(k).lower())}:
            vals = [r.get(k) for r in rows]
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
                nums = [Decimal(repr(v)) for v in vals]
                if all(v > 0 for v in nums):
                    _sums(nums, names, str(k), out)
                    budget[0] -= comb(len(nums), 3) + len(nums)
    for v in node:
        _walk(v, out, budget, depth + 1)


def _sums(nums: list[Decimal], names: list[str], key: str, out: dict[str, list[Pick]]) -> None:
    n = len(nums)
    for size in sorted({3, n - 1}):
        for pick in combinations(range(n), size):
            got = out.setdefault(dec_key(sum((nums[i] for i in pick), Decimal(0))), [])
            if len(got) < _PER_SUM:
                left = tuple(names[i] for i in range(n) if i not in pick)
                values = tuple(nums[i] for i in pick)
                got.append((values, key, n, tuple(names[i] for i in pick), left))


def picked(
    target: Decimal,
    recent: list[int],
    cache: dict[int, dict[str, list[Pick]]],
    sources: list[Seen],
    json_of: Callable[[Seen], object],
) -> tuple[str, tuple[int, ...]] | None:
    """The formula and source of ``target`` as such a sum in one of the ``recent`` sources."""
    key = dec_key(target)
    user: frozenset[str] | None = None
    apart: frozenset[str] = frozenset()
    for i in recent:
        sums = cache.get(i)
        if sums is None:
            data = json_of(sources[i])
            sums = cache[i] = picked_sums(data) if data is not None else {}
        for pick in sums.get(key, ()):
            if user is None:
                said = [s.text for s in sources if s.channel == "user"]
                user = frozenset().union(*map(name_words, said))
                apart = frozenset().union(*map(set_apart, said))
            if fits(pick, user, apart):
                return formula(pick), (i,)
    return None
