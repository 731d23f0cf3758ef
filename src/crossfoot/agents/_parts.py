"""The shapes a transcript's pieces come in: content blocks and parts of every provider.

:func:`blocks_to_events` reads a message's content (a string, or a list of text / tool-use /
tool-result blocks of OpenAI, Anthropic, Bedrock, LangChain or AgentDojo form) into events in
their order; :func:`read_responses_item` reads one OpenAI Responses API item, :func:`read_gemini`
one Gemini content. A piece no reader knows raises :class:`Unknown`, which the replayer turns into
``UnrecognizedMessage``: a transcript is never read as clean because a part of it was not read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

__all__ = [
    "ASSISTANT_ROLES",
    "CALL_KEYS",
    "LC_TYPES",
    "RESPONSES_CALLS",
    "RESPONSES_OUTPUTS",
    "RESPONSES_SKIP",
    "USER_ROLES",
    "Event",
    "Unknown",
    "as_mapping",
    "blocks_to_events",
    "call_args",
    "dump",
    "id_of",
    "lc_role",
    "list_of",
    "read_gemini",
    "read_responses_item",
    "text_of",
]

# Keys of an assistant message that hold calls and are read (anything else with "call" in its
# name is an unread shape, and raises).
CALL_KEYS = {"tool_calls", "function_call", "invalid_tool_calls", "tool_call_id"}
# Where a call's arguments may be, after the key its format names; metadata keys of a call.
_ARG_KEYS = ("arguments", "args", "input", "parameters", "params", "kwargs")
_CALL_META = {
    "id", "name", "type", "call_id", "tool_use_id", "toolUseId", "index", "status", "requestor",
    "cache_control", "caller", "thought_signature", "thoughtSignature", "error", "function",
    "server_label", "output", "partial_json",
}  # fmt: skip
USER_ROLES = {"user", "human"}
ASSISTANT_ROLES = {"assistant", "model", "ai"}
# LangChain message types (message_to_dict "type", serialized class names) to chat roles.
LC_TYPES = {
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
RESPONSES_SKIP = {"reasoning", "item_reference", "compaction"}
RESPONSES_CALLS = {"function_call", "custom_tool_call", "mcp_call", "local_shell_call"}
RESPONSES_OUTPUTS = {"function_call_output", "custom_tool_call_output", "local_shell_call_output"}


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


class Unknown(Exception):
    """A message (or a part of one) no reader recognises; becomes UnrecognizedMessage."""


def as_mapping(raw: object) -> Mapping[str, Any] | None:
    if isinstance(raw, Mapping):
        return raw
    module = type(raw).__module__ or ""
    if module.startswith("langchain") and hasattr(raw, "type") and hasattr(raw, "content"):
        return _lc_object(raw)
    dump = getattr(raw, "model_dump", None)
    if callable(dump):  # pydantic models: OpenAI, Anthropic, Gemini SDK types, AgentDojo
        out = dump(mode="json", exclude_none=True, by_alias=True)
        return out if isinstance(out, Mapping) else None
    to_dict = getattr(raw, "to_dict", None) or (
        getattr(raw, "dict", None) if module.startswith("smolagents") else None  # memory steps
    )
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
    data["role"] = lc_role(str(obj.type), data)
    return data


def lc_role(kind: str, data: Mapping[str, Any]) -> str:
    role = LC_TYPES.get(kind, kind)
    if role == "chat":  # ChatMessage carries its own role
        role = str(data.get("role", "user"))
    return role


# ---------------------------------------------------------------------- content blocks
def blocks_to_events(content: object, channel: str) -> list[Event]:
    """Content as a string or a list of parts/blocks of any format: text to one event per
    message, tool-use blocks to calls, tool-result blocks to results, in their order."""
    if content is None:
        return []
    if isinstance(content, str):
        return [Event(channel, content)] if content else []
    if isinstance(content, Mapping):
        content = [content]
    if not isinstance(content, list):
        raise Unknown(f"content of type {type(content).__name__}")
    events: list[Event] = []
    texts: list[str] = []

    def flush() -> None:
        if texts:
            events.append(Event(channel, "\n".join(texts)))
            texts.clear()

    for j, raw in enumerate(content):
        block = raw if isinstance(raw, str) else as_mapping(raw)
        if isinstance(block, str):
            texts.append(block)
            continue
        if block is None:
            raise Unknown(f"content[{j}] of type {type(raw).__name__}")
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
        raise Unknown(f"content block {j} has a non-string type {type(kind).__name__}")
    if kind in _TEXT_PARTS:
        value = block.get(kind) if kind == "refusal" else block.get("text", block.get("content"))
        return value if isinstance(value, str) else dump(value)
    if kind == "tool_use" or kind == "server_tool_use" or kind == "mcp_tool_use":
        args = call_args(block, "input", f"content[{j}]")
        return Event("call", args, str(block.get("name", "")), id_of(block.get("id")))
    if isinstance(kind, str) and kind.endswith("tool_result"):
        output = _result_content(block.get("content"))
        return Event(
            "result", output, "", id_of(block.get("tool_use_id")), bool(block.get("is_error"))
        )
    if kind == "tool_call":  # LangChain v1 standard content block
        args = call_args(block, "args", f"content[{j}]")
        return Event("call", args, str(block.get("name", "")), id_of(block.get("id")))
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
            args = call_args(use, "input", f"content[{j}].toolUse")
            return Event("call", args, str(use.get("name", "")), id_of(use.get("toolUseId")))
        res = block.get("toolResult")
        if isinstance(res, Mapping):
            output = _result_content(res.get("content"))
            return Event(
                "result", output, "", id_of(res.get("toolUseId")), res.get("status") == "error"
            )
        if "json" in block:
            return dump(block["json"])
        if any(k in _SKIP_PARTS or k in ("image", "document", "video") for k in block):
            return None
    raise Unknown(f"content[{j}]: unrecognized block with keys {sorted(map(str, block))}")


def _result_content(content: object) -> object:
    """A tool result's content: a string, JSON, or a list of text/json blocks joined as text."""
    if isinstance(content, list):
        return text_of(content, where="content")
    return "" if content is None else content


def text_of(content: object, *, where: str) -> str:
    """The text of a content value; tool blocks inside it are not expected here."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        content = [content]
    if not isinstance(content, list):
        return dump(content)
    out: list[str] = []
    for j, raw in enumerate(content):
        if isinstance(raw, str):
            out.append(raw)
            continue
        block = as_mapping(raw)
        if block is None:
            raise Unknown(f"{where}[{j}] of type {type(raw).__name__}")
        ev = _read_block(block, j)
        if isinstance(ev, str):
            out.append(ev)
        elif isinstance(ev, Event):
            out.append(ev.data if isinstance(ev.data, str) else dump(ev.data))
    return "\n".join(out)


# ---------------------------------------------------------------------- Responses API, Gemini
def read_responses_item(kind: str, item: Mapping[str, Any]) -> list[Event]:
    call_id = id_of(item.get("call_id", item.get("id")))
    if kind == "mcp_call":  # a call and its output in one item
        out = [Event("call", item.get("arguments"), str(item.get("name", "")), call_id)]
        if item.get("output") is not None or item.get("error"):
            result = item.get("output") or item.get("error")
            out.append(
                Event("result", result, str(item.get("name", "")), call_id, bool(item.get("error")))
            )
        return out
    if kind in RESPONSES_CALLS:
        args = item.get("arguments", item.get("input", item.get("action")))
        if kind == "custom_tool_call":
            args = {"input": item.get("input")}
        name = str(item.get("name", "shell" if kind == "local_shell_call" else ""))
        return [Event("call", args, name, call_id)]
    output = item.get("output")
    if isinstance(output, list):
        output = text_of(output, where="output")
    return [Event("result", "" if output is None else output, "", call_id)]


def read_gemini(msg: Mapping[str, Any]) -> list[Event]:
    role = str(msg.get("role", "user"))
    channel = "assistant" if role in ASSISTANT_ROLES else "user"
    if role not in ASSISTANT_ROLES | USER_ROLES | {"function", "tool"}:
        raise Unknown(f"unknown Gemini role {role!r}")
    events: list[Event] = []
    texts: list[str] = []
    for j, raw in enumerate(msg["parts"]):
        part = as_mapping(raw)
        if part is None:
            raise Unknown(f"parts[{j}] of type {type(raw).__name__}")
        if part.get("thought") is True:
            continue  # the model's own thought summary: not shown to it as data
        call = part.get("functionCall", part.get("function_call"))
        response = part.get("functionResponse", part.get("function_response"))
        if isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif isinstance(call, Mapping):
            args = call_args(call, "args", f"parts[{j}].functionCall")
            events.append(
                Event("call", args or {}, str(call.get("name", "")), id_of(call.get("id")))
            )
        elif isinstance(response, Mapping):
            events.append(
                Event(
                    "result",
                    response.get("response", ""),
                    str(response.get("name", "")),
                    id_of(response.get("id")),
                )
            )
        elif not any(
            k in _SKIP_PARTS
            or k
            in ("executableCode", "executable_code", "codeExecutionResult", "code_execution_result")
            for k in part
        ):
            raise Unknown(f"parts[{j}]: unrecognized part with keys {sorted(map(str, part))}")
    if texts:
        events.insert(0, Event(channel, "\n".join(texts)))
    return events


def call_args(call: Mapping[str, Any], primary: str, where: str) -> object:
    """A call's arguments: under the key its format names (``primary``), else under another
    common one (``arguments``, ``args``, ``input``...). A call with none of them and a key that is
    not call metadata raises: its arguments are somewhere no reader looks, and reading the call as
    one without arguments would pass it unchecked. ``None`` for a call without arguments.

    >>> call_args({"name": "f", "arguments": {"id": 1}}, "input", "content[0]")
    {'id': 1}
    """
    if primary in call:
        return call[primary]
    for key in _ARG_KEYS:
        if key in call:
            return call[key]
    unread = sorted(str(k) for k in call if k not in _CALL_META)
    if unread:
        raise Unknown(f"{where}: a call with no arguments where expected, and keys {unread}")
    return None


def list_of(value: object, where: str) -> Sequence[Any]:
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return value
    raise Unknown(f"{where}: expected a list, got {type(value).__name__}")


def id_of(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def dump(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
