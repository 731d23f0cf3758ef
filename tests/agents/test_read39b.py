"""Read-through 39b: a count of two words ("twenty-one days later", "in twenty five days") is read
whole by every reader of days (``agents._count_words``), never as its last word ("one days
later": a shift of one day) nor as nothing."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from crossfoot.agents import RunMonitor
from crossfoot.agents._clock_words import spelled_clocks
from crossfoot.agents._count_words import count_value
from crossfoot.agents._dates import parse_date
from crossfoot.agents._ingest import day_shifts
from crossfoot.agents._periods import period_bounds
from crossfoot.agents._spans import forward_spans

_REF = date(2027, 4, 20)


@pytest.mark.parametrize(("words", "n"), [("twenty-one", 21), ("twenty five", 25), ("ninety", 90)])
def test_a_count_of_two_words_is_read_whole(words: str, n: int) -> None:
    assert count_value(words) == n
    assert day_shifts(f"{words} days later") == [n]
    assert day_shifts(f"{words} days earlier") == [-n]
    assert parse_date(f"in {words} days", _REF) == _REF + timedelta(days=n)
    ((first, last, _),) = forward_spans(f"within {words} days", _REF)
    assert (first, last) == (_REF.toordinal(), (_REF + timedelta(days=n)).toordinal())
    assert (_REF - timedelta(days=n)).toordinal() in period_bounds(f"the past {words} days", _REF)


def test_a_tens_word_alone_stays_itself() -> None:
    assert day_shifts("twenty days later, one day after") == [20, 1]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("meet at a quarter after two", "2:15"),
        ("call me at half past ten.", "10:30"),
        ("revenue fell by a quarter after two years", None),  # a share of a count of years
        ("cut the fee by a quarter to 5%", None),
        ("a quarter before five months ago", None),
    ],
)
def test_a_time_in_words_is_no_count_of_a_unit(text: str, said: str | None) -> None:
    out = spelled_clocks(text)
    assert len(out) == len(text)
    assert (said in out) if said else out == text


@pytest.mark.parametrize(
    ("said", "findings"),
    [
        ("Cancel order ORD-1234 5678 and also ORD-12345.", 1),  # "ord-1234" only inside ids
        ("Cancel order ORD-1234 5678 and also ORD-1234-9.", 1),
        ("Cancel order ORD-1234 5678, not ORD-1234 2.", 0),  # written alone once
        ("Cancel order ORD-1234, then ORD-1234 5678.", 0),
    ],
)
def test_a_piece_of_a_grouped_id_is_written_alone_only_as_a_whole_word(
    said: str, findings: int
) -> None:
    monitor = RunMonitor()
    monitor.user(said)
    decision = monitor.before_call("cancel", {"order_id": "ORD-1234"})
    assert len(decision.findings) == findings
