"""The pytest plugin through pytester: fixture, marker, options, ini keys, failure text."""

from __future__ import annotations

import pytest
from _support import docs_example

pytest_plugins = ["pytester"]

# Inner runs load every plugin of the venv; deepeval's adds its own output, and pytest-asyncio (a
# deepeval dependency) warns about an unset loop scope. Blocking an absent plugin is harmless.
INNER_ARGS = ("-p", "no:deepeval", "-p", "no:asyncio", "-p", "no:cacheprovider")

SOURCES = 'SOURCES = [{"id": "R1", "fields": {"units_2023": 10000, "units_2024": 12400}}]\n'


def run(pytester: pytest.Pytester, body: str, *args: str) -> pytest.RunResult:
    pytester.makepyfile(test_inner="import pytest\n" + SOURCES + body)
    return pytester.runpytest_inprocess(*INNER_ARGS, *args)


def test_fixture_assert_report_names_failing_number(pytester: pytest.Pytester) -> None:
    result = run(
        pytester,
        """
def test_ok(crossfoot):
    assert crossfoot.check("Acme shipped 12,400 units in 2024 [R1].", SOURCES)

def test_bad(crossfoot):
    assert crossfoot.check("Acme shipped 13,900 units in 2024 [R1].", SOURCES)
""",
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FAIL 0/1 grounded*13,900*"])


def test_fixture_trace_over_rows(pytester: pytest.Pytester) -> None:
    result = run(
        pytester,
        """
ROWS = [{"month": "March", "revenue": 120}, {"month": "April", "revenue": 150}]

def test_ok(crossfoot):
    assert crossfoot.trace("Revenue was 150 in April.", ROWS)

def test_bad(crossfoot):
    assert crossfoot.trace("Revenue was 160 in April.", ROWS)
""",
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FAIL 0/1 grounded: [[]unsupported[]] 160*"])


def test_assert_grounded_lists_each_failing_number(pytester: pytest.Pytester) -> None:
    result = run(
        pytester,
        """
def test_bad(crossfoot):
    crossfoot.assert_grounded("Acme shipped 13,900 units in 2024, up from 9,000 [R1].", SOURCES)
""",
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*crossfoot: 2 of 2 numbers not grounded*",
            "*[[]*[]] 13,900 - *",
            "*[[]*[]] 9,000 - *",
        ]
    )


def test_marker_checks_returned_answer(pytester: pytest.Pytester) -> None:
    result = run(
        pytester,
        """
@pytest.mark.grounded(sources=SOURCES)
def test_ok():
    return "Acme shipped 12,400 units in 2024 [R1]."

@pytest.mark.grounded(sources=SOURCES)
def test_bad():
    return "Acme shipped 13,900 units in 2024 [R1]."

@pytest.mark.grounded(sources=SOURCES)
def test_fixture_checks_are_enforced(crossfoot):
    crossfoot.check("Acme shipped 13,800 units in 2024 [R1].")

@pytest.mark.grounded(sources=SOURCES)
def test_nothing_checked():
    pass
""",
    )
    result.assert_outcomes(passed=1, failed=3)
    result.stdout.fnmatch_lines(["*13,900*"])
    result.stdout.fnmatch_lines(["*13,800*"])
    result.stdout.fnmatch_lines(["*returned no answer and checked none*"])


def test_cli_options_and_marker_keywords(pytester: pytest.Pytester) -> None:
    body = """
def test_uncited(crossfoot):
    assert crossfoot.check("Acme shipped 12,400 units in 2024.", SOURCES)

@pytest.mark.grounded(sources=SOURCES, require_citations=False)
def test_marker_wins():
    return "Acme shipped 12,400 units in 2024."

def test_rounded(crossfoot):
    revenue = [{"id": "R2", "fields": {"revenue": 3214000000}}]
    assert crossfoot.check("Revenue reached $3.2bn [R2].", revenue)
"""
    run(pytester, body).assert_outcomes(passed=3)
    cited = run(pytester, body, "--crossfoot-require-citations")
    cited.assert_outcomes(passed=2, failed=1)
    cited.stdout.fnmatch_lines(["*[[]uncited[]] 12,400*"])
    run(pytester, body, "--crossfoot-strict").assert_outcomes(passed=2, failed=1)


def test_ini_keys(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\ncrossfoot_require_citations = true\n")
    result = run(
        pytester,
        """
def test_uncited(crossfoot):
    assert crossfoot.check("Acme shipped 12,400 units in 2024.", SOURCES)
""",
    )
    result.assert_outcomes(failed=1)


def test_marker_is_registered(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_inprocess(*INNER_ARGS, "--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.grounded(sources, **options)*"])
    result = pytester.runpytest_inprocess(*INNER_ARGS, "--help")
    result.stdout.fnmatch_lines(["*--crossfoot-require-citations*", "*crossfoot_strict*"])


def test_docs_example(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_docs=docs_example("test_pytest_grounding.py"))
    pytester.runpytest_inprocess(*INNER_ARGS).assert_outcomes(passed=2)
