"""Properties of round 35's agent classes: identical calls compared canonically, and a zoned
time found as the same instant in any zone (the shapes are in ``tests/vectors/agents35.json``)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.agents import RunMonitor
from crossfoot.agents._calls import canonical


def _random_args(rng: random.Random, depth: int = 0) -> object:
    """A JSON-style value: nested mappings and lists of a few leaves."""
    kind = rng.randrange(5 if depth < 3 else 2)
    if kind == 0:
        return rng.choice([0, 3, -1, True, None, "x", "ORD-1"])
    if kind == 1:
        return rng.choice(["a", "b", 7, 2.5])
    if kind == 2:
        return [_random_args(rng, depth + 1) for _ in range(rng.randrange(3))]
    keys = rng.sample("abcdefgh", rng.randrange(1, 5))
    return {k: _random_args(rng, depth + 1) for k in keys}


def _shuffled(node: object, rng: random.Random) -> object:
    if isinstance(node, dict):
        items = list(node.items())
        rng.shuffle(items)
        return {k: _shuffled(v, rng) for k, v in items}
    if isinstance(node, list):
        return [_shuffled(x, rng) for x in node]
    return node


def test_the_same_arguments_in_any_key_order_are_one_call() -> None:
    rng = random.Random(35)
    for _ in range(200):
        args = {"q": _random_args(rng), "r": _random_args(rng)}
        assert canonical(_shuffled(args, rng)) == canonical(args)
        assert canonical({**args, "zz_extra": 1}) != canonical(args)


_ZONES = [("CET", 60), ("UTC", 0), ("JST", 540), ("UTC+5:30", 330), ("GMT-3", -180)]


@settings(max_examples=30)
@given(
    st.datetimes(datetime(2026, 1, 1), datetime(2027, 12, 31)).map(lambda d: d.replace(second=0)),
    st.sampled_from(_ZONES),
    st.integers(-12, 14),
    st.integers(1, 5),
)
def test_a_zoned_time_is_the_same_instant_in_any_zone(
    local: datetime, zone: tuple[str, int], arg_hours: int, off_by: int
) -> None:
    name, offset = zone
    local = local.replace(minute=local.minute // 5 * 5)
    if local.strftime("%H:%M") == "00:00":  # midnight marks a whole day
        local += timedelta(minutes=5)
    instant = local.replace(tzinfo=timezone(timedelta(minutes=offset)))
    shown = instant.astimezone(timezone(timedelta(hours=arg_hours)))
    m = RunMonitor()
    m.user(f"Book the call on {local:%Y-%m-%d} at {local:%H:%M} {name}.")
    d = m.before_call("book", {"start": shown.isoformat()})
    assert d.action == "allow", d.reason()
    # The same clock hours away is another instant: reported.
    moved = (shown + timedelta(hours=off_by)).isoformat()
    if (shown + timedelta(hours=off_by)).strftime("%H:%M") not in ("00:00", "23:59"):
        assert m.before_call("book", {"start": moved}).action == "warn", moved
