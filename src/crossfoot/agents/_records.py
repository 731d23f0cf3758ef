"""Records of a list-shaped tool result, and the one the user singled out.

A user often points at one entry of a listing by a value only it holds: "refund that 10.00 I just
got from my friend" is the transaction of 10.00; "the order ORD-88213" is that order. The fields
of that record (the friend's account, the order's address) are then what the user asked to act
on, as much as a file the user named (:meth:`ContextStore.points_at`). :func:`records` splits a
result into its entries (a JSON list, or a YAML list written ``- key: value``);
:func:`singled_out` returns the entries that alone hold a value the user typed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection

from crossfoot.agents._context import POINTED, ContextStore
from crossfoot.agents._ingest import Tokens, tokenize
from crossfoot.agents._keys import num_key

__all__ = ["cents_amounts", "point_records", "records", "singled_out"]

_YAML_ITEM = re.compile(r"^- ", re.MULTILINE)
_CENTS = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d{1,7})\.\d\d(?![\d.])")
_MAX_RECORDS = 1_000


def records(low: str) -> list[str]:
    """The entries of a list-shaped result, as text; ``[]`` for any other shape.

    >>> records("- id: 1\\n  amount: 10.0\\n- id: 2\\n  amount: 50.0")
    ['- id: 1\\n  amount: 10.0\\n', '- id: 2\\n  amount: 50.0']
    >>> records('[{"id": 1}, {"id": 2}]')
    ['{"id": 1}', '{"id": 2}']
    """
    head = low.lstrip()[:1]
    if head == "[":
        try:
            data = json.loads(low)
        except ValueError:
            return []
        if isinstance(data, list) and all(isinstance(x, dict) for x in data):
            return [json.dumps(x) for x in data[:_MAX_RECORDS]]
        return []
    if head != "-":
        return []
    starts = [m.start() for m in _YAML_ITEM.finditer(low, 0)][:_MAX_RECORDS]
    if len(starts) < 2:
        return []
    return [low[a:b] for a, b in zip(starts, [*starts[1:], len(low)], strict=True)]


def cents_amounts(text: str) -> set[str]:
    """Amounts a user wrote with cents ("10.00", "12.50"), as number keys: a money amount,
    specific enough to single out a transaction even when small.

    >>> sorted(cents_amounts("refund that 10.00, not 3 or 2024-05-01; 1,200.50 too"))
    ['10', '1200.5']
    """
    return {num_key(m.group(0).replace(",", "")) for m in _CENTS.finditer(text)}


def singled_out(
    entries: list[str],
    ids: Collection[object],
    emails: Collection[object],
    amounts: Collection[str],
) -> list[Tokens]:
    """The keys of each entry that alone holds one of the user's ids, emails or amounts."""
    read = [tokenize(e, "tool", None) for e in entries]
    holders: dict[object, list[int]] = {}
    for i, t in enumerate(read):
        for key in (t.tokens & set(ids)) | (t.emails & set(emails)) | (t.numbers & set(amounts)):
            holders.setdefault(key, []).append(i)
    chosen = sorted({only[0] for only in holders.values() if len(only) == 1})
    return [read[i] for i in chosen]


def point_records(store: ContextStore, src: int) -> None:
    """File the keys of the entries of source ``src`` that the user singled out under the
    pointed-to label, so they meet a source rule that allows ``user``.

    >>> store = ContextStore()
    >>> _ = store.add("user", "Refund the 10.00 my friend sent me.")
    >>> _ = store.add("tool", "- amount: 50.0\\n  sender: de11\\n- amount: 10.0\\n  sender: gb29")
    >>> point_records(store, 1)
    >>> sorted(store.ids.where("gb29")), sorted(store.ids.where("de11"))
    (['pointed-by-user', 'tool:None'], ['tool:None'])
    """
    seen = store.sources[src]
    if not seen.vouched or seen.error or seen.channel != "tool":
        return
    ids = store.ids.chans.get("user", set())
    emails = store.emails.chans.get("user", set())
    amounts = {
        a for s in store.sources if s.channel == "user" for a in cents_amounts(s.text[:20_000])
    }
    if not (ids or emails or amounts):
        return
    label = (POINTED,)
    for t in singled_out(records(seen.text), ids, emails, amounts):
        store.ids.add(t.tokens, src, label)
        store.compact.add(t.compact(), src, label)
        store.emails.add(t.emails, src, label)
        store.urls.add(t.urls, src, label)
        store.digits.add(t.runs, src, label)
