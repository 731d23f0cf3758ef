"""``crossfoot run TRANSCRIPT.json[l]``: replay a recorded agent run and gate on the verdict.

Exit 0 when no call would be stopped, 1 when one would be blocked (or warned, with
``--fail-on warn``), 2 when the transcript, policy or tools cannot be read (the message names the
file and the message index and keys, and the flag that changes it).

Output as for every command (:mod:`crossfoot.cli.output`): a single run prints its values and
verdict; several runs print one header line each, the values of the runs that reach
``--fail-on`` (every run's with ``-v``), and a ``totals:`` line. ``--json`` prints one JSON
object a line, one per run; ``--report FILE`` writes the HTML page.

Many runs (a JSON list of run records, or a JSONL file of them) are replayed on ``--workers``
processes, in order; a JSONL file of run records is read one line at a time. A run that cannot be
read is reported and the others go on (exit 2 at the end); ``--out FILE`` / ``--resume`` keep
one JSON line per run (:mod:`crossfoot.cli.stream`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

# The agents' own reader of recordings (crossfoot.agents.check_recordings), one run at a time.
from crossfoot.agents._recordings import (
    MESSAGE_KEYS,
    Recording,
    messages_key,
    read_recordings,
    replay,
)
from crossfoot.batch import map_in_order, warm_up
from crossfoot.cli.common import add_output_arguments, write_report
from crossfoot.cli.output import (
    RUN_RANK,
    Tally,
    emit,
    emit_json,
    flag_names,
    item_header,
    item_lines,
    read_text,
    run_record,
)
from crossfoot.cli.stream import (
    add_stream_arguments,
    check_stream_arguments,
    interrupted,
    open_output,
    print_timing,
    progress,
    resume_after,
    run_stream,
    stream_failed,
)
from crossfoot.model.errors import CrossfootError

__all__ = ["add_parser", "iter_runs", "load_transcript", "run"]

# A run to replay, or (label, error) for a line the reader could not make a run of.
RunInput = Recording | tuple[str, str]

# Engine keywords -> the flags that set them, so errors name what the user typed.
RUN_FLAGS = {"on_unknown": "--on-unknown"}


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
    add_stream_arguments(p)
    p.set_defaults(func=run, flags=RUN_FLAGS)


def run(args: argparse.Namespace) -> int:
    """Run the ``run`` subcommand; return the exit code."""
    tally = Tally()
    try:
        workers = check_stream_arguments(args)
        work = _RunWork(*_settings(args), args.on_unknown, bool(args.report))
        many, runs = iter_runs(args.transcript)
        output, last_name = open_output(args, tally)
    except (CrossfootError, OSError, TypeError) as exc:
        print(f"crossfoot: error: {flag_names(str(exc), RUN_FLAGS)}", file=sys.stderr)
        return 2
    done = tally.items
    todo = resume_after(((r[0], r) for r in runs), done, last_name, args.transcript)
    results = map_in_order(
        work,
        enumerate(todo, start=done),
        workers=workers,
        chunk_size=args.chunk_size,
        initializer=warm_up,
    )
    gate = RUN_RANK[args.fail_on]
    pages: list[dict[str, Any]] = []

    def show(result: tuple[dict[str, Any], Any], rec: dict[str, Any]) -> None:
        if rec["error"] is not None:
            print(f"crossfoot: error: {flag_names(rec['error'], RUN_FLAGS)}", file=sys.stderr)
        if args.report and result[1] is not None:
            pages.append(result[1])
        _show(rec, args, many, gate)

    started = time.perf_counter()
    try:
        run_stream(
            results,
            chunk_size=args.chunk_size,
            record=lambda r: r[0],
            show=show,
            output=output,
            tally=tally,
            bar=progress("runs", many and not args.no_progress),
            brief=args.brief,
        )
    except KeyboardInterrupt:
        return interrupted(args, tally)
    except BrokenPipeError:
        raise  # standard output went away: the entry point ends quietly
    except OSError as exc:
        print(f"crossfoot: error: {stream_failed(exc)}", file=sys.stderr)
        return 2
    except CrossfootError as exc:
        print(f"crossfoot: error: {exc}", file=sys.stderr)
        return 2
    _close(args, tally, workers, time.perf_counter() - started, done, many, pages)
    if tally.errors:
        return 2
    # (the tally counts every run's action, the resumed ones' included)
    worst = max((RUN_RANK.get(a, 0) for a in tally.actions), default=0)
    return 1 if worst >= gate else 0


def _show(rec: dict[str, Any], args: argparse.Namespace, many: bool, gate: int) -> None:
    if args.json:
        emit_json(rec)
    elif rec["error"] is not None and not many:
        return  # the error is on stderr already
    elif not many:
        emit(item_lines(rec))
    else:
        failing = rec["error"] is not None or RUN_RANK[rec["action"]] >= gate
        lines = item_lines(rec) if args.verbose or failing else []
        emit([item_header(rec, failing), *("  " + line for line in lines)])


def _close(
    args: argparse.Namespace,
    tally: Tally,
    workers: int | None,
    seconds: float,
    resumed: int,
    many: bool,
    pages: list[dict[str, Any]],
) -> None:
    """Totals (over several runs), the time taken, and the HTML page."""
    if many:
        emit([tally.line("runs")], sys.stderr if args.json else sys.stdout)
        # (runs are fewer and slower than answers: their rate to one decimal)
        print_timing(
            "replayed", "runs", tally.items - resumed, resumed, seconds, workers, args.chunk_size, 1
        )
    if args.report and pages:
        write_report(args.report, pages, f"crossfoot run: {args.transcript}")


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
    system = read_text(args.system, "system prompt") if args.system else None
    return policy, system, tools


class _RunWork:
    """Replay one ``(index, run)`` into ``(record, page)``; picklable, so each worker process
    gets a copy. ``page`` is the run's HTML report item when one is wanted."""

    __slots__ = ("on_unknown", "page", "policy", "system", "tools")

    def __init__(
        self, policy: Any, system: object, tools: Any, on_unknown: str, page: bool
    ) -> None:
        self.policy, self.system, self.tools = policy, system, tools
        self.on_unknown, self.page = on_unknown, page

    def __call__(self, pair: tuple[int, RunInput]) -> tuple[dict[str, Any], Any]:
        index, run_input = pair
        if not isinstance(run_input, Recording):  # (label, error): not a run
            return _indexed(index, run_record(run_input[0], None, error=run_input[1])), None
        label = run_input.label
        try:
            report = replay(
                run_input,
                self.policy,
                system=self.system,
                tools=self.tools,
                on_unknown=self.on_unknown,  # type: ignore[arg-type]
            )
        except Exception as exc:  # the others go on: a bad run is a record with its error
            text = str(exc) if isinstance(exc, CrossfootError) else f"{type(exc).__name__}: {exc}"
            return _indexed(index, run_record(label, None, error=f"{label}: {text}")), None
        page = None
        if self.page:
            from crossfoot.report.html import run_item

            page = run_item(report, label)
        return _indexed(index, run_record(label, report)), page


def _indexed(index: int, record: dict[str, Any]) -> dict[str, Any]:
    return {"index": index, **record}


def iter_runs(path: str) -> tuple[bool, Iterator[RunInput]]:
    """``(many, runs)``: whether the file holds several runs, and its runs in order.

    A JSONL file whose first line is a run record is read lazily, one run a line; a line that is
    not a run record gives ``(label, error)`` in its place. Every other shape is read whole by
    :func:`load_transcript`.
    """
    if path != "-" and path.endswith((".jsonl", ".jsonl.gz")):
        first = _first_line(path)
        if isinstance(first, Mapping) and messages_key(first):
            return True, _jsonl_runs(path)
    runs = load_transcript(path)
    name = "<stdin>" if path == "-" else path
    # one record of a list or a JSONL file is labelled like the others ("file, run 0")
    return len(runs) > 1 or runs[0].label != name, iter(runs)


def _first_line(path: str) -> Any:
    try:
        with _open_lines(path) as fh:
            for line in fh:
                if line.strip():
                    return json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None  # load_transcript reads it again and says what is wrong
    return None


def _jsonl_runs(path: str) -> Iterator[RunInput]:
    with _reading(path), _open_lines(path) as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                yield _jsonl_run(f"{path}, line {n}", line)


def _jsonl_run(label: str, line: str) -> RunInput:
    try:
        rec = json.loads(line)
    except ValueError as exc:
        return label, f"{label}: not valid JSON ({exc})"
    if not (isinstance(rec, Mapping) and messages_key(rec)):
        keys = sorted(rec) if isinstance(rec, Mapping) else type(rec).__name__
        want = f"a run record with one of {list(MESSAGE_KEYS)}"
        return label, f"{label}: expected {want}, got {keys}"
    return read_recordings(rec, label)[0]


def _open_lines(path: str) -> Any:
    if path.endswith(".gz"):
        import gzip

        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def load_transcript(path: str) -> list[Recording]:
    """Read a transcript file into its runs (:func:`crossfoot.agents.check_recordings` reads
    the same shapes: this only adds JSONL and the file's name in each label).

    A JSON list is one run's messages, or a list of run records; a JSON object is a saved request
    or record whose messages sit under ``messages``, ``traj``, ``input`` or ``contents`` (with
    ``system`` and ``tools`` if it has them), or a tau2-bench results file. In JSONL each line is
    a message, or each line is a run record.
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
        if rows and all(isinstance(r, Mapping) and messages_key(r) for r in rows):
            return [read_recordings(r, f"{name}, line {i}")[0] for i, r in enumerate(rows, 1)]
        return [Recording(name, rows)]
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise TranscriptError(f"{name}: not valid JSON ({exc})") from None
    return read_recordings(data, name)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _read_text(path: str) -> str:
    with _reading(path), _open_lines(path) as fh:
        text: str = fh.read()
        return text


@contextmanager
def _reading(path: str) -> Iterator[None]:
    """A file that cannot be read, or is not UTF-8 text, is a TranscriptError naming it."""
    try:
        yield
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
