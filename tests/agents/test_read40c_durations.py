"""read40c: a name's last word "min", "m" or "s" is a unit of time only when nothing else in the
name says what the number is (``agents._durations.name_unit``). "price_min" is a minimum price,
"area_m" metres: after "2 hours" their 120 and 7200 are no span of time (closed by read40b: a
short unit after a quantity that is no time ends a bound; "m" ends no duration name)."""

from __future__ import annotations

import pytest

from crossfoot.agents import RunMonitor

_USER = "Find me a quiet room for 2 hours this afternoon."


def _action(args: dict[str, object]) -> str:
    monitor = RunMonitor()
    monitor.user(_USER)
    return monitor.before_call("search_rooms", args).action


@pytest.mark.parametrize("args", [{"duration_min": 120}, {"length_s": 7200}, {"hold_h": 2}])
def test_a_span_in_the_unit_its_name_ends_in(args: dict[str, object]) -> None:
    assert _action(args) == "allow"


@pytest.mark.parametrize("args", [{"price_min": 120}, {"budget_min": 120}, {"area_m": 120}])
def test_a_minimum_or_a_length_is_no_span(args: dict[str, object]) -> None:
    assert _action(args) == "warn"
