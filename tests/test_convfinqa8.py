"""The false-alarm classes of the eighth convfinqa pass (issue 14, convfinqa8), end to end through
:func:`crossfoot.check`, each case's table written in every format of ``corpora.render`` (a case
of prose only runs once).

``tests/vectors/convfinqa8.json``: for each class a sentence crossfoot should pass and its failing
twin (fictional data, in shapes of our own: a ratio of two gaps or two changes, the relative
change of a gap over a roll-forward). A case whose ``xfail`` names a class measured and dropped
runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from corpora.render import FORMATS
from crossfoot.language.asked import read_question
from grid_vectors import assert_both_twins, check_claims, params, sources

_VECTORS = Path(__file__).parent / "vectors" / "convfinqa8.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


@pytest.mark.parametrize(("case", "fmt"), params(CASES, FORMATS))
def test_vector(case: dict[str, Any], fmt: str) -> None:
    check_claims(case, fmt, sources(case, fmt))


def test_every_class_has_both_twins() -> None:
    assert_both_twins(CASES)


@pytest.mark.parametrize(
    ("question", "years"),
    [
        # a list of years names those years; "and" is no span
        ("what was the total selling expense in 2025, 2024 and 2022?", {2025, 2024, 2022}),
        ("what were sales in 2019 and 2017?", {2019, 2017}),
        # spans: "between ... and", "to", a dash
        ("what was the change between 2019 and 2022?", {2019, 2020, 2021, 2022}),
        ("what was the average between fiscal 2019 and 2021?", {2019, 2020, 2021}),
        ("what was the total from 2017 to 2019?", {2017, 2018, 2019}),
        ("what was the 2017-2019 average?", {2017, 2018, 2019}),
    ],
)
def test_years_of_a_list_are_no_span(question: str, years: set[int]) -> None:
    assert set(read_question(question).years) == years
