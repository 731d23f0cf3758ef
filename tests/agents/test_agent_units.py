"""Unit tests for the pieces under the monitor: dates, argument values, the store, the report."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot.agents as agents
from crossfoot.agents import Decision, RunMonitor, RunReport
from crossfoot.agents._context import ContextStore, num_key
from crossfoot.agents._dates import find_dates, find_reference_date, parse_date
from crossfoot.agents._values import classify, parse_amount, walk_args

REF = date(2024, 5, 15)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-06-30", date(2024, 6, 30)),
        ("2024-06-30T09:00:00Z", date(2024, 6, 30)),
        ("2024-06-30 15:00:00 EST", date(2024, 6, 30)),
        ("June 30, 2024", date(2024, 6, 30)),
        ("Jun 30th 2024", date(2024, 6, 30)),
        ("30 June 2024", date(2024, 6, 30)),
        ("30th of June, 2024", date(2024, 6, 30)),
        ("06/30/2024", date(2024, 6, 30)),
        ("30/06/2024", date(2024, 6, 30)),
        ("30.06.2024", date(2024, 6, 30)),
        ("2024/06/30", date(2024, 6, 30)),
        ("tomorrow", date(2024, 5, 16)),
        ("in 3 days", date(2024, 5, 18)),
        ("yesterday", date(2024, 5, 14)),
        ("2024-02-30", None),
        ("June 30", None),  # yearless: not a whole date
        ("order 2024-06-30", None),
        ("ORD-2024", None),
    ],
)
def test_parse_date(text: str, expected: date | None) -> None:
    assert parse_date(text, REF) == expected


def test_relative_words_need_a_reference() -> None:
    assert parse_date("tomorrow") is None


def test_find_dates_in_text() -> None:
    days, yearless = find_dates("Out 2024-07-01, back July 6 or 7 August 2024; ref 12/31/2024")
    assert {date.fromordinal(d) for d in days} == {
        date(2024, 7, 1),
        date(2024, 8, 7),
        date(2024, 12, 31),
    }
    assert yearless == {(7, 6)}


def test_reference_date_from_a_prompt() -> None:
    assert find_reference_date("Note: the current time is 2024-05-15 15:00:00 EST.") == REF
    assert find_reference_date("Today is June 3, 2024.") == date(2024, 6, 3)
    assert find_reference_date("No date here.") is None


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("$1,200.00", "1200", "amount"),
        ("1200", "1200", "count"),
        ("-49.99", "49.99", "amount"),
        ("12%", "12", "percent"),
        ("EUR 30", "30", "amount"),
        ("30 dollars", "30", "amount"),
        ("1.234,56", None, None),
        ("12 apples", None, None),
    ],
)
def test_parse_amount(text: str, value: str | None, kind: str | None) -> None:
    got = parse_amount(text)
    if value is None:
        assert got is None
    else:
        assert got is not None and got[0] == Decimal(value) and got[1] == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("ORD-88213", "id"),
        ("mia_li_3668", "id"),
        ("a.b@mail.example", "email"),
        ("https://x.example/a", "url"),
        ("2024-06-30", "date"),
        ("June 30, 2024", "date"),
        ("49.99", "amount"),
        ("+1 (555) 010-4477", "phone"),
        ("GB33 BUKB 2020 1555 5555 55", "id"),
        ("SW1A 1AA", "postcode"),
        ("Priya", "text"),
        ("15%", "percent"),
    ],
)
def test_classify_kinds(text: str, kind: str) -> None:
    values = classify("t.arg", text)
    assert [v.kind for v in values] == [kind]


def test_walk_paths_and_checked_flags() -> None:
    values, notes, lengths = walk_args(
        "book", {"pax": [{"dob": "1990-04-02"}, {"dob": "1992-11-19"}], "n": 3, "ok": True}
    )
    assert [v.path for v in values] == ["book.pax[0].dob", "book.pax[1].dob", "book.n"]
    assert [v.checked for v in values] == [True, True, False]  # 3 is a small count
    assert notes == [] and lengths == [2]


def test_num_key_canonical() -> None:
    assert num_key("0049.9000") == "49.9" and num_key("0") == "0" and num_key("0.0") == "0"


def test_store_keeps_the_first_source_and_every_channel() -> None:
    s = ContextStore()
    s.add("user", "my id is ZX-4410")
    s.add("tool", '{"id": "ZX-4410"}', tool="lookup")
    hit = s.find_id("zx-4410")
    assert hit is not None and hit.sources == (0,)
    assert hit.channels == frozenset({"user", "tool:lookup"})


# ----------------------------------------------------------------------------- properties
_ids = st.from_regex(r"[A-Z]{2,4}-?[0-9]{4,9}", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(ident=_ids, prose=st.sampled_from(["Use {}.", "id: {}", "({}) thanks", "ref {}, ok"]))
def test_an_id_the_user_wrote_is_found_in_any_case(ident: str, prose: str) -> None:
    m = RunMonitor()
    m.user(prose.format(ident))
    assert m.before_call("t", {"id": ident.lower()}).action == "allow"
    assert m.before_call("t", {"id": ident.upper()}).action == "allow"


@settings(max_examples=60, deadline=None)
@given(
    cents=st.integers(min_value=1100, max_value=10**9),
    form=st.sampled_from(["${:,.2f}", "{:.2f}", "USD {:,.2f}", "{:,.2f} dollars"]),
)
def test_an_amount_in_any_written_form_is_found_and_a_cent_off_is_not(
    cents: int, form: str
) -> None:
    value = Decimal(cents) / 100
    m = RunMonitor()
    m.user("The charge was " + form.format(value) + ".")
    assert m.before_call("pay", {"amount": str(value)}).action == "allow"
    assert m.before_call("pay", {"amount": float(value)}).action == "allow"
    assert m.before_call("pay", {"amount": str(value + Decimal("0.01"))}).action == "warn"


@settings(max_examples=40, deadline=None)
@given(day=st.dates(min_value=date(1990, 1, 1), max_value=date(2040, 12, 31)))
def test_a_date_in_any_written_form_is_found(day: date) -> None:
    for written in (day.isoformat(), day.strftime("%B %d, %Y"), day.strftime("%d %B %Y")):
        m = RunMonitor()
        m.user(f"on {written} please")
        assert m.before_call("t", {"day": day.isoformat()}).action == "allow", written


# ----------------------------------------------------------------------------- report API
def test_decision_and_report_api() -> None:
    m = RunMonitor()
    m.user("Refund ORD-66120 please")
    ok = m.before_call("refund", {"order_id": "ORD-66120"})
    bad = m.before_call("refund", {"order_id": "ORD-66210", "note": "ref XK-99120"})
    assert isinstance(ok, Decision) and ok.allowed and not ok.needs_confirmation
    assert ok.reason() == ""
    assert bad.action == "warn" and bad.allowed
    assert bad.reason() == (
        "refund.order_id=ORD-66210 is not in context; refund.note=XK-99120 is not in context"
    )
    report = m.report()
    assert isinstance(report, RunReport)
    assert not report.ok and not report.blocked
    assert report.unsourced == ["refund.order_id", "refund.note"]
    lines = report.explain().splitlines()
    assert lines[0].startswith("WARN · 2 tool calls · 1/3 values found in context · 2 findings")
    assert any("✗ [3] refund.order_id" in ln and "not in context" in ln for ln in lines)
    d = report.to_dict()
    assert d["ok"] is False and d["tool_calls"] == 2
    assert d["checks"][0] == {
        "step": 2,
        "where": "refund.order_id",
        "value": "ORD-66120",
        "kind": "id",
        "status": "found",
        "source": "user@1 (exact)",
    }
    json.dumps(d)


def test_public_surface_is_pinned() -> None:
    assert set(agents.__all__) == {
        "ACTIONS",
        "FINDING_TYPES",
        "AgentPolicy",
        "Decision",
        "Finding",
        "PolicyError",
        "RunMonitor",
        "RunReport",
        "SchemaError",
        "UnrecognizedMessage",
        "ValueCheck",
        "check_recordings",
        "check_run",
    }


def test_example_agent_guard_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "agent_guard.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "CONFIRM  refund" in out and "BLOCK    send_email" in out
    assert "repeated_call: check_status called 3 times" in out
    assert "ok: False · blocked: True · unsourced: ['refund.order_id']" in out


def test_wrong_source_is_marked_in_explain_and_dict() -> None:
    m = RunMonitor(agents.AgentPolicy.build(source_rules={"send.to": ["user"]}))
    m.tool_result("inbox", "write to pay@elsewhere.example")
    m.before_call("send", {"to": "pay@elsewhere.example"})
    report = m.report()
    assert report.to_dict()["checks"][0]["status"] == "wrong_source"
    assert "✗ [2] send.to" in report.explain()


def test_tool_result_without_a_name_takes_the_call_name() -> None:
    m = RunMonitor(agents.AgentPolicy.build(source_rules={"pay.account": ["tool:payees"]}))
    m.before_call("payees", {}, call_id="c1")
    m.tool_result(None, {"account": "GB12ACME00000077770000"}, call_id="c1")
    d = m.before_call("pay", {"account": "GB12ACME00000077770000"})
    assert d.action == "allow"
    assert d.checks[0].source == "tool:payees@2 (exact)"


def test_report_names_the_calls_a_tool_refused() -> None:
    """An invented payment id the tool answers with an error is still a finding (the agent did
    propose it), and the report says the tool refused that call: a reader of the run tells a
    guessed value the tool caught from one a tool acted on."""
    m = RunMonitor()
    m.user("I'm noor_haddad_3187; charge my card ending in 9921.")
    m.before_call("pay", {"payment_id": "card_9921"}, call_id="p1")
    m.tool_result("pay", "Error: payment method not found", call_id="p1")
    m.before_call("get_customer", {"user_id": "noor_haddad_3187"}, call_id="g1")
    m.tool_result("get_customer", {"wallet": {"card_4410287": {"last4": "9921"}}}, call_id="g1")
    assert m.before_call("pay", {"payment_id": "card_4410287"}, call_id="p2").action == "allow"
    m.tool_result("pay", {"status": "paid"}, call_id="p2")
    # a result of no call the monitor saw is an error of nothing: no step is named
    m.tool_result("pay", "Error: timeout", call_id="p9")
    report = m.report()
    assert report.refused == (2,)
    assert report.unsourced == ["pay.payment_id"] and not report.ok
    assert report.to_dict()["refused"] == [2]
    note = "card_9921 is not in context (the tool refused the call)"
    assert any(ln.endswith(note) for ln in report.explain().splitlines())


def test_report_refused_is_empty_when_every_result_is_data() -> None:
    m = RunMonitor()
    m.user("Pay with card_9921.")
    m.before_call("pay", {"payment_id": "card_9921"}, call_id="p1")
    m.tool_result("pay", {"status": "paid"}, call_id="p1")
    report = m.report()
    assert report.refused == () and report.to_dict()["refused"] == []
    assert "refused" not in report.explain()
