"""Streamed and framework-level records for ``check_run``: LangGraph updates and CrewAI outputs.

- **LangGraph** ``graph.stream(..., stream_mode="updates")`` yields one chunk per node run:
  ``{"agent": {"messages": [AIMessage(tool_calls=...)]}}``, ``{"tools": {"messages":
  [ToolMessage(...)]}}``. A list of such chunks is read as the messages each node added, in
  order; a node's update of other state (``{"retrieve": {"documents": [...]}}``, beside messages
  or in a ``("updates", chunk)`` pair) is what the graph read for the agent, a result named by
  the node. Several modes at once yield ``(mode,
  chunk)`` pairs, subgraphs ``(namespace, chunk)`` or ``(namespace, mode, chunk)``: their
  ``updates`` chunks are read. Input messages as LangGraph takes them, ``("user", "text")``,
  are read by their role. ``__interrupt__`` chunks carry nothing the agent was shown. Other
  modes (``values`` repeats the whole state at every step: pass its last state alone;
  ``messages`` streams tokens) raise, naming the mode.
- **CrewAI**: a task's output (``TaskOutput``: ``description``, ``raw``, ``agent``; its
  ``messages`` when the version records them) is the task as asked (read as the request) and the
  agent's answer; a crew's output (``CrewOutput``) is its ``tasks_output`` in order. The records
  a ``step_callback`` receives are read too: an ``AgentAction`` (``tool``, ``tool_input`` and,
  once the tool ran, ``result``) is a call and its result, an ``AgentFinish`` (``output``) the
  agent's answer, a ``ToolResult`` (``result``, ``result_as_answer``) the result of the last call.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from crossfoot.agents._parts import ASSISTANT_ROLES, USER_ROLES, Event, Unknown, as_mapping, dump

__all__ = [
    "crewai_object",
    "is_crewai",
    "is_update_chunk",
    "read_crewai",
    "read_tuple",
    "read_update_chunk",
]

Reader = Callable[[object], list[Event]]
_MODES = frozenset({"values", "updates", "messages", "custom", "debug", "tasks", "checkpoints"})
_ROLES = {"user": "user", "human": "user", "system": "system", "developer": "system"}
_DEPTH = threading.local()  # chunks nested in chunks being read (a hostile nesting is bounded)
_MAX_DEPTH = 20


def _nested(read: Reader, one: object) -> list[Event]:
    """``read(one)`` for a message inside a chunk or a task, at most 20 levels deep."""
    depth = getattr(_DEPTH, "n", 0)
    if depth >= _MAX_DEPTH:
        raise Unknown(f"records nested over {_MAX_DEPTH} levels deep")
    _DEPTH.n = depth + 1
    try:
        return read(one)
    finally:
        _DEPTH.n = depth


def is_update_chunk(msg: Mapping[str, Any]) -> bool:
    """A LangGraph ``updates`` chunk: node names mapped to their state updates (a mapping with
    ``messages``, another mapping, or None); no key of a message."""
    if not msg or "role" in msg or "type" in msg or "messages" in msg:
        return False
    seen = msg.keys() == {"__interrupt__"}  # (a pause for a person: nothing shown)
    for key, value in msg.items():
        if key == "__interrupt__":
            continue
        if value is not None and not isinstance(value, Mapping):
            return False
        seen = seen or (isinstance(value, Mapping) and "messages" in value)
    return seen


def read_update_chunk(msg: Mapping[str, Any], read: Reader) -> list[Event]:
    """The messages each node of one ``updates`` chunk added (``read`` reads one message).

    >>> from crossfoot.agents._transcripts import _read_message
    >>> chunk = {"tools": {"messages": [{"role": "tool", "name": "get_order",
    ...                                  "tool_call_id": "c1", "content": "total 38.75"}]}}
    >>> [(e.kind, e.name, e.data) for e in read_update_chunk(chunk, _read_message)]
    [('result', 'get_order', 'total 38.75')]
    """
    events: list[Event] = []
    for node, update in msg.items():
        if node == "__interrupt__" or update is None:
            continue
        messages = update.get("messages")
        if messages is not None:
            for one in messages if isinstance(messages, (list, tuple)) else [messages]:
                events += _nested(read, one)
        rest = {k: v for k, v in update.items() if k != "messages" and not _empty(v)}
        if rest:  # other state a node wrote (documents it fetched): what the graph read
            events.append(Event("result", dump(rest), str(node)))
    return events


def _empty(value: object) -> bool:
    """None or an empty text, list or mapping: tested by type, not by ``==`` (an array's
    ``==`` is elementwise, and its truth raises)."""
    return value is None or (isinstance(value, (str, list, tuple, dict)) and not value)


def read_tuple(raw: tuple[Any, ...], read: Reader) -> list[Event]:
    """A LangGraph input message ``(role, text)``, or a streamed ``(mode, chunk)``,
    ``(namespace, chunk)`` or ``(namespace, mode, chunk)``.

    >>> from crossfoot.agents._transcripts import _read_message
    >>> [(e.kind, e.data) for e in read_tuple(("user", "Refund order W-1"), _read_message)]
    [('user', 'Refund order W-1')]
    """
    if len(raw) == 2 and isinstance(raw[0], str) and isinstance(raw[1], str):
        role = raw[0].lower()
        if role in _ROLES:
            return [Event(_ROLES[role], raw[1])] if raw[1] else []
        if role in ASSISTANT_ROLES or role in USER_ROLES:
            return [Event("assistant", raw[1])] if raw[1] else []
        raise Unknown(f"a message tuple with the unknown role {raw[0]!r}")
    if len(raw) in (2, 3) and isinstance(raw[-1], Mapping):
        mode = raw[-2] if isinstance(raw[-2], str) else "updates"  # (namespace, chunk)
        if len(raw) == 3 and not isinstance(raw[0], (tuple, list)):
            raise Unknown("a 3-tuple that is not (namespace, mode, chunk)")
        if mode != "updates":
            what = f"stream mode {mode!r}" if mode in _MODES else f"a pair headed {mode!r}"
            raise Unknown(f"{what}: pass the updates chunks, or the last state's messages")
        chunk = raw[-1]
        if not chunk or (len(chunk) == 1 and "__interrupt__" in chunk):
            return []
        if not all(v is None or isinstance(v, Mapping) for v in chunk.values()):
            raise Unknown(f"an updates chunk with keys {sorted(map(str, chunk))}")
        return read_update_chunk(chunk, read)
    raise Unknown(f"a tuple of {len(raw)} items is no message")


# ---------------------------------------------------------------------- CrewAI
def crewai_object(raw: object) -> Mapping[str, Any] | None:
    """The fields of a CrewAI record that is no pydantic model (``AgentAction``, ``AgentFinish``,
    ``ToolResult`` are plain classes or dataclasses in most versions)."""
    if not (type(raw).__module__ or "").startswith("crewai"):
        return None
    if is_dataclass(raw) and not isinstance(raw, type):
        return {f.name: getattr(raw, f.name) for f in fields(raw)}
    attrs = getattr(raw, "__dict__", None)
    return dict(attrs) if isinstance(attrs, dict) else None


def is_crewai(msg: Mapping[str, Any]) -> bool:
    keys = msg.keys()
    return (
        ("tasks_output" in keys and "raw" in keys)  # CrewOutput
        or ({"description", "raw", "agent"} <= keys)  # TaskOutput
        or ({"tool", "tool_input"} <= keys and "role" not in keys)  # AgentAction
        or ({"thought", "output"} <= keys)  # AgentFinish
        or (set(keys) == {"result", "result_as_answer"})  # ToolResult
    )


def read_crewai(msg: Mapping[str, Any], read: Reader) -> list[Event]:
    """One CrewAI record (``read`` reads one chat message, for a task's ``messages``).

    >>> from crossfoot.agents._transcripts import _read_message
    >>> step = {"thought": "I need the order", "tool": "get_order",
    ...         "tool_input": '{"order_id": "W-1"}', "text": "...", "result": "total 38.75"}
    >>> [(e.kind, e.name, e.data) for e in read_crewai(step, _read_message)]
    [('call', 'get_order', {'order_id': 'W-1'}), ('result', 'get_order', 'total 38.75')]
    """
    if "tasks_output" in msg:
        events: list[Event] = []
        tasks = msg["tasks_output"]
        for j, task in enumerate(tasks if isinstance(tasks, (list, tuple)) else []):
            one = as_mapping(task)
            if one is None or not is_crewai(one):
                raise Unknown(f"tasks_output[{j}] is not a task output")
            events += read_crewai(one, read)
        return events
    if "tool_input" in msg:
        name = str(msg.get("tool") or "")
        events = [Event("call", _tool_input(msg["tool_input"]), name)]
        result = msg.get("result")
        if result not in (None, ""):
            events.append(
                Event("result", result if isinstance(result, str) else dump(result), name)
            )
        return events
    if "result_as_answer" in msg:
        result = msg["result"]
        return [Event("result", result if isinstance(result, str) else dump(result), "")]
    if "description" in msg:
        return _task_output(msg, read)
    output = msg.get("output")
    return [Event("assistant", output if isinstance(output, str) else dump(output))]


def _task_output(msg: Mapping[str, Any], read: Reader) -> list[Event]:
    """A task: its description (the request, with the crew's inputs filled in), then its
    recorded messages when the version keeps them, else the agent's answer."""
    events = [Event("user", str(msg["description"]))] if msg.get("description") else []
    messages = msg.get("messages")
    if isinstance(messages, (list, tuple)) and messages:
        for one in messages:
            events += _nested(read, one)
        return events
    answer = msg.get("raw") or msg.get("json_dict") or msg.get("pydantic")
    if answer:
        events.append(Event("assistant", answer if isinstance(answer, str) else dump(answer)))
    return events


def _tool_input(raw: object) -> object:
    """CrewAI's tool input: a JSON object as text (the usual form), a mapping, or plain text."""
    if isinstance(raw, str):
        text = raw.strip()
        if text.startswith("{"):
            try:
                value = json.loads(text)
            except ValueError:
                return raw
            return value
    return raw


def is_stream(msg: Mapping[str, Any]) -> bool:
    """A LangGraph ``updates`` chunk or a CrewAI record (read before the other shapes: a node
    may be named ``task`` or ``output``, as smolagents steps are keyed)."""
    return "role" not in msg and (is_update_chunk(msg) or is_crewai(msg))


def read_framework(raw: object, msg: Mapping[str, Any] | None, read: Reader) -> list[Event]:
    """Events of a message no other reader takes first: a tuple, a LangGraph chunk, a CrewAI
    record; anything else raises, naming its type."""
    if msg is None:
        if isinstance(raw, (tuple, list)):  # (a JSON log writes a tuple as a list)
            return read_tuple(tuple(raw), read)
        msg = crewai_object(raw)
        if msg is None:
            raise Unknown(f"unrecognized message of type {type(raw).__name__}")
    if is_update_chunk(msg):
        return read_update_chunk(msg, read)
    if is_crewai(msg):
        return read_crewai(msg, read)
    raise Unknown(f"unrecognized {type(raw).__name__} with keys {sorted(map(str, msg))}")
