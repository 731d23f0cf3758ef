"""``crossfoot run TRANSCRIPT.json[l]``: replay a recorded agent run and gate on the verdict.

Exit 0 when no call would be stopped, 1 when one would be blocked (or warned, with
``--fail-on warn``), 2 when the transcript, policy or tools cannot be read (the message names the
file and the message index and keys, and the flag that changes it).

Output as for every command (:mod:`crossfoot.cli.output`): a single run prints its values and
verdict; several runs print one header line each, the values of the runs that reach
``--fail-on`` (every run's with ``-v``), and a ``totals:`` line. ``--json`` prints one JSON
object a line, one per run; ``--report FILE`` writes the HTML page.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from crossfoot.cli.common import add_output_arguments, write_report
from crossfoot.cli.output import (
    emit,
    emit_json,
    flag_names,
    item_header,
    item_lines,
    read_text,
    run_record,
    totals_line,
)
from crossfoot.model.errors import CrossfootError

__all__ = ["add_parser", "load_transcript", "run"]

_RANK = {"allow": 0, "warn": 1, "confirm": 2, "block": 3}
# Engine keywords -> the flags that set them, so errors name what the user typed.
RUN_FLAGS = {"on_unknown": "--on-unknown"}
# Keys under which a saved request, trace or benchmark record keeps its messages.
_MESSAGE_KEYS = ("messages", "traj", "trajectory", "input", "contents", "conversation", "items")


class TranscriptError(CrossfootError, ValueError):
    """A transcript, policy or tools file that cannot be read."""


def add_parser(subparsers: Any) -> None:
    """Register ``crossfoot run`` on the CLI's subparsers."""
    p = subparsers.add_parser(
        "run",
        help="check the tool calls of a recorded agent run",
        description="Replay a transcript (OpenAI, Anthropic, Gemini, Bedrock, LangChain, "
        "tau-bench, tau2-bench, AgentDojo; mixtures too) and check every tool-call value "
        "against what the agent had seen.",
    )
    p.add_argument(
        "transcript",
        help="JSON (a list of messages or a request/record object), "
        "JSONL (one message or one run per line), or - for standard input",
    )
    p.add_argument("--policy", help="JSON file with AgentPolicy options")
    p.add_argument("--tools", help='JSON file: the tool schemas (a list, or {"tools": [...]})')
    p.add_argument("--system", help="text file with a system prompt given apart from the messages")
    p.add_argument(
        "--fail-on",
        choices=("warn", "confirm", "block"),
        default="block",
        help="exit 1 when a call would get this action or a worse one (default: block)",
    )
    p.add_argument(
        "--on-unknown",
        choices=("raise", "warn", "ignore"),
        default="raise",
        help="a message of unknown shape: exit 2 (default), a warning finding, or skip it",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="print every value of every run")
    add_output_arguments(p)
    p.set_defaults(func=run, flags=RUN_FLAGS)


def run(args: argparse.Namespace) -> int:
    """Run the ``run`` subcommand; return the exit code."""
    from crossfoot.agents import AgentPolicy, check_run

    try:
        runs = load_transcript(args.transcript)
        policy = None
        if args.policy:
            data = _read_json(args.policy)
            if not isinstance(data, Mapping):
                raise TranscriptError(f"{args.policy}: expected a JSON object of policy options")
            policy = AgentPolicy.from_dict(dict(data))
        tools = None
        if args.tools:
            tools = _read_json(args.tools)
            if isinstance(tools, Mapping) and "tools" in tools:
                tools = tools["tools"]
        system = read_text(args.system, "system prompt") if args.system else None
        reports = []
        for label, messages, run_system, run_tools in runs:
            try:
                report = check_run(
                    messages,
                    policy,
                    system=system if system is not None else run_system,
                    tools=tools if tools is not None else run_tools,
                    on_unknown=args.on_unknown,
                )
            except CrossfootError as exc:
                raise TranscriptError(f"{label}: {exc}") from None
            reports.append((label, report))
    except (CrossfootError, OSError, TypeError) as exc:
        print(f"crossfoot: error: {flag_names(str(exc), RUN_FLAGS)}", file=sys.stderr)
        return 2
    records = [run_record(label, report) for label, report in reports]
    gate = _RANK[args.fail_on]
    for record in records:
        if args.json:
            emit_json(record)
        elif len(records) == 1:
            emit(item_lines(record))
        else:
            failing = _RANK[record["action"]] >= gate
            lines = item_lines(record) if args.verbose or failing else []
            emit([item_header(record, failing), *("  " + line for line in lines)])
    if len(records) > 1:
        emit([totals_line(records, "runs")], sys.stderr if args.json else sys.stdout)
    if args.report:
        from crossfoot.report.html import run_item

        items = [run_item(report, label) for label, report in reports]
        write_report(args.report, items, f"crossfoot run: {args.transcript}")
    worst = max((_RANK[r["action"]] for r in records), default=0)
    return 1 if worst >= gate else 0


def load_transcript(path: str) -> list[tuple[str, list[Any], object, Any]]:
    """Read a transcript file into runs of ``(label, messages, system, tools)``.

    A JSON list is one run's messages; a JSON object is a saved request or record whose messages
    sit under ``messages``, ``traj``, ``input`` or ``contents`` (with ``system`` and ``tools`` if
    it has them). In JSONL each line is a message, or each line is a run record.
    """
    text = read_text("-", "transcript") if path == "-" else _read_text(path)
    name = "<stdin>" if path == "-" else path
    stripped = text.lstrip()
    if path.endswith((".jsonl", ".jsonl.gz")) or (
        stripped[:1] == "{" and "\n{" in stripped and not _is_json(text)
    ):
        rows: list[Any] = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except ValueError as exc:
                raise TranscriptError(f"{name}, line {n}: not valid JSON ({exc})") from None
        if rows and all(isinstance(r, Mapping) and _messages_key(r) for r in rows):
            return [_record(f"{name}, line {i}", r) for i, r in enumerate(rows, 1)]
        return [(name, rows, None, None)]
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise TranscriptError(f"{name}: not valid JSON ({exc})") from None
    if isinstance(data, list):
        if data and all(isinstance(r, Mapping) and _messages_key(r) for r in data):
            return [_record(f"{name}, run {i}", r) for i, r in enumerate(data)]
        return [(name, data, None, None)]
    if isinstance(data, Mapping) and _messages_key(data):
        return [_record(name, data)]
    keys = sorted(data) if isinstance(data, Mapping) else type(data).__name__
    raise TranscriptError(
        f"{name}: expected a list of messages or an object with one of {list(_MESSAGE_KEYS)}, "
        f"got {keys}"
    )


def _record(label: str, rec: Mapping[str, Any]) -> tuple[str, list[Any], object, Any]:
    key = _messages_key(rec)
    assert key is not None
    system = rec.get("system", rec.get("systemInstruction", rec.get("system_instruction")))
    if isinstance(system, Mapping) and "parts" in system:  # Gemini system instruction
        system = system["parts"]
    tools = rec.get("tools")
    config = rec.get("toolConfig")
    if tools is None and isinstance(config, Mapping):  # Bedrock Converse request
        tools = config.get("tools")
    messages = rec[key]
    if isinstance(messages, str):  # a Responses request may give its input as one string
        messages = [{"role": "user", "content": messages}]
    return label, list(messages), system, tools


def _messages_key(rec: Mapping[str, Any]) -> str | None:
    for key in _MESSAGE_KEYS:
        if isinstance(rec.get(key), list) or (key == "input" and isinstance(rec.get(key), str)):
            return key
    return None


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _read_text(path: str) -> str:
    try:
        if path.endswith(".gz"):
            import gzip

            with gzip.open(path, "rt", encoding="utf-8") as fh:
                return fh.read()
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise TranscriptError(
            f"{path}: cannot read: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
            f"{exc.start}); save it as UTF-8"
        ) from None
    except (OSError, EOFError) as exc:
        raise TranscriptError(f"{path}: cannot read ({exc})") from None


def _read_json(path: str) -> Any:
    try:
        return json.loads(_read_text(path))
    except ValueError as exc:
        raise TranscriptError(f"{path}: not valid JSON ({exc})") from None
