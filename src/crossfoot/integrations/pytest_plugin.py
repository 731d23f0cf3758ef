"""pytest plugin: the ``crossfoot`` fixture and the ``@pytest.mark.grounded`` marker.

Installed with crossfoot (``pytest11`` entry point), so it loads in every pytest run of the
environment: it imports the engine only when a test checks something.

    def test_answer(crossfoot):
        report = crossfoot.check("We shipped 12,400 units.", ["Acme shipped 12,400 units."])
        assert report                      # fails showing each ungrounded number

    @pytest.mark.grounded(sources=["Acme shipped 12,400 units."], require_citations=False)
    def test_bot():
        return my_bot("How many units?")   # the returned answer is checked

Options: ``--crossfoot-require-citations`` and ``--crossfoot-strict`` (no rounding), or the ini
keys ``crossfoot_require_citations`` / ``crossfoot_strict``; marker and call keywords win.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from crossfoot.integrations import failure_text, readable, run_check

if TYPE_CHECKING:
    from crossfoot.report.result import Report

__all__ = ["Grounding"]

_FLAGS = {
    "crossfoot_require_citations": ("require_citations", True, "every number must cite a source"),
    "crossfoot_strict": ("allow_rounding", False, "no rounding: numbers must match exactly"),
}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("crossfoot", "crossfoot numeric grounding")
    for name, (_, _, text) in _FLAGS.items():
        flag = "--" + name.replace("_", "-")
        group.addoption(flag, action="store_true", default=None, dest=name, help=text)
        parser.addini(name, type="bool", default=False, help=f"crossfoot: {text}")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "grounded(sources, **options): check the answer the test returns, and every check made"
        " through the crossfoot fixture, against sources (crossfoot.check options as keywords)",
    )


class Grounding:
    """What the ``crossfoot`` fixture gives a test: ``check`` returns the engine's ``Report``.

    >>> bool(Grounding(["12 units sold."]).check("We sold 12 units."))
    True
    """

    def __init__(self, sources: Any = None, options: dict[str, Any] | None = None) -> None:
        self.sources = sources
        self.options = dict(options or {})
        self.reports: list[tuple[str, Report]] = []

    def check(self, answer: str, sources: Any = None, **options: Any) -> Report:
        """Check ``answer``; ``sources`` default to the ``grounded`` marker's."""
        if sources is None:
            sources = self.sources
        if sources is None:
            pytest.fail(
                "crossfoot.check needs sources=... or @pytest.mark.grounded(sources=...)",
                pytrace=False,
            )
        report = readable(run_check(answer, sources, {**self.options, **options}))
        self.reports.append((answer, report))
        return report

    def trace(self, answer: str, rows: Any, **options: Any) -> Report:
        """Check ``answer`` against query result rows (``crossfoot.trace``)."""
        report = readable(run_check(answer, None, {**options, "rows": rows}))
        self.reports.append((answer, report))
        return report

    def assert_grounded(self, answer: str, sources: Any = None, **options: Any) -> Report:
        """``check`` and fail the test with a readable message unless the report passes."""
        report = self.check(answer, sources, **options)
        if not report.passed:
            pytest.fail(failure_text(report, answer), pytrace=False)
        return report

    def __repr__(self) -> str:
        return "<crossfoot fixture>"


def _options(config: pytest.Config, marker: pytest.Mark | None) -> tuple[Any, dict[str, Any]]:
    options: dict[str, Any] = {}
    for name, (option, value, _) in _FLAGS.items():
        given = config.getoption(name)
        if given or (given is None and config.getini(name)):
            options[option] = value
    if marker is None:
        return None, options
    kwargs = dict(marker.kwargs)
    sources = kwargs.pop("sources", marker.args[0] if marker.args else None)
    return sources, {**options, **kwargs}


@pytest.fixture(name="crossfoot")
def crossfoot_fixture(request: pytest.FixtureRequest) -> Iterator[Grounding]:
    """Check answers against sources: ``crossfoot.check(answer, sources, **options)``."""
    sources, options = _options(request.config, request.node.get_closest_marker("grounded"))
    yield Grounding(sources, options)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    marker = pyfuncitem.get_closest_marker("grounded")
    if marker is None or inspect.iscoroutinefunction(pyfuncitem.obj):
        return None  # not ours; async tests belong to their async plugin
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    answer = pyfuncitem.obj(**args)
    grounding = pyfuncitem.funcargs.get("crossfoot")
    checks = list(grounding.reports) if isinstance(grounding, Grounding) else []
    if isinstance(answer, str):
        sources, options = _options(pyfuncitem.config, marker)
        checks.append((answer, Grounding(sources, options).check(answer)))
    elif answer is not None:
        pytest.fail(
            f"a @pytest.mark.grounded test must return the answer text (str), "
            f"got {type(answer).__name__}",
            pytrace=False,
        )
    if not checks:
        pytest.fail(
            "@pytest.mark.grounded: the test returned no answer and checked none "
            "through the crossfoot fixture",
            pytrace=False,
        )
    failed = [failure_text(report, text) for text, report in checks if not report.passed]
    if failed:
        pytest.fail("\n".join(failed), pytrace=False)
    return True
