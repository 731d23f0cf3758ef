"""``benchmarks/agent_eval.cf_caught`` counts a warning finding as catching a value only when the
finding names that value at that argument: its message opens with ``<where>=<value>`` ("...=107
was shown under ..."), not a longer value that starts with the same digits, nor the value of
another argument the message names."""

from __future__ import annotations

from types import SimpleNamespace

from agent_eval import cf_caught

_WHERE = "refund.payment_method_id"
_MESSAGE = f"{_WHERE}=credit_card_1234 was shown under user_id=ana_11, not order_id=#W12"


def _report(*findings: tuple[str, str, str]) -> SimpleNamespace:
    return SimpleNamespace(
        checks=[],
        findings=[SimpleNamespace(severity=s, where=w, message=m) for s, w, m in findings],
    )


def test_a_finding_naming_the_value_catches_it() -> None:
    report = _report(("warn", _WHERE, _MESSAGE))
    assert cf_caught(report, _WHERE, "credit_card_1234")
    ends = "book.payment_methods[0].payment_id=gift_card_9: the user named the card ending in 7"
    report = _report(("warn", "book.payment_methods[0].payment_id", ends))
    assert cf_caught(report, "book.payment_methods.payment_id", "gift_card_9")


def test_a_longer_value_or_another_argument_does_not() -> None:
    report = _report(("warn", _WHERE, _MESSAGE))
    assert not cf_caught(report, _WHERE, "credit_card_123")  # a prefix of the finding's value
    assert not cf_caught(report, _WHERE, "ana_11")  # another record's id in the message
    assert not cf_caught(report, _WHERE, "#W12")
    assert not cf_caught(_report(("info", _WHERE, _MESSAGE)), _WHERE, "credit_card_1234")
