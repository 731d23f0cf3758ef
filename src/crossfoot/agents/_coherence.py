"""Arguments of one call that come from records that disagree: a value of another entity's record.

Provenance asks whether each argument value was shown to the agent; it cannot see a real value
taken from the wrong record. ``return_items(order_id="#W4471", item_ids=["t-90"])`` passes
provenance when item ``t-90`` was shown, but ``t-90`` was listed under order ``#W5520``: the call
mixes two orders. Tool results that are JSON are indexed by their scalar values, each with the
records (objects) around it, nearest first. For each value of a call, and each *identifying*
argument beside it (a key ending in ``id``, ``ids``, ``number``, ``no``, ``code``, ``sku`` or
``email``), the records around every place the value was shown are asked for that key: when each
of them holds the key with another value, and none holds the call's own, the value is
``mismatched``. A string (an id) is compared only where every place shows it under the call's own
field name (``item_id`` for ``item_ids``): a payment method listed as ``id`` inside an order is a
reference to the customer's method, not part of that order. An amount is compared under any
field name (a ``price`` for a refund's ``amount``).

Cautious by construction: a value shown anywhere without that key around it (a product catalog
that lists an item under no order), or shown once under the call's own id, is left alone; small
or round values (``2``, ``100``) and free text are never looked up; only identifying keys are
compared, so an update that changes an attribute (a new cabin, a new address) is no conflict.

A read's identifying arguments (``get_user_details(user_id=...)``) are ids around the record it
returns, when the record does not write them (``add``'s ``tool`` and ``args``); a call that is no
read is also held to the owners of its values (``agents._links``: a card of another user's
profile). Cards' last digits are kept for ``agents._endings`` (``cards``).

>>> idx = RecordIndex()
>>> idx.add('{"order_id": "#W1", "items": [{"item_id": "k-201", "price": 54.9}]}')
>>> idx.add('{"order_id": "#W2", "items": [{"item_id": "t-90", "price": 31.5}]}')
>>> [c.message for c in idx.conflicts({"order_id": "#W1", "item_ids": ["t-90"]})]
['item_ids=t-90 was shown under order_id=#W2, not order_id=#W1']
>>> idx.conflicts({"order_id": "#W1", "item_ids": ["k-201"], "amount": 54.9})
[]
>>> [c.where for c in idx.conflicts({"order_id": "#W1", "item_ids": ["k-201"], "amount": 31.5})]
['amount']
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from crossfoot.agents._endings import CARD_KEYS, compact, last_digits, method_record
from crossfoot.agents._findings import Finding
from crossfoot.agents._links import LinkMemo, bound_ids, is_read, linked_conflicts

if TYPE_CHECKING:
    from crossfoot.agents._policy import AgentPolicy

__all__ = ["Conflict", "RecordIndex", "is_identifying", "mismatch_findings"]

_ID_ENDS = ("id", "ids", "number", "numbers", "_no", "code", "codes", "sku", "email")
_MAX_TEXT = 2_000_000  # a result larger than this is not indexed (provenance still reads it)
_MAX_LEAVES = 200_000  # per run: beyond this the index stops growing


@lru_cache(maxsize=4096)
def _identifying(key: str) -> bool:
    return is_identifying(key)


def is_identifying(key: str) -> bool:
    """Whether an argument or field name names an entity rather than an attribute.

    >>> is_identifying("order_id"), is_identifying("item_ids"), is_identifying("cabin")
    (True, True, False)
    """
    low = key.lower()
    return low.endswith(_ID_ENDS) and low not in ("paid", "valid", "void")


@dataclass(frozen=True, slots=True)
class Conflict:
    """A call value shown only under records whose identifying field differs from the call's."""

    where: str  # the argument path of the value ("item_ids", "flights[0].flight_number")
    message: str  # the value, the field it disagrees on, and both values of that field


def _norm(v: object) -> str | None:
    """The lookup key of a scalar worth comparing: an id-like string (three characters or more,
    a digit in it) or a number that is not small and round; None for anything else.

    >>> _norm("ORD-55127"), _norm(38.75), _norm(1500.0), _norm(12), _norm("blue")
    ('ord-55127', '38.75', None, None, None)
    """
    t = type(v)
    if t is str:
        s = v.strip().lower()  # type: ignore[attr-defined]
        if len(s) < 3 or len(s) > 80 or " " in s or _DIGIT.search(s) is None:
            return None
        return s  # type: ignore[no-any-return]
    if t is float:
        f: float = v  # type: ignore[assignment]
        if not math.isfinite(f) or abs(f) >= 1e15:
            return None
        if not f.is_integer():
            return repr(f)  # the shortest form, as json.loads reads the same text back
        v = int(f)
    elif t is not int:
        return None
    n: int = v  # type: ignore[assignment]
    if -1000 < n < 1000 or n % 100 == 0 or abs(n) >= 10**15:
        return None  # counts, small amounts, round sums: shared by chance
    return str(n)


_DIGIT = re.compile(r"\d")
_NAME_KEYS = ("name", "product_name", "item_name", "title")


# A place a value was shown: the field name it was shown under ("" in a list of records), and
# the identifying fields of the records around it, the nearest record's first (one dict per
# record, shared by all its values: built once, while the result is read).
_Ids = dict[str, dict[str, str]]  # field -> {its lookup key: as shown}: _around's form
_Place = tuple[str, _Ids, _Ids]  # (field, ids around it, ids around its record only)
_Members = tuple[tuple[str, frozenset[str]], ...]  # a list's named records: (name, their ids)


class RecordIndex:
    """The scalar values of a run's JSON tool results, with the records around each."""

    def __init__(self) -> None:
        self._pending: list[tuple[str, _Ids]] = []
        self._at: dict[str, list[_Place]] = {}
        self._memo: dict[tuple[str, str], dict[str, dict[str, str]]] = {}
        self._links = LinkMemo()  # agents._links's memo
        # Payment ids -> the last digits their record showed (None: a record with none)
        self._cards: dict[str, str | None] = {}
        self.card_names: dict[str, str] = {}  # (of those with digits: the id as shown)
        self._leaves = 0
        # Lists of named records ("items": [{"item_id", "name"}, ...]): each id's list, as
        # (the record's name, every record's (name, ids)) for agents._requested
        self._named: dict[str, tuple[str, _Members]] = {}
        # Lists of plain ids ("reservations": ["ABC123", "XYZ789"]): each id's lookup key (as
        # _norm's) -> its list's ids, as shown
        self._id_lists: dict[str, tuple[str, ...]] = {}

    def add(self, text: str, tool: str | None = None, args: object = None) -> None:
        """Keep a tool result's text; it is parsed the first time a call needs the index. The
        identifying arguments of a read (``tool``, ``args``) name the record it returns."""
        head = text.lstrip()[:1]
        if head in ("{", "[") and len(text) <= _MAX_TEXT:
            self._pending.append((text, bound_ids(tool, args, _identifying, _key, _scalar)))

    def _build(self) -> None:
        pending, self._pending = self._pending, []
        self._memo.clear()
        self._links.clear()
        for text, bound in pending:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if bound and isinstance(data, dict):
                self._bound(data, bound)
            self._walk(data, bound, "")

    def _bound(self, data: dict[Any, Any], bound: _Ids) -> None:
        """Show each identifying argument of a read as a field of the record it returned, when
        the record does not write it itself (a profile that never says its ``user_id``)."""
        whole = {
            **bound,
            **{
                str(k): {_key(v): str(v)}
                for k, v in data.items()
                if _scalar(v) and _identifying(str(k))
            },
        }
        for k, held in bound.items():
            if k not in data:
                for key in held:
                    self._at.setdefault(key, []).append((_singular(k.lower()), whole, {}))

    def _walk(self, node: object, ids: _Ids, field: str) -> None:
        if self._leaves >= _MAX_LEAVES:
            return
        if isinstance(node, dict):
            own = {
                str(k): {_key(v): str(v)}
                for k, v in node.items()
                if _scalar(v) and _identifying(str(k))
            }
            inner = {**ids, **own} if own else ids
            if len(node) > 1 and all(isinstance(v, dict) for v in node.values()):
                self._keyed_records(node)
            digits = None if CARD_KEYS.isdisjoint(node) else last_digits(node)
            if digits is not None or "id" in node or _DIGIT.search(field):
                self._card(node, digits, field)
            elif own and method_record(own, node):  # ({"payment_method_id": "gift_card_3"})
                self._cards.update((compact(v), None) for k, v in node.items() if k in own)
            for k, v in node.items():
                if isinstance(v, (dict, list)):
                    self._walk(v, inner, str(k))
                else:
                    self._leaf(v, inner, str(k), ids)
        elif isinstance(node, list):
            if len(node) > 1 and isinstance(node[0], dict):
                self._name_list(node)
            elif len(node) > 1 and type(node[0]) is str:
                self._id_list(node)
            for v in node:  # (a list's scalars are shown under the list's own field name)
                if isinstance(v, (dict, list)):
                    self._walk(v, ids, "")
                else:
                    self._leaf(v, ids, field, ids)

    def _name_list(self, node: list[object]) -> None:
        """Remember a list of two or more records that each carry a name and an id."""
        members: list[tuple[str, frozenset[str]]] = []
        for rec in node[:200]:
            if not isinstance(rec, dict):
                return
            name = next((rec[k] for k in _NAME_KEYS if isinstance(rec.get(k), str)), None)
            ids = frozenset(
                key
                for k, v in rec.items()
                if _scalar(v) and _identifying(str(k)) and (key := _norm(v)) is not None
            )
            if name is None or not ids:
                return
            members.append((name, ids))
        self._remember(members)

    def _keyed_records(self, node: dict[Any, Any]) -> None:
        """Remember records keyed by their ids ("payment_methods": {"paypal_7503218": {"source":
        "paypal"}, "credit_card_1029": {...}}) as a named list: a record's name is its key and
        its short words ("credit_card_1029 (credit_card, visa)")."""
        members: list[tuple[str, frozenset[str]]] = []
        for k, rec in list(node.items())[:200]:
            key = _norm(str(k))
            if key is None:
                return
            kinds = [v for v in rec.values() if type(v) is str and len(v) <= 30 and not _norm(v)]
            name = f"{k} ({', '.join(kinds)})" if kinds else str(k)
            members.append((name, frozenset([key])))
        self._remember(members)

    def _card(self, node: dict[Any, Any], digits: str | None, field: str) -> None:
        """Tie a record's ids, and the key it is filed under when that is an id ("wallet":
        {"card_4410287": {...}}), to the last digits of the card it describes (agents._endings)."""
        named = [(k, v) for k, v in node.items()]
        if _DIGIT.search(field) and len(field) >= 3:
            named.append(("id", field))
        for k, v in named:
            if type(v) is str and (k == "id" or (digits is not None and _identifying(str(k)))):
                key = compact(v)
                if digits is not None:
                    self._cards[key] = digits
                    self.card_names.setdefault(key, v)
                elif _DIGIT.search(key):
                    self._cards.setdefault(key, None)

    def cards(self) -> dict[str, str | None]:
        """Payment ids (``agents._endings.compact``'s keys) -> the last digits of the card their
        record showed, None for a record that showed none (reads the pending results)."""
        if self._pending:
            self._build()
        return self._cards

    def shown(self, value: str) -> bool:
        """Whether a structured result wrote ``value`` among its records' values."""
        key = _norm(value)
        return key is not None and key in self._at

    def _remember(self, members: list[tuple[str, frozenset[str]]]) -> None:
        """Each id of a list of named records -> (its record's name, the list's records)."""
        group = tuple(members)
        for name, ids in members:
            for key in ids:
                self._named.setdefault(key, (name, group))

    def _id_list(self, node: list[object]) -> None:
        """Remember a list of two or more plain ids ("reservations": ["ABC123", "XYZ789"])."""
        if not all(type(v) is str for v in node[:200]):
            return
        shown = tuple(dict.fromkeys(str(v).strip() for v in node[:200]))
        keys = [key for v in shown if (key := _norm(v)) is not None]
        if len(shown) < 2 or len(keys) != len(shown):
            return  # (one id, or an item that is no id: no list of ids)
        for key in keys:
            self._id_lists.setdefault(key, shown)

    def has_named_lists(self) -> bool:
        """Whether any result held a list of named records or of plain ids (reads the pending
        results)."""
        if self._pending:
            self._build()
        return bool(self._named) or bool(self._id_lists)

    def id_list(self, value: str) -> tuple[str, ...] | None:
        """The ids, as shown, of the list of plain ids ``value`` is one of, or None."""
        if self._pending:
            self._build()
        return self._id_lists.get(value.strip().lower())

    def named_list(self, value: object) -> tuple[str, _Members] | None:
        """The name of the record ``value`` identifies in a list of named records, and the
        list's records as (name, ids); None when it is in no such list."""
        if self._pending:
            self._build()
        if type(value) is str:
            return self._named.get(value.strip().lower())  # (an id's lookup key, as _norm's)
        key = _norm(value)
        return self._named.get(key) if key is not None else None

    def _leaf(self, v: object, ids: _Ids, field: str, outer: _Ids) -> None:
        key = _norm(v)
        if key is not None and ids:
            self._leaves += 1
            self._at.setdefault(key, []).append((_singular(field.lower()), ids, outer))

    def conflicts(self, args: object, tool: str | None = None) -> list[Conflict]:
        """The values of ``args`` (a call's arguments) shown only under records whose
        identifying field disagrees with an identifying argument of the same call, and (for a
        call of ``tool`` that is no read) values whose records no owner links (agents._links)."""
        if not isinstance(args, dict) or len(args) < 2:
            return []
        if self._pending:
            self._build()
        if not self._at:
            return []
        out: list[Conflict] = []
        seen: set[str] = set()  # one finding per value
        links = not is_read(tool)
        for group in _groups(args):
            self._group_conflicts(group, seen, out, links)
        return out

    def _group_conflicts(
        self, group: list[tuple[str, str, object]], seen: set[str], out: list[Conflict], links: bool
    ) -> None:
        at = self._at
        # (key, path, value, lookup key, own field name) of each value shown in a result; an
        # attribute string (a date, a cabin, a city, shared by many records) is never one
        shown: list[tuple[str, str, object, str, str]] = []
        ids: dict[str, dict[str, object]] = {}  # identifying argument -> {lookup key: value}
        for k, path, v in group:
            if type(v) is str:
                if not _identifying(k):
                    continue
                key = _norm(v)
                if key is None or key not in at:
                    continue  # (a made-up id is reported as unsourced, not here)
                ids.setdefault(k, {})[key] = v
                shown.append((k, path, v, key, _singular(k.lower())))
            else:
                key = _norm(v)
                if key is not None and key in at:
                    shown.append((k, path, v, key, ""))
        if not ids:
            return
        memo = self._memo
        for k2, path, v2, key2, own in shown:
            if path in seen:
                continue
            mk = (key2, own)
            around = memo[mk] if mk in memo else self._around(mk)
            for k1, known in ids.items():
                held = around.get(k1)
                if held is None or k1 == k2 or not held.keys().isdisjoint(known):
                    continue
                other = next(iter(held.values()))
                seen.add(path)
                said = " or ".join(f"{k1}={x}" for x in known.values())
                message = f"{path}={v2} was shown under {k1}={other}, not {said}"
                out.append(Conflict(path, message))
                break
        if links:
            named = [(k, p, v, key) for k, p, v, key, own in shown if own]
            whole = [(k, p, v, key, bool(own)) for k, p, v, key, own in shown]
            out += [
                Conflict(p, m) for p, m in linked_conflicts(self._links, at, named, whole, seen)
            ]

    def _around(self, memo_key: tuple[str, str]) -> dict[str, dict[str, str]]:
        """For each identifying field every place of the value ``key2`` has around it (the
        nearest record holding it), what it holds there: {field: {lookup key: as shown}}; empty
        for an id also shown under another field name than ``own``. Kept until the index grows:
        a run's calls ask about the same few values again and again."""
        key2, own = memo_key
        places = self._at[key2]
        found: dict[str, dict[str, str]] = {}
        if own and any(f != own for f, _i, _o in places):
            pass
        elif len(places) == 1:
            found = places[0][1]  # (shared with the index: read only)
        else:
            counts: dict[str, int] = {}
            for _f, ids, _o in places:
                for k, held in ids.items():
                    counts[k] = counts.get(k, 0) + 1
                    found.setdefault(k, {}).update(held)
            found = {k: h for k, h in found.items() if counts[k] == len(places)}
        self._memo[memo_key] = found
        return found


def _key(v: object) -> str:
    """The lookup key of any scalar: :func:`_norm`'s, else its text in lower case."""
    return _norm(v) or str(v).strip().lower()


def _scalar(v: object) -> bool:
    return isinstance(v, (str, int, float)) and not isinstance(v, bool)


def _groups(args: dict[str, Any]) -> list[list[tuple[str, str, object]]]:
    """The values of a call that belong together, as ``(key, path, value)``: the top-level
    scalars, each element of a list of scalars under the singular key ("item_ids" -> the ids,
    compared as "item_id"), and for each object of a list argument its own scalars with the
    top-level ones."""
    top: list[tuple[str, str, object]] = []
    nested: list[list[tuple[str, str, object]]] = []
    for k, v in args.items():
        if type(v) is list:
            for i, x in enumerate(v[:50]):
                if _scalar(x):
                    top.append((_singular(k), f"{k}[{i}]" if len(v) > 1 else k, x))
                elif isinstance(x, dict):
                    nested.append(
                        [(kk, f"{k}[{i}].{kk}", xx) for kk, xx in x.items() if _scalar(xx)]
                    )
        elif _scalar(v):
            top.append((k, k, v))
    if not nested:
        return [top]
    return [top, *([*top, *inner] for inner in nested)]


def _singular(key: str) -> str:
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def mismatch_findings(
    index: RecordIndex, tool: str, step: int, args: object, policy: AgentPolicy
) -> list[Finding]:
    """``mismatched_record`` findings of one call (its arguments not ignored by ``policy``)."""
    out = []
    for c in index.conflicts(args, tool):
        where = f"{tool}.{c.where}"
        if not policy.ignored(where):
            action = policy.mismatch_action
            out.append(Finding("mismatched_record", action, step, where, f"{tool}.{c.message}"))
    return out
