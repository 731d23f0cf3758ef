"""Direct matches of prose values: the change's direction must agree with the source's."""

from __future__ import annotations

from crossfoot import check

SOURCES = [
    "Cost of revenue: The $29.3 million increase in our cost of revenue was due to hosting. "
    "Revenue was $120.5 million."
]


def test_opposite_direction_of_a_stated_change_is_contradicted() -> None:
    claim = check("Cost of revenue decreased by $29.3 million.", SOURCES).claims[0]
    assert claim.status == "contradicted"
    assert claim.evidence is not None and "the source an increase" in claim.evidence.note


def test_same_direction_and_levels_pass() -> None:
    assert check("Cost of revenue increased by $29.3 million.", SOURCES).claims[0].passed
    # A level the source states without direction words is not compared.
    assert check("Revenue fell to $120.5 million.", SOURCES).claims[0].passed
