"""The examples in the agents modules' docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import crossfoot.agents as agents

MODULES = sorted(m.name for m in pkgutil.iter_modules(agents.__path__, "crossfoot.agents."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} docstring example(s) failed"


def test_every_module_is_covered() -> None:
    assert "crossfoot.agents._monitor" in MODULES and len(MODULES) >= 10
