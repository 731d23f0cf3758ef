"""check_run: every transcript format round-trips to the same run as feeding RunMonitor directly.

One canonical run (a system prompt, a user request, a lookup, a refund with two digits swapped that
errors with an echo of the made-up id, and a second call reusing that id) is written in each format
with the real SDK types where a package provides them, replayed with ``check_run``, compared with
the report of a monitor fed the same events by hand. Mixtures pick a format per message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.agents import RunMonitor, check_run
from crossfoot.agents._transcripts import read_events
from crossfoot.model.errors import UnrecognizedMessage

SYSTEM = "You are a retail support agent. Order ids look like ORD-00000."
CANONICAL: list[tuple[str, Any, str, str | None, bool]] = [
    ("user", "Refund my order ORD-88213 please, I'm mia_li_3668.", "", None, False),
    ("call", {"user_id": "mia_li_3668"}, "get_orders", "c1", False),
    ("result", {"orders": [{"id": "ORD-88213", "total": 49.99}]}, "get_orders", "c1", False),
    ("assistant", "Your order ORD-88213 totals $49.99. Refunding it now.", "", None, False),
    ("call", {"order_id": "ORD-88231", "amount": 49.99}, "refund", "c2", False),
    ("result", "Error: order ORD-88231 not found", "refund", "c2", True),
    ("call", {"order_id": "ORD-88231"}, "get_order_details", "c3", False),
    ("result", {"id": "ORD-88231", "status": "unknown"}, "get_order_details", "c3", False),
]
EXPECT_UNSOURCED = ["refund.order_id", "get_order_details.order_id"]


def _text(data: Any) -> str:
    return data if isinstance(data, str) else json.dumps(data)


def direct_report(events: list[tuple[str, Any, str, str | None, bool]], ids: bool = True) -> Any:
    m = RunMonitor()
    m.system(SYSTEM)
    for kind, data, name, cid, _err in events:
        cid = cid if ids else None
        if kind == "user":
            m.user(data)
        elif kind == "assistant":
            m.assistant(data)
        elif kind == "call":
            m.before_call(name, data, call_id=cid)
        else:
            m.tool_result(name, data, call_id=cid)
    return m.report()


# ---------------------------------------------------------------------- encoders, one per format
# Each returns (messages, system passed apart or None). The system prompt goes in the list when the
# format has a role for it.
Enc = Callable[[tuple[str, Any, str, str | None, bool]], Any]


def openai_chat(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageFunctionToolCall
    from openai.types.chat.chat_completion_message_function_tool_call import Function

    kind, data, name, cid, _ = ev
    if kind == "system":
        return {"role": "system", "content": data}
    if kind == "user":
        return {"role": "user", "content": [{"type": "text", "text": data}]}
    if kind == "assistant":
        return ChatCompletionMessage(role="assistant", content=data)
    if kind == "call":
        call = ChatCompletionMessageFunctionToolCall(
            id=cid, type="function", function=Function(name=name, arguments=json.dumps(data))
        )
        return ChatCompletionMessage(role="assistant", content=None, tool_calls=[call])
    return {"role": "tool", "tool_call_id": cid, "content": _text(data)}


def openai_legacy(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    kind, data, name, _cid, _ = ev
    if kind == "call":
        fc = {"name": name, "arguments": json.dumps(data)}
        return {"role": "assistant", "content": None, "function_call": fc}
    if kind == "result":
        return {"role": "function", "name": name, "content": _text(data)}
    return {"role": kind, "content": data}


def tau_bench(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    kind, data, name, cid, _ = ev
    if kind == "call":
        fn = {"name": name, "arguments": json.dumps(data)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"function": fn, "id": cid, "type": "function"}],
        }
    if kind == "result":
        return {"role": "tool", "tool_call_id": cid, "name": name, "content": _text(data)}
    return {"role": kind, "content": data}


def responses(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from openai.types.responses import (
        ResponseFunctionToolCall,
        ResponseOutputMessage,
        ResponseOutputText,
    )

    kind, data, name, cid, _ = ev
    if kind in ("system", "user"):
        role = "developer" if kind == "system" else "user"
        return {"type": "message", "role": role, "content": [{"type": "input_text", "text": data}]}
    if kind == "assistant":
        text = ResponseOutputText(type="output_text", text=data, annotations=[])
        return ResponseOutputMessage(
            id="msg_1", type="message", role="assistant", status="completed", content=[text]
        )
    if kind == "call":
        return ResponseFunctionToolCall(
            type="function_call",
            id=f"fc_{cid}",
            call_id=cid,
            name=name,
            arguments=json.dumps(data),
        )
    return {"type": "function_call_output", "call_id": cid, "output": _text(data)}


def anthropic_msgs(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from anthropic.types import Message, TextBlock, ToolUseBlock, Usage

    kind, data, name, cid, err = ev
    usage = Usage(input_tokens=1, output_tokens=1)
    if kind == "user":
        return {"role": "user", "content": data}
    if kind in ("assistant", "call"):
        block: Any = (
            TextBlock(type="text", text=data)
            if kind == "assistant"
            else ToolUseBlock(type="tool_use", id=cid, name=name, input=data)
        )
        return Message(
            id="msg_1",
            type="message",
            role="assistant",
            model="claude",
            content=[block],
            stop_reason="end_turn",
            usage=usage,
        )
    result = {
        "type": "tool_result",
        "tool_use_id": cid,
        "content": [{"type": "text", "text": _text(data)}],
        "is_error": err,
    }
    return {"role": "user", "content": [result]}


def gemini(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from google.genai import types as g

    kind, data, name, cid, err = ev
    if kind == "user":
        return g.Content(role="user", parts=[g.Part(text=data)])
    if kind == "assistant":
        return g.Content(role="model", parts=[g.Part(text=data)])
    if kind == "call":
        return g.Content(
            role="model", parts=[g.Part(function_call=g.FunctionCall(id=cid, name=name, args=data))]
        )
    response = data if isinstance(data, dict) else {"error" if err else "output": data}
    return g.Content(
        role="user",
        parts=[g.Part(function_response=g.FunctionResponse(id=cid, name=name, response=response))],
    )


def bedrock(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    kind, data, name, cid, err = ev
    if kind in ("user", "assistant"):
        return {"role": kind, "content": [{"text": data}]}
    if kind == "call":
        return {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": cid, "name": name, "input": data}}],
        }
    block = {"json": data} if isinstance(data, dict) else {"text": data}
    res = {"toolUseId": cid, "content": [block], "status": "error" if err else "success"}
    return {"role": "user", "content": [{"toolResult": res}]}


def lc_object(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    kind, data, name, cid, err = ev
    if kind == "system":
        return SystemMessage(content=data)
    if kind == "user":
        return HumanMessage(content=data)
    if kind == "assistant":
        return AIMessage(content=data)
    if kind == "call":
        return AIMessage(content="", tool_calls=[{"name": name, "args": data, "id": cid}])
    return ToolMessage(
        content=_text(data), tool_call_id=cid, name=name, status="error" if err else "success"
    )


def lc_dict(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from langchain_core.messages import message_to_dict

    return message_to_dict(lc_object(ev))


def lc_serialized(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from langchain_core.load import dumpd

    return dumpd(lc_object(ev))


def tau2(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    kind, data, name, cid, err = ev
    if kind == "call":
        call = {"id": cid, "name": name, "arguments": data, "requestor": "assistant"}
        return {"role": "assistant", "content": None, "tool_calls": [call], "turn_idx": 1}
    if kind == "result":
        return {
            "role": "tool",
            "id": cid,
            "content": _text(data),
            "requestor": "assistant",
            "error": err,
        }
    return {"role": kind, "content": data, "turn_idx": 0}


def agentdojo(ev: tuple[str, Any, str, str | None, bool]) -> Any:
    from agentdojo.functions_runtime import FunctionCall

    kind, data, name, cid, err = ev
    if kind == "call":
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [FunctionCall(function=name, args=data, id=cid)],
        }
    if kind == "result":
        call = FunctionCall(function=name, args={}, id=cid)
        return {
            "role": "tool",
            "content": [{"type": "text", "content": _text(data)}],
            "tool_call": call,
            "tool_call_id": None,
            "error": _text(data) if err else None,
        }
    return {"role": kind, "content": [{"type": "text", "content": data}]}


FORMATS: dict[str, tuple[Enc, bool]] = {  # name: (encoder, system passed apart)
    "openai_chat": (openai_chat, False),
    "openai_legacy_function_call": (openai_legacy, False),
    "openai_responses": (responses, False),
    "anthropic": (anthropic_msgs, True),
    "gemini": (gemini, True),
    "bedrock": (bedrock, True),
    "langchain_objects": (lc_object, False),
    "langchain_dicts": (lc_dict, False),
    "langchain_serialized": (lc_serialized, False),
    "tau_bench": (tau_bench, False),
    "tau2_bench": (tau2, False),
    "agentdojo": (agentdojo, False),
}
NO_IDS = {"openai_legacy_function_call"}
SDK_MODULES = {
    "openai_chat": "openai",
    "openai_responses": "openai",
    "anthropic": "anthropic",
    "gemini": "google.genai",
    "agentdojo": "agentdojo",
}


def _needs(fmt: str) -> None:
    mod = SDK_MODULES.get(fmt, "langchain_core" if fmt.startswith("langchain") else None)
    if mod:
        pytest.importorskip(mod)


def encode(fmt: str) -> tuple[list[Any], str | None]:
    enc, apart = FORMATS[fmt]
    msgs = [] if apart else [enc(("system", SYSTEM, "", None, False))]
    msgs += [enc(ev) for ev in CANONICAL]
    return msgs, SYSTEM if apart else None


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_format_round_trips(fmt: str) -> None:
    _needs(fmt)
    msgs, system = encode(fmt)
    events, skipped = read_events(msgs)
    assert skipped == []
    got = [(e.kind, e.name, e.call_id) for e in events if e.kind == "call"]
    ids = fmt not in NO_IDS
    want = [(k, n, c if ids else None) for k, _d, n, c, _ in CANONICAL if k == "call"]
    assert got == want
    for e, (_k, data, *_rest) in zip(
        [e for e in events if e.kind == "call"],
        [c for c in CANONICAL if c[0] == "call"],
        strict=True,
    ):
        args = json.loads(e.data) if isinstance(e.data, str) else e.data
        assert args == data
    assert [e.kind for e in events] == (["system"] if system is None else []) + [
        c[0] for c in CANONICAL
    ]
    report = check_run(msgs, system=system)
    expected = direct_report(CANONICAL, ids=ids)
    assert report.unsourced == EXPECT_UNSOURCED == expected.unsourced
    assert [(c.where, c.value, c.found) for c in report.checks] == [
        (c.where, c.value, c.found) for c in expected.checks
    ]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.sampled_from(sorted(set(FORMATS) - NO_IDS)),
        min_size=len(CANONICAL),
        max_size=len(CANONICAL),
    )
)
def test_mixtures_round_trip(fmts: list[str]) -> None:
    for f in fmts:
        _needs(f)
    msgs = [openai_chat(("system", SYSTEM, "", None, False))]
    msgs += [FORMATS[f][0](ev) for f, ev in zip(fmts, CANONICAL, strict=True)]
    report = check_run(msgs)
    assert report.unsourced == EXPECT_UNSOURCED
    assert report.to_dict()["checks"] == direct_report(CANONICAL).to_dict()["checks"]


def test_error_echo_needs_the_call_id() -> None:
    # The error result names its call only by id (Anthropic); resolving the id to the call is what
    # stops "Error: order ORD-88231 not found" from vouching for ORD-88231 afterwards.
    pytest.importorskip("anthropic")
    msgs, system = encode("anthropic")
    report = check_run(msgs, system=system)
    assert "get_order_details.order_id" in report.unsourced


def test_unknown_shape_raises_with_index_and_keys() -> None:
    msgs = [{"role": "user", "content": "hi"}, {"speaker": "bot", "utterance": "ORD-1"}]
    with pytest.raises(UnrecognizedMessage, match=r"message 1: .*\['speaker', 'utterance'\]"):
        check_run(msgs)


def test_unknown_block_raises() -> None:
    msgs = [{"role": "user", "content": [{"type": "hologram", "data": "x"}]}]
    with pytest.raises(UnrecognizedMessage, match=r"message 0: content\[0\].*hologram|type"):
        check_run(msgs)


def test_unknown_warn_adds_a_finding_and_ignore_skips() -> None:
    msgs = [
        {"role": "user", "content": "Cancel ORD-5521"},
        42,
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": "a",
                    "type": "function",
                    "function": {"name": "cancel", "arguments": '{"order_id": "ORD-5521"}'},
                }
            ],
        },
    ]
    warned = check_run(msgs, on_unknown="warn")
    assert not warned.ok
    assert [f.type for f in warned.findings] == ["unrecognized_message"]
    assert "message 1" in warned.findings[0].message
    ignored = check_run(msgs, on_unknown="ignore")
    assert ignored.ok and ignored.tool_calls == 1
    with pytest.raises(TypeError, match="on_unknown"):
        check_run(msgs, on_unknown="skip")  # type: ignore[arg-type]


def test_a_bare_string_is_not_a_transcript() -> None:
    with pytest.raises(UnrecognizedMessage, match="list of messages"):
        check_run("user: hi")  # type: ignore[arg-type]


def test_tau2_user_device_calls_are_not_the_agents() -> None:
    msgs = [
        {
            "role": "user",
            "content": "My phone says no service",
            "tool_calls": [
                {
                    "id": "u1",
                    "name": "toggle_airplane_mode",
                    "arguments": {"code": 99812},
                    "requestor": "user",
                }
            ],
        },
        {
            "role": "tool",
            "id": "u1",
            "content": "Airplane mode off, PIN 55190",
            "requestor": "user",
            "error": False,
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "a1",
                    "name": "unlock",
                    "arguments": {"pin": "55190"},
                    "requestor": "assistant",
                }
            ],
        },
    ]
    report = check_run(msgs)
    assert report.tool_calls == 1  # the user's own call is not checked ...
    assert report.unsourced == ["unlock.pin"]  # ... and its result was never shown to the agent


def test_responses_reasoning_items_are_skipped() -> None:
    msgs = [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Pay 120"}]},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "9999"}]},
        {"type": "function_call", "call_id": "c9", "name": "pay", "arguments": '{"amount": 120}'},
        {"type": "function_call_output", "call_id": "c9", "output": "paid"},
    ]
    report = check_run(msgs)
    assert report.ok and report.tool_calls == 1


def test_langchain_anthropic_style_calls_are_replayed_once() -> None:
    lc = pytest.importorskip("langchain_core.messages")
    msg = lc.AIMessage(
        content=[
            {"type": "tool_use", "id": "t1", "name": "refund", "input": {"order_id": "A-991"}}
        ],
        tool_calls=[{"name": "refund", "args": {"order_id": "A-991"}, "id": "t1"}],
    )
    report = check_run([lc.HumanMessage(content="Refund A-991"), msg])
    assert report.tool_calls == 1 and report.ok


def test_tool_schemas_of_every_provider() -> None:
    from crossfoot.agents._transcripts import tool_schemas

    schema = {"type": "object", "properties": {"to": {"type": "string", "format": "email"}}}
    for tools in (
        [{"type": "function", "function": {"name": "send", "parameters": schema}}],
        [{"type": "function", "name": "send", "parameters": schema}],  # Responses API
        [{"name": "send", "input_schema": schema}],  # Anthropic
        [{"functionDeclarations": [{"name": "send", "parameters": schema}]}],  # Gemini
        [{"toolSpec": {"name": "send", "inputSchema": {"json": schema}}}],  # Bedrock
    ):
        report = check_run(
            [
                {"role": "user", "content": "hi"},
                {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "id": "1",
                            "type": "function",
                            "function": {"name": "send", "arguments": '{"to": "boss"}'},
                        },
                        {
                            "id": "2",
                            "type": "function",
                            "function": {"name": "other", "arguments": "{}"},
                        },
                    ],
                },
            ],
            tools=tool_schemas(tools),
        )
        kinds = sorted(f.type for f in report.findings)
        assert kinds == ["unknown_tool", "unsourced"], tools


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "user",
            "assistant",
            "tool",
            "system",
            "model",
            "function",
            "message",
            "text",
            "tool_use",
            "tool_result",
            "function_call",
            "function_call_output",
            "constructor",
            "ai",
            "human",
            "reasoning",
            "input_text",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "role",
                    "content",
                    "type",
                    "parts",
                    "tool_calls",
                    "function",
                    "name",
                    "arguments",
                    "args",
                    "id",
                    "call_id",
                    "text",
                    "toolUse",
                    "toolResult",
                    "input",
                    "output",
                    "tool_use_id",
                    "lc",
                    "kwargs",
                    "data",
                    "requestor",
                    "functionCall",
                    "functionResponse",
                    "tool_call",
                    "error",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_json, max_size=4), _json)
def test_any_input_reads_or_raises_unrecognized(messages: list[Any], system: Any) -> None:
    # Whatever a transcript holds, check_run returns a report or names what it could not read;
    # it never fails with an internal error.
    try:
        report = check_run(messages, system=system)
    except UnrecognizedMessage:
        return
    assert report.tool_calls >= 0
    relaxed = check_run(
        messages, system=system if isinstance(system, str) else None, on_unknown="ignore"
    )
    assert relaxed.tool_calls >= 0
