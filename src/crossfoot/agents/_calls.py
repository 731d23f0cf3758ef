"""One proposed call as the monitor keeps it, and the small readers around calls and results.

A :class:`Call` is kept after its check so its result can be linked to it: an error that echoes a
made-up value back must not vouch for it (:func:`echoes`), and a pure tool's output counts only
when its inputs were found.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from crossfoot.agents._findings import Finding
from crossfoot.agents._keys import dec_key
from crossfoot.agents._values import ArgValue, WalkNote

__all__ = ["Call", "as_text", "canonical", "echoes", "link_call", "note", "read_args", "shown"]

_NOTE_SEVERITY = {
    "args_too_deep": "warn",
    "binary_arg": "warn",
    "unserialisable_arg": "info",
    "arg_truncated": "info",
    "too_many_values": "info",
}
_COMPACT_DROP = str.maketrans("", "", " \t-_#./:")
_SCALARS = frozenset({str, int, float, bool, type(None)})


class Call:
    """One proposed call, kept to link its result (error echoes, pure-tool outputs)."""

    __slots__ = ("args", "call_id", "checked", "done", "key", "name", "step", "unsourced")

    def __init__(
        self, step: int, name: str, call_id: str | None, key: str, args: object = None
    ) -> None:
        self.args = args  # read again when the result arrives (what the call pointed at)
        self.step = step
        self.name = name
        self.call_id = call_id
        self.key = key
        self.unsourced: list[ArgValue] = []
        self.checked = 0
        self.done = False


def note(walk_note: WalkNote, step: int) -> Finding:
    """A finding for something the argument walk could not read in full."""
    return Finding(
        walk_note.kind,
        _NOTE_SEVERITY.get(walk_note.kind, "info"),
        step,
        walk_note.path,
        walk_note.message,
    )


def read_args(name: str, args: object, findings: list[Finding], step: int) -> object:
    """A call's arguments as a mapping: a JSON string is parsed; anything else that is not an
    object becomes ``{"arguments": ...}`` with a ``bad_args`` finding, never an exception."""
    if type(args) is dict:
        return args
    if args is None:
        return {}
    if isinstance(args, (str, bytes, bytearray)):
        text = args.decode("utf-8", "replace") if isinstance(args, (bytes, bytearray)) else args
        try:
            parsed = json.loads(text) if text.strip() else {}
        except ValueError:
            findings.append(
                Finding(
                    "bad_args",
                    "warn",
                    step,
                    name,
                    f"{name}: arguments are not valid JSON; read as text",
                )
            )
            return {"arguments": text}
        args = parsed
    if not isinstance(args, Mapping):
        findings.append(
            Finding(
                "bad_args",
                "warn",
                step,
                name,
                f"{name}: expected an object of arguments, got {type(args).__name__}",
            )
        )
        return {"arguments": args}
    return args


def echoes(values: list[ArgValue]) -> list[tuple[str, object]]:
    """The ``(kind, key)`` pairs an error result must not vouch for: the unsourced values of the
    call that caused it ("Error: order #H4410982 not found")."""
    out: list[tuple[str, object]] = []
    for v in values:
        if v.kind in ("id", "postcode"):
            assert isinstance(v.key, str)
            out += [("id", v.key), ("compact", v.key.translate(_COMPACT_DROP))]
        elif v.kind in ("amount", "count", "percent"):
            # Numbers are indexed by their canonical digits, not as Decimals.
            out.append(("number", v.nkey or dec_key(v.key)))
        elif v.kind in ("email", "url", "date", "phone"):
            out.append((v.kind, v.key))
        if isinstance(v.raw, str) and len(v.raw) >= 3:
            out.append(("raw", v.raw.lower()))
    return out


def canonical(args: object) -> str:
    """The arguments as one comparable string (identical calls, loops): the keys of every
    mapping, nested ones too, in sorted order, so the same arguments in another key order are
    the same call (a list keeps its order: it may be a sequence).

    >>> one, other = {"b": [{"y": 1, "x": 2}], "a": "1"}, {"a": "1", "b": [{"x": 2, "y": 1}]}
    >>> canonical(one) == canonical(other), canonical(one) == canonical({"a": "1", "b": [{}]})
    (True, False)
    """
    try:
        if type(args) is dict and all(type(v) in _SCALARS for v in args.values()):
            text = repr(dict(sorted(args.items())))  # (most calls: a flat mapping)
        else:
            text = repr(_ordered(args, 0))
    except TypeError:  # keys of several types (not JSON)
        text = repr(_ordered(args, 0))
    except RecursionError:
        return str(id(args))
    return text if len(text) <= 4096 else f"{len(text)}:{hash(text)}"


def _ordered(node: object, depth: int) -> object:
    """``node`` with the keys of its mappings sorted (32 levels deep; below, as it is)."""
    if depth > 32:
        return node
    if isinstance(node, Mapping):
        keys = list(node)
        try:
            keys.sort()
        except TypeError:  # keys of several types (not JSON): by type, then as written
            keys.sort(key=lambda k: (type(k).__name__, repr(k)))
        return {k: _ordered(node[k], depth + 1) for k in keys}
    if isinstance(node, (list, tuple)):
        return [_ordered(x, depth + 1) for x in node]
    return node


def shown(raw: object) -> str:
    """A value as reports show it (at most 200 characters)."""
    text = raw if isinstance(raw, str) else repr(raw) if isinstance(raw, float) else str(raw)
    return text if len(text) <= 200 else text[:197] + "..."


def as_text(value: object) -> str:
    """A message or tool output as the text that is indexed (JSON for structured values)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)


def arg_strings(args: object, limit: int = 20) -> list[str]:
    """The first ``limit`` string values of an argument tree (dicts and lists, 4 levels deep).

    >>> arg_strings({"q": "Introductory meeting", "n": 3, "opts": {"tags": ["a", "b"]}})
    ['Introductory meeting', 'a', 'b']
    """
    out: list[str] = []
    stack: list[tuple[object, int]] = [(args, 0)]
    while stack and len(out) < limit:
        node, depth = stack.pop()
        if isinstance(node, str):
            out.append(node)
        elif depth < 4 and isinstance(node, Mapping):
            stack.extend((v, depth + 1) for v in reversed(list(node.values())[:limit]))
        elif depth < 4 and isinstance(node, (list, tuple)):
            stack.extend((v, depth + 1) for v in reversed(node[:limit]))
    return out


def link_call(calls: list[Call], name: str | None, call_id: str | None) -> Call | None:
    """The open call a tool result answers, marked done: the one with its id, else the latest
    open call of the same tool (either side without an id)."""
    if call_id is not None:
        for call in reversed(calls):
            if call.call_id == call_id:
                call.done = True
                return call
    for call in reversed(calls):
        if not call.done and call.name == name and (call_id is None or call.call_id is None):
            call.done = True
            return call
    return None
