"""Two more transcript shapes for ``check_run``: MCP JSON-RPC messages and smolagents steps.

- **MCP** (Model Context Protocol) as a client logs it: a ``tools/call`` request
  (``{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name", "arguments"}}``) is a
  call, and the response with the same id (``{"result": {"content": [...], "structuredContent":
  ..., "isError": false}}``, or ``{"error": {"code", "message"}}``) its result. Other methods
  (``initialize``, ``tools/list``, notifications) and their responses carry nothing the agent
  acts on and are skipped.
- **smolagents** memory steps (``agent.memory.get_full_steps()``, or the step objects): a
  ``system_prompt`` step, a ``task`` step (the user's request), action steps (``step_number``,
  ``tool_calls`` in the OpenAI shape, ``observations`` the tools returned, ``error``), planning
  steps (``plan``) and a final answer step (``output``). An action step's ``model_output`` is the
  text of the call it makes (read from ``tool_calls``) and is read only when it makes none; its
  ``model_input_messages`` repeat the run so far and are not read again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crossfoot.agents._parts import Event, Unknown, call_args, dump, id_of, list_of

__all__ = ["is_mcp", "is_smolagents_step", "read_mcp", "read_smolagents_step"]

_STEP_KEYS = frozenset({"step_number", "tool_calls", "observations", "model_output", "error"})


def is_mcp(msg: Mapping[str, Any]) -> bool:
    return msg.get("jsonrpc") == "2.0"


def read_mcp(msg: Mapping[str, Any]) -> list[Event]:
    """A JSON-RPC message of MCP: a ``tools/call`` request, or a response to one.

    >>> read_mcp({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
    ...           "params": {"name": "get_order", "arguments": {"order_id": "W1"}}})
    [Event(kind='call', data={'order_id': 'W1'}, name='get_order', call_id='3', error=False)]
    >>> read_mcp({"jsonrpc": "2.0", "id": 3, "result": {"content": [
    ...     {"type": "text", "text": "order W1: 38.75"}], "isError": False}})
    [Event(kind='result', data='order W1: 38.75', name='', call_id='3', error=False)]
    """
    call_id = id_of(msg.get("id"))
    if "method" in msg:
        if msg.get("method") != "tools/call":
            return []  # initialize, tools/list, notifications...
        params = msg.get("params")
        if not isinstance(params, Mapping) or "name" not in params:
            raise Unknown("tools/call without params.name")
        return [
            Event("call", call_args(params, "arguments", "params"), str(params["name"]), call_id)
        ]
    error = msg.get("error")
    if isinstance(error, Mapping):
        return [Event("result", str(error.get("message", dump(error))), "", call_id, True)]
    result = msg.get("result")
    if not isinstance(result, Mapping) or (
        "content" not in result and "structuredContent" not in result
    ):
        return []  # the response to another method (tools/list, initialize)
    structured = result.get("structuredContent")
    output: object = structured if structured is not None else _content_text(result.get("content"))
    return [Event("result", output, "", call_id, bool(result.get("isError")))]


def _content_text(content: object) -> str:
    """The text of MCP content blocks: ``text``, and an embedded ``resource``'s text; images,
    audio and links to resources carry no text."""
    out: list[str] = []
    for block in list_of(content, "result.content"):
        if not isinstance(block, Mapping):
            raise Unknown(f"result.content: a block of type {type(block).__name__}")
        if block.get("type") == "text":
            out.append(str(block.get("text", "")))
        elif block.get("type") == "resource" and isinstance(block.get("resource"), Mapping):
            text = block["resource"].get("text")
            if isinstance(text, str):
                out.append(text)
    return "\n".join(out)


def is_smolagents_step(msg: Mapping[str, Any]) -> bool:
    keys = msg.keys()
    return (
        "step_number" in keys
        or ("system_prompt" in keys and "role" not in keys)
        or ("task" in keys and keys <= {"task", "task_images"})
        or ("plan" in keys and "model_output_message" in keys)
        or (set(keys) == {"output"})
    )


def read_smolagents_step(msg: Mapping[str, Any], read_call: Any) -> list[Event]:
    """One smolagents memory step; ``read_call`` reads one OpenAI-shaped tool call.

    >>> from crossfoot.agents._transcripts import _read_tool_call
    >>> step = {"step_number": 1, "model_output": "Action: {...}", "observations": "total 38.75",
    ...         "tool_calls": [{"id": "c1", "type": "function", "function": {
    ...             "name": "get_order", "arguments": {"order_id": "W1"}}}]}
    >>> [(e.kind, e.name, e.call_id) for e in read_smolagents_step(step, _read_tool_call)]
    [('call', 'get_order', 'c1'), ('result', 'get_order', 'c1')]
    """
    if "system_prompt" in msg and "step_number" not in msg:
        return [Event("system", str(msg["system_prompt"] or ""))]
    if "task" in msg and "step_number" not in msg:
        return [Event("user", str(msg["task"] or ""))]
    if "plan" in msg and "step_number" not in msg:
        return [Event("assistant", str(msg["plan"] or ""))]
    if "output" in msg and "step_number" not in msg:
        return [
            Event(
                "assistant",
                dump(msg["output"]) if not isinstance(msg["output"], str) else msg["output"],
            )
        ]
    events: list[Event] = []
    for j, raw in enumerate(list_of(msg.get("tool_calls"), "tool_calls")):
        ev = read_call(raw, f"tool_calls[{j}]")
        if ev is not None:
            events.append(ev)
    calls = [e for e in events if e.kind == "call"]
    if not calls and isinstance(msg.get("model_output"), str):
        events.append(Event("assistant", msg["model_output"]))
    observations = msg.get("observations")
    error = msg.get("error")
    last = calls[-1] if calls else None
    # One call: its result. Several: the observations of all, as the last call's result (the
    # step does not split them); an error with no observations is the result.
    if observations not in (None, ""):
        output = observations if isinstance(observations, str) else dump(observations)
        events.append(_result(output, last, len(calls) == 1, False))
    elif error not in (None, "", {}) and last is not None:
        message = error.get("message", dump(error)) if isinstance(error, Mapping) else str(error)
        events.append(_result(str(message), last, len(calls) == 1, True))
    return events


def _result(output: str, call: Event | None, by_id: bool, error: bool) -> Event:
    name = call.name if call is not None else ""
    return Event(
        "result", output, name, call.call_id if call is not None and by_id else None, error
    )
