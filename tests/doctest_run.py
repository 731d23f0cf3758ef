"""Runs a module's docstring examples the way ``pytest --doctest-modules`` does (ELLIPSIS on).

Shared by ``test_doctests.py`` (the core modules) and the framework tests in
``tests/integrations`` (each adapter's examples run beside its framework's own tests, in the
process that already holds a Spark session or a Ray instance).
"""

from __future__ import annotations

import doctest
import io
from types import ModuleType
from typing import Any


def run_examples(module: ModuleType, globs: dict[str, Any] | None = None) -> tuple[int, str]:
    """Run every example of ``module``; return (examples run, the report of the failures).

    >>> import json
    >>> run_examples(json)[1]
    ''
    """
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(verbose=False, optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    for test in finder.find(module, module.__name__, extraglobs=globs):
        runner.run(test, out=out.write)
    return runner.tries, out.getvalue()


def assert_examples_hold(module: ModuleType, globs: dict[str, Any] | None = None) -> int:
    """Fail naming the examples that fail; return how many ran.

    >>> import json
    >>> assert_examples_hold(json) > 0
    True
    """
    attempted, failures = run_examples(module, globs)
    assert not failures, f"{module.__name__}: docstring examples fail:\n{failures}"
    return attempted
