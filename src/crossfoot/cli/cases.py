"""Labelled case files for ``crossfoot eval``: one JSON object a line.

Fields of a case:

- ``name`` (str, optional: defaults to ``line N``)
- ``output`` (str, required): the answer to check
- ``sources`` (list or dict) or ``sources_file`` (path, relative to the case file) for ``check``;
  or ``rows`` / ``results`` for ``trace``
- ``expect``: ``"pass"`` (default) or ``"fail"``
- ``options`` (object, optional): options for ``check`` / ``trace``
- ``question`` (str, optional): what the user asked (a bar the answer quotes from it needs no
  source)

Blank lines and lines starting with ``#`` are skipped. Errors name the line and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crossfoot.model.errors import CaseFileError, CrossfootError
from crossfoot.report.result import Report

__all__ = ["Case", "CaseResult", "load_cases", "run_case"]

_FIELDS = frozenset(
    {
        "name",
        "output",
        "question",
        "sources",
        "sources_file",
        "rows",
        "results",
        "expect",
        "options",
        "note",
    }
)


@dataclass(frozen=True, slots=True)
class Case:
    name: str
    line: int
    output: str
    expect: str
    sources: Any = None
    rows: Any = None
    results: Any = None
    options: dict[str, Any] = field(default_factory=dict)
    question: str | None = None


@dataclass(frozen=True, slots=True)
class CaseResult:
    case: Case
    report: Report | None
    error: str = ""

    @property
    def got(self) -> str:
        if self.report is None:
            return "error"
        return "pass" if self.report.passed else "fail"

    @property
    def as_expected(self) -> bool:
        return self.got == self.case.expect


def load_cases(path: str | Path) -> list[Case]:
    """Read and validate every case of a JSONL file.

    Raises :class:`CaseFileError` naming the line and the field for any malformed case.
    """
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CaseFileError(f"{path}: cannot read the case file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise CaseFileError(f"{path}: cannot read the case file ({_not_utf8(exc)})") from None
    return list(_parse(path, lines))


def _parse(path: Path, lines: list[str]) -> Iterator[Case]:
    names: set[str] = set()
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        where = f"{path}, line {number}"
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CaseFileError(
                f"{where}: not valid JSON ({exc.msg} at column {exc.colno})"
            ) from None
        if not isinstance(obj, dict):
            raise CaseFileError(f"{where}: a case must be a JSON object, got {type(obj).__name__}")
        unknown = sorted(set(obj) - _FIELDS)
        if unknown:
            raise CaseFileError(
                f"{where}: unknown field {unknown[0]!r}; valid fields: {', '.join(sorted(_FIELDS))}"
            )
        name = obj.get("name", f"line {number}")
        if not isinstance(name, str) or not name:
            raise CaseFileError(f"{where}: field 'name' must be a non-empty string")
        if name in names:
            raise CaseFileError(f"{where}: duplicate case name {name!r}")
        names.add(name)
        output = obj.get("output")
        if not isinstance(output, str):
            got = "missing" if output is None else type(output).__name__
            raise CaseFileError(f"{where}: field 'output' must be a string, got {got}")
        expect = obj.get("expect", "pass")
        if expect not in ("pass", "fail"):
            raise CaseFileError(f"{where}: field 'expect' must be 'pass' or 'fail', got {expect!r}")
        options = obj.get("options", {})
        if not isinstance(options, dict):
            raise CaseFileError(f"{where}: field 'options' must be an object")
        question = obj.get("question")
        if question is not None and not isinstance(question, str):
            raise CaseFileError(
                f"{where}: field 'question' must be a string, got {type(question).__name__}"
            )
        given = [k for k in ("sources", "sources_file", "rows", "results") if k in obj]
        if len(given) != 1:
            raise CaseFileError(
                f"{where}: give exactly one of 'sources', 'sources_file', 'rows', 'results'"
                f" (got {', '.join(given) or 'none'})"
            )
        sources = obj.get("sources")
        if "sources_file" in obj:
            sources = _read_sources_file(path, where, obj["sources_file"])
        yield Case(
            name,
            number,
            output,
            expect,
            sources,
            obj.get("rows"),
            obj.get("results"),
            options,
            question,
        )


def _read_sources_file(case_path: Path, where: str, value: Any) -> Any:
    if not isinstance(value, str):
        raise CaseFileError(f"{where}: field 'sources_file' must be a path string")
    target = (case_path.parent / value).resolve()
    try:
        return json.loads(target.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CaseFileError(
            f"{where}: field 'sources_file': cannot read {target} ({exc.strerror})"
        ) from None
    except UnicodeDecodeError as exc:
        raise CaseFileError(
            f"{where}: field 'sources_file': cannot read {target} ({_not_utf8(exc)})"
        ) from None
    except json.JSONDecodeError as exc:
        raise CaseFileError(
            f"{where}: field 'sources_file': {target} is not valid JSON"
            f" ({exc.msg}, line {exc.lineno})"
        ) from None


def _not_utf8(exc: UnicodeDecodeError) -> str:
    """What a user can act on: the file is not UTF-8, and where the first bad byte is."""
    byte = exc.object[exc.start]
    return f"not UTF-8 text: byte 0x{byte:02x} at offset {exc.start}; save it as UTF-8"


def run_case(case: Case) -> CaseResult:
    """Run one case; bad sources or options become an error result naming the case."""
    try:
        if case.sources is not None:
            from crossfoot.front.check import check

            report = check(case.output, case.sources, question=case.question, **case.options)
        else:
            from crossfoot.front.trace import trace

            report = trace(
                case.output,
                case.rows,
                results=case.results,
                question=case.question,
                **case.options,
            )
    except (CrossfootError, TypeError) as exc:
        return CaseResult(case, None, f"line {case.line} ({case.name}): {exc}")
    return CaseResult(case, report)
