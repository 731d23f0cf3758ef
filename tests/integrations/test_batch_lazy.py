"""The Spark, Ray and datasets helpers import their framework only when called; a missing one
names the extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("pyspark", "ray", "datasets", "pandas", "pyarrow")


def test_importing_the_helpers_and_batch_loads_no_framework() -> None:
    code = (
        "import sys, crossfoot.batch, crossfoot.integrations.spark, crossfoot.integrations.ray, "
        "crossfoot.integrations.datasets\n"
        "from crossfoot.batch import check_many\n"
        "assert next(check_many([{'output': '12 units.', 'sources': ['12 units.']}])).passed\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("adapter", "function", "framework", "extra"),
    [
        ("crossfoot.integrations.spark", "check_dataframe", "pyspark", "spark"),
        ("crossfoot.integrations.ray", "check_dataset", "ray", "ray"),
        ("crossfoot.integrations.datasets", "check_dataset", "datasets", "bench"),
    ],
)
def test_missing_framework_names_the_extra(
    adapter: str, function: str, framework: str, extra: str
) -> None:
    # A meta-path finder that refuses the framework stands in for "not installed".
    code = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == {framework!r} or name.startswith({framework!r} + "."):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
from {adapter} import {function}
try:
    {function}(object())
except ImportError as exc:
    print(exc)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f'install the "{extra}" extra' in out.stdout
