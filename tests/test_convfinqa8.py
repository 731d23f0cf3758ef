"""The eighth convfinqa pass (issue 14, convfinqa8): the years a question names.

Its vectors, ``tests/vectors/convfinqa8.json`` (a ratio of two gaps or two changes, the relative
change of a gap over a roll-forward), run in ``tests/test_grid_vectors.py``.
"""

from __future__ import annotations

import pytest

from crossfoot.language.asked import read_question


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
