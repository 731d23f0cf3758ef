"""The one runner of the grid vector files (``tests/grid_vectors.py`` says what they hold).

Every ``tests/vectors/*.json`` whose cases hold a table (``grid``) and an answer is found here
and run end to end through :func:`crossfoot.check`, each case once per table format its file
names (a verdict that depends on the serialization is a defect of its own), a case of prose only
once. Test ids are ``<file>/<class>: <name> [<format>]``: ``pytest tests/test_grid_vectors.py -k
claims7`` runs one file. A case's ``xfail`` runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from grid_vectors import (
    VECTORS,
    VectorFile,
    VectorFileError,
    assert_both_twins,
    check_claims,
    discover,
    load,
    sources,
)

FILES: list[VectorFile] = [load(p) for p in discover()]
PARAMS = [p for vf in FILES for p in vf.params()]


@pytest.mark.parametrize(("case", "fmt"), PARAMS)
def test_vector(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, sources(case, fmt))


@pytest.mark.parametrize("vf", FILES, ids=[vf.name for vf in FILES])
def test_every_class_has_both_twins(vf: VectorFile) -> None:
    assert_both_twins(vf.cases)


def test_every_file_of_the_kind_is_collected() -> None:
    """A runner that silently collects fewer vectors is the failure to guard: every vectors file
    that mentions a grid and an answer (read as text, not by the runner's own test) is run, each
    of its cases in each of its formats (a case of prose only once), under a unique id."""
    texts = {p.stem: p.read_text(encoding="utf-8") for p in VECTORS.glob("*.json")}
    kind = {n for n, t in texts.items() if re.search(r'"grids?"\s*:', t) and '"answer"' in t}
    assert kind == {vf.name for vf in FILES}
    assert len(FILES) >= 11
    for vf in FILES:
        cases = json.loads(texts[vf.name])["cases"]
        tabled = [c for c in cases if c.get("grid") is not None or c.get("grids")]
        want = len(tabled) * len(vf.formats) + len(cases) - len(tabled)
        got = [p for p in PARAMS if p.id.startswith(f"{vf.name}/")]
        assert len(got) == want, (vf.name, len(got), want)
    assert len({p.id for p in PARAMS}) == len(PARAMS)
    strict = sum(1 for p in PARAMS for m in p.marks if m.name == "xfail" and m.kwargs["strict"])
    assert strict == sum(
        len(vf.formats if c["grid"] is not None or "grids" in c else ("prose",)) * ("xfail" in c)
        + len(c.get("xfail_formats", {}))
        for vf in FILES
        for c in vf.cases
    )


def test_no_module_runs_a_vector_file_again() -> None:
    """The runner is the one place the files are checked: a module of its own that calls
    ``check_claims`` runs a file twice (the shims round 8 left)."""
    here = Path(__file__).parent
    others = [
        p.name
        for p in sorted(here.glob("test_*.py"))
        if p.name != Path(__file__).name and "check_claims(" in p.read_text(encoding="utf-8")
    ]
    assert not others, f"{others} run grid vectors the runner already runs: remove the shim"


_GOOD: dict[str, Any] = {
    "class": "c",
    "name": "n",
    "grid": [["", "2024"], ["Sales", "12"]],
    "prose": [],
    "answer": "Sales were 12.",
    "claims": {"12": "pass"},
}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"answer": None}, "'answer'"),
        ({"claims": {"12": "passes"}}, "'claims'"),
        ({"grid": [["", 2024]]}, "'grid'"),
        ({"prose": "one source"}, "'prose'"),
        ({"xfail_formats": {"pdf": "why"}}, "'xfail_formats'"),
        ({"xfial": "typo"}, "'xfial'"),
        ({"grids": [[["a"]]], "grid": None}, "'grids'"),
    ],
    ids=lambda v: v.strip("'") if isinstance(v, str) else "",
)
def test_a_bad_record_names_the_file_the_record_and_the_field(
    tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    cases = [_GOOD, {**_GOOD, "name": "second", **change}]
    path = tmp_path / "bad_vectors.json"
    path.write_text(json.dumps({"about": "", "cases": cases}))
    with pytest.raises(VectorFileError) as err:
        load(path)
    assert "bad_vectors.json: record 1 (c: second)" in str(err.value)
    assert field in str(err.value)


def test_a_missing_field_and_a_repeated_name_are_named(tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    gone = {k: v for k, v in _GOOD.items() if k != "prose"}
    path.write_text(json.dumps({"cases": [_GOOD, gone]}))
    with pytest.raises(
        VectorFileError, match=r"v\.json: record 1 \(c: n\): field 'prose' is missing"
    ):
        load(path)
    path.write_text(json.dumps({"cases": [_GOOD, _GOOD]}))
    with pytest.raises(VectorFileError, match=r"record 1 \(c: n\): field 'name' repeats record 0"):
        load(path)
    path.write_text(json.dumps({"formats": "most", "cases": [_GOOD]}))
    with pytest.raises(VectorFileError, match=r"v\.json: 'formats' is 'most'"):
        load(path)
