"""Command line: ``crossfoot check | eval | trace | run``.

Exit codes, usable as CI gates: 0 everything passed, 1 a check failed (or accuracy fell below the
threshold), 2 the input could not be read (the message names the file, line and field).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from crossfoot.cli.jsonfile import parse_json
from crossfoot.model.errors import CrossfootError

__all__ = ["main"]

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``crossfoot`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except CrossfootError as exc:
        print(f"crossfoot: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except TypeError as exc:  # unknown or ill-typed option from a file
        print(f"crossfoot: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crossfoot", description="Check the numbers in an LLM answer against its sources."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("check", help="check one answer against a sources file")
    p.add_argument("--output", required=True, help="answer file, or - for standard input")
    p.add_argument("--sources", required=True, help="JSON file: a list of strings and/or records")
    p.add_argument("--require-citations", action="store_true")
    p.add_argument("--strict", action="store_true", help="no rounding: figures must be exact")
    p.add_argument("--no-derived", action="store_true", help="do not accept derived figures")
    p.add_argument("--question", help="the user's question: a bar the answer quotes from it")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=_cmd_check)

    from crossfoot.cli import evaluate

    p = sub.add_parser("eval", help="run a labelled case file (JSONL or Parquet) on every core")
    evaluate.add_arguments(p)
    p.set_defaults(func=evaluate.run_eval)

    _add_optional(sub, "crossfoot.cli.trace")
    _add_optional(sub, "crossfoot.cli.run")
    return parser


def _add_optional(sub: Any, module_name: str) -> None:
    import importlib

    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return
    module.add_parser(sub)


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CrossfootError(f"cannot read {path}: {exc.strerror}") from None


def read_json(path: str, what: str) -> Any:
    """Parse a JSON file, with an error naming the file, line and column."""
    return parse_json(_read_text(path), what, path)


def _cmd_check(args: argparse.Namespace) -> int:
    from crossfoot.front.check import check

    answer = _read_text(args.output)
    sources = read_json(args.sources, "sources")
    report = check(
        answer,
        sources,
        require_citations=args.require_citations,
        allow_rounding=not args.strict,
        allow_derived=not args.no_derived,
        question=args.question,
    )
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(report.summary())
    return EXIT_OK if report.passed else EXIT_FAIL


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
