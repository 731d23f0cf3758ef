"""Labelled case files for ``crossfoot eval``: one JSON object a line (``.gz`` too), or Parquet.

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
:func:`iter_cases` reads lazily and yields a malformed line's error in its place, so a long file
streams; in Parquet the columns are the fields, and ``sources``, ``rows``, ``results`` and
``options`` columns of string type are JSON text.
"""

from __future__ import annotations

import gzip
import json
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crossfoot.model.errors import CaseFileError, CrossfootError
from crossfoot.report.result import Report

__all__ = ["Case", "CaseResult", "iter_cases", "load_cases", "run_case"]

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
    """Read and validate every case of a case file.

    Raises :class:`CaseFileError` naming the line and the field for any malformed case, or a
    name used twice.
    """
    cases: list[Case] = []
    names: set[str] = set()
    for number, case in iter_cases(path):
        if isinstance(case, CaseFileError):
            raise case
        if case.name in names:
            raise CaseFileError(f"{path}, line {number}: duplicate case name {case.name!r}")
        names.add(case.name)
        cases.append(case)
    return cases


def iter_cases(path: str | Path) -> Iterator[tuple[int, Case | CaseFileError]]:
    """Each case of a JSONL (``.gz`` too) or Parquet file, read lazily: ``(number, case)``.

    A malformed line gives its :class:`CaseFileError` in its place (naming the line and the
    field) and reading goes on; ``number`` is the line (JSONL) or the row (Parquet, from 1). A
    file that cannot be read raises. Each ``sources_file`` is read once (the last few are kept).

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "c.jsonl")
    >>> _ = open(f, "w").write('{"output": "1", "sources": []}\\n{oops\\n')
    >>> [(n, type(c).__name__) for n, c in iter_cases(f)]
    [(1, 'Case'), (2, 'CaseFileError')]
    """
    path = Path(path)
    files = _SourcesFiles(path)
    if path.suffix == ".parquet":
        yield from _parquet_cases(path, files)
        return
    try:
        with _open_text(path) as fh:
            for number, raw in enumerate(fh, start=1):
                text = raw.strip()
                if not text or text.startswith("#"):
                    continue
                where = f"{path}, line {number}"
                try:
                    yield number, _case(where, number, _json_object(where, text), files)
                except CaseFileError as exc:
                    yield number, exc
    except (OSError, EOFError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise CaseFileError(f"{path}: cannot read the case file ({reason})") from None
    except UnicodeDecodeError as exc:
        raise CaseFileError(f"{path}: cannot read the case file ({_not_utf8(exc)})") from None


def _open_text(path: Path) -> Any:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8-sig")
    return path.open(encoding="utf-8-sig")  # a byte-order mark is allowed, as everywhere


def _json_object(where: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CaseFileError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None


# Parquet keeps nested values as JSON text more often than as nested types.
_JSON_TEXT = ("sources", "rows", "results", "options")


def _parquet_cases(path: Path, files: _SourcesFiles) -> Iterator[tuple[int, Case | CaseFileError]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise CaseFileError(
            f"{path}: reading Parquet needs pyarrow (pip install pyarrow)"
        ) from None
    try:
        table = pq.ParquetFile(path)
    except (OSError, ValueError) as exc:
        raise CaseFileError(f"{path}: cannot read the Parquet file ({exc})") from None
    unknown = sorted(set(table.schema_arrow.names) - _FIELDS)
    if unknown:
        raise CaseFileError(
            f"{path}: unknown column {unknown[0]!r}; valid columns: {', '.join(sorted(_FIELDS))}"
        )
    number = 0
    for batch in table.iter_batches(batch_size=1024):
        for row in batch.to_pylist():
            number += 1
            where = f"{path}, row {number}"
            obj = {k: v for k, v in row.items() if v is not None}  # a null cell is an absent field
            try:
                for key in _JSON_TEXT:
                    if isinstance(obj.get(key), str):
                        obj[key] = _json_text(where, key, obj[key])
                yield number, _case(where, number, obj, files)
            except CaseFileError as exc:
                yield number, exc


def _json_text(where: str, key: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CaseFileError(
            f"{where}: column {key!r} is text but not valid JSON ({exc.msg} at column {exc.colno})"
        ) from None


def _case(where: str, number: int, obj: Any, files: _SourcesFiles) -> Case:
    """One validated case; raises :class:`CaseFileError` naming ``where`` and the field."""
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
        sources = files.read(where, obj["sources_file"])
    rows, results = obj.get("rows"), obj.get("results")
    return Case(name, number, output, expect, sources, rows, results, options, question)


class _SourcesFiles:
    """``sources_file`` values read relative to the case file, the last few kept: a million
    cases that share one sources file read it once."""

    def __init__(self, case_path: Path, keep: int = 16) -> None:
        self.case_path, self.keep = case_path, keep
        self.cache: OrderedDict[str, Any] = OrderedDict()

    def read(self, where: str, value: Any) -> Any:
        if not isinstance(value, str):
            raise CaseFileError(f"{where}: field 'sources_file' must be a path string")
        if value in self.cache:
            self.cache.move_to_end(value)
            return self.cache[value]
        data = _read_sources_file(self.case_path, where, value)
        self.cache[value] = data
        if len(self.cache) > self.keep:
            self.cache.popitem(last=False)
        return data


def _read_sources_file(case_path: Path, where: str, value: str) -> Any:
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
