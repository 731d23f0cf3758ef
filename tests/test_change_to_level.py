"""A source sentence that states a change and the level it reached ("rose by $12 million to
$340 million") is read as two values, the change and the level, as an answer's is
(``language.readings.by_to``); end to end in ``tests/vectors/mend9.json``."""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot.rules._prose_change import states_change
from crossfoot.sources.prose import UPPER_END, _prose_values


def _values(text: str) -> dict[Decimal, tuple[str, int | None, bool]]:
    values = _prose_values("S1", text, 0, [])
    return {v.value: (v.label, v.year, states_change(v)) for v in values if v.view != "written"}


@pytest.mark.parametrize(
    ("text", "change", "level", "year"),
    [
        (
            "Net revenue rose by $12.4 million to $341.7 million in 2024.",
            "12400000",
            "341700000",
            2024,
        ),
        (
            "In 2023, selling expenses decreased $63 million to $987 million.",
            "63000000",
            "987000000",
            2023,
        ),
        ("Subscription revenue was up 5% to 7% in 2024.", "5", "7", 2024),
        ("Headcount increased by 1,150 to 14,820.", "1150", "14820", None),
    ],
)
def test_a_change_and_its_level_are_two_values(
    text: str, change: str, level: str, year: int | None
) -> None:
    got = _values(text)
    assert set(got) == {Decimal(change), Decimal(level)}, got
    change_label, change_year, change_stated = got[Decimal(change)]
    level_label, level_year, level_stated = got[Decimal(level)]
    assert change_stated and not level_stated  # the change is a change, the level no change
    # the level's label names the subject as the range's did, and neither is an upper end
    assert level_label.startswith(change_label.split()[0]) and UPPER_END not in level_label
    assert change_year == level_year == year


@pytest.mark.parametrize(
    "text",
    [
        "Buildings are depreciated over useful lives of 20 to 40 years.",
        "Revenue is expected to rise 5 to 7% in 2025.",
        "Costs rose by 5 to 7 percent.",  # the low end borrows the unit: a range
    ],
)
def test_a_range_without_a_change_and_its_level_stays_one(text: str) -> None:
    labels = [label for label, _, _ in _values(text).values()]
    assert len(labels) == 2 and labels[1].endswith(UPPER_END), labels
