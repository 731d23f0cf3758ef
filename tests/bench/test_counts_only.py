"""The counts-only views of the validation half print no word of an item (round12.md).

``flags37_counts.template`` cuts a claim's message to its frame before it is counted: a label the
message quotes, capitalizes or writes in lower case alike must not reach the table.
"""

from __future__ import annotations

import pytest

from flags37_counts import template

_ITEM_WORDS = {"countries", "north", "america", "revenue", "cost", "2019", "goodwill"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "the question asks about all countries; this figure comes from north america,"
            " and the table totals them in total",
            "the question asks about all; this figure comes from",
        ),
        (
            "the question names 'Revenue'; this figure comes from Cost / 2019",
            "the question names; this figure comes from",
        ),
        (
            "the question asks for the change; this figure is of goodwill only",
            "the question asks for the change; this figure is of",
        ),
        (
            "the question asks for an average; this figure is one value",
            "the question asks for an average; this figure is one value",
        ),
    ],
)
def test_template_keeps_the_frame_only(message: str, expected: str) -> None:
    got = template(message)
    assert got == expected
    assert not {w.strip(",.'") for w in got.replace(";", " ").lower().split()} & _ITEM_WORDS
