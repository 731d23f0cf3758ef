"""Hostile input to the agent monitor (issue 17): no crash, no blow-up, no silent pass.

Each test here reproduces a fault found by trying the monitor as an attacker would; each failed
before its fix. Inputs that used to take exponential or quadratic time run in a subprocess with a
generous time limit: a linear reader finishes them in well under a second, the old readers would
take hours, so the limit separates the two without being a timing measurement (speed figures
are measured by ``benchmarks/agent_speed.py --hostile``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from crossfoot.agents import RunMonitor, UnrecognizedMessage, check_run

SRC = str(Path(__file__).resolve().parents[2] / "src")
LIMIT = 30  # seconds; the fixed readers need well under one


def _finishes(code: str) -> None:
    """Run ``code`` (with ``RunMonitor`` imported) in a fresh interpreter within ``LIMIT``."""
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    script = "from crossfoot.agents import RunMonitor\n" + textwrap.dedent(code)
    try:
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            timeout=LIMIT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish in {LIMIT} s: {code.strip()[:120]}")
    assert done.returncode == 0, done.stderr[-2000:]


# ---------------------------------------------------------------------- time
@pytest.mark.parametrize(
    "text",
    [
        '"Chapter 1" + "." * 60',  # 26 dots took 3.2 s, each 4 more about 15 times as long
        '"Total 1" + "-" * 60',
        '"Call 1" + " (" * 60',
    ],
)
def test_digit_runs_in_a_message_are_linear(text: str) -> None:
    _finishes(f"RunMonitor().user({text})")


@pytest.mark.parametrize(
    "text",
    [
        '"12.5 + " * 200_000',  # 2,000 repeats took 1.3 s
        '"1-" * 500_000',  # 100 KB did not finish in 20 s
        '"1 x " * 200_000 + "= 5"',
    ],
)
def test_written_calculations_in_prose_are_linear(text: str) -> None:
    _finishes(f'm = RunMonitor(); m.tool_result("q", "12.5"); m.assistant({text})')


def test_calculation_in_a_free_text_argument_is_linear() -> None:
    _finishes('RunMonitor().before_call("note", {"text": "1-" * 49_000 + "1 = 0 and more"})')


@pytest.mark.parametrize(
    "text",
    [
        '"a" * 1_000_000 + " @"',  # email reader: no address, a word run a megabyte long
        '"a" * 99_000 + " @"',
        '"x1" * 500_000',
    ],
)
def test_long_word_runs_are_linear(text: str) -> None:
    _finishes(
        f"m = RunMonitor(); t = {text}; m.user(t); m.assistant(t); m.tool_result('r', t)\n"
        "m.before_call('note', {'body': t[:99_000]})"
    )


@pytest.mark.parametrize(
    "code",
    [
        # a quantity's id read from each hyphen of a run: 20 KB took 13 s (agents._quantities)
        'RunMonitor().user(" 3 x " + "a-" * 10_000 + " and SKU-" + "a-" * 10_000 + " x 3")',
        'RunMonitor().user("all times are " * 20_000 + "I\'m in " * 20_000)',
        'RunMonitor().before_call("note", {"text": "1,000," * 16_000 + "1.5 " * 20_000 + "%"})',
        'RunMonitor().before_call("f", {"start": "2026-12-09T15:00:00", "tz": "a/" * 40_000})',
    ],
)
def test_round36_readers_are_linear(code: str) -> None:
    _finishes(code)


@pytest.mark.parametrize(
    "text",
    [
        '"ORD-88213 $1,200.00 2024-06-30 " * 32_000',  # one value a thousand times
        '" ".join(f"${i}.{i % 97:02d}" for i in range(11, 60_000))',  # distinct made-up amounts
    ],
)
def test_prose_with_many_values_is_bounded(text: str) -> None:
    _finishes(
        "m = RunMonitor(); m.tool_result('q', {'prices': list(range(1, 3000))})\n"
        f"m.assistant({text}); r = m.report(); assert r.findings"
    )


def test_a_message_past_the_prose_cap_says_so() -> None:
    m = RunMonitor()
    m.assistant(" ".join(f"ORD-{i}" for i in range(10_000, 16_000)))
    notes = [f for f in m.report().findings if f.type == "context_truncated"]
    assert notes and "5,000 distinct values" in notes[0].message


# ---------------------------------------------------------------------- crashes
def test_a_309_digit_amount_in_prose_does_not_overflow() -> None:
    m = RunMonitor()
    m.user("We paid $" + "9" * 309)
    m.assistant("We paid $" + "9" * 309)
    assert m.before_call("pay", {"amount": 1.5e300}).action == "warn"
    m.tool_result("pay", "ok")
    m.assistant("The total came to $" + "9" * 400 + ".50 in the end")


def test_a_decimal_written_without_its_leading_zero_does_not_crash() -> None:
    m = RunMonitor()
    m.user("I have 2 items at .615 each")
    d = m.before_call("refund", {"amount": 1.23})
    assert d.action == "allow", d.reason()  # 0.615 × 2, the user's own figures
    assert "0.615 × 2" in d.checks[0].source
    assert m.before_call("refund", {"amount": 0.615}).action == "allow"


# ---------------------------------------------------------------------- sign
def test_a_negative_amount_needs_a_negative_source() -> None:
    m = RunMonitor()
    m.user("Refund my last order, please.")
    m.tool_result("get_order", {"order_id": "ORD-55127", "total": 38.75})
    d = m.before_call("refund", {"order_id": "ORD-55127", "amount": -38.75})
    assert d.action == "warn" and "refund.amount=-38.75" in d.reason(), d.reason()
    # The magnitude of a value shown negative is what a refund takes: a positive amount passes.
    m.tool_result("get_balance", {"last_charge": -12.5})
    assert m.before_call("refund", {"amount": 12.5}).action == "allow"
    # A negative amount written negative in the context is found.
    assert m.before_call("adjust", {"delta": "-12.50"}).action == "allow"


def test_a_negative_amount_the_user_wrote_is_found() -> None:
    m = RunMonitor()
    m.user("Please post an adjustment of −75.20 to my account.")
    assert m.before_call("adjust", {"amount": -75.2}).action == "allow"
    assert m.before_call("adjust", {"amount": -75.3}).action == "warn"


# ---------------------------------------------------------------------- transcripts
def _call_then(messages: list[Any]) -> list[str]:
    return check_run(
        [{"role": "user", "content": "Cancel order W1234567, please."}, *messages]
    ).unsourced


def test_gemini_parts_as_a_dict_raise_with_the_path() -> None:
    msg = {"role": "model", "parts": {"functionCall": {"name": "cancel", "args": {"id": "W99"}}}}
    with pytest.raises(UnrecognizedMessage, match=r"message 1: parts"):
        _call_then([msg])


def test_langchain_tool_calls_under_additional_kwargs_are_read() -> None:
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "cancel", "arguments": '{"order_id": "W7654321"}'},
    }
    msg = {"type": "ai", "data": {"content": "", "additional_kwargs": {"tool_calls": [call]}}}
    assert _call_then([msg]) == ["cancel.order_id"]


def test_langchain_invalid_tool_calls_are_read() -> None:
    bad = {"name": "cancel", "args": '{"order_id": "W7654321"', "id": "c1", "error": "bad json"}
    msg = {"type": "ai", "data": {"content": "", "invalid_tool_calls": [bad]}}
    report = check_run([{"role": "user", "content": "Cancel W1234567"}, msg])
    assert any(f.type == "bad_args" for f in report.findings), report.explain()
    assert not report.ok


def test_tool_use_with_arguments_under_another_key_is_read() -> None:
    for key in ("arguments", "args", "parameters"):
        block = {"type": "tool_use", "id": "t1", "name": "cancel", key: {"order_id": "W7654321"}}
        assert _call_then([{"role": "assistant", "content": [block]}]) == ["cancel.order_id"], key


def test_openai_call_with_arguments_under_another_key_is_read() -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "cancel", "args": {"id": "W76"}}}
    assert _call_then([{"role": "assistant", "tool_calls": [call]}]) == ["cancel.id"]


def test_a_call_with_unreadable_keys_raises_with_the_path() -> None:
    block = {"type": "tool_use", "id": "t1", "name": "cancel", "payload": {"order_id": "W76"}}
    with pytest.raises(UnrecognizedMessage, match=r"message 1: content\[0\]"):
        _call_then([{"role": "assistant", "content": [block]}])


def test_calls_under_an_unknown_key_raise() -> None:
    msg = {"role": "assistant", "content": "", "toolCalls": [{"name": "cancel", "args": {}}]}
    with pytest.raises(UnrecognizedMessage, match="toolCalls"):
        _call_then([msg])


def test_empty_call_lists_under_other_keys_are_no_unread_calls() -> None:
    chunk = {"type": "ai", "data": {"content": "Done.", "tool_calls": [], "tool_call_chunks": []}}
    assert check_run([{"role": "user", "content": "hi"}, chunk]).ok


def test_a_call_without_arguments_is_still_a_call() -> None:
    # Gemini omits args for a function without parameters; that is no unread shape.
    msg = {"role": "model", "parts": [{"functionCall": {"name": "list_orders"}}]}
    assert check_run([msg]).tool_calls == 1


def test_sign_helpers_keep_decimal_keys_canonical() -> None:
    from crossfoot.agents._keys import dec_key, num_key

    assert num_key(".615") == "0.615" == dec_key(Decimal("-.615"))


# ---------------------------------------------------------------------- digits of every script
@pytest.mark.parametrize(
    ("typed", "passed"),
    [
        ("my order is ORD-٤٥٦٧٨٩", "ORD-456789"),  # Arabic-Indic digits in the message
        ("order ＯＲＤ－４５６７８９ please", "ORD-456789"),  # fullwidth
        ("my order is ORD-456789", "ORD-۴۵۶۷۸۹"),  # Persian digits in the argument
        ("refund ₹ ४५० on it", "450.00"),  # Devanagari
    ],
)
def test_digits_of_every_script_are_read_with_their_value(typed: str, passed: str) -> None:
    m = RunMonitor()
    m.user(typed)
    d = m.before_call("refund", {"value": passed})
    assert d.action == "allow", d.reason()


def test_a_value_in_another_script_is_still_checked() -> None:
    m = RunMonitor()
    m.user("my order is ORD-٤٥٦٧٨٩")
    assert m.before_call("refund", {"order_id": "ORD-456798"}).action == "warn"
