"""``crossfoot run TRANSCRIPT.json[l]``: replay recorded agent runs and gate on the verdict.

Exit 0 when no call would be stopped, 1 when one would be blocked (or warned, with
``--fail-on warn``), 2 when the transcript, policy or tools cannot be read (the message names the
file and the message index and keys). Many runs (a JSON list or a JSONL file of run records) are
replayed on ``--workers`` processes; a JSONL file of run records is read one line at a time, a run
that cannot be read is reported and the others go on (exit 2 at the end), and ``--out FILE``
/ ``--resume`` keep one JSON line per run (:mod:`crossfoot.cli.stream`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from crossfoot.batch import map_in_order, warm_up
from crossfoot.cli.stream import (
    Totals,
    add_stream_arguments,
    check_stream_arguments,
    closed_pipe,
    interrupted,
    open_output,
    progress,
    resume_after,
    run_stream,
    workers_used,
)
from crossfoot.model.errors import CrossfootError

__all__ = ["add_parser", "iter_runs", "load_transcript", "run"]

RunInput = tuple[str, list[Any], object, Any]  # (label, messages, system, tools)

_RANK = {"allow": 0, "warn": 1, "confirm": 2, "block": 3}
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
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    add_stream_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the ``run`` subcommand; return the exit code."""
    try:
        workers = check_stream_arguments(args)
        work = _RunWork(*_settings(args), args.on_unknown)
        multi, runs = iter_runs(args.transcript)
        totals = Totals()
        output, last_name = open_output(args, totals)
    except (CrossfootError, OSError, TypeError) as exc:
        print(f"crossfoot: error: {exc}", file=sys.stderr)
        return 2
    done = totals.items
    todo = enumerate(
        resume_after(((r[0], r) for r in runs), done, last_name, args.transcript), done
    )
    results = map_in_order(
        work, todo, workers=workers, chunk_size=args.chunk_size, initializer=warm_up
    )
    collected: list[dict[str, Any]] = []
    worst = max((_RANK[a.split(":", 1)[1]] for a in totals.extra), default=0)

    def record(result: dict[str, Any]) -> dict[str, Any]:
        rec = {k: v for k, v in result.items() if k != "explain"}
        if args.brief and not args.json:
            rec.pop("report")
        return rec

    def show(result: dict[str, Any], rec: dict[str, Any]) -> None:
        nonlocal worst
        if result["action"] is not None:
            worst = max(worst, _RANK[result["action"]])
        if result["error"]:
            print(f"crossfoot: error: {result['error']}", file=sys.stderr)
        elif args.json:
            collected.append(dict(result["report"], run=result["name"]))
        elif args.out != "-":  # with --out -, standard output holds the JSON lines only
            if multi:
                print(f"== {result['name']}")
            print(result["explain"])

    started = time.perf_counter()
    bar = progress(None, "runs", not args.no_progress and multi)
    try:
        run_stream(
            results,
            chunk_size=args.chunk_size,
            record=record,
            show=show,
            output=output,
            totals=totals,
            bar=bar,
        )
    except BrokenPipeError:
        return closed_pipe()
    except (CrossfootError, OSError) as exc:
        print(f"crossfoot: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return interrupted(args, totals)
    if args.json and collected:
        out = collected[0] if len(collected) == 1 and not multi else collected
        print(json.dumps(out, indent=2, ensure_ascii=False))
    if multi and not args.json:
        to = sys.stderr if args.out == "-" else sys.stdout
        _print_totals(totals, time.perf_counter() - started, workers, done, to)
    if totals.errors:
        return 2
    return 1 if worst >= _RANK[args.fail_on] else 0


def _settings(args: argparse.Namespace) -> tuple[Any, object, Any]:
    """The policy, system prompt and tools given on the command line (None when not given)."""
    from crossfoot.agents import AgentPolicy

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
    system = Path(args.system).read_text(encoding="utf-8") if args.system else None
    return policy, system, tools


def _print_totals(
    totals: Totals, seconds: float, workers: int | None, resumed: int, to: Any
) -> None:
    actions = ", ".join(
        f"{a} {totals.extra.get('action:' + a, 0)}" for a in ("allow", "warn", "confirm", "block")
    )
    print(f"\ntotals: {totals.items} runs: {actions}; {totals.errors} unreadable", file=to)
    checked = totals.items - resumed
    rate = f", {checked / seconds:.1f} runs/s" if seconds > 0 and checked else ""
    again = f" after {resumed} resumed" if resumed else ""
    print(
        f"crossfoot: replayed {checked} runs{again} in {seconds:.1f}s on "
        f"{workers_used(workers, checked)}{rate}",
        file=sys.stderr,
    )


class _RunWork:
    """Replay one ``(index, run)``; picklable, so each worker process gets a copy."""

    __slots__ = ("on_unknown", "policy", "system", "tools")

    def __init__(self, policy: Any, system: object, tools: Any, on_unknown: str) -> None:
        self.policy, self.system, self.tools, self.on_unknown = policy, system, tools, on_unknown

    def __call__(self, pair: tuple[int, RunInput | tuple[str, str]]) -> dict[str, Any]:
        from crossfoot.agents import check_run

        index, run_input = pair
        out: dict[str, Any] = {"index": index, "name": run_input[0], "action": None}
        if len(run_input) == 2:  # (label, error): the reader could not make a run of it
            return {**out, "error": run_input[1], "report": None, "explain": ""}
        label, messages, run_system, run_tools = run_input
        try:
            report = check_run(
                messages,
                self.policy,
                system=self.system if self.system is not None else run_system,
                tools=self.tools if self.tools is not None else run_tools,
                on_unknown=self.on_unknown,  # type: ignore[arg-type]
            )
        except Exception as exc:  # the others go on: a bad run is a record with its error
            text = str(exc) if isinstance(exc, CrossfootError) else f"{type(exc).__name__}: {exc}"
            return {**out, "error": f"{label}: {text}", "report": None, "explain": ""}
        out["action"] = report.action
        return {**out, "error": None, "report": report.to_dict(), "explain": report.explain()}


def iter_runs(path: str) -> tuple[bool, Iterator[RunInput | tuple[str, str]]]:
    """``(many, runs)``: whether the file holds several runs, and its runs in order.

    A JSONL file whose first line is a run record is read lazily, one run a line; a line that is
    not a run record gives ``(label, error)`` in its place. Every other shape is read whole by
    :func:`load_transcript`.
    """
    if path != "-" and path.endswith((".jsonl", ".jsonl.gz")):
        first = _first_line(path)
        if isinstance(first, Mapping) and _messages_key(first):
            return True, _jsonl_runs(path)
    runs = load_transcript(path)
    return len(runs) > 1 or _is_record_list(path, runs), iter(runs)


def _is_record_list(path: str, runs: list[RunInput]) -> bool:
    # one record in a JSONL or a list is still "many" in shape: label it like the others
    return len(runs) == 1 and runs[0][0] != ("<stdin>" if path == "-" else path)


def _first_line(path: str) -> Any:
    with _open_lines(path) as fh:
        for line in fh:
            if line.strip():
                try:
                    return json.loads(line)
                except ValueError:
                    return None
    return None


def _jsonl_runs(path: str) -> Iterator[RunInput | tuple[str, str]]:
    with _open_lines(path) as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            label = f"{path}, line {n}"
            try:
                rec = json.loads(line)
            except ValueError as exc:
                yield label, f"{label}: not valid JSON ({exc})"
                continue
            if not (isinstance(rec, Mapping) and _messages_key(rec)):
                keys = sorted(rec) if isinstance(rec, Mapping) else type(rec).__name__
                yield (
                    label,
                    f"{label}: expected a run record with one of {list(_MESSAGE_KEYS)}, got {keys}",
                )
                continue
            yield _record(label, rec)


def _open_lines(path: str) -> Any:
    try:
        if path.endswith(".gz"):
            import gzip

            return gzip.open(path, "rt", encoding="utf-8")
        return open(path, encoding="utf-8")
    except OSError as exc:
        raise TranscriptError(f"{path}: cannot read ({exc.strerror})") from None


def load_transcript(path: str) -> list[tuple[str, list[Any], object, Any]]:
    """Read a transcript file into runs of ``(label, messages, system, tools)``.

    A JSON list is one run's messages; a JSON object is a saved request or record whose messages
    sit under ``messages``, ``traj``, ``input`` or ``contents`` (with ``system`` and ``tools`` if
    it has them). In JSONL each line is a message, or each line is a run record.
    """
    text = sys.stdin.read() if path == "-" else _read_text(path)
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
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise TranscriptError(f"{path}: cannot read ({exc})") from None


def _read_json(path: str) -> Any:
    try:
        return json.loads(_read_text(path))
    except ValueError as exc:
        raise TranscriptError(f"{path}: not valid JSON ({exc})") from None
