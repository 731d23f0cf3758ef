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

    p = sub.add_parser("eval", help="run a labelled JSONL case file")
    p.add_argument("cases", help="JSONL file, one case a line")
    p.add_argument("--min-accuracy", type=float, default=1.0, help="exit 1 below this (0..1)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every claim")
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.set_defaults(func=_cmd_eval)

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


def _cmd_eval(args: argparse.Namespace) -> int:
    from crossfoot.cli.cases import load_cases, run_case

    if not 0.0 <= args.min_accuracy <= 1.0:
        raise CrossfootError(f"--min-accuracy must be between 0 and 1, got {args.min_accuracy}")
    cases = load_cases(args.cases)
    results = [run_case(case) for case in cases]
    good = sum(r.as_expected for r in results)
    accuracy = good / len(results) if results else 0.0
    if args.json:
        payload = {
            "accuracy": accuracy,
            "threshold": args.min_accuracy,
            "cases": [
                {
                    "name": r.case.name,
                    "expect": r.case.expect,
                    "got": r.got,
                    "as_expected": r.as_expected,
                    "error": r.error or None,
                    "report": r.report.to_dict() if r.report is not None else None,
                }
                for r in results
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        for r in results:
            if args.verbose or not r.as_expected:
                tag = "ok" if r.as_expected else "MISMATCH"
                print(f"{tag} {r.case.name} expected={r.case.expect} got={r.got}")
                if r.error:
                    print(f"  error: {r.error}")
                elif args.verbose and r.report is not None:
                    for line in r.report.summary().splitlines()[:-1]:
                        print(line)
        print(
            f"\n{good}/{len(results)} cases as expected "
            f"(accuracy {accuracy:.2%}, threshold {args.min_accuracy:.2%})"
        )
    if not results:
        print("crossfoot: error: the case file holds no cases", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK if accuracy >= args.min_accuracy else EXIT_FAIL


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
