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
  (``{"function", "args"}`` calls, tool messages carrying the ``tool_call``).

A message of no known shape raises :class:`UnrecognizedMessage` naming its index and keys: a
transcript the reader could not read is never reported clean. Results are tied to their calls by id,
so the monitor's anti-laundering rules (an error echoing a made-up id) apply on replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal, NamedTuple

from crossfoot.agents._findings import Finding
from crossfoot.agents._monitor import RunMonitor, RunReport
from crossfoot.agents._policy import AgentPolicy
from crossfoot.model.errors import UnrecognizedMessage

__all__ = ["Event", "OnUnknown", "check_run", "read_events", "tool_schemas"]

OnUnknown = Literal["raise", "warn", "ignore"]

_SYSTEM_ROLES = {"system", "developer"}
_USER_ROLES = {"user", "human"}
_ASSISTANT_ROLES = {"assistant", "model", "ai"}
_TOOL_ROLES = {"tool", "function", "ipython"}
# LangChain message types (message_to_dict "type", serialized class names) to chat roles.
_LC_TYPES = {
    "human": "user",
    "ai": "assistant",
    "system": "system",
    "tool": "tool",
    "function": "function",
    "chat": "chat",
    "HumanMessage": "user",
    "AIMessage": "assistant",
    "SystemMessage": "system",
    "ToolMessage": "tool",
    "FunctionMessage": "function",
    "ChatMessage": "chat",
    "HumanMessageChunk": "user",
    "AIMessageChunk": "assistant",
    "ToolMessageChunk": "tool",
}
# Content parts that show the model nothing a value could be copied from as text.
_SKIP_PARTS = {
    "image",
    "image_url",
    "input_image",
    "input_audio",
    "audio",
    "file",
    "input_file",
    "thinking",
    "redacted_thinking",
    "reasoning",
    "summary_text",
    "cache_point",
    "cachePoint",
    "image_file",
    "inline_data",
    "inlineData",
    "file_data",
    "fileData",
    "thought_signature",
    "thoughtSignature",
    "video_metadata",
    "videoMetadata",
    "reasoningContent",
    "guardContent",
    "video",
}
_TEXT_PARTS = {"text", "input_text", "output_text", "refusal"}
# Responses API items that are no message, call or call output (nothing the monitor reads).
_RESPONSES_SKIP = {"reasoning", "item_reference", "compaction"}
_RESPONSES_CALLS = {"function_call", "custom_tool_call", "mcp_call", "local_shell_call"}
_RESPONSES_OUTPUTS = {"function_call_output", "custom_tool_call_output", "local_shell_call_output"}


class Event(NamedTuple):
    """One thing that happened in a run, in a format-free form.

    ``kind`` is ``system``, ``user``, ``assistant``, ``call`` or ``result``; ``data`` is the text,
    the call's arguments, or the tool's output.
    """

    kind: str
    data: object
    name: str = ""
    call_id: str | None = None
    error: bool = False


class _Unknown(Exception):
    """A message (or a part of one) no reader recognises; becomes UnrecognizedMessage."""


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
            monitor.system(_text_of(system, where="system"))
        except _Unknown as exc:
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
                text = output if isinstance(output, str) else _dump(output)
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
    if isinstance(messages, (str, bytes, Mapping)):
        raise UnrecognizedMessage(
            f"messages: expected a list of messages, got {type(messages).__name__}"
        )
    events: list[Event] = []
    skipped: list[str] = []
    for i, raw in enumerate(messages):
        try:
            events.extend(_read_message(raw))
        except _Unknown as exc:
            desc = f"message {i}: {exc}"
            if on_unknown == "raise":
                raise UnrecognizedMessage(
                    desc + " (pass on_unknown='warn' or 'ignore' to skip it)"
                ) from None
            skipped.append(desc)
    return events, skipped


# ---------------------------------------------------------------------- one message
def _read_message(raw: object) -> list[Event]:
    msg = _as_mapping(raw)
    if msg is None:
        raise _Unknown(f"unrecognized message of type {type(raw).__name__}")
    if msg.get("lc") == 1 and msg.get("type") == "constructor":
        return _read_lc_serialized(msg)
    if (
        set(msg) <= {"type", "data"}
        and isinstance(msg.get("data"), Mapping)
        and isinstance(msg.get("type"), str)
        and msg.get("type") in _LC_TYPES
    ):
        data = dict(msg["data"])
        return _read_role_message(_lc_role(str(msg["type"]), data), data)
    kind = msg.get("type")
    if isinstance(kind, str) and "role" not in msg:
        if kind in _RESPONSES_SKIP:
            return []
        if kind in _RESPONSES_CALLS or kind in _RESPONSES_OUTPUTS:
            return _read_responses_item(kind, msg)
    if "parts" in msg and isinstance(msg.get("parts"), list):
        return _read_gemini(msg)
    role = msg.get("role")
    if isinstance(role, str):  # chat, Responses "message" items, Anthropic, Bedrock, tau, dojo
        return _read_role_message(role, msg)
    # A LangChain object dumped without its wrapper: {"type": "human", "content": ...}.
    if isinstance(kind, str) and kind in _LC_TYPES and "content" in msg:
        return _read_role_message(_lc_role(kind, msg), msg)
    raise _Unknown(f"unrecognized message with keys {sorted(map(str, msg))}")


def _as_mapping(raw: object) -> Mapping[str, Any] | None:
    if isinstance(raw, Mapping):
        return raw
    module = type(raw).__module__ or ""
    if module.startswith("langchain") and hasattr(raw, "type") and hasattr(raw, "content"):
        return _lc_object(raw)
    dump = getattr(raw, "model_dump", None)
    if callable(dump):  # pydantic models: OpenAI, Anthropic, Gemini SDK types, AgentDojo
        out = dump(mode="json", exclude_none=True, by_alias=True)
        return out if isinstance(out, Mapping) else None
    to_dict = getattr(raw, "to_dict", None)
    if callable(to_dict):
        out = to_dict()
        return out if isinstance(out, Mapping) else None
    return None


def _lc_object(obj: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"content": obj.content}
    for key in ("tool_calls", "tool_call_id", "name", "additional_kwargs", "role", "status"):
        value = getattr(obj, key, None)
        if value is not None:
            data[key] = value
    data["role"] = _lc_role(str(obj.type), data)
    return data


def _lc_role(kind: str, data: Mapping[str, Any]) -> str:
    role = _LC_TYPES.get(kind, kind)
    if role == "chat":  # ChatMessage carries its own role
        role = str(data.get("role", "user"))
    return role


def _read_lc_serialized(msg: Mapping[str, Any]) -> list[Event]:
    ident = msg.get("id")
    kwargs = msg.get("kwargs")
    cls = ident[-1] if isinstance(ident, list) and ident else None
    if not isinstance(cls, str) or cls not in _LC_TYPES or not isinstance(kwargs, Mapping):
        raise _Unknown(f"serialized LangChain object {cls!r} is not a message")
    data = dict(kwargs)
    return _read_role_message(_lc_role(cls, data), data)


# ---------------------------------------------------------------------- role-based messages
def _read_role_message(role: str, msg: Mapping[str, Any]) -> list[Event]:
    """OpenAI chat, Anthropic, Bedrock, LangChain, tau-bench, tau2-bench, AgentDojo messages: a
    role, a content (string or blocks) and, for the assistant, tool calls in one of four shapes."""
    if role in _SYSTEM_ROLES:
        return [Event("system", _text_of(msg.get("content"), where="content"))]
    if role in _TOOL_ROLES:
        return _read_tool_message(role, msg)
    if role in _USER_ROLES:
        # tau2 users may call tools on their own device: those calls are not the agent's.
        return _blocks_to_events(msg.get("content"), "user")
    if role in _ASSISTANT_ROLES:
        events = _blocks_to_events(msg.get("content"), "assistant")
        # LangChain messages from Anthropic models carry each call twice: as a tool_use block
        # in the content and in tool_calls; replay it once.
        seen = {e.call_id for e in events if e.kind == "call" and e.call_id}
        for call in _list(msg.get("tool_calls"), "tool_calls"):
            ev = _read_tool_call(call)
            if ev is not None and not (ev.call_id and ev.call_id in seen):
                events.append(ev)
        legacy = msg.get("function_call")
        if isinstance(legacy, Mapping) and "name" in legacy:
            events.append(Event("call", legacy.get("arguments"), str(legacy["name"])))
        extra = msg.get("additional_kwargs")
        if isinstance(extra, Mapping) and not msg.get("tool_calls"):
            fc = extra.get("function_call")
            if isinstance(fc, Mapping) and "name" in fc:
                events.append(Event("call", fc.get("arguments"), str(fc["name"])))
        return events
    raise _Unknown(f"unknown role {role!r}")


def _read_tool_call(raw: object) -> Event | None:
    call = _as_mapping(raw)
    if call is None:
        raise _Unknown(f"tool call of type {type(raw).__name__}")
    fn = call.get("function")
    if isinstance(fn, Mapping):  # OpenAI chat: {"id", "type": "function", "function": {...}}
        return Event("call", fn.get("arguments"), str(fn.get("name", "")), _id(call.get("id")))
    if isinstance(fn, str):  # AgentDojo FunctionCall: {"function", "args", "id"}
        return Event("call", call.get("args"), fn, _id(call.get("id")))
    if "name" in call:
        if call.get("requestor") == "user":
            return None  # tau2: a call the simulated user makes on their own device
        # LangChain {"name", "args", "id"}; tau2 {"id", "name", "arguments", "requestor"}
        args = call["args"] if "args" in call else call.get("arguments", call.get("input"))
        return Event("call", args, str(call["name"]), _id(call.get("id")))
    raise _Unknown(f"tool call with keys {sorted(map(str, call))}")


def _read_tool_message(role: str, msg: Mapping[str, Any]) -> list[Event]:
    if isinstance(msg.get("tool_messages"), list):  # tau2 MultiToolMessage
        out: list[Event] = []
        for sub in msg["tool_messages"]:
            sub_map = _as_mapping(sub)
            if sub_map is None:
                raise _Unknown("tool_messages item is not a message")
            out += _read_tool_message("tool", sub_map)
        return out
    if msg.get("requestor") == "user":
        return []  # tau2: the result of the user's own device call, never shown to the agent
    name = msg.get("name")
    call_id = msg.get("tool_call_id")
    error = msg.get("error")
    dojo = _as_mapping(msg.get("tool_call")) if msg.get("tool_call") is not None else None
    if dojo is not None:  # AgentDojo carries the call it answers
        name = name or dojo.get("function")
        call_id = call_id or dojo.get("id")
    if call_id is None and role == "tool" and isinstance(msg.get("id"), str):
        call_id = msg["id"]  # tau2 ToolMessage: "id" is the id of the call it answers
    content = msg.get("content")
    output: object = _text_of(content, where="content") if isinstance(content, list) else content
    if error and isinstance(error, str) and not output:
        output = error
    is_err = bool(error) or msg.get("status") == "error"
    return [
        Event(
            "result",
            "" if output is None else output,
            str(name or ""),
            _id(call_id),
            is_err,
        )
    ]


# ---------------------------------------------------------------------- content blocks
def _blocks_to_events(content: object, channel: str) -> list[Event]:
    """Content as a string or a list of parts/blocks of any format: text to one event per
    message, tool-use blocks to calls, tool-result blocks to results, in their order."""
    if content is None:
        return []
    if isinstance(content, str):
        return [Event(channel, content)] if content else []
    if isinstance(content, Mapping):
        content = [content]
    if not isinstance(content, list):
        raise _Unknown(f"content of type {type(content).__name__}")
    events: list[Event] = []
    texts: list[str] = []

    def flush() -> None:
        if texts:
            events.append(Event(channel, "\n".join(texts)))
            texts.clear()

    for j, raw in enumerate(content):
        block = raw if isinstance(raw, str) else _as_mapping(raw)
        if isinstance(block, str):
            texts.append(block)
            continue
        if block is None:
            raise _Unknown(f"content[{j}] of type {type(raw).__name__}")
        ev = _read_block(block, j)
        if ev is None:
            continue
        if isinstance(ev, str):
            texts.append(ev)
        else:
            flush()
            events.append(ev)
    flush()
    return events


def _read_block(block: Mapping[str, Any], j: int) -> Event | str | None:
    kind = block.get("type")
    if kind is not None and not isinstance(kind, str):
        raise _Unknown(f"content block {j} has a non-string type {type(kind).__name__}")
    if kind in _TEXT_PARTS:
        value = block.get(kind) if kind == "refusal" else block.get("text", block.get("content"))
        return value if isinstance(value, str) else _dump(value)
    if kind == "tool_use" or kind == "server_tool_use" or kind == "mcp_tool_use":
        return Event("call", block.get("input"), str(block.get("name", "")), _id(block.get("id")))
    if isinstance(kind, str) and kind.endswith("tool_result"):
        output = _result_content(block.get("content"))
        return Event(
            "result", output, "", _id(block.get("tool_use_id")), bool(block.get("is_error"))
        )
    if kind == "tool_call":  # LangChain v1 standard content block
        return Event("call", block.get("args"), str(block.get("name", "")), _id(block.get("id")))
    if kind == "document":
        source = block.get("source")
        if isinstance(source, Mapping) and source.get("type") == "text":
            return str(source.get("data", ""))
        return None
    if kind in _SKIP_PARTS:
        return None
    if kind is None:  # Bedrock Converse blocks are keyed by their kind
        if "text" in block and isinstance(block["text"], str):
            return str(block["text"])
        use = block.get("toolUse")
        if isinstance(use, Mapping):
            return Event(
                "call", use.get("input"), str(use.get("name", "")), _id(use.get("toolUseId"))
            )
        res = block.get("toolResult")
        if isinstance(res, Mapping):
            output = _result_content(res.get("content"))
            return Event(
                "result", output, "", _id(res.get("toolUseId")), res.get("status") == "error"
            )
        if "json" in block:
            return _dump(block["json"])
        if any(k in _SKIP_PARTS or k in ("image", "document", "video") for k in block):
            return None
    raise _Unknown(f"content[{j}]: unrecognized block with keys {sorted(map(str, block))}")


def _result_content(content: object) -> object:
    """A tool result's content: a string, JSON, or a list of text/json blocks joined as text."""
    if isinstance(content, list):
        return _text_of(content, where="content")
    return "" if content is None else content


def _text_of(content: object, *, where: str) -> str:
    """The text of a content value; tool blocks inside it are not expected here."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        content = [content]
    if not isinstance(content, list):
        return _dump(content)
    out: list[str] = []
    for j, raw in enumerate(content):
        if isinstance(raw, str):
            out.append(raw)
            continue
        block = _as_mapping(raw)
        if block is None:
            raise _Unknown(f"{where}[{j}] of type {type(raw).__name__}")
        ev = _read_block(block, j)
        if isinstance(ev, str):
            out.append(ev)
        elif isinstance(ev, Event):
            out.append(ev.data if isinstance(ev.data, str) else _dump(ev.data))
    return "\n".join(out)


# ---------------------------------------------------------------------- Responses API, Gemini
def _read_responses_item(kind: str, item: Mapping[str, Any]) -> list[Event]:
    call_id = _id(item.get("call_id", item.get("id")))
    if kind == "mcp_call":  # a call and its output in one item
        out = [Event("call", item.get("arguments"), str(item.get("name", "")), call_id)]
        if item.get("output") is not None or item.get("error"):
            result = item.get("output") or item.get("error")
            out.append(
                Event("result", result, str(item.get("name", "")), call_id, bool(item.get("error")))
            )
        return out
    if kind in _RESPONSES_CALLS:
        args = item.get("arguments", item.get("input", item.get("action")))
        if kind == "custom_tool_call":
            args = {"input": item.get("input")}
        name = str(item.get("name", "shell" if kind == "local_shell_call" else ""))
        return [Event("call", args, name, call_id)]
    output = item.get("output")
    if isinstance(output, list):
        output = _text_of(output, where="output")
    return [Event("result", "" if output is None else output, "", call_id)]


def _read_gemini(msg: Mapping[str, Any]) -> list[Event]:
    role = str(msg.get("role", "user"))
    channel = "assistant" if role in _ASSISTANT_ROLES else "user"
    if role not in _ASSISTANT_ROLES | _USER_ROLES | {"function", "tool"}:
        raise _Unknown(f"unknown Gemini role {role!r}")
    events: list[Event] = []
    texts: list[str] = []
    for j, raw in enumerate(msg["parts"]):
        part = _as_mapping(raw)
        if part is None:
            raise _Unknown(f"parts[{j}] of type {type(raw).__name__}")
        if part.get("thought") is True:
            continue  # the model's own thought summary: not shown to it as data
        call = part.get("functionCall", part.get("function_call"))
        response = part.get("functionResponse", part.get("function_response"))
        if isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif isinstance(call, Mapping):
            events.append(
                Event(
                    "call", call.get("args") or {}, str(call.get("name", "")), _id(call.get("id"))
                )
            )
        elif isinstance(response, Mapping):
            events.append(
                Event(
                    "result",
                    response.get("response", ""),
                    str(response.get("name", "")),
                    _id(response.get("id")),
                )
            )
        elif not any(
            k in _SKIP_PARTS
            or k
            in ("executableCode", "executable_code", "codeExecutionResult", "code_execution_result")
            for k in part
        ):
            raise _Unknown(f"parts[{j}]: unrecognized part with keys {sorted(map(str, part))}")
    if texts:
        events.insert(0, Event(channel, "\n".join(texts)))
    return events


# ---------------------------------------------------------------------- tools, helpers
def tool_schemas(tools: Iterable[Any] | None) -> list[dict[str, Any]] | None:
    """Tool declarations of any provider as OpenAI function tools (what RunMonitor reads).

    Gemini ``functionDeclarations`` and Bedrock ``toolSpec`` (with ``inputSchema.json``) are
    unwrapped; OpenAI and Anthropic tools pass through unchanged.

    >>> tool_schemas([{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}])
    [{'name': 'f', 'description': '', 'parameters': {'type': 'object'}}]
    """
    if tools is None:
        return None
    if isinstance(tools, Mapping):
        tools = [tools]
    out: list[dict[str, Any]] = []
    for raw in tools:
        tool = _as_mapping(raw)
        if tool is None:
            out.append(raw)  # let RunMonitor name what is wrong with it
            continue
        decls = tool.get("functionDeclarations", tool.get("function_declarations"))
        spec = tool.get("toolSpec")
        if isinstance(decls, list):
            for d in decls:
                d = _as_mapping(d) or {}
                params = d.get("parameters", d.get("parametersJsonSchema", {})) or {}
                out.append(
                    {
                        "name": d.get("name"),
                        "description": d.get("description", ""),
                        "parameters": params,
                    }
                )
        elif isinstance(spec, Mapping):
            schema = spec.get("inputSchema", {})
            params = schema.get("json", schema) if isinstance(schema, Mapping) else {}
            out.append(
                {
                    "name": spec.get("name"),
                    "description": spec.get("description", ""),
                    "parameters": params,
                }
            )
        elif tool.get("type") == "function" and "name" in tool and "function" not in tool:
            # Responses API tools are flat: {"type": "function", "name", "parameters"}
            out.append({k: v for k, v in tool.items() if k != "type"})
        else:
            out.append(dict(tool))
    return out


def _list(value: object, where: str) -> Sequence[Any]:
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return value
    raise _Unknown(f"{where}: expected a list, got {type(value).__name__}")


def _id(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def _dump(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
