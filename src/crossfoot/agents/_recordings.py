"""Recordings of whole runs, as benchmarks and tracing tools save them, read into replayable runs.

:func:`read_recordings` takes the parsed JSON of a recording file and returns one
:class:`Recording` per run: its messages, the system prompt and tool schemas kept apart from them,
and notes on what had to be assumed. It reads:

- a list of messages (one run);
- a record with its messages under ``messages``, ``traj``, ``trajectory``, ``input``,
  ``contents``, ``conversation`` or ``items`` (a saved request, a tau-bench row), with its
  ``system`` / ``systemInstruction`` and ``tools`` / ``toolConfig``;
- a list of such records;
- a tau2-bench results file (``{"info": {"environment_info": {"policy", "tool_defs"}},
  "simulations": [...]}``): the domain policy is the system prompt of every run and the tool
  definitions are its schemas;
- a bare list of tau2-bench simulations, or a results file without environment info: the runs
  are replayed without a system prompt or schemas, and a note says so (calls to tools the agent
  was not given, and id formats a schema teaches, are then not checked).

Anything else raises :class:`~crossfoot.model.errors.UnrecognizedMessage` naming what was found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from crossfoot.agents._findings import Finding
from crossfoot.agents._monitor import RunReport
from crossfoot.agents._policy import AgentPolicy
from crossfoot.agents._transcripts import OnUnknown, check_run
from crossfoot.model.errors import UnrecognizedMessage

__all__ = [
    "MESSAGE_KEYS",
    "Recording",
    "check_recordings",
    "messages_key",
    "read_recordings",
    "replay",
]

# Keys under which a saved request, trace or benchmark record keeps its messages.
MESSAGE_KEYS = ("messages", "traj", "trajectory", "input", "contents", "conversation", "items")
_NO_ENV = (
    "no environment info: replayed without the domain policy as system prompt and without "
    "tool schemas (calls to unknown tools and id formats the schemas teach are not checked, and "
    "no reference date completes a date written without a year)"
)


class Recording(NamedTuple):
    """One run to replay with :func:`~crossfoot.agents.check_run`."""

    label: str
    messages: list[Any]
    system: object = None
    tools: Any = None
    notes: tuple[str, ...] = ()


def check_recordings(
    data: object,
    policy: AgentPolicy | Mapping[str, Any] | None = None,
    *,
    system: object = None,
    tools: Iterable[Any] | None = None,
    on_unknown: OnUnknown = "raise",
    name: str = "recording",
) -> list[tuple[str, RunReport]]:
    """Replay every run of a parsed recording file (see :func:`read_recordings`) and return
    ``(label, report)`` pairs. ``system`` and ``tools`` given here win over the file's own. What
    had to be assumed is an ``assumed`` finding (info) in the run's report.

    >>> sims = [{"id": "s1", "task_id": "7", "messages": [
    ...     {"role": "user", "content": "Cancel order W1234567"},
    ...     {"role": "assistant", "tool_calls": [{"id": "c1", "name": "cancel",
    ...      "arguments": {"order_id": "W1234576"}, "requestor": "assistant"}]}]}]
    >>> [(label, r.unsourced, [f.type for f in r.findings]) for label, r in check_recordings(sims)]
    [('recording, simulation s1', ['cancel.order_id'], ['unsourced', 'assumed'])]
    """
    out = []
    for rec in read_recordings(data, name):
        try:
            report = replay(rec, policy, system=system, tools=tools, on_unknown=on_unknown)
        except UnrecognizedMessage as exc:
            raise UnrecognizedMessage(f"{rec.label}: {exc}") from None
        out.append((rec.label, report))
    return out


def replay(
    rec: Recording,
    policy: AgentPolicy | Mapping[str, Any] | None = None,
    *,
    system: object = None,
    tools: Iterable[Any] | None = None,
    on_unknown: OnUnknown = "raise",
) -> RunReport:
    """Replay one run of :func:`read_recordings` as :func:`check_recordings` does (``crossfoot
    run`` calls it once per run, on its worker processes); errors do not name the run.

    >>> [rec] = read_recordings([{"role": "user", "content": "Cancel order W1234567"}])
    >>> replay(rec).findings
    ()
    """
    report = check_run(
        rec.messages,
        policy,
        system=system if system is not None else rec.system,
        tools=tools if tools is not None else rec.tools,
        on_unknown=on_unknown,
    )
    notes = () if system is not None and tools is not None else rec.notes
    if notes:
        extra = tuple(Finding("assumed", "info", 0, "recording", n) for n in notes)
        report = replace(report, findings=report.findings + extra)
    return report


def read_recordings(data: object, name: str = "recording") -> list[Recording]:
    """The runs of a parsed recording file; ``name`` labels them (``"runs.json, run 3"``).

    >>> sims = [{"id": "s1", "task_id": "7", "messages": [{"role": "user", "content": "hi"}]}]
    >>> [(r.label, len(r.messages), r.notes[0][:22]) for r in read_recordings(sims, "out.json")]
    [('out.json, simulation s1', 1, 'no environment info: r')]
    """
    if isinstance(data, list):
        if data and all(isinstance(r, Mapping) and messages_key(r) for r in data):
            return [_record(f"{name}, {_run_label(r, i)}", r, None, None, ()) for i, r in
                    enumerate(data)]  # fmt: skip
        return [Recording(name, data)]
    if isinstance(data, Mapping):
        sims = data.get("simulations")
        if isinstance(sims, list):
            return _tau2_results(data, sims, name)
        if messages_key(data):
            return [_record(name, data, None, None, ())]
    keys = sorted(map(str, data)) if isinstance(data, Mapping) else type(data).__name__
    raise UnrecognizedMessage(
        f"{name}: expected a list of messages, a record with one of {list(MESSAGE_KEYS)}, or "
        f"a tau2-bench results file with 'simulations'; got {keys}"
    )


def _tau2_results(data: Mapping[str, Any], sims: list[Any], name: str) -> list[Recording]:
    info = data.get("info")
    env = info.get("environment_info") if isinstance(info, Mapping) else None
    notes: tuple[str, ...] = ()
    system: object = None
    tools: Any = None
    if isinstance(env, Mapping):
        system = env.get("policy")
        tools, tool_note = _tool_defs(env.get("tool_defs"))
        notes = (tool_note,) if tool_note else ()
        if not system:
            notes += ("environment info without a policy: replayed without a system prompt",)
    else:
        notes = (_NO_ENV,)
    out = []
    for i, sim in enumerate(sims):
        if not isinstance(sim, Mapping) or not messages_key(sim):
            keys = sorted(map(str, sim)) if isinstance(sim, Mapping) else type(sim).__name__
            raise UnrecognizedMessage(f"{name}, simulation {i}: no messages (got {keys})")
        out.append(_record(f"{name}, {_run_label(sim, i)}", sim, system, tools, notes))
    return out


def _tool_defs(defs: object) -> tuple[Any, str]:
    """tau2's ``tool_defs`` (name -> definition) as tool schemas, and a note when unread."""
    if defs is None:
        return None, "environment info without tool definitions: no tool schemas"
    items = list(defs.items()) if isinstance(defs, Mapping) else None
    if items is None:
        return None, f"tool_defs of type {type(defs).__name__} not read: no tool schemas"
    tools = []
    for key, d in items:
        if not isinstance(d, Mapping):
            return None, f"tool_defs[{key!r}] is not an object: no tool schemas"
        schema = d.get("openai_schema")
        if isinstance(schema, Mapping):
            tools.append(dict(schema))
        elif any(k in d for k in ("function", "parameters", "input_schema")):
            tools.append({"name": key, **d} if "name" not in d and "function" not in d else dict(d))
        else:
            params = d.get("params")
            tools.append(
                {
                    "name": str(d.get("name", key)),
                    "description": str(d.get("short_desc") or d.get("description") or ""),
                    "parameters": params if isinstance(params, Mapping) else {"type": "object"},
                }
            )
    return tools, ""


def _record(
    label: str,
    rec: Mapping[str, Any],
    system: object,
    tools: Any,
    notes: tuple[str, ...],
) -> Recording:
    key = messages_key(rec)
    assert key is not None
    own = rec.get("system", rec.get("systemInstruction", rec.get("system_instruction")))
    if isinstance(own, Mapping) and "parts" in own:  # Gemini system instruction
        own = own["parts"]
    own_tools = rec.get("tools")
    config = rec.get("toolConfig")
    if own_tools is None and isinstance(config, Mapping):  # Bedrock Converse request
        own_tools = config.get("tools")
    messages = rec[key]
    if isinstance(messages, str):  # a Responses request may give its input as one string
        messages = [{"role": "user", "content": messages}]
    if _is_simulation(rec) and system is None and tools is None and own is None and not notes:
        notes = (_NO_ENV,)
    return Recording(
        label,
        list(messages),
        own if own is not None else system,
        own_tools if own_tools is not None else tools,
        notes,
    )


def messages_key(rec: Mapping[str, Any]) -> str | None:
    for key in MESSAGE_KEYS:
        if isinstance(rec.get(key), list) or (key == "input" and isinstance(rec.get(key), str)):
            return key
    return None


def _is_simulation(rec: Mapping[str, Any]) -> bool:
    return "messages" in rec and any(
        k in rec for k in ("task_id", "termination_reason", "reward_info", "trial")
    )


def _run_label(rec: Mapping[str, Any], i: int) -> str:
    if _is_simulation(rec) and rec.get("id") is not None:
        return f"simulation {rec['id']}"
    return f"run {i}"
