"""Turn the output of `crossfoot eval --json` into the Action's log, annotations and job summary.

Runs with the runner's Python and the standard library only, so a broken crossfoot install still
gets a readable message. Usage (run.sh calls it):

    python summarize.py OUT ERR CASES MIN_ACCURACY VERBOSE STATUS

OUT is what `crossfoot eval --json` wrote to stdout (one JSON object a case, or the older single
object with a "cases" list), ERR what it wrote to stderr, STATUS its exit code. Prints the log,
one `::error file=...,line=...::` annotation per case that did not come out as expected (with
each failing figure, its status and evidence), and writes GITHUB_STEP_SUMMARY / GITHUB_OUTPUT.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

# "crossfoot: error: cases.jsonl, line 3: not valid JSON ..." (file and line of an input error)
_WHERE = re.compile(r"^crossfoot: error: (?P<file>[^,:]+?)(?:, line (?P<line>\d+))?: ", re.M)


def escape_data(text: str) -> str:
    """Workflow-command data: %, CR and LF are escaped (a newline is %0A)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Workflow-command property values also escape ':' and ','."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(
    message: str, file: str | None = None, line: int | None = None, title: str = ""
) -> str:
    props = []
    if file:
        props.append(f"file={escape_property(file)}")
    if line:
        props.append(f"line={line}")
    if title:
        props.append(f"title={escape_property(title)}")
    head = "::error " + ",".join(props) if props else "::error"
    return f"{head}::{escape_data(message)}"


def read_results(text: str) -> list[dict[str, Any]]:
    """Case records from the eval output: JSON Lines, or one object with a "cases" list."""
    stripped = text.strip()
    if not stripped:
        return []
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and isinstance(whole.get("cases"), list):
        return [c for c in whole["cases"] if isinstance(c, dict)]
    if isinstance(whole, dict):
        return [whole] if "name" in whole else []
    records = []
    for raw in stripped.splitlines():
        if raw.strip():
            record = json.loads(raw)
            if isinstance(record, dict) and "name" in record and "as_expected" in record:
                records.append(record)
    return records


def case_lines(path: str) -> dict[str, int]:
    """Line of each case in the case file, by name (the same rules as `crossfoot eval`)."""
    lines: dict[str, int] = {}
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return lines
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError:
            continue
        name = obj.get("name", f"line {number}") if isinstance(obj, dict) else None
        if isinstance(name, str):
            lines.setdefault(name, number)
    return lines


def describe(claim: dict[str, Any]) -> str:
    """`[status] text - evidence`, as crossfoot prints a claim."""
    evidence = claim.get("evidence") or {}
    if evidence and (claim.get("passed") or not claim.get("message")):
        detail = evidence.get("formula", "")
    else:
        detail = claim.get("message", "")
    return f"[{claim.get('status')}] {claim.get('text')} - {detail}"


def explain(case: dict[str, Any]) -> list[str]:
    """Why a case came out as it did: its error, its failing figures, or (for a case expected
    to fail that passed) every figure with the evidence that let it pass."""
    if case.get("error"):
        return [f"error: {case['error']}"]
    report = case.get("report") or {}
    claims = report.get("claims") or []
    failing = [describe(c) for c in claims if not c.get("passed")]
    failing += [f"issue: {issue}" for issue in report.get("issues") or []]
    if failing:
        return failing
    if not claims:
        return ["no figures in the answer"]
    return ["every figure passed:"] + [describe(c) for c in claims]


def main(argv: list[str]) -> int:
    out_path, err_path, cases, min_accuracy, verbose, status = argv
    threshold = float(min_accuracy)
    out = Path(out_path).read_text(encoding="utf-8", errors="replace")
    err = Path(err_path).read_text(encoding="utf-8", errors="replace")
    try:
        results = read_results(out)
    except json.JSONDecodeError:
        results = []
    if not results:
        # An input error or a crash: no result to read; annotate with the file and line it names.
        message = err.strip() or out.strip() or f"crossfoot eval exited {status} with no output"
        print(message)
        found = _WHERE.search(message)
        file = found.group("file") if found else cases
        line = int(found.group("line")) if found and found.group("line") else None
        print(annotation(message, file, line, "crossfoot: the case file could not be checked"))
        return 0
    lines = case_lines(cases)
    good = sum(1 for c in results if c.get("as_expected"))
    accuracy = good / len(results)
    log = [
        f"crossfoot: {good}/{len(results)} cases as expected "
        f"(accuracy {accuracy:.2%}, threshold {threshold:.2%})"
    ]
    summary = [log[0], ""]
    notes = []
    for case in results:
        name = str(case.get("name"))
        line = case.get("line") or lines.get(name)
        where = f"{cases}:{line}" if line else cases
        if case.get("input_error"):  # a malformed line: reported, and the other cases ran
            log.append(f"ERROR {where}: {case.get('error')}")
            summary.append(f"- **ERROR** (`{where}`): {case.get('error')}")
            title = "crossfoot: the case file could not be checked"
            notes.append(annotation(str(case.get("error")), cases, line, title))
            continue
        head = f"expected {case.get('expect')}, got {case.get('got')}"
        if case.get("as_expected"):
            if verbose == "true":
                log.append(f"ok {name} ({where}): {head}")
                claims = (case.get("report") or {}).get("claims") or []
                log += [f"    {describe(c)}" for c in claims]
            continue
        why = explain(case)
        log.append(f"MISMATCH {name} ({where}): {head}")
        log += [f"    {w}" for w in why]
        summary.append(f"- **MISMATCH {name}** (`{where}`): {head}")
        summary += [f"  - `{w}`" for w in why]
        notes.append(annotation("\n".join([head, *why]), cases, line, f"crossfoot: {name}"))
    print("\n".join(log))
    for note in notes:
        print(note)
    if accuracy < threshold:
        print(annotation(f"accuracy {accuracy:.2%} is below the threshold {threshold:.2%}", cases))
    # An error after the cases were checked (an unwritable --report) still exits 2: say why.
    seen = {f"crossfoot: error: {c.get('error')}" for c in results if c.get("input_error")}
    for problem in (line for line in err.splitlines() if line.startswith("crossfoot: error:")):
        if problem in seen:
            continue  # a malformed case line, annotated at its line above
        print(problem)
        print(annotation(problem, cases, None, "crossfoot"))
    for name, text in (
        ("GITHUB_STEP_SUMMARY", "\n".join(summary) + "\n"),
        ("GITHUB_OUTPUT", f"accuracy={accuracy}\n"),
    ):
        target = os.environ.get(name)
        if target:
            with open(target, "a", encoding="utf-8") as fh:
                fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
