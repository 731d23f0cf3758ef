"""``crossfoot eval CASES``: a labelled case file (JSONL, ``.gz``, Parquet) on every core, streamed.

Cases are read one at a time and checked on ``--workers`` processes (default: the CPU count) by
:func:`crossfoot.batch.check_many`. Each case is printed as it comes, in the grammar of every
command (:mod:`crossfoot.cli.output`: a header per case not as expected, or per case with ``-v``;
one JSON record a line with ``--json``), and, with ``--out FILE``, written as one JSON line that
``--resume`` continues from (:mod:`crossfoot.cli.stream`). A malformed case is reported with its
line and field and the run goes on; the exit code is then 2. Totals close the run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from crossfoot.batch import Invalid, ItemResult, check_many
from crossfoot.cli.cases import Case, iter_cases
from crossfoot.cli.common import add_output_arguments, write_report
from crossfoot.cli.output import Tally, answer_lines, emit, emit_json, item_header, item_lines
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
from crossfoot.model.errors import CaseFileError, CrossfootError

if TYPE_CHECKING:
    from crossfoot.report.result import Report

__all__ = ["add_arguments", "run_eval"]

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2
# per case in flight: (name, line, expect, input error)
Label = tuple[str, int, str, bool]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``eval`` (the parser itself is made by the CLI's app)."""
    p.add_argument("cases", help="case file: JSONL (one case a line, .gz too) or Parquet")
    p.add_argument("--min-accuracy", type=float, default=1.0, help="exit 1 below this (0..1)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every figure of every case")
    add_output_arguments(p)
    add_stream_arguments(p)


def run_eval(args: argparse.Namespace) -> int:
    """Run ``crossfoot eval``; return the exit code."""
    if not 0.0 <= args.min_accuracy <= 1.0:
        raise CrossfootError(f"--min-accuracy must be between 0 and 1, got {args.min_accuracy}")
    workers = check_stream_arguments(args)
    tally = Tally()
    output, last_name = open_output(args, tally)
    done = tally.items
    labels: deque[Label] = deque()
    named = ((_name(number, case), (number, case)) for number, case in iter_cases(args.cases))
    items = _items(resume_after(named, done, last_name, args.cases), labels)
    results = check_many(
        items,
        workers=workers,
        chunk_size=args.chunk_size,
        start=done,
        extra=_html_item if args.report else None,
    )
    pages: list[dict[str, Any]] = []
    started = time.perf_counter()

    def record(result: ItemResult) -> dict[str, Any]:
        return _record(result, labels.popleft())

    def show(result: ItemResult, rec: dict[str, Any]) -> None:
        _show(rec, args)
        if args.report:
            pages.append(result.extra or _error_item(rec))

    try:
        run_stream(
            results,
            chunk_size=args.chunk_size,
            record=record,
            show=show,
            output=output,
            tally=tally,
            bar=progress("answers", not args.no_progress),
            brief=args.brief,
        )
    except KeyboardInterrupt:
        return interrupted(args, tally)
    except BrokenPipeError:
        raise  # standard output went away: the entry point ends quietly
    except OSError as exc:
        raise stream_failed(exc) from None
    code = _finish(args, tally, workers, time.perf_counter() - started, done)
    if args.report and tally.items:
        write_report(args.report, pages, f"crossfoot eval: {args.cases}")
    return code


def _name(number: int, case: Case | CaseFileError) -> str:
    return case.name if isinstance(case, Case) else f"line {number}"


def _items(
    cases: Iterator[tuple[int, Case | CaseFileError]], labels: deque[Label]
) -> Iterator[dict[str, Any] | Invalid]:
    """Check items for ``cases``, noting each one's label for its result."""
    for number, case in cases:
        if isinstance(case, CaseFileError):
            labels.append((f"line {number}", number, "pass", True))
            yield Invalid(str(case), f"line {number}")
            continue
        labels.append((case.name, number, case.expect, False))
        item: dict[str, Any] = {"name": case.name, "output": case.output, "expect": case.expect}
        item["options"] = case.options
        if case.question is not None:
            item["question"] = case.question
        if case.sources is not None:
            item["sources"] = case.sources
        elif case.rows is not None:
            item["rows"] = case.rows
        else:
            item["results"] = case.results
        yield item


def _record(r: ItemResult, label: Label) -> dict[str, Any]:
    """The case's JSON record, as ``--json`` prints it (:mod:`crossfoot.cli.output`)."""
    name, line, expect, input_error = label
    got = "error" if r.report is None else ("pass" if r.passed else "fail")
    rec: dict[str, Any] = {"name": name, "index": r.index, "line": line, "expect": expect}
    rec.update(got=got, as_expected=got == expect)
    # (with no report, ItemResult gives score None, no ungrounded figures and no statuses)
    passed = None if r.report is None else r.passed
    rec.update(passed=passed, score=r.score, ungrounded=r.ungrounded, statuses=r.statuses)
    rec["error"] = r.error if r.report is None else None
    rec["report"] = r.report
    if input_error:
        rec["input_error"] = True
    return rec


def _html_item(report: Report, item: Mapping[str, Any]) -> dict[str, Any]:
    """The case as the HTML page shows it, made in the worker from the ``Report`` itself (so
    the page can quote the source sentence of each figure)."""
    from crossfoot.report.html import answer_item, source_texts

    sources = item.get("sources")
    return answer_item(
        report,
        str(item.get("name")),
        sources=source_texts(sources) if sources is not None else {},
        expect=item.get("expect"),
        question=item.get("question"),
    )


def _error_item(rec: Mapping[str, Any]) -> dict[str, Any]:
    from crossfoot.report.html import answer_item

    return answer_item(None, rec["name"], expect=rec["expect"], error=rec["error"] or "")


def _show(rec: dict[str, Any], args: argparse.Namespace) -> None:
    """A case as it is checked: every case with -v, else the ones not as expected."""
    if rec.get("input_error"):
        print(f"crossfoot: error: {rec['error']}", file=sys.stderr)
    if args.json:
        emit_json(rec)
        return
    if not (args.verbose or not rec["as_expected"]):
        return
    lines = item_lines(rec)
    if not args.verbose and rec["report"] is not None and rec["got"] == "fail":
        report = rec["report"]
        failing = {**report, "claims": [c for c in report["claims"] if not c["passed"]]}
        lines = [*answer_lines(failing), lines[-1]]  # the failing figures, the verdict
    emit([item_header(rec), *("  " + line for line in lines)])


def _finish(
    args: argparse.Namespace, tally: Tally, workers: int | None, seconds: float, resumed: int
) -> int:
    n = tally.items
    if not n:
        raise CrossfootError(f"{args.cases}: the case file holds no cases")
    accuracy = tally.as_expected / n
    closing = [
        f"{tally.as_expected}/{n} cases as expected "
        f"(accuracy {accuracy:.2%}, threshold {args.min_accuracy:.2%})",
        tally.line("answers"),
    ]
    emit(closing, sys.stderr if args.json else sys.stdout)
    print_timing("checked", "answers", n - resumed, resumed, seconds, workers, args.chunk_size)
    if tally.input_errors:
        return EXIT_INPUT
    return EXIT_OK if accuracy >= args.min_accuracy else EXIT_FAIL
