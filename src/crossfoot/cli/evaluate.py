"""``crossfoot eval CASES``: a labelled case file (JSONL, ``.gz``, Parquet) on every core, streamed.

Cases are read one at a time and checked on ``--workers`` processes (default: the CPU count) by
:func:`crossfoot.batch.check_many`; each result is printed as it comes (mismatches, or every case
with ``-v``) and, with ``--out FILE``, written as one JSON line. ``--resume`` continues a run that
was stopped from what its ``--out`` file holds (:mod:`crossfoot.cli.stream`). A malformed case is
reported with its line and field and the run goes on; the exit code is then 2. Totals close the run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from collections.abc import Iterator
from typing import Any

from crossfoot.batch import Invalid, ItemResult, check_many
from crossfoot.cli.cases import Case, iter_cases
from crossfoot.cli.stream import (
    OutputError,
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
from crossfoot.model.errors import CaseFileError, CrossfootError

__all__ = ["add_arguments", "run_eval", "summary_lines"]

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``eval`` (the parser itself is made by the CLI's app)."""
    p.add_argument("cases", help="case file: JSONL (one case a line, .gz too) or Parquet")
    p.add_argument("--min-accuracy", type=float, default=1.0, help="exit 1 below this (0..1)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every claim")
    p.add_argument("--json", action="store_true", help="print every case and the accuracy as JSON")
    add_stream_arguments(p)


def run_eval(args: argparse.Namespace) -> int:
    """Run ``crossfoot eval``; return the exit code."""
    if not 0.0 <= args.min_accuracy <= 1.0:
        raise CrossfootError(f"--min-accuracy must be between 0 and 1, got {args.min_accuracy}")
    workers = check_stream_arguments(args)
    totals = Totals()
    output, last_name = open_output(args, totals)
    done = totals.items
    labels: deque[tuple[str, str, bool]] = deque()  # (name, expect, input error) per item in flight
    named = ((_name(number, case), (number, case)) for number, case in iter_cases(args.cases))
    cases = resume_after(named, done, last_name, args.cases)
    items = _items(cases, labels)
    results = check_many(items, workers=workers, chunk_size=args.chunk_size, start=done)
    collected: list[dict[str, Any]] | None = [] if args.json else None
    started = time.perf_counter()

    def record(result: ItemResult) -> dict[str, Any]:
        name, expect, input_error = labels.popleft()
        return _record(result, name, expect, input_error, report=not args.brief or args.json)

    def show(result: ItemResult, rec: dict[str, Any]) -> None:
        if collected is not None:
            collected.append(rec)
        elif args.out != "-":  # with --out -, standard output holds the JSON lines only
            _show(rec, args.verbose)
        elif rec.get("input_error"):
            print(f"crossfoot: error: {rec['error']}", file=sys.stderr)

    try:
        run_stream(
            results,
            chunk_size=args.chunk_size,
            record=record,
            show=show,
            output=output,
            totals=totals,
            bar=progress(None, "answers", not args.no_progress),
        )
    except BrokenPipeError:
        return closed_pipe()
    except OSError as exc:
        raise OutputError(f"cannot write {args.out}: {exc.strerror}") from None
    except KeyboardInterrupt:
        return interrupted(args, totals)
    return _finish(args, totals, collected, workers, time.perf_counter() - started, done)


def _name(number: int, case: Case | CaseFileError) -> str:
    return case.name if isinstance(case, Case) else f"line {number}"


def _items(
    cases: Iterator[tuple[int, Case | CaseFileError]], labels: deque[tuple[str, str, bool]]
) -> Iterator[dict[str, Any] | Invalid]:
    """Check items for ``cases``, noting each one's label for its result."""
    for number, case in cases:
        if isinstance(case, CaseFileError):
            labels.append((f"line {number}", "pass", True))
            yield Invalid(str(case), f"line {number}")
            continue
        labels.append((case.name, case.expect, False))
        yield _item(case)


def _item(case: Case) -> dict[str, Any]:
    item: dict[str, Any] = {"name": case.name, "output": case.output, "options": case.options}
    if case.question is not None:
        item["question"] = case.question
    if case.sources is not None:
        item["sources"] = case.sources
    elif case.rows is not None:
        item["rows"] = case.rows
    else:
        item["results"] = case.results
    return item


def _record(
    r: ItemResult, name: str, expect: str, input_error: bool, *, report: bool
) -> dict[str, Any]:
    got = "error" if r.error is not None else ("pass" if r.passed else "fail")
    rec: dict[str, Any] = {"index": r.index, "name": name, "expect": expect, "got": got}
    rec["as_expected"] = got == expect
    body = r.to_dict(report=report)
    del body["index"], body["name"]
    rec.update(body)
    if input_error:
        rec["input_error"] = True
    return rec


def summary_lines(report: dict[str, Any]) -> list[str]:
    """``Report.summary()`` without its verdict line, from ``Report.to_dict()``."""
    lines = []
    for claim in report["claims"]:
        evidence = claim["evidence"]
        if evidence is not None and (claim["passed"] or not claim["message"]):
            detail = evidence["formula"]
        else:
            detail = claim["message"]
        lines.append(f"[{claim['status']}] {claim['text']} - {detail}")
    lines += [f"issue: {i}" for i in report["issues"]]
    lines += [f"warning: {w}" for w in report["warnings"]]
    return lines


def _show(rec: dict[str, Any], verbose: bool) -> None:
    if rec.get("input_error"):
        print(f"crossfoot: error: {rec['error']}", file=sys.stderr)
        return
    if not (verbose or not rec["as_expected"]):
        return
    tag = "ok" if rec["as_expected"] else "MISMATCH"
    print(f"{tag} {rec['name']} expected={rec['expect']} got={rec['got']}")
    if rec["error"]:
        print(f"  error: {rec['error']}")
    elif verbose and rec.get("report") is not None:
        for line in summary_lines(rec["report"]):
            print(line)


def _finish(
    args: argparse.Namespace,
    totals: Totals,
    collected: list[dict[str, Any]] | None,
    workers: int | None,
    seconds: float,
    resumed: int,
) -> int:
    n = totals.items
    accuracy = totals.as_expected / n if n else 0.0
    if collected is not None:
        payload = {
            "accuracy": accuracy,
            "threshold": args.min_accuracy,
            "cases": [
                {k: rec.get(k) for k in ("name", "expect", "got", "as_expected", "error", "report")}
                for rec in collected
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        to = sys.stderr if args.out == "-" else sys.stdout
        print(
            f"\n{totals.as_expected}/{n} cases as expected "
            f"(accuracy {accuracy:.2%}, threshold {args.min_accuracy:.2%})",
            file=to,
        )
        print(
            f"totals: {n} answers, {totals.passed} passed, {totals.failed} failed, "
            f"{totals.errors} errors ({totals.input_errors} unreadable cases)",
            file=to,
        )
    checked = n - resumed
    rate = f", {checked / seconds:.0f} answers/s" if seconds > 0 and checked else ""
    again = f" after {resumed} resumed" if resumed else ""
    print(
        f"crossfoot: checked {checked} answers{again} in {seconds:.1f}s on "
        f"{workers_used(workers, checked)}{rate}",
        file=sys.stderr,
    )
    if not n:
        print("crossfoot: error: the case file holds no cases", file=sys.stderr)
        return EXIT_INPUT
    if totals.input_errors:
        return EXIT_INPUT
    return EXIT_OK if accuracy >= args.min_accuracy else EXIT_FAIL
