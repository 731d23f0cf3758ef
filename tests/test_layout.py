"""The package's shape (docs/architecture.md): imports only downwards, no import circles, small
modules and functions. Each failure names the offender."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "crossfoot"
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80


def test_layers_contract_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # The contract lives in pyproject.toml ([tool.importlinter]); lint-imports reads it from the
    # working directory and exits 0 only when every contract is kept.
    monkeypatch.chdir(ROOT)
    assert lint_imports(no_cache=True) == 0


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_modules() -> None:
    graph = grimp.build_graph("crossfoot")
    edges = {
        module: {m for m in graph.find_modules_directly_imported_by(module) if m != module}
        for module in graph.modules
        if module.startswith("crossfoot")
    }
    # A package's __init__ re-exporting its own submodules is not a circle between stages.
    for module, targets in edges.items():
        edges[module] = {t for t in targets if not module.startswith(t + ".")}
    assert _cycles(edges) == []


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_over_the_size_limit() -> None:
    too_long = [
        f"{p.relative_to(ROOT)}: {n} lines"
        for p in _sources()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert too_long == [], f"modules over {MAX_MODULE_LINES} lines: split them by responsibility"


def test_no_function_over_the_size_limit() -> None:
    too_long = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    too_long.append(
                        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {n} lines"
                    )
    assert too_long == [], f"functions over {MAX_FUNCTION_LINES} lines: {too_long}"
