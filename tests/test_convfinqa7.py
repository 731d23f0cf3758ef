"""The seventh convfinqa pass (issue 14, convfinqa7): how prose pairs figures with years.

Its vectors, ``tests/vectors/convfinqa7.json`` (figures listed before or after their years,
balances as of two year ends, tokenized dates, "A less B"), run in ``tests/test_grid_vectors.py``.
"""

from __future__ import annotations

import pytest

from crossfoot.numbers.extract import extract
from crossfoot.sources.prose import _prose_years


def _years(text: str) -> dict[str, int]:
    mentions = extract(text)
    return {mentions[i].text: y for i, y in _prose_years(text, mentions).items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # figures first, years after
        (
            "Rent was $412 million, $388 million and $365 million for 2024, 2023 and 2022, "
            "respectively.",
            {"$412 million": 2024, "$388 million": 2023, "$365 million": 2022},
        ),
        # years first, figures after
        (
            "As of December 31, 2025 and 2024, the liabilities were $21.3 million and "
            "$18.1 million, respectively.",
            {"$21.3 million": 2025, "$18.1 million": 2024},
        ),
        # two lists of figures over one list of years
        (
            "Sales were 1,240 and 1,180 units and margins 12% and 11% in 2023 and 2022, "
            "respectively.",
            {"1,240": 2023, "1,180": 2022, "12%": 2023, "11%": 2022},
        ),
        # as many figures as no list of years: no pairing
        ("Fees were $3 million, $4 million and $5 million in 2023 and 2022, respectively.", {}),
        # two lists of years of the same length: which one is meant is unknown
        (
            "From 2019 and 2020 to 2021 and 2022, the rates were 4.1% and 4.6%, respectively.",
            {},
        ),
        # a tokenized date after the figure
        (
            "total debt was $ 41.5 billion at december 31 , 2016 , and $ 43.0 billion at "
            "december 31 , 2015 .",
            {"$ 41.5 billion": 2016, "$ 43.0 billion": 2015},
        ),
    ],
)
def test_prose_years_pair_respectively_lists(text: str, expected: dict[str, int]) -> None:
    assert _years(text) == expected
