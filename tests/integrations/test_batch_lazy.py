"""The Spark, Ray and datasets helpers import their framework only when called; a missing one
names the extra to install."""

from __future__ import annotations

import subprocess
import sys

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


# (adapter, function, framework, extra): each helper with its own framework refused
MISSING = [
    ("crossfoot.integrations.spark", "check_dataframe", "pyspark", "spark"),
    ("crossfoot.integrations.ray", "check_dataset", "ray", "ray"),
    ("crossfoot.integrations.datasets", "check_dataset", "datasets", "bench"),
]


def test_missing_framework_names_the_extra() -> None:
    # A meta-path finder that refuses the frameworks stands in for "not installed"; one
    # interpreter for the three helpers (an interpreter start costs seconds; each helper
    # imports its own framework only), a line per helper.
    frameworks = [f for _, _, f, _ in MISSING]
    code = f"""
import importlib, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if any(name == f or name.startswith(f + ".") for f in {frameworks!r}):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
for adapter, function in {[(a, fn) for a, fn, _, _ in MISSING]!r}:
    call = getattr(importlib.import_module(adapter), function)
    try:
        call(object())
    except ImportError as exc:
        print(adapter, "|", exc)
    else:
        print(adapter, "| ran")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert [line.split(" | ")[0] for line in lines] == [a for a, _, _, _ in MISSING]
    for line, (_, _, _, extra) in zip(lines, MISSING, strict=True):
        assert f'install the "{extra}" extra' in line, line
