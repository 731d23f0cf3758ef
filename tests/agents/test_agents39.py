"""Round 39's agent classes a vector file cannot hold: every reader of days reads one set of count
words (``agents._count_words``), and a value of one argument is one finding however many readings
find it (a ZIP code in an address line). The shapes are in ``tests/vectors/agents39.json``."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from crossfoot.agents import RunMonitor
from crossfoot.agents._count_words import COUNT_WORDS
from crossfoot.agents._dates import parse_date
from crossfoot.agents._ingest import day_shifts
from crossfoot.agents._periods import period_bounds
from crossfoot.agents._spans import forward_spans

_REF = date(2027, 4, 20)


@pytest.mark.parametrize("word", sorted(COUNT_WORDS))
def test_every_reader_of_days_reads_the_same_count_words(word: str) -> None:
    n = COUNT_WORDS[word]
    unit = "day" if n == 1 else "days"
    assert parse_date(f"in {word} {unit}", _REF) == _REF + timedelta(days=n)
    ((first, last, _),) = forward_spans(f"within {word} {unit}", _REF)
    assert (first, last) == (_REF.toordinal(), (_REF + timedelta(days=n)).toordinal())
    assert day_shifts(f"{word} {unit} later") == [n]
    if n > 1:  # "the past 15 days": a plural count only
        start = (_REF - timedelta(days=n)).toordinal()
        assert start in period_bounds(f"the past {word} days", _REF)


@pytest.mark.parametrize(
    ("address", "findings"),
    [
        ("12 Main St, Springfield, IL 62705", 1),  # the ZIP: a number and an address number
        ("12 Main St, Springfield, IL 62704", 0),
        ("13 Main St, Springfield, IL 62705", 2),  # two wrong values: two findings
    ],
)
def test_a_value_of_one_argument_is_one_finding(address: str, findings: int) -> None:
    monitor = RunMonitor()
    monitor.user("Please ship order W4410287 to 12 Main St, Springfield, IL 62704.")
    decision = monitor.before_call("ship", {"order_id": "W4410287", "address": address})
    assert len(decision.findings) == findings
    assert len(monitor.report().findings) == findings
