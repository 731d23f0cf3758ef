"""Frameworks load only when their adapter is used; a missing one names the extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from crossfoot.integrations import require

HEAVY = ("deepeval", "ragas", "anthropic", "langchain_core", "pandas")


LIGHT = ("crossfoot", "crossfoot.integrations.pytest_plugin", "crossfoot.integrations.promptfoo")


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout


def test_light_modules_import_no_framework() -> None:
    # One interpreter for the three modules (an interpreter start costs seconds): sys.modules
    # only grows, so no framework after the last import and a check means none after each; the
    # line printed after each import names the module that would have brought one in.
    loaded = f"sorted(m for m in {HEAVY!r} if m in sys.modules)"
    code = "import sys\n"
    for module in LIGHT:
        code += f"import {module}\nprint({module!r}, {loaded})\n"
    code += (
        "from crossfoot.integrations import run_check\n"
        "run_check('12 units.', ['12 units.'])\n"
        f"print('run_check', {loaded})\n"
    )
    assert _run(code).splitlines() == [f"{m} []" for m in (*LIGHT, "run_check")]


# (adapter, framework, extra): each adapter with its own framework refused
MISSING = [
    ("crossfoot.integrations.deepeval", "deepeval", "deepeval"),
    ("crossfoot.integrations.ragas", "ragas", "ragas"),
]


def test_missing_framework_names_the_extra() -> None:
    # A meta-path finder that refuses the frameworks stands in for "not installed"; one
    # interpreter for both adapters (each imports its own framework only).
    code = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if any(name == f or name.startswith(f + ".") for f in {[f for _, f, _ in MISSING]!r}):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
for adapter in {[a for a, _, _ in MISSING]!r}:
    try:
        __import__(adapter)
    except ImportError as exc:
        print(adapter, "|", exc)
    else:
        print(adapter, "| imported")
"""
    lines = _run(code).splitlines()
    assert [line.split(" | ")[0] for line in lines] == [a for a, _, _ in MISSING]
    for line, (_, _, extra) in zip(lines, MISSING, strict=True):
        # No release on PyPI yet (issue 21, problem 1): the message names the extra and the
        # command that works from a clone.
        assert f'install the "{extra}" extra (pip install -e ".[{extra}]"' in line, line


def test_require_error_message() -> None:
    with pytest.raises(
        ImportError, match=r'needs \'no_such_framework\': install the "x" extra \(pip install'
    ):
        require("no_such_framework.sub", "x")
