"""An item of a list the agent picked that the user did not ask for, when the user named another.

Provenance and record checks pass an id that was shown, under the right order: they cannot see
that the user asked to return the *blender* and the call returns the *kettle* of the same order.
When a call's identifying value is the id of a record in a list of named records (an order's
``items``, each with an id and a ``name``), the record's name is compared with what the user
wrote: the call is ``unrequested`` when no word of its name appears in the user's messages while
a word of another record's name of that list does (a record whose name shares a word with the
picked one, a variant of the same product, is no other record). Users who ask for "everything",
name nothing, or describe the picked item in words of its name are left alone; only the user's
own messages count (a tool result or the agent's prose names every item), and only calls that
act: a tool named as a read (``get_``, ``find_``, ``list_``, ``search_`` ...) looks, and may look
at anything. Records keyed by their ids (a user's ``payment_methods``) are such a list, each
named by its key and its short words; a list of plain ids (``"reservations": ["ABC123",
"XYZ789"]``) has no words, so there the ids the user wrote count.

>>> from crossfoot.agents._coherence import RecordIndex
>>> idx = RecordIndex()
>>> idx.add('{"order_id": "#W1", "items": [{"item_id": "4021135790", "name": "Blender"},'
...         ' {"item_id": "7733201955", "name": "Electric Kettle"}]}')
>>> run = Requested()
>>> run.user("Please return the blender from order #W1.")
>>> [p for p, _ in run.check(idx, {"order_id": "#W1", "item_ids": ["7733201955"]})]
['item_ids']
>>> run.check(idx, {"order_id": "#W1", "item_ids": ["4021135790"]})
[]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from crossfoot.agents._counts import count_messages, stated_counts
from crossfoot.agents._endings import card_findings, stated_endings
from crossfoot.agents._findings import Finding
from crossfoot.agents._links import is_read
from crossfoot.agents._quantities import quantity_messages, stated_quantities

if TYPE_CHECKING:
    from crossfoot.agents._coherence import RecordIndex
    from crossfoot.agents._policy import AgentPolicy

__all__ = ["Requested", "name_words", "user_ids"]

_WORD = re.compile(r"[a-z]{3,}")
# Words of a product name that say nothing of which product it is.
_GENERIC = frozenset(
    """the and for with set kit pack new item items product products size color colour
    black white blue red green grey gray large small medium standard basic premium pro plus
    one two""".split()
)


@lru_cache(maxsize=4096)  # item names repeat across a run's calls
def name_words(text: str) -> frozenset[str]:
    """The words of ``text`` a product name is matched by: lower case, three letters or more,
    a plural's "s" dropped, generic words left out.

    >>> sorted(name_words("Two Water Bottles, please"))
    ['bottle', 'please', 'water']
    """
    out = set()
    for w in _WORD.findall(text.lower()):
        if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        if w not in _GENERIC:
            out.add(w)
    return frozenset(out)


def _strings(args: dict[str, object]) -> list[tuple[str, str]]:
    """(path, text) of the call's string values, a list's elements each (its first 50)."""
    out: list[tuple[str, str]] = []
    for k, v in args.items():
        if type(v) is str:
            out.append((k, v))
        elif type(v) is list:
            many = len(v) > 1
            out.extend(
                (f"{k}[{i}]" if many else k, x) for i, x in enumerate(v[:50]) if type(x) is str
            )
    return out


class Requested:
    """The user's words of one run, and what each picked record's check gave for them."""

    __slots__ = ("_memo", "counts", "endings", "ids", "quantities", "said")

    def __init__(self) -> None:
        self.said: frozenset[str] = frozenset()
        self.ids: frozenset[str] = frozenset()  # the ids the user wrote ("abc123", "w2378156")
        self._memo: dict[str, str | None] = {}  # a value's lookup key -> the record asked instead
        self.counts: frozenset[tuple[str, int, bool]] = frozenset()  # counts the user stated
        self.quantities: frozenset[tuple[str, int, bool]] = frozenset()  # (agents._quantities)
        self.endings: frozenset[str] = frozenset()  # a card's last digits (agents._endings)

    def user(self, text: str) -> None:
        """Add a user message's words and ids."""
        words = name_words(text)
        ids = user_ids(text)
        self.counts |= frozenset(stated_counts(text))  # (agents._counts; distinct ones)
        self.quantities |= frozenset(stated_quantities(text))
        self.endings |= stated_endings(text)
        if not words <= self.said or not ids <= self.ids:
            self.said |= words
            self.ids |= ids
            self._memo.clear()

    def check(self, index: RecordIndex, args: object) -> list[tuple[str, str]]:
        """(argument path, message) of each value of ``args`` the user did not ask for."""
        if not (self.said or self.ids) or not isinstance(args, dict):
            return []
        if not index.has_named_lists():
            return []
        out: list[tuple[str, str]] = []
        memo = self._memo
        for path, v in _strings(args):
            if v in memo:
                message = memo[v]
            else:
                message = memo[v] = self._message(index, v)
            if message is not None:
                out.append((path, f"{path}={v} {message}"))
        return out

    def _message(self, index: RecordIndex, v: str) -> str | None:
        """Why the user did not ask for ``v``, or None: another record of its named list is
        what they named, or another id of its list of ids is what they wrote."""
        found = index.named_list(v)  # (the ids of named records: identifying fields only)
        if found is not None:
            asked = _asked(found[0], found[1], self.said)
            return (
                None
                if asked is None
                else f"is the {found[0]}, but the user asked about the {asked}"
            )
        group = index.id_list(v) if self.ids else None
        if group is None or _bare(v) in self.ids:
            return None
        named = sorted(k for k in group if _bare(k) in self.ids)
        return f"is not the {named[0]} the user named (one list holds both)" if named else None

    def findings(
        self, index: RecordIndex, tool: str, step: int, args: object, policy: AgentPolicy
    ) -> list[Finding]:
        """``unrequested_item`` and ``unstated_count`` (agents._counts) findings of one call
        (arguments not ignored by ``policy``); none for a tool named as a read."""
        if is_read(tool):  # (agents._links's reading of a tool's name)
            return []
        out = []
        for path, message in self.check(index, args):
            where = f"{tool}.{path}"
            if not policy.ignored(where):
                action = policy.unrequested_action
                out.append(Finding("unrequested_item", action, step, where, f"{tool}.{message}"))
        if self.endings:
            out += card_findings(self.endings, index, tool, step, args, policy)
        counted = count_messages(self.counts, args) if self.counts else []
        if self.quantities:
            counted += quantity_messages(self.quantities, args)
        for path, message in counted:
            where = f"{tool}.{path}"
            if not policy.ignored(where):
                action = policy.unrequested_action
                out.append(Finding("unstated_count", action, step, where, f"{tool}.{message}"))
        return out


_ID_TOKEN = re.compile(r"#?[A-Za-z0-9][\w-]*")


def _bare(key: str) -> str:
    """An id's lookup key without its "#" ("#w2378156" and "w2378156" name one order)."""
    return key.strip().lower().lstrip("#")


def user_ids(text: str) -> frozenset[str]:
    """The ids a user's message writes: tokens of three characters or more with a digit and a
    letter, or of six characters or more with a digit and no letter ("2378156", "12-3456"),
    lower case and without "#".

    >>> sorted(user_ids("Change reservation ABC123 (order #W2378156) on May 14, 2024"))
    ['abc123', 'w2378156']
    """
    out = set()
    for t in _ID_TOKEN.findall(text):
        b = _bare(t)
        if len(b) >= 3 and any(c.isdigit() for c in b):
            if any(c.isalpha() for c in b) or len(b) >= 6:
                out.add(b)
    return frozenset(out)


def _asked(
    name: str, members: tuple[tuple[str, frozenset[str]], ...], said: frozenset[str]
) -> str | None:
    """The name of another record of the list the user's words name, when they do not name
    ``name`` (the picked record's); None otherwise."""
    mine = name_words(name)
    if not mine or mine & said:
        return None  # the user named it (or its name has no word to name it by)
    for other, _ids in members:
        words = name_words(other)
        if words and not words & mine and words & said:
            return other
    return None
