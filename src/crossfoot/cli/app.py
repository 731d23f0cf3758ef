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
from typing import Any

from crossfoot.cli.common import (
    add_answer_arguments,
    add_output_arguments,
    answer_text,
    read_json,
    version,
    write_report,
)
from crossfoot.cli.output import (
    answer_lines,
    answer_record,
    emit,
    emit_json,
    flag_names,
    item_header,
    item_lines,
    totals_line,
)
from crossfoot.model.errors import CrossfootError

__all__ = ["main", "read_json"]

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_PIPE = 0, 1, 2, 141
# Engine keywords -> the flags that set them, so errors name what the user typed.
CHECK_FLAGS = {
    "require_citations": "--require-citations",
    "allow_rounding": "--strict",
    "allow_derived": "--no-derived",
    "question": "--question",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``crossfoot`` console script."""
    args = _parser().parse_args(argv)
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
    add_output_arguments(p)
    p.set_defaults(func=_cmd_check, flags=CHECK_FLAGS)

    p = sub.add_parser("eval", help="run a labelled JSONL case file")
    p.add_argument("cases", help="JSONL file, one case a line")
    p.add_argument("--min-accuracy", type=float, default=1.0, help="exit 1 below this (0..1)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every figure of every case")
    add_output_arguments(p)
    p.set_defaults(func=_cmd_eval)

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


def _cmd_eval(args: argparse.Namespace) -> int:
    from crossfoot.cli.cases import load_cases, run_case
    from crossfoot.report.html import answer_item, source_texts

    if not 0.0 <= args.min_accuracy <= 1.0:
        raise CrossfootError(f"--min-accuracy must be between 0 and 1, got {args.min_accuracy}")
    cases = load_cases(args.cases)
    if not cases:
        raise CrossfootError(f"{args.cases}: the case file holds no cases")
    records, items = [], []
    for index, case in enumerate(cases):
        result = run_case(case)
        extra = {"index": index, "line": case.line, "expect": case.expect, "got": result.got}
        extra["as_expected"] = result.as_expected
        record = answer_record(case.name, result.report, error=result.error or None, **extra)
        records.append(record)
        _show_case(record, args)
        if args.report:
            texts = source_texts(case.sources) if case.sources is not None else {}
            items.append(
                answer_item(
                    result.report,
                    case.name,
                    sources=texts,
                    expect=case.expect,
                    error=result.error,
                    question=case.question,
                )
            )
    good = sum(1 for r in records if r["as_expected"])
    accuracy = good / len(records)
    closing = [
        f"{good}/{len(records)} cases as expected "
        f"(accuracy {accuracy:.2%}, threshold {args.min_accuracy:.2%})",
        totals_line(records, "answers"),
    ]
    emit(closing, sys.stderr if args.json else sys.stdout)
    if args.report:
        write_report(args.report, items, f"crossfoot eval: {args.cases}")
    return EXIT_OK if accuracy >= args.min_accuracy else EXIT_FAIL


def _show_case(record: dict[str, Any], args: argparse.Namespace) -> None:
    """A case as it is checked: every case with -v, else the ones not as expected."""
    if args.json:
        emit_json(record)
        return
    if not (args.verbose or not record["as_expected"]):
        return
    lines = item_lines(record)
    if not args.verbose and record["report"] is not None and record["got"] == "fail":
        lines = [*answer_lines_failing(record), lines[-1]]  # the failing figures, the verdict
    emit([item_header(record), *("  " + line for line in lines)])


def answer_lines_failing(record: dict[str, Any]) -> list[str]:
    """Only the failing figures (and issues) of an answer record."""
    report = record["report"]
    failing = {**report, "claims": [c for c in report["claims"] if not c["passed"]]}
    return answer_lines(failing)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
