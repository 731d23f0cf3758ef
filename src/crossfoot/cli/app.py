"""Command line: ``crossfoot check | eval | trace | run`` (the grammar: docs/cli.md).

Every command takes its input the same way (``check TEXT``, ``check -`` for standard input, or
``--output FILE``), prints the same text format or, with ``--json``, one JSON object a line per
item, and writes an HTML page with ``--report FILE`` (:mod:`crossfoot.cli.output`).

Exit codes, usable as CI gates: 0 everything passed, 1 a check failed (or accuracy fell below the
threshold), 2 the input could not be read (the message names the file, line and field or flag),
141 standard output was closed early (``crossfoot eval ... --json | head``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from crossfoot.cli.common import (
    add_answer_arguments,
    add_bound_arguments,
    add_output_arguments,
    answer_text,
    bounds,
    read_json,
    version,
    write_report,
)
from crossfoot.cli.output import (
    answer_record,
    emit,
    emit_json,
    flag_names,
    item_lines,
)
from crossfoot.model.errors import CrossfootError

__all__ = ["main", "read_json"]

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_PIPE = 0, 1, 2, 141
EXIT_INTERRUPT = 130  # the shell's code for a run stopped by SIGINT
# Engine keywords -> the flags that set them, so errors name what the user typed.
CHECK_FLAGS = {
    "require_citations": "--require-citations",
    "allow_rounding": "--strict",
    "allow_derived": "--no-derived",
    "question": "--question",
    "locale": "--locale",
    "max_claims": "--max-claims",
    "max_source_numbers": "--max-source-numbers",
    "answer_decimals": "--answer-decimals",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``crossfoot`` console script."""
    try:
        # The parser imports the commands' modules: a Ctrl-C while they load is a stop too.
        args = _parser().parse_args(argv)
    except KeyboardInterrupt:
        print("crossfoot: interrupted before the run began", file=sys.stderr)
        return EXIT_INTERRUPT
    flags: dict[str, str] = getattr(args, "flags", {})
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as a program killed by SIGPIPE would,
        # and point stdout at devnull so the interpreter's last flush does not complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE
    except (CrossfootError, TypeError) as exc:  # TypeError: an unknown or ill-typed option
        print(f"crossfoot: error: {flag_names(str(exc), flags)}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:  # eval and run say how far they got; the other commands stop so
        print("crossfoot: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crossfoot", description="Check the numbers in an LLM answer against its sources."
    )
    parser.add_argument("--version", action="version", version=version())
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("check", help="check one answer against its sources")
    add_answer_arguments(p)
    p.add_argument(
        "--sources", required=True, metavar="FILE", help="JSON: a list of strings and/or records"
    )
    p.add_argument(
        "--require-citations", action="store_true", help="a number must cite its source ([R1])"
    )
    p.add_argument("--strict", action="store_true", help="no rounding: figures must be exact")
    p.add_argument("--no-derived", action="store_true", help="do not accept derived figures")
    p.add_argument("--question", help="the user's question: a bar the answer quotes from it")
    p.add_argument("--locale", help="how the answer and sources write numbers, e.g. de_DE")
    p.add_argument(
        "--answer-decimals",
        type=int,
        metavar="N",
        help="with --question: a computed final answer needs N decimals (docs/claims.md)",
    )
    add_bound_arguments(p)
    add_output_arguments(p)
    p.set_defaults(func=_cmd_check, flags=CHECK_FLAGS)

    from crossfoot.cli import evaluate

    p = sub.add_parser("eval", help="run a labelled case file (JSONL or Parquet) on every core")
    evaluate.add_arguments(p)
    p.set_defaults(func=evaluate.run_eval)

    from crossfoot.cli import run, trace

    trace.add_parser(sub)
    run.add_parser(sub)
    return parser


def _cmd_check(args: argparse.Namespace) -> int:
    from crossfoot.front.check import check
    from crossfoot.report.html import answer_item, source_texts

    answer, name = answer_text(args)
    sources = read_json(args.sources, "sources")
    report = check(
        answer,
        sources,
        require_citations=args.require_citations,
        allow_rounding=not args.strict,
        allow_derived=not args.no_derived,
        question=args.question,
        locale=args.locale,
        answer_decimals=args.answer_decimals,
        **bounds(args),
    )
    record = answer_record(name, report)
    if args.json:
        emit_json(record)
    else:
        emit(item_lines(record))
    if args.report:
        item = answer_item(report, name, sources=source_texts(sources), question=args.question)
        write_report(args.report, [item], f"crossfoot check: {name}")
    return EXIT_OK if report.passed else EXIT_FAIL


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
