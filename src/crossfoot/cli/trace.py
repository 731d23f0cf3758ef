"""``crossfoot trace``: check an answer against result rows from the command line.

::

    crossfoot trace 'Revenue reached $4.82M in North America.' --rows rows.json
    crossfoot trace - --rows rows.csv < answer.txt
    crossfoot trace --output answer.txt --rows a.json --rows b.csv --json --tolerance 0.01

Rows files are JSON (any shape ``trace`` reads) or CSV (first line the header), in UTF-8. The
answer, the output and ``--report`` work as for every command (:mod:`crossfoot.cli.common`).
Exit 0 when every figure traces, 1 when any does not, 2 when the input cannot be read.
"""

from __future__ import annotations

import argparse
import csv
import io
from pathlib import Path
from typing import Any

from crossfoot.cli.common import (
    add_answer_arguments,
    add_bound_arguments,
    add_output_arguments,
    answer_text,
    bounds,
    write_report,
)
from crossfoot.cli.jsonfile import parse_json
from crossfoot.cli.output import answer_record, emit, emit_json, item_lines, read_text
from crossfoot.model.errors import CrossfootError

__all__ = ["add_parser", "run"]

# Engine keywords -> the flags that set them, so errors name what the user typed.
TRACE_FLAGS = {
    "rel_tolerance": "--tolerance",
    "derivations": "--derivations",
    "ignore_below": "--ignore-below",
    "max_rows": "--max-rows",
    "key": "--key",
    "question": "--question",
    "locale": "--locale",
    "max_claims": "--max-claims",
    "max_source_numbers": "--max-source-numbers",
}


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``trace`` subcommand on the CLI's subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "trace",
        help="check an answer against query result rows",
        description="Check every figure of an answer against query result rows.",
    )
    add_answer_arguments(p)
    p.add_argument(
        "--rows",
        action="append",
        required=True,
        metavar="FILE",
        help="result rows: a JSON or CSV file (repeat for several result sets)",
    )
    p.add_argument("--key", help="the row key column (default: the first text column)")
    p.add_argument("--question", help="the user's question: a bar the answer quotes from it")
    p.add_argument("--locale", help="how the answer and cells write numbers, e.g. de_DE")
    # --tolerance and --ignore-below stay strings: the option validator (model.validate) reads
    # them as check() and trace() read their keywords, with the same words for a bad one.
    p.add_argument(
        "--tolerance",
        metavar="X",
        help="flat relative tolerance (0.01 is 1 %%) instead of precision-aware matching",
    )
    p.add_argument(
        "--derivations",
        metavar="KINDS",
        help="'all' or comma-separated kinds (cell,column_sum,...)",
    )
    p.add_argument("--ignore-below", metavar="N", help="skip plain numbers <= N")
    p.add_argument("--max-rows", type=int, metavar="N", help="rows feeding pairwise derivations")
    preset = p.add_mutually_exclusive_group()
    preset.add_argument("--strict", action="store_true", help="the STRICT policy")
    preset.add_argument("--lenient", action="store_true", help="the LENIENT policy")
    add_bound_arguments(p)
    add_output_arguments(p)
    p.set_defaults(func=run, flags=TRACE_FLAGS)
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``crossfoot trace``; returns the exit code."""
    from crossfoot.front.policy import DEFAULT, LENIENT, STRICT
    from crossfoot.front.trace import trace

    text, name = answer_text(args)
    results = {Path(f).stem if len(args.rows) > 1 else "Q1": _read_rows(f) for f in args.rows}
    if len(results) != len(args.rows):
        results = {f"Q{i}": _read_rows(f) for i, f in enumerate(args.rows, 1)}
    policy = STRICT if args.strict else LENIENT if args.lenient else DEFAULT
    overrides: dict[str, Any] = {}
    if args.tolerance is not None:
        overrides["rel_tolerance"] = args.tolerance
    if args.derivations is not None:
        overrides["derivations"] = args.derivations
    if args.ignore_below is not None:
        overrides["ignore_below"] = args.ignore_below
    if args.max_rows is not None:
        overrides["max_rows"] = args.max_rows
    overrides.update(bounds(args))
    try:
        report = trace(
            text,
            results=results,
            policy=policy,
            key=args.key,
            question=args.question,
            locale=args.locale,
            **overrides,
        )
    except ValueError as exc:
        if isinstance(exc, CrossfootError):
            raise
        raise CrossfootError(str(exc)) from None
    record = answer_record(name, report)
    if args.json:
        emit_json(record)
    else:
        emit(item_lines(record))
    if args.report:
        from crossfoot.report.html import answer_item

        item = answer_item(report, name, question=args.question)
        write_report(args.report, [item], f"crossfoot trace: {name}")
    return 0 if report.passed else 1


def _read_rows(path: str) -> Any:
    raw = read_text(path, "rows")
    if path.lower().endswith((".csv", ".tsv")) or not raw.lstrip().startswith(("[", "{")):
        dialect = "excel-tab" if path.lower().endswith(".tsv") else "excel"
        table = [row for row in csv.reader(io.StringIO(raw), dialect=dialect) if row]
        if not table:
            raise CrossfootError(f"rows file {path} is empty; expected a header line and rows")
        # Empty CSV fields are missing values, not text.
        body = [[cell if cell.strip() else None for cell in row] for row in table[1:]]
        return {"columns": table[0], "rows": body}
    return parse_json(raw, "rows", path)
