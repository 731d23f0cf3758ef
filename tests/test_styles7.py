"""Answers in the styles other models write (styles7, issues 14/15; ``benchmarks/styles.py``).

``tests/vectors/styles7.json`` (figures in markdown bold and under a "Final answer" heading, in
LaTeX math delimiters (``$-94$ million``, ``\\(\\$680\\) million``), dollar amounts that are
no math, framing sentences between the question and a bare answer) runs in
``tests/test_grid_vectors.py``; here, where the claims stand and how ``trace`` reads markup.
"""

from __future__ import annotations

import pytest

import crossfoot


def test_claims_stand_where_the_answer_writes_them() -> None:
    """A claim read through markup is reported at its span in the answer as written."""
    answer = "Sales were **$680 million** in 2019, or $-94$ million less than in 2018."
    report = crossfoot.check(
        answer, ['[["(in millions)", "2019", "2018"], ["Sales", "680", "774"]]']
    )
    assert report.text == answer
    spans = {c.text: c.span for c in report.claims}
    assert answer[slice(*spans["$680 million"])] == "$680 million"
    assert answer[slice(*spans["-94$ million"])] == "-94$ million"
    assert all(c.sentence.text == answer[c.sentence.start : c.sentence.end] for c in report.claims)


_ROWS = [
    {"region": "North America", "revenue": 4_820_000, "cost": 1_200_000},
    {"region": "Europe", "revenue": 3_150_000, "cost": 1_294_000},
]


@pytest.mark.parametrize(
    ("answer", "ok", "status"),
    [
        # LaTeX math around a figure and its scale word: read as check reads it
        ("North America's revenue was \\(\\$4.82\\) million.", True, "supported_exact"),
        ("North America's revenue was \\(\\$3.15\\) million.", False, "wrong_row"),
        ("Europe's cost was $1.294$ million.", True, "supported_exact"),
        ("Europe's cost was $1.2$ million.", False, "wrong_row"),
        # bold under a "Final answer" heading
        ("### Final answer\nEurope brought in **$3.15M**.", True, "supported_exact"),
        ("### Final answer\nEurope brought in **$4.82M**.", False, "wrong_row"),
    ],
)
def test_trace_reads_through_markup(answer: str, ok: bool, status: str) -> None:
    """``trace`` reads an answer through its markup as ``check`` does, and reports each claim
    at its place in the answer as written."""
    report = crossfoot.trace(answer, _ROWS)
    assert report.ok is ok, report.explain()
    assert [c.status for c in report.claims] == [status], report.explain()
    assert report.text == answer
    for c in report.claims:
        assert answer[slice(*c.span)] == c.text
