"""Shared runner of claim vectors over a table written in several formats (the grid vector files:
``tests/vectors/*.json`` whose cases hold a ``grid`` and an ``answer``), run by
``tests/test_grid_vectors.py``.

A file of this kind is ``{"about": ..., "formats": "all" | "bench", "cases": [...]}``; ``formats``
names the table formats each case runs in (``corpora.render.FORMATS``, the default, or the six
``BENCH_FORMATS`` ``benchmarks/formats.py`` measures). A case is::

    {"class": ..., "name": ..., "grid": [[...]] | null, "prose": [...], "answer": ...,
     "question": ... (optional), "claims": {claim text: "pass" | "fail" | a status},
     "grids": [grid, grid, ...] (optional; several tables, each its own source; "grid" null),
     "table": ... (optional label), "xfail": reason (optional; strict, every format),
     "xfail_formats": {format: reason} (optional; strict, in that format only)}

A case with a grid (or grids) runs once per format; a case of prose only once, as "prose". Empty
``claims`` asserts that no claim of the answer fails. A file that breaks this shape raises
:class:`VectorFileError` naming the file, the record and the field when the runner loads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import crossfoot

VECTORS = Path(__file__).parent / "vectors"

_REQUIRED = ("class", "name", "grid", "prose", "answer", "claims")
_OPTIONAL = ("question", "grids", "table", "xfail", "xfail_formats")
_EXPECTED = frozenset({"pass", "fail", *crossfoot.STATUSES})


class VectorFileError(ValueError):
    """A grid vector file breaks the shape the runner reads (names the file, record and field)."""


def is_grid_vector_file(data: Any) -> bool:
    """A vectors file of this kind: a ``cases`` list whose records hold a grid (or grids) and
    an answer.

    >>> is_grid_vector_file({"cases": [{"grid": None, "answer": "a"}]})
    True
    """
    cases = data.get("cases") if isinstance(data, dict) else None
    return isinstance(cases, list) and any(
        isinstance(c, dict) and "answer" in c and ("grid" in c or "grids" in c) for c in cases
    )


def discover(folder: Path = VECTORS) -> list[Path]:
    """Every grid vector file in ``folder``, by name."""
    return [p for p in sorted(folder.glob("*.json")) if is_grid_vector_file(_read(p))]


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise VectorFileError(f"{path.name}: not JSON ({err})") from err


@dataclass(frozen=True)
class VectorFile:
    """One grid vector file, checked: its name (the file's stem), cases and table formats."""

    name: str
    cases: list[dict[str, Any]]
    formats: tuple[str, ...]

    def params(self) -> list[Any]:
        """One pytest param per case and format, its id prefixed with the file's name."""
        return params(self.cases, self.formats, prefix=f"{self.name}/")


def load(path: Path | str) -> VectorFile:
    """Read and check a grid vector file (a path, or a name in ``tests/vectors``).

    >>> load("mend8").formats[:2]
    ('json', 'markdown')
    """
    from corpora.render import BENCH_FORMATS, FORMATS  # benchmarks/ is on the test path

    path = Path(path) if str(path).endswith(".json") else VECTORS / f"{path}.json"
    data = _read(path)
    where = path.name
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list) or not data["cases"]:
        raise VectorFileError(f"{where}: expected an object with a non-empty 'cases' list")
    named = {"all": FORMATS, "bench": BENCH_FORMATS}
    if data.get("formats", "all") not in named:
        raise VectorFileError(
            f"{where}: 'formats' is {data['formats']!r}; expected one of {sorted(named)}"
        )
    formats = named[data.get("formats", "all")]
    seen: dict[tuple[str, str], int] = {}
    for i, case in enumerate(data["cases"]):
        _check_case(case, f"{where}: record {i}", formats)
        key = (case["class"], case["name"])
        if key in seen:
            raise VectorFileError(
                f"{where}: record {i} ({key[0]}: {key[1]}): field 'name' repeats record "
                f"{seen[key]}'s class and name (test ids must be unique)"
            )
        seen[key] = i
    return VectorFile(path.stem, data["cases"], formats)


def _fail(where: str, field: str, expected: str, got: Any) -> VectorFileError:
    return VectorFileError(f"{where}: field {field!r}: expected {expected}, got {got!r}")


def _is_grid(grid: Any) -> bool:
    return (
        isinstance(grid, list)
        and bool(grid)
        and all(isinstance(r, list) and all(isinstance(x, str) for x in r) for r in grid)
    )


def _check_case(case: Any, where: str, formats: tuple[str, ...]) -> None:
    """Raise :class:`VectorFileError` at the first field of ``case`` out of shape."""
    if not isinstance(case, dict):
        raise _fail(where, "(record)", "an object", case)
    if isinstance(case.get("class"), str) and isinstance(case.get("name"), str):
        where = f"{where} ({case['class']}: {case['name']})"
    for field in _REQUIRED:
        if field not in case:
            raise VectorFileError(f"{where}: field {field!r} is missing")
    unknown = sorted(set(case) - {*_REQUIRED, *_OPTIONAL})
    if unknown:
        raise VectorFileError(
            f"{where}: unknown field(s) {unknown}; expected {_REQUIRED + _OPTIONAL}"
        )
    for field in ("class", "name", "answer"):
        if not isinstance(case[field], str) or not case[field]:
            raise _fail(where, field, "a non-empty string", case[field])
    if case["grid"] is not None and not _is_grid(case["grid"]):
        raise _fail(where, "grid", "null or a list of rows of strings", case["grid"])
    if "grids" in case and (
        case["grid"] is not None
        or not isinstance(case["grids"], list)
        or len(case["grids"]) < 2
        or not all(_is_grid(g) for g in case["grids"])
    ):
        raise _fail(where, "grids", "two or more grids (and 'grid' null)", case["grids"])
    if not isinstance(case["prose"], list) or not all(isinstance(p, str) for p in case["prose"]):
        raise _fail(where, "prose", "a list of strings", case["prose"])
    if case.get("question") is not None and not isinstance(case["question"], str):
        raise _fail(where, "question", "a string or null", case["question"])
    claims = case["claims"]
    if not isinstance(claims, dict) or not all(
        isinstance(t, str) and e in _EXPECTED for t, e in claims.items()
    ):
        raise _fail(where, "claims", "claim text -> 'pass', 'fail' or a status", claims)
    for field in ("xfail", "table"):
        if field in case and (not isinstance(case[field], str) or not case[field]):
            raise _fail(where, field, "a non-empty string", case[field])
    by_format = case.get("xfail_formats", {})
    if not isinstance(by_format, dict) or not all(
        f in formats and isinstance(r, str) and r for f, r in by_format.items()
    ):
        raise _fail(where, "xfail_formats", f"format (one of {formats}) -> reason", by_format)


def params(cases: Iterable[dict[str, Any]], formats: Iterable[str], prefix: str = "") -> list[Any]:
    """One pytest param per case and format; a case of prose only (no ``grid`` nor ``grids``)
    runs once, as "prose"; ``xfail`` runs as ``xfail(strict=True)`` in every format,
    ``xfail_formats`` in the formats it names."""
    out = []
    fmts = tuple(formats)
    for case in cases:
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        tabled = case["grid"] is not None or "grids" in case
        for fmt in fmts if tabled else ("prose",):
            reason = case.get("xfail_formats", {}).get(fmt)
            more = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            pid = f"{prefix}{case['class']}: {case['name']} [{fmt}]"
            out.append(pytest.param(case, fmt, id=pid, marks=[*marks, *more]))
    return out


def outcome(status: str, expected: str) -> str:
    """``status`` as the vectors write their expectation: "pass" / "fail", or the status."""
    if expected in ("pass", "fail"):
        return "pass" if status in crossfoot.PASSING_STATUSES else "fail"
    return status


def check_claims(case: dict[str, Any], fmt: str, sources: list[str]) -> dict[str, str]:
    """Check the case's answer over ``sources`` and assert each claim it names; returns every
    claim's status by its text."""
    report = crossfoot.check(case["answer"], sources, question=case.get("question"))
    got: dict[str, str] = {c.text.strip(): c.status for c in report.claims}
    for text, expected in case["claims"].items():
        assert text in got, f"{text!r} is not a claim of the answer; claims: {sorted(got)}"
        assert outcome(got[text], expected) == expected, (
            f"{text!r} [{fmt}]: expected {expected}, got {got[text]}\n{report.explain()}"
        )
    if not case["claims"]:
        # (probes) a right which-year answer adds no claim, and none of its figures fails
        failing = [t for t, s in got.items() if s not in crossfoot.PASSING_STATUSES]
        assert not failing, f"[{fmt}] failing claims {failing}\n{report.explain()}"
    return got


def sources(case: dict[str, Any], fmt: str) -> list[str]:
    """The case's table (or each of its ``grids``) rendered as ``fmt``, then its prose; none
    for a case of prose only."""
    from corpora.render import render  # benchmarks/ is on the test path (conftest)

    grids = case.get("grids") or ([case["grid"]] if case["grid"] is not None else [])
    return [*(render(g, fmt) for g in grids), *case["prose"]]


def assert_both_twins(cases: Iterable[dict[str, Any]]) -> None:
    """Every class is pinned by a claim that must pass and one that must fail (a case of empty
    ``claims`` asserts that none fails: it counts as passing)."""
    by_class: dict[str, set[str]] = {}
    for case in cases:
        # (a passing status named exactly, "derived", is a passing twin)
        kinds = {
            "pass" if e == "pass" or e in crossfoot.PASSING_STATUSES else "fail"
            for e in case["claims"].values()
        }
        by_class.setdefault(case["class"], set()).update(kinds or {"pass"})
    assert by_class and all(k == {"pass", "fail"} for k in by_class.values()), by_class
