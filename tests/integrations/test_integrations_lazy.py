"""Frameworks load only when their adapter is used; a missing one names the extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from crossfoot.integrations import require

HEAVY = ("deepeval", "ragas", "anthropic", "langchain_core", "pandas")


@pytest.mark.parametrize(
    "module",
    [
        "crossfoot",
        "crossfoot.integrations.pytest_plugin",
        "crossfoot.integrations.promptfoo",
    ],
)
def test_light_modules_import_no_framework(module: str) -> None:
    code = (
        f"import sys, {module}; from crossfoot.integrations import run_check; "
        "run_check('12 units.', ['12 units.']); "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("adapter", "framework", "extra"),
    [
        ("crossfoot.integrations.deepeval", "deepeval", "deepeval"),
        ("crossfoot.integrations.ragas", "ragas", "ragas"),
    ],
)
def test_missing_framework_names_the_extra(adapter: str, framework: str, extra: str) -> None:
    # A meta-path finder that refuses the framework stands in for "not installed".
    code = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == {framework!r} or name.startswith({framework!r} + "."):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
try:
    import {adapter}
except ImportError as exc:
    print(exc)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # No release on PyPI yet (issue 21, problem 1): the message names the extra and the command
    # that works from a clone.
    assert f'install the "{extra}" extra (pip install -e ".[{extra}]"' in out.stdout


def test_require_error_message() -> None:
    with pytest.raises(
        ImportError, match=r'needs \'no_such_framework\': install the "x" extra \(pip install'
    ):
        require("no_such_framework.sub", "x")
