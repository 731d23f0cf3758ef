"""read38a: a figure worded as a group's mean or a column's median, in each case its word is
written ("Mean", "MEDIAN", "averaging"): the gates before the readings are case-blind as the
readings are (rules.group_mean_called, rules.median_called). Both twins."""

from __future__ import annotations

import pytest

import crossfoot
from rep_rows import RECORDS


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Mean deals in AMER were 8.", "derived"),
        ("Mean deals in AMER were 9.", "contradicted"),  # Dee's cell
        ("AMER reps were averaging 8 deals.", "derived"),
        ("AMER reps were averaging 9 deals.", "contradicted"),
        ("MEDIAN deals: 10.", "derived"),
        ("MEDIAN deals: 12.", "contradicted"),  # Ana's cell
    ],
)
def test_a_mean_or_median_word_in_any_case(answer: str, status: str) -> None:
    report = crossfoot.trace(answer, RECORDS)
    assert [c.status for c in report.claims] == [status], report.explain()
