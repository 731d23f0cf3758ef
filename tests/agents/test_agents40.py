"""Round 40's agent classes as properties: a span of time found in the unit an argument's name
states (``agents._durations``), and a number written only as a percentage that is no operand of
a sum (``agents._percent_only``). The shapes are in ``tests/vectors/agents40.json``."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.agents import RunMonitor

_UNITS = {"seconds": 1, "minutes": 60, "hours": 3600}


def _action(user: str, args: dict[str, object]) -> str:
    monitor = RunMonitor()
    monitor.user(user)
    return monitor.before_call("schedule", args).action


@settings(max_examples=40, deadline=None)
@given(
    halves=st.integers(min_value=3, max_value=47),  # 1.5 to 23.5 hours, in halves
    said=st.sampled_from(sorted(_UNITS)),
    asked=st.sampled_from(sorted(_UNITS)),
    off=st.integers(min_value=1, max_value=9),
)
def test_a_span_is_found_in_any_unit_and_only_the_same_span(
    halves: int, said: str, asked: str, off: int
) -> None:
    seconds = Decimal(halves) * 1800
    written = seconds / _UNITS[said]
    value = seconds / _UNITS[asked]
    if said == asked or value <= 10 or written != written.to_integral_value():
        return  # the same unit is found as written; small counts are not checked
    user = f"Hold the slot for {int(written)} {said}, please."
    good = int(value) if value == value.to_integral_value() else float(value)
    assert _action(user, {f"duration_{asked}": good}) == "allow"
    assert _action(user, {f"duration_{asked}": good + off}) == "warn"


@settings(max_examples=30, deadline=None)
@given(
    bill=st.integers(min_value=20, max_value=900),
    pct=st.sampled_from([10, 12, 15, 18, 20, 25]),
)
def test_a_percentage_is_no_operand_of_a_sum(bill: int, pct: int) -> None:
    user = f"My bill was ${bill}, please add a {pct}% tip and pay it."
    with_tip = Decimal(bill) * (100 + pct) / 100
    assert _action(user, {"amount": float(with_tip)}) == "allow"
    if bill + pct != with_tip and bill + pct != bill * (100 - pct) / 100:
        assert _action(user, {"amount": bill + pct}) == "warn"
