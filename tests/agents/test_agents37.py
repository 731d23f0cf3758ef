"""Round 37's agent classes a vector file cannot hold: a call's zone read without the tz database
(``zoneinfo`` unavailable, as on a system with no tzdata), where ``Etc/GMT+5`` must still be
UTC-5 and a zone that keeps one offset all year (``Asia/Dubai``) its offset. The shapes with the
database are in ``tests/vectors/agents37.json``."""

from __future__ import annotations

import sys

import pytest

from crossfoot.agents import RunMonitor

_ASK = "Book the review for order W4410287 on 2026-12-09 at {when}."


def _start(monkeypatch: pytest.MonkeyPatch, when: str, start: str, zone: str) -> list[str]:
    monkeypatch.setitem(sys.modules, "zoneinfo", None)  # "from zoneinfo import" raises
    monitor = RunMonitor()
    monitor.user(_ASK.format(when=when))
    args = {"order_id": "W4410287", "start": start, "timezone": zone}
    return [c.where for c in monitor.before_call("create_event", args).checks if not c.found]


@pytest.mark.parametrize(
    ("when", "start", "zone", "unsourced"),
    [
        ("3 PM EST", "2026-12-09T15:00:00", "Etc/GMT+5", []),
        ("3 PM EST", "2026-12-09T15:00:00", "Etc/GMT-5", ["create_event.start"]),
        ("20:00 UTC", "2026-12-09T15:00:00", "Etc/GMT+5", []),
        ("10:00 UTC", "2026-12-09T15:00:00", "Etc/GMT+5", ["create_event.start"]),
        ("11:00 UTC", "2026-12-09T15:00:00", "Asia/Dubai", []),
        ("15:00 UTC", "2026-12-09T15:00:00", "Asia/Dubai", ["create_event.start"]),
        ("3 PM UTC", "2026-12-09T20:45:00", "Asia/Kathmandu", []),
        ("3 PM UTC", "2026-12-09T20:00:00", "Asia/Kathmandu", ["create_event.start"]),
    ],
)
def test_a_call_zone_without_the_tz_database(
    monkeypatch: pytest.MonkeyPatch, when: str, start: str, zone: str, unsourced: list[str]
) -> None:
    assert _start(monkeypatch, when, start, zone) == unsourced
