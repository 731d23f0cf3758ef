"""read36b's twins: a LangGraph update holding an array, a call's zone at a time its clocks skip
or repeat."""

from __future__ import annotations

import pytest

from crossfoot.agents import check_run
from crossfoot.agents._call_zone import with_call_zone
from crossfoot.agents._values import walk_args


def test_update_with_an_array_is_read() -> None:
    np = pytest.importorskip("numpy")
    chunks = [
        {"agent": {"messages": [{"role": "user", "content": "Refund order W-1"}]}},
        {"score": {"messages": [{"role": "assistant", "content": "ok"}], "v": np.array([1.5, 2])}},
    ]
    report = check_run(chunks)
    assert report.findings == ()


def test_update_empty_values_are_dropped() -> None:
    chunks = [
        {"agent": {"messages": [{"role": "user", "content": "Refund order W-1"}]}},
        {"node": {"messages": [], "docs": [], "note": "", "extra": {}}},
    ]
    assert check_run(chunks).findings == ()


def _zoned(start: str) -> str:
    values = walk_args("f", {"start": start, "timezone": "America/New_York"})[0]
    (date,) = [v.raw for v in with_call_zone(values) if v.kind == "date"]
    return str(date)


@pytest.mark.parametrize(
    "start",
    ["2026-11-01T01:30:00", "2026-03-08T02:30:00"],  # repeated (EDT or EST), skipped (none)
)
def test_call_zone_leaves_a_repeated_or_skipped_time(start: str) -> None:
    pytest.importorskip("zoneinfo")
    try:
        from zoneinfo import ZoneInfo

        ZoneInfo("America/New_York")
    except Exception:  # no tz database here: the fallback reads no offset on a change day
        pytest.skip("no tz database")
    assert _zoned(start) == start


@pytest.mark.parametrize(
    ("start", "zoned"),
    [
        ("2026-11-01T15:00:00", "2026-11-01T15:00:00-05:00"),  # the change day, after it
        ("2026-03-08T01:30:00", "2026-03-08T01:30:00-05:00"),  # before the skipped hour
        ("2026-07-01T09:00:00", "2026-07-01T09:00:00-04:00"),
    ],
)
def test_call_zone_writes_an_unambiguous_time(start: str, zoned: str) -> None:
    assert _zoned(start) == zoned


@pytest.mark.parametrize("name", ["stated_counts", "stated_quantities"])
def test_user_words_memo_keeps_no_long_message(name: str) -> None:
    """The memo of a user message's counts is keyed by the characters read, so a megabyte
    message is not held after its run."""
    import sys

    from crossfoot.agents import _counts, _quantities

    read = getattr(_counts if name == "stated_counts" else _quantities, name)
    big = "Book 2 rooms for 3 passengers. " + "x" * 1_000_000 + str(id(read))
    before = sys.getrefcount(big)
    read(big)
    assert sys.getrefcount(big) == before


@pytest.mark.parametrize(
    ("said", "qty", "warns"),
    [
        ("In 2 cases the parcel arrived late. Please reorder the blue mug.", 1, False),
        ("Ship the blue mugs in 3 boxes, please.", 1, False),
        ("Please reorder 2 cases of the blue mug.", 1, True),  # twin: a quantity of cases
        ("Please send 4 units of the blue mug.", 3, True),
    ],
)
def test_units_after_in_are_no_quantity(said: str, qty: int, warns: bool) -> None:
    from crossfoot.agents._quantities import quantity_messages, stated_quantities

    got = quantity_messages(stated_quantities(said), {"sku": "MUG-BLUE", "quantity": qty})
    assert bool(got) is warns


def test_quantity_finding_names_the_value_as_its_check_does() -> None:
    """unstated_count on a list's record names it ``items[1].quantity``, the path of the call's
    value check and of an ignore glob, not ``items.quantity`` for every record."""
    from crossfoot.agents import AgentPolicy, RunMonitor

    args = {"items": [{"sku": "SKU-123", "quantity": 3}, {"sku": "SKU-9", "quantity": 2}]}
    said = "I'd like 3 x SKU-123 and 1 x SKU-9."
    mon = RunMonitor()
    mon.user(said)
    found = mon.before_call("place_order", args).findings
    assert [f.where for f in found if f.type == "unstated_count"] == [
        "place_order.items[1].quantity"
    ]
    quiet = RunMonitor(AgentPolicy(ignore=("place_order.items[[]1[]].quantity",)))  # (fnmatch)
    quiet.user(said)
    found = quiet.before_call("place_order", args).findings
    assert not [f for f in found if f.type == "unstated_count"]


def test_updates_nested_deep_raise_a_clear_error() -> None:
    from crossfoot import CrossfootError

    msg: object = {"role": "user", "content": "hi"}
    for _ in range(3000):
        msg = ("updates", {"n": {"messages": [msg]}})
    with pytest.raises(CrossfootError, match="nested"):
        check_run([msg])
