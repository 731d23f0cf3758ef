"""Replay a recorded agent run through :class:`RunMonitor`: ``check_run(messages) -> RunReport``.

One reader takes every common transcript shape, message by message, so a list may mix them:

- OpenAI Chat Completions (``tool_calls`` with JSON-string arguments, legacy ``function_call``,
  ``role: tool`` / ``function``, content as a string or a list of parts), also SDK objects;
- OpenAI Responses API items (``message``, ``function_call``, ``function_call_output``; reasoning
  items carry nothing the agent was shown and are skipped);
- Anthropic messages (``text`` / ``tool_use`` / ``tool_result`` blocks; ``system`` is passed apart);
- Gemini contents (``parts`` with ``text`` / ``functionCall`` / ``functionResponse``, either case);
- Bedrock Converse (``text`` / ``toolUse`` / ``toolResult`` blocks without a ``type`` key);
- LangChain messages: ``langchain_core`` objects, ``message_to_dict`` dicts, and the serialized
  ``{"lc": 1, "type": "constructor", ...}`` form;
- tau-bench (OpenAI shape), tau2-bench (dict arguments, ``requestor``), AgentDojo
  (``{"function", "args"}`` calls, tool messages carrying the ``tool_call``);
- MCP JSON-RPC ``tools/call`` requests and their responses, and smolagents memory steps
  (``agents._frameworks``); a LangGraph state (``{"messages": [...]}``) is read as its messages.

A message of no known shape raises :class:`UnrecognizedMessage` naming its index and keys: a
transcript the reader could not read is never reported clean. Results are tied to their calls by id,
so the monitor's anti-laundering rules (an error echoing a made-up id) apply on replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Literal

from crossfoot.agents._findings import Finding
from crossfoot.agents._frameworks import is_mcp, is_smolagents_step, read_mcp, read_smolagents_step
from crossfoot.agents._monitor import RunMonitor, RunReport
from crossfoot.agents._parts import (
    ASSISTANT_ROLES,
    LC_TYPES,
    RESPONSES_CALLS,
    RESPONSES_OUTPUTS,
    RESPONSES_SKIP,
    USER_ROLES,
    Event,
    Unknown,
    as_mapping,
    blocks_to_events,
    call_args,
    dump,
    id_of,
    lc_role,
    list_of,
    read_gemini,
    read_responses_item,
    text_of,
)
from crossfoot.agents._parts import (
    CALL_KEYS as _CALL_KEYS,
)
from crossfoot.agents._policy import AgentPolicy
from crossfoot.agents._schema import tool_schemas
from crossfoot.agents._streams import is_stream, read_framework
from crossfoot.model.errors import UnrecognizedMessage

__all__ = ["Event", "OnUnknown", "check_run", "read_events", "tool_schemas"]

OnUnknown = Literal["raise", "warn", "ignore"]

_SYSTEM_ROLES = {"system", "developer"}
_TOOL_ROLES = {"tool", "function", "ipython"}
# LangChain chunk messages repeat their tool_calls as partial chunks: read when tool_calls is set.
_CHUNK_KEYS = {"tool_call_chunks"}


def check_run(
    messages: Iterable[Any],
    policy: AgentPolicy | Mapping[str, Any] | None = None,
    *,
    system: object = None,
    tools: Iterable[Any] | None = None,
    on_unknown: OnUnknown = "raise",
) -> RunReport:
    """Replay a finished transcript through a :class:`RunMonitor` and return its report.

    ``messages`` may mix every format the module docstring lists. ``system`` is a system prompt
    passed apart from the messages (Anthropic, Gemini, Bedrock); ``tools`` are the tool schemas in
    OpenAI, Anthropic, Gemini or Bedrock form. A message of an unknown shape raises
    :class:`UnrecognizedMessage`; ``on_unknown="warn"`` records it as a finding instead, and
    ``"ignore"`` skips it.

    >>> report = check_run([
    ...     {"role": "user", "content": "Cancel order ORD-5521"},
    ...     {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
    ...      "function": {"name": "cancel", "arguments": '{"order_id": "ORD-5512"}'}}]},
    ... ])
    >>> report.unsourced
    ['cancel.order_id']
    """
    if on_unknown not in ("raise", "warn", "ignore"):
        raise TypeError(f"on_unknown: expected 'raise', 'warn' or 'ignore', got {on_unknown!r}")
    events, skipped = read_events(messages, on_unknown=on_unknown)
    monitor = RunMonitor(policy, tools=tool_schemas(tools))  # type: ignore[arg-type]
    if system is not None:
        try:
            monitor.system(text_of(system, where="system"))
        except Unknown as exc:
            raise UnrecognizedMessage(f"system: {exc}") from None
    replay(monitor, events)
    report = monitor.report()
    if on_unknown == "warn" and skipped:
        extra = tuple(Finding("unrecognized_message", "warn", 0, "transcript", s) for s in skipped)
        report = replace(report, findings=report.findings + extra)
    return report


def replay(monitor: RunMonitor, events: Iterable[Event]) -> None:
    """Feed events to a monitor in order (names of results resolved from their call ids)."""
    names: dict[str, str] = {}
    for ev in events:
        if ev.kind == "call":
            if ev.call_id is not None:
                names[ev.call_id] = ev.name
            monitor.before_call(ev.name, ev.data, call_id=ev.call_id)
        elif ev.kind == "result":
            name = ev.name or (names.get(ev.call_id, "") if ev.call_id else "") or "tool"
            output = ev.data
            if ev.error:
                # The transcript says this result is an error; make sure the monitor reads it as
                # one, so an echoed made-up value is not taken as a source.
                text = output if isinstance(output, str) else dump(output)
                if not text.lstrip().lower().startswith("error"):
                    output = "Error: " + text
            monitor.tool_result(name, output, call_id=ev.call_id)
        elif ev.kind == "system":
            monitor.system(str(ev.data))
        elif ev.kind == "user":
            monitor.user(str(ev.data))
        else:
            monitor.assistant(str(ev.data))


def read_events(
    messages: Iterable[Any], *, on_unknown: OnUnknown = "raise"
) -> tuple[list[Event], list[str]]:
    """Read a transcript into events; also return the descriptions of messages skipped.

    >>> events, _ = read_events([{"role": "model", "parts": [{"functionCall": {
    ...     "name": "get_order", "args": {"order_id": "W-1"}}}]}])
    >>> events[0].kind, events[0].name, events[0].data
    ('call', 'get_order', {'order_id': 'W-1'})
    """
    if isinstance(messages, Mapping) and isinstance(messages.get("messages"), list):
        messages = messages["messages"]  # a LangGraph state: {"messages": [...], ...}
    if isinstance(messages, (str, bytes, Mapping)):
        raise UnrecognizedMessage(
            f"messages: expected a list of messages, got {type(messages).__name__}"
        )
    events: list[Event] = []
    skipped: list[str] = []
    for i, raw in enumerate(messages):
        try:
            events.extend(_read_message(raw))
        except Unknown as exc:
            desc = f"message {i}: {exc}"
            if on_unknown == "raise":
                raise UnrecognizedMessage(
                    desc + " (pass on_unknown='warn' or 'ignore' to skip it)"
                ) from None
            skipped.append(desc)
    return events, skipped


# ---------------------------------------------------------------------- one message
def _read_message(raw: object) -> list[Event]:
    msg = as_mapping(raw)
    if msg is None or is_stream(msg):  # LangGraph tuples and updates, CrewAI (agents._streams)
        return read_framework(raw, msg, _read_message)
    if msg.get("lc") == 1 and msg.get("type") == "constructor":
        return _read_lc_serialized(msg)
    if (
        set(msg) <= {"type", "data"}
        and isinstance(msg.get("data"), Mapping)
        and isinstance(msg.get("type"), str)
        and msg.get("type") in LC_TYPES
    ):
        data = dict(msg["data"])
        return _read_role_message(lc_role(str(msg["type"]), data), data)
    kind = msg.get("type")
    if isinstance(kind, str) and "role" not in msg:
        if kind in RESPONSES_SKIP:
            return []
        if kind in RESPONSES_CALLS or kind in RESPONSES_OUTPUTS:
            return read_responses_item(kind, msg)
    if "parts" in msg:
        if not isinstance(msg["parts"], list):
            raise Unknown(f"parts: expected a list of parts, got {type(msg['parts']).__name__}")
        return read_gemini(msg)
    role = msg.get("role")
    if isinstance(role, str):  # chat, Responses "message" items, Anthropic, Bedrock, tau, dojo
        return _read_role_message(role, msg)
    # A LangChain object dumped without its wrapper: {"type": "human", "content": ...}.
    if isinstance(kind, str) and kind in LC_TYPES and "content" in msg:
        return _read_role_message(lc_role(kind, msg), msg)
    if is_mcp(msg):  # MCP JSON-RPC, smolagents steps (agents._frameworks)
        return read_mcp(msg)
    if is_smolagents_step(msg):
        return read_smolagents_step(msg, _read_tool_call)
    raise Unknown(f"unrecognized message with keys {sorted(map(str, msg))}")


def _read_lc_serialized(msg: Mapping[str, Any]) -> list[Event]:
    ident = msg.get("id")
    kwargs = msg.get("kwargs")
    cls = ident[-1] if isinstance(ident, list) and ident else None
    if not isinstance(cls, str) or cls not in LC_TYPES or not isinstance(kwargs, Mapping):
        raise Unknown(f"serialized LangChain object {cls!r} is not a message")
    data = dict(kwargs)
    return _read_role_message(lc_role(cls, data), data)


# ---------------------------------------------------------------------- role-based messages
def _read_role_message(role: str, msg: Mapping[str, Any]) -> list[Event]:
    """OpenAI chat, Anthropic, Bedrock, LangChain, tau-bench, tau2-bench, AgentDojo messages: a
    role, a content (string or blocks) and, for the assistant, tool calls in one of four shapes."""
    if role in _SYSTEM_ROLES:
        return [Event("system", text_of(msg.get("content"), where="content"))]
    if role in _TOOL_ROLES:
        return _read_tool_message(role, msg)
    if role in USER_ROLES:
        # tau2 users may call tools on their own device: those calls are not the agent's.
        return blocks_to_events(msg.get("content"), "user")
    if role in ASSISTANT_ROLES:
        return _read_assistant(msg)
    raise Unknown(f"unknown role {role!r}")


def _read_assistant(msg: Mapping[str, Any]) -> list[Event]:
    """The agent's text and calls: content blocks, ``tool_calls`` (OpenAI, LangChain, tau2,
    AgentDojo), LangChain ``invalid_tool_calls``, legacy ``function_call``, and the same two under
    LangChain's ``additional_kwargs``. A key that looks like calls and is none of these raises."""
    extra = msg.get("additional_kwargs")
    extra = extra if isinstance(extra, Mapping) else {}
    unread = sorted(
        str(k)
        for k in msg
        if "call" in str(k).lower()
        and k not in _CALL_KEYS
        and msg[k] not in (None, "", [], {})  # an empty list of calls holds nothing unread
        and not (k in _CHUNK_KEYS and msg.get("tool_calls"))
    )
    if unread:
        raise Unknown(f"calls under unread key(s) {unread}")
    events = blocks_to_events(msg.get("content"), "assistant")
    # LangChain messages from Anthropic models carry each call twice: as a tool_use block
    # in the content and in tool_calls; replay it once.
    seen = {e.call_id for e in events if e.kind == "call" and e.call_id}
    calls = msg.get("tool_calls") or extra.get("tool_calls")
    where = "tool_calls" if msg.get("tool_calls") else "additional_kwargs.tool_calls"
    for j, call in enumerate(list_of(calls, where)):
        ev = _read_tool_call(call, f"{where}[{j}]")
        if ev is not None and not (ev.call_id and ev.call_id in seen):
            events.append(ev)
            if ev.call_id:
                seen.add(ev.call_id)
    for j, raw in enumerate(list_of(msg.get("invalid_tool_calls"), "invalid_tool_calls")):
        bad = as_mapping(raw)
        if bad is None:
            raise Unknown(f"invalid_tool_calls[{j}] of type {type(raw).__name__}")
        if bad.get("id") and str(bad["id"]) in seen:
            continue  # the same call, read from additional_kwargs
        # A call the framework could not parse is still a call the model made: its arguments,
        # usually malformed JSON, are checked as text (a bad_args finding).
        args = call_args(bad, "args", f"invalid_tool_calls[{j}]")
        events.append(Event("call", "" if args is None else args, str(bad.get("name") or "")))
    for where, legacy in (
        ("function_call", msg.get("function_call")),
        (
            "additional_kwargs.function_call",
            extra.get("function_call") if not msg.get("tool_calls") else None,
        ),
    ):
        if isinstance(legacy, Mapping) and "name" in legacy:
            events.append(Event("call", call_args(legacy, "arguments", where), str(legacy["name"])))
    return events


def _read_tool_call(raw: object, where: str) -> Event | None:
    call = as_mapping(raw)
    if call is None:
        raise Unknown(f"{where}: tool call of type {type(raw).__name__}")
    fn = call.get("function")
    if isinstance(fn, Mapping):  # OpenAI chat: {"id", "type": "function", "function": {...}}
        args = call_args(fn, "arguments", f"{where}.function")
        return Event("call", args, str(fn.get("name", "")), id_of(call.get("id")))
    if isinstance(fn, str):  # AgentDojo FunctionCall: {"function", "args", "id"}
        return Event("call", call_args(call, "args", where), fn, id_of(call.get("id")))
    if "name" in call:
        if call.get("requestor") == "user":
            return None  # tau2: a call the simulated user makes on their own device
        # LangChain {"name", "args", "id"}; tau2 {"id", "name", "arguments", "requestor"}
        args = call_args(call, "args", where)
        return Event("call", args, str(call["name"]), id_of(call.get("id")))
    raise Unknown(f"{where}: tool call with keys {sorted(map(str, call))}")


def _read_tool_message(role: str, msg: Mapping[str, Any]) -> list[Event]:
    if isinstance(msg.get("tool_messages"), list):  # tau2 MultiToolMessage
        out: list[Event] = []
        for sub in msg["tool_messages"]:
            sub_map = as_mapping(sub)
            if sub_map is None:
                raise Unknown("tool_messages item is not a message")
            out += _read_tool_message("tool", sub_map)
        return out
    if msg.get("requestor") == "user":
        return []  # tau2: the result of the user's own device call, never shown to the agent
    name = msg.get("name")
    call_id = msg.get("tool_call_id")
    error = msg.get("error")
    dojo = as_mapping(msg.get("tool_call")) if msg.get("tool_call") is not None else None
    if dojo is not None:  # AgentDojo carries the call it answers
        name = name or dojo.get("function")
        call_id = call_id or dojo.get("id")
    if call_id is None and role == "tool" and isinstance(msg.get("id"), str):
        call_id = msg["id"]  # tau2 ToolMessage: "id" is the id of the call it answers
    content = msg.get("content")
    output: object = text_of(content, where="content") if isinstance(content, list) else content
    if error and isinstance(error, str) and not output:
        output = error
    is_err = bool(error) or msg.get("status") == "error"
    return [
        Event(
            "result",
            "" if output is None else output,
            str(name or ""),
            id_of(call_id),
            is_err,
        )
    ]
