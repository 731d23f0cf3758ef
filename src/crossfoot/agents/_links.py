"""Arguments of one call from records the context never links: a value of another entity's record
that no identifying argument of the call names directly.

``agents._coherence`` compares a value with the call's own identifying argument of the same field
(an item shown under ``order_id=#W2`` returned with ``order_id=#W1``). Records are also linked one
step further, through an owner neither argument names: ``refund(order_id="#W1",
payment_method_id="gift_card_77")`` after the profiles of two users were read is one user's order
paid back to the other user's card. The order's record says ``user_id=ana_1``; the card was shown
only in the profile ``get_user_details(user_id="ben_2")`` returned. A read's identifying arguments
are the identity of the record it returns (:func:`bound_ids`), so the card's owner is known though
the profile never writes it.

For an identifying argument ``v1`` the fields of the records around every place it was shown are
its *identity* (the record's own fields: an order's ``user_id``); for another value ``v2`` of the
call they are its *owners*: for an id, the records that hold its own record (a card's profile,
an item's order), never its own record's other fields (an item's ``product_id`` is a peer, not an
owner: two items of one order have two products); for an amount, the nearest record too (a
price belongs to its item). The call is ``mismatched_record`` when the two share an owner field
and every shared field disagrees: no owner links them. One agreeing field links them (a card used
for another order of the same user: the orders differ, the user does not).

>>> from crossfoot.agents._coherence import RecordIndex
>>> idx = RecordIndex()
>>> idx.add('{"order_id": "#W1", "user_id": "ana_1"}', "get_order_details", {"order_id": "#W1"})
>>> idx.add('{"payment_methods": [{"id": "gift_card_77"}]}', "get_user_details",
...         {"user_id": "ben_2"})
>>> [c.message for c in idx.conflicts({"order_id": "#W1", "payment_id": "gift_card_77"}, "refund")]
['payment_id=gift_card_77 was shown under user_id=ben_2, but order_id=#W1 under user_id=ana_1']
>>> idx.add('{"payment_methods": [{"id": "gift_card_77"}]}', "get_user_details",
...         {"user_id": "ana_1"})
>>> idx.conflicts({"order_id": "#W1", "payment_id": "gift_card_77"}, "refund")
[]
"""

from __future__ import annotations

import re

__all__ = ["LinkMemo", "bound_ids", "is_read", "linked_conflicts"]

# A tool named as a read looks: its identifying arguments name the record it returns.
_READS = frozenset(
    "get find list search lookup look read fetch view show check retrieve query".split()
)
_HEAD = re.compile(r"[A-Za-z][a-z]*")
_NO_ENTITY = ("page", "cursor", "session", "request", "trace", "token", "idempotency")

_Ids = dict[str, dict[str, str]]  # field -> {lookup key: as shown}
# A place a value was shown: its field, the ids of its record and those around it, the ids of the
# records around its record only
_Place = tuple[str, _Ids, _Ids]


def is_read(tool: str | None) -> bool:
    """Whether a tool's name says it reads (``get_user_details``, ``searchOrders``).

    >>> is_read("get_user_details"), is_read("listFiles"), is_read("refund"), is_read(None)
    (True, True, False, False)
    """
    if not tool:
        return False
    head = _HEAD.match(tool)
    return head is not None and head.group(0).lower() in _READS


def bound_ids(
    tool: str | None, args: object, identifying: object, key: object, scalar: object
) -> _Ids:
    """The identifying scalar arguments of a read (``get_user_details(user_id="ben_2")``) as the
    ids of the record it returns; ``{}`` for a call that is no read. ``identifying``, ``key`` and
    ``scalar`` are agents._coherence's readers (passed in: that module imports this one)."""
    if not isinstance(args, dict) or not is_read(tool):
        return {}
    out: _Ids = {}
    for k, v in args.items():
        low = str(k).lower()
        if any(w in low for w in _NO_ENTITY):
            continue  # (a page, a session, a request: no record the result belongs to)
        if scalar(v) and identifying(str(k)):  # type: ignore[operator]
            out[str(k)] = {key(v): str(v)}  # type: ignore[operator]
    return out


def _common(places: list[_Place], outer: bool, skip: frozenset[str]) -> _Ids:
    """The fields every place has (around the value, or only around its record when ``outer``),
    other than ``skip``, with every value they hold."""
    found: _Ids = {}
    counts: dict[str, int] = {}
    for _f, inner, around in places:
        for k, held in (around if outer else inner).items():
            if k in skip:
                continue
            counts[k] = counts.get(k, 0) + 1
            found.setdefault(k, {}).update(held)
    n = len(places)
    return {k: h for k, h in found.items() if counts[k] == n}


class LinkMemo:
    """Each value's identity and owners, kept until the index grows (a run's calls ask about the
    same few values again and again)."""

    __slots__ = ("identity", "owned", "owns")

    def __init__(self) -> None:
        self.identity: dict[str, _Ids] = {}
        self.owns: dict[str, _Ids] = {}  # of an id
        self.owned: dict[str, _Ids] = {}  # of an amount

    def clear(self) -> None:
        self.identity.clear()
        self.owns.clear()
        self.owned.clear()


def identity(memo: LinkMemo, at: dict[str, list[_Place]], key: str) -> _Ids:
    """The ids around every place of the identifying value ``key`` (its record's own fields and
    the records' around it)."""
    got = memo.identity.get(key)
    if got is None:
        got = memo.identity[key] = _common(at[key], False, frozenset())
    return got


def owners(memo: LinkMemo, at: dict[str, list[_Place]], key: str, is_id: bool) -> _Ids:
    """The ids of the records that hold every place of ``key``: for an id, the records around its
    own record, less the fields it is itself shown under; for an amount, its record's too."""
    kept = memo.owns if is_id else memo.owned
    got = kept.get(key)
    if got is None:
        places = at[key]
        skip = frozenset(f for f, _i, _o in places) if is_id else frozenset()
        got = kept[key] = _common(places, is_id, skip)
    return got


def linked_conflicts(
    memo: LinkMemo,
    at: dict[str, list[_Place]],
    ids: list[tuple[str, str, object, str]],
    shown: list[tuple[str, str, object, str, bool]],
    seen: set[str],
) -> list[tuple[str, str]]:
    """``mismatched_record`` conflicts of one group of a call's values: ``ids`` are its
    identifying arguments shown in a result as (key, path, value, lookup key); ``shown`` every
    value shown in a result as (key, path, value, lookup key, whether an id). Each conflict is
    (the path of the value, the message)."""
    out: list[tuple[str, str]] = []
    owned = []
    for _k2, path2, v2, key2, is_id in shown:
        if path2 not in seen:
            theirs = owners(memo, at, key2, is_id)
            if theirs:
                owned.append((path2, v2, key2, theirs))
    if not owned:
        return out  # (no value of the call is held by a record: nothing to link)
    for k1, path1, v1, key1 in ids:
        mine = identity(memo, at, key1)
        if not mine:
            continue
        for path2, v2, key2, theirs in owned:
            if path2 == path1 or path2 in seen or key2 == key1:
                continue
            f = ""  # the first owner field both have, when no field they share agrees
            for g, held in theirs.items():
                also = mine.get(g)
                if also is None:
                    continue
                if not held.keys().isdisjoint(also):
                    f = ""  # (one owner links them)
                    break
                f = f or g
            if not f:
                continue  # (nothing to compare, or one owner links them)
            seen.add(path2)
            other, own = next(iter(theirs[f].values())), next(iter(mine[f].values()))
            if f in (k1.lower(), k1.lower().rstrip("s")):
                message = f"{path2}={v2} was shown under {f}={other}, not {k1}={v1}"
            else:
                message = f"{path2}={v2} was shown under {f}={other}, but {k1}={v1} under {f}={own}"
            out.append((path2, message))
    return out
