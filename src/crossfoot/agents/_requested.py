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
at anything.

>>> from crossfoot.agents._coherence import RecordIndex
>>> idx = RecordIndex()
>>> idx.add('{"order_id": "#W1", "items": [{"item_id": "4021135790", "name": "Blender"},'
...         ' {"item_id": "7733201955", "name": "Electric Kettle"}]}')
>>> said = name_words("Please return the blender from order #W1.")
>>> [p for p, _ in unrequested(idx, said, {"order_id": "#W1", "item_ids": ["7733201955"]})]
['item_ids']
>>> unrequested(idx, said, {"order_id": "#W1", "item_ids": ["4021135790"]})
[]
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crossfoot.agents._findings import Finding

if TYPE_CHECKING:
    from crossfoot.agents._coherence import RecordIndex
    from crossfoot.agents._policy import AgentPolicy

__all__ = ["name_words", "unrequested", "unrequested_findings"]

_WORD = re.compile(r"[a-z]{3,}")
_READS = (
    "get",
    "find",
    "list",
    "search",
    "lookup",
    "look",
    "read",
    "fetch",
    "view",
    "show",
    "check",
)
# Words of a product name that say nothing of which product it is.
_GENERIC = frozenset(
    """the and for with set kit pack new item items product products size color colour
    black white blue red green grey gray large small medium standard basic premium pro plus
    one two""".split()
)


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


def _values(args: dict[str, object]) -> list[tuple[str, object]]:
    """(path, value) of the call's identifying scalars, a list's elements each."""
    from crossfoot.agents._coherence import is_identifying

    out: list[tuple[str, object]] = []
    for k, v in args.items():
        if not is_identifying(k):
            continue
        if isinstance(v, list):
            out.extend((f"{k}[{i}]" if len(v) > 1 else k, x) for i, x in enumerate(v[:50]))
        else:
            out.append((k, v))
    return out


def unrequested(index: RecordIndex, said: frozenset[str], args: object) -> list[tuple[str, str]]:
    """(argument path, message) of each value of ``args`` that picks a named record the user's
    words (``said``) do not name, while they name another record of its list."""
    if not said or not isinstance(args, dict):
        return []
    out: list[tuple[str, str]] = []
    for path, v in _values(args):
        if not isinstance(v, str):
            continue
        found = index.named_list(v)
        if found is None:
            continue
        name, members = found
        mine = name_words(name)
        if not mine or mine & said:
            continue  # the user named it (or its name has no word to name it by)
        asked = [n for n, _ids in members if (w := name_words(n)) and not w & mine and w & said]
        if asked:
            out.append((path, f"{path}={v} is the {name}, but the user asked about the {asked[0]}"))
    return out


def unrequested_findings(
    index: RecordIndex,
    said: frozenset[str],
    tool: str,
    step: int,
    args: object,
    policy: AgentPolicy,
) -> list[Finding]:
    """``unrequested_item`` findings of one call (arguments not ignored by ``policy``); none for
    a tool named as a read."""
    if tool.lower().replace("-", "_").split("_")[0] in _READS:
        return []
    out = []
    for path, message in unrequested(index, said, args):
        where = f"{tool}.{path}"
        if not policy.ignored(where):
            action = policy.unrequested_action
            out.append(Finding("unrequested_item", action, step, where, f"{tool}.{message}"))
    return out
