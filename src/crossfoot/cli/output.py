"""What every command prints: one text format, one JSON shape, totals, and the HTML report.

Text. One line per figure (or, for ``run``, per tool-call value), ``[status] what - evidence``,
then a verdict line ``PASS: ...`` / ``FAIL: ...``. A command over many items (``eval``, ``run``
on several transcripts) opens each item with a header ``ok NAME: PASS`` / ``MISMATCH NAME: ...``,
indents its lines, prints the lines of failing items only (every line with ``-v``), and closes
with a ``totals:`` line.

JSON (``--json``). One compact JSON object a line, one line per item, for every command: a
single answer is one line, a case file or a transcript file one line per case or run. Every
record has ``name``, ``passed``, ``score``, ``ungrounded``, ``statuses``, ``error`` and
``report`` (``Report.to_dict()``, or ``RunReport.to_dict()`` for a run); ``eval`` adds
``index``, ``line``, ``expect``, ``got`` and ``as_expected``. Totals go to standard error, so
standard output stays one record a line.

>>> record = answer_record("a.txt", None, error="cannot read a.txt")
>>> record["passed"], record["error"]
(None, 'cannot read a.txt')
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from crossfoot.model.errors import CrossfootError

if TYPE_CHECKING:
    from crossfoot.report.result import Report

__all__ = [
    "Tally",
    "answer_lines",
    "answer_record",
    "answer_verdict",
    "emit",
    "emit_json",
    "flag_names",
    "item_header",
    "item_lines",
    "read_text",
    "run_lines",
    "run_record",
    "run_verdict",
    "totals_line",
]

RUN_RANK = {"allow": 0, "warn": 1, "confirm": 2, "block": 3}


def read_text(path: str, what: str = "file") -> str:
    """A UTF-8 text file (``-`` for standard input), or an input error naming the file: a file
    that is not UTF-8 is bad input (exit 2), not a crash.

    >>> read_text("/no/such/file", "answer")
    Traceback (most recent call last):
    ...
    crossfoot.model.errors.CrossfootError: cannot read the answer file /no/such/file: No such ...
    """
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8-sig") as fh:
            return fh.read()
    except OSError as exc:
        raise CrossfootError(f"cannot read the {what} file {name}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start]
        raise CrossfootError(
            f"cannot read the {what} file {name}: not UTF-8 text (byte 0x{byte:02x} at offset "
            f"{exc.start}); save it as UTF-8"
        ) from None


def answer_record(
    name: str, report: Report | None, *, error: str | None = None, **extra: Any
) -> dict[str, Any]:
    """The JSON record of one checked answer (see the module docstring)."""
    record: dict[str, Any] = {"name": name, **extra}
    if report is None:
        record.update(passed=None, score=None, ungrounded=[], statuses=[], error=error)
        record["report"] = None
        return record
    record.update(
        passed=report.passed,
        score=report.score,
        ungrounded=report.ungrounded,
        statuses=[c.status for c in report.claims],
        error=error,
        report=report.to_dict(),
    )
    return record


def run_record(name: str, report: Any, *, error: str | None = None) -> dict[str, Any]:
    """The JSON record of one agent run (a ``RunReport``); ``passed`` is ``RunReport.ok``."""
    if report is None:
        return answer_record(name, None, error=error)
    data = report.to_dict()
    checks = data["checks"]
    found = sum(1 for c in checks if c["status"] == "found")
    return {
        "name": name,
        "passed": bool(data["ok"]),
        "score": found / len(checks) if checks else 1.0,
        "ungrounded": list(data["unsourced"]),
        "statuses": [c["status"] for c in checks],
        "error": error,
        "action": data["action"],
        "report": data,
    }


def answer_lines(report: Mapping[str, Any]) -> list[str]:
    """``[status] figure - evidence`` per claim, then issues and warnings (``Report.to_dict()``)."""
    lines = []
    for claim in report["claims"]:
        evidence = claim["evidence"]
        if evidence is not None and (claim["passed"] or not claim["message"]):
            detail = evidence["formula"]
        else:
            detail = claim["message"]
        lines.append(f"[{claim['status']}] {claim['text']} - {detail}")
    lines += [f"issue: {issue}" for issue in report.get("issues", ())]
    lines += [f"warning: {warning}" for warning in report.get("warnings", ())]
    return lines


def answer_verdict(report: Mapping[str, Any]) -> str:
    claims = report["claims"]
    good = sum(1 for c in claims if c["passed"])
    verdict = "PASS" if report["passed"] else "FAIL"
    return f"{verdict}: {good}/{len(claims)} numbers grounded (score {report['score']:.2f})"


def run_lines(report: Mapping[str, Any]) -> list[str]:
    """``[status] tool.arg=value - where it was found`` per value, then each finding."""
    lines = [
        f"[{c['status']}] [{c['step']}] {c['where']}={c['value']} - "
        f"{c['source'] or 'not in context'}"
        for c in report["checks"]
    ]
    lines += [
        f"finding: [{f['step']}] {f['severity']} {f['type']}: {f['message']}"
        for f in report["findings"]
    ]
    return lines


def run_verdict(report: Mapping[str, Any]) -> str:
    checks = report["checks"]
    found = sum(1 for c in checks if c["status"] == "found")
    return (
        f"{str(report['action']).upper()}: {found}/{len(checks)} values found in context, "
        f"{report['tool_calls']} tool calls, {len(report['findings'])} findings"
    )


def item_lines(record: Mapping[str, Any]) -> list[str]:
    """The lines of one record, its verdict last (or its error)."""
    report = record.get("report")
    if report is None:
        return [f"error: {record.get('error')}"]
    if "checks" in report:
        return [*run_lines(report), run_verdict(report)]
    return [*answer_lines(report), answer_verdict(report)]


def item_header(record: Mapping[str, Any], failing: bool | None = None) -> str:
    """``ok NAME: PASS`` / ``MISMATCH NAME: FAIL (expected pass)`` / ``FAIL NAME: BLOCK``;
    ``failing`` says whether the item fails the command's gate (``run --fail-on``), when that
    is not simply its verdict."""
    got = record.get("got") or (
        "error" if record.get("report") is None else "pass" if record["passed"] else "fail"
    )
    shown = str(record.get("action", got)).upper() if got != "error" else "ERROR"
    if "expect" in record:
        tag = "ok" if record.get("as_expected") else "MISMATCH"
        return f"{tag} {record['name']}: {shown} (expected {record['expect']})"
    if failing is None:
        failing = got != "pass"
    return f"{'FAIL' if failing else 'ok'} {record['name']}: {shown}"


def totals_line(records: Sequence[Mapping[str, Any]], noun: str = "answers") -> str:
    """``totals: 49 answers, 30 passed, 19 failed, 0 errors; numbers: 31 supported_exact, ...``"""
    tally = Tally()
    for record in records:
        tally.add(record)
    return tally.line(noun)


class Tally:
    """The counts behind a ``totals:`` line, added one record at a time (a streamed run keeps
    these, not its records).

    >>> t = Tally(); t.add({"passed": True, "statuses": ["derived"], "error": None})
    >>> t.line("answers")
    'totals: 1 answers, 1 passed, 0 failed, 0 errors; numbers: 1 derived'
    """

    def __init__(self) -> None:
        self.items = self.passed = self.errors = self.as_expected = self.input_errors = 0
        self.statuses: Counter[str] = Counter()
        self.actions: Counter[str] = Counter()
        self.written: int | None = None  # lines of the --out file when the run stopped

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one record (as ``--json`` prints it)."""
        self.items += 1
        if record.get("error") is not None or record.get("passed") is None:  # not checked
            self.errors += 1
            self.input_errors += bool(record.get("input_error"))
        else:
            self.actions[str(record.get("action"))] += 1
        self.passed += bool(record.get("passed"))
        self.as_expected += bool(record.get("as_expected"))
        self.statuses.update(record.get("statuses") or ())

    def line(self, noun: str = "answers") -> str:
        tally = ", ".join(f"{n} {s}" for s, n in self.statuses.most_common()) or "none"
        if noun == "runs":  # a run's verdict is its worst action, not pass or fail
            verdicts = ", ".join(f"{self.actions[a]} {a}" for a in RUN_RANK)
            return f"totals: {self.items} runs, {verdicts}, {self.errors} errors; values: {tally}"
        failed = self.items - self.passed - self.errors
        return (
            f"totals: {self.items} {noun}, {self.passed} passed, {failed} "
            f"failed, {self.errors} errors; numbers: {tally}"
        )


def emit(lines: Iterable[str], out: TextIO | None = None) -> None:
    """Print lines. A closed pipe (``| head``) raises BrokenPipeError, which the CLI's entry
    point turns into a quiet exit."""
    stream = out or sys.stdout
    for line in lines:
        stream.write(line + "\n")


def emit_json(record: Mapping[str, Any], out: TextIO | None = None) -> None:
    """One record as one compact JSON line."""
    (out or sys.stdout).write(json.dumps(record, ensure_ascii=False) + "\n")


def flag_names(message: str, flags: Mapping[str, str]) -> str:
    """Name command-line flags, not Python keywords, in an engine error: with
    ``{"on_unknown": "--on-unknown"}``, ``on_unknown='warn'`` reads ``--on-unknown warn``.

    >>> flag_names("pass on_unknown='warn' or 'ignore'", {"on_unknown": "--on-unknown"})
    'pass --on-unknown warn or ignore'
    """
    for keyword, flag in flags.items():
        message = re.sub(rf"\b{re.escape(keyword)}=(['\"]?)([\w.-]+)\1", rf"{flag} \2", message)
        message = re.sub(rf"(?<![\w-])'?{re.escape(keyword)}'?(?![\w=])", flag, message)
    # A list of choices after the flag: "--on-unknown warn or 'ignore'" -> "... or ignore".
    return re.sub(r"(--[\w-]+ \w+) or '(\w+)'", r"\1 or \2", message)
