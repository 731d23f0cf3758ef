"""promptfoo Python assertion: fail a test whose output states numbers its sources do not support.

In ``promptfooconfig.yaml`` (``python -m crossfoot.integrations.promptfoo --path`` prints the
path to use)::

    assert:
      - type: python
        value: file:///abs/path/to/crossfoot/integrations/promptfoo.py
        config: {require_citations: true}

Sources are read from ``vars.sources`` (a list or a JSON string), else ``test.metadata.sources``,
else ``config.sources``; query result rows the same way from ``rows`` (checked with ``trace``);
options from the assertion ``config`` and ``vars.crossfoot_options``.
List vars are expanded into separate tests by promptfoo, so put sources in ``metadata`` or set
``PROMPTFOO_DISABLE_VAR_EXPANSION=true`` when they are a list.

promptfoo loads this file by path in a fresh interpreter (``PROMPTFOO_PYTHON``, else the first
``python`` on the PATH), with this directory first on ``sys.path`` and no parent package: imports
here must be absolute and must stay light. When that Python cannot import crossfoot, every
assertion fails with the message "crossfoot is not importable by <python>: set PROMPTFOO_PYTHON",
never a traceback or a verdict on the answer; listing the ``beforeAll`` hook of this file under
``extensions`` stops the whole run with that error instead (exit 1, not 100)::

    extensions:
      - file:///abs/path/to/crossfoot/integrations/promptfoo.py:beforeAll
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# A Python without crossfoot must give an error a user can act on, not a verdict on the answer:
# the import failure is kept and reported by ``get_assert`` and ``beforeAll``.
_NOT_IMPORTABLE: str | None = None
try:
    from crossfoot.integrations import reason, run_check
except ImportError as exc:  # pragma: no cover - exercised through the promptfoo CLI
    _NOT_IMPORTABLE = (
        f"crossfoot is not importable by {sys.executable}: set PROMPTFOO_PYTHON to a Python "
        f"that has crossfoot installed ({type(exc).__name__}: {exc})"
    )

__all__ = ["beforeAll", "get_assert"]


def beforeAll(context: Any, hook: Any = None) -> None:  # promptfoo names the hook
    """promptfoo ``beforeAll`` extension hook: stop the run when crossfoot cannot be imported.

    >>> beforeAll({"suite": {}}, {"hookName": "beforeAll"}) is None
    True
    """
    if _NOT_IMPORTABLE is not None:
        raise RuntimeError(_NOT_IMPORTABLE)
    return None


def get_assert(output: Any, context: Mapping[str, Any]) -> dict[str, Any]:
    """Grade ``output``: pass when every number is grounded in the sources.

    >>> r = get_assert("We shipped 12,400 units.", {"vars": {"sources": ["Shipped 12,400 units."]}})
    >>> r["pass"], r["score"]
    (True, 1.0)
    """
    if _NOT_IMPORTABLE is not None:
        return {"pass": False, "score": 0.0, "reason": _NOT_IMPORTABLE}
    test_vars = context.get("vars") or {}
    metadata = (context.get("test") or {}).get("metadata") or {}
    config = dict(context.get("config") or {})
    found = {
        name: _first(
            (f"vars.{name}", test_vars.get(name)),
            (f"test.metadata.{name}", metadata.get(name)),
            (f"config.{name}", config.pop(name, None)),
        )
        for name in ("sources", "rows")
    }
    if found["sources"] is None and found["rows"] is None:
        missing = "crossfoot: no sources; set vars.sources, test.metadata.sources or config.sources"
        return _result(False, 0.0, missing + " (or rows, for query results)", [])
    options = {**config, **_json(test_vars.get("crossfoot_options") or {}, "crossfoot_options")}
    if found["rows"] is not None:  # query result rows: checked with trace
        options["rows"] = found["rows"]
    if not isinstance(output, str):
        output = json.dumps(output)
    report = run_check(output, found["sources"], options, test_vars.get("question"))
    components = [
        _result(claim.passed, 1.0 if claim.passed else 0.0, claim.describe(), [])
        for claim in report.claims
    ]
    components += [_result(False, 0.0, f"issue: {issue}", []) for issue in report.issues]
    return _result(
        bool(report.passed), float(report.score), "crossfoot: " + reason(report), components
    )


def _first(*candidates: tuple[str, Any]) -> Any:
    for where, value in candidates:
        if value is not None and value != "":
            return _json(value, where)
    return None


def _json(value: Any, where: str) -> Any:
    """promptfoo hands vars loaded from files over as strings: decode JSON text."""
    if isinstance(value, str) and value.lstrip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError as exc:
            raise ValueError(
                f"crossfoot: {where} looks like JSON but does not parse: {exc}"
            ) from None
    return value


def _result(ok: bool, score: float, why: str, parts: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"pass": ok, "score": score, "reason": why}
    if parts:
        out["component_results"] = parts
        out["named_scores"] = {"numeric_grounding": score}
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["--path"]:
        print(Path(__file__).resolve())
    else:
        print("usage: python -m crossfoot.integrations.promptfoo --path", file=sys.stderr)
        sys.exit(2)
