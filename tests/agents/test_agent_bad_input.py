"""Bad input never crashes the monitor and never passes silently: it becomes a finding or a clear
error naming what was wrong."""

from __future__ import annotations

import json
import time
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.agents import AgentPolicy, PolicyError, RunMonitor, SchemaError
from crossfoot.model.errors import CrossfootError


def _types(decision: object) -> set[str]:
    return {f.type for f in decision.findings}  # type: ignore[attr-defined]


def test_huge_tool_result_is_indexed_in_part_and_reported() -> None:
    m = RunMonitor()
    head = '{"order_id": "ORD-10001", "total": 57.25}\n'
    filler = "x" * 1000 + "\n"
    tail = '{"order_id": "ORD-99999"}'
    big = head + filler * 50_000 + tail  # about 50 MB
    t0 = time.perf_counter()
    m.tool_result("export", big)
    assert time.perf_counter() - t0 < 10  # never hangs; typically well under a second
    assert m.before_call("refund", {"order_id": "ORD-10001", "amount": 57.25}).action == "allow"
    # The tail lies beyond the index cap: it is not vouched for, and the report says why.
    assert m.before_call("refund", {"order_id": "ORD-99999"}).action == "warn"
    report = m.report()
    truncated = [f for f in report.findings if f.type == "context_truncated"]
    assert len(truncated) == 1 and "only the first 1,000,000" in truncated[0].message
    assert truncated[0].severity == "info"
    assert "context_truncated" in report.explain()


def test_index_cap_is_a_policy_option() -> None:
    m = RunMonitor(AgentPolicy.build(max_index_chars=100))
    m.tool_result("t", "a" * 200 + " ORD-12345")
    assert m.before_call("x", {"id": "ORD-12345"}).action == "warn"


def test_deeply_nested_arguments_are_a_finding() -> None:
    args: dict[str, object] = {"v": "ORD-1"}
    for _ in range(200):
        args = {"n": args}
    d = RunMonitor().before_call("deep", args)
    assert "args_too_deep" in _types(d)
    assert d.action == "warn"


def test_binary_argument_is_a_finding() -> None:
    d = RunMonitor().before_call("upload", {"blob": b"\x00\x01\x02", "name": "x"})
    assert "binary_arg" in _types(d)


def test_binary_tool_result_is_reported_not_indexed() -> None:
    m = RunMonitor()
    m.tool_result("download", b"\xff\xfe\x00\x00ORD-55555\x00")
    assert m.before_call("x", {"id": "ORD-55555"}).action == "warn"
    assert any(f.type == "binary_input" for f in m.report().findings)


def test_utf8_bytes_tool_result_is_read() -> None:
    m = RunMonitor()
    m.tool_result("download", "order ORD-55555 ✓".encode())
    assert m.before_call("x", {"id": "ORD-55555"}).action == "allow"


def test_non_json_argument_values_are_read_as_text() -> None:
    class Ref:
        def __str__(self) -> str:
            return "REF-7731"

    m = RunMonitor()
    m.user("ref REF-7731")
    d = m.before_call("x", {"ref": Ref(), "tags": {"b", "a"}, "t": (1, 2)})
    assert d.action == "allow"
    assert "unserialisable_arg" in _types(d)
    json.dumps(m.report().to_dict())


def test_nan_and_infinity_are_findings() -> None:
    d = RunMonitor().before_call("x", {"a": float("nan"), "b": Decimal("Infinity")})
    assert [f.type for f in d.findings] == ["unserialisable_arg", "unserialisable_arg"]


def test_huge_argument_string_is_checked_in_part() -> None:
    m = RunMonitor()
    m.user("ticket TK-4410")
    d = m.before_call("note", {"body": "ticket TK-4410 " + "word " * 50_000})
    assert "arg_truncated" in _types(d)
    assert d.action == "allow"  # info findings do not change a decision


def test_circular_arguments_do_not_crash() -> None:
    args: dict[str, object] = {"id": "ORD-1"}
    args["self"] = args
    d = RunMonitor().before_call("x", args)
    assert "args_too_deep" in _types(d)


def test_arguments_of_the_wrong_type() -> None:
    d = RunMonitor().before_call("x", ["ORD-77120"])
    assert "bad_args" in _types(d) and d.action == "warn"
    assert RunMonitor().before_call("x", None).action == "allow"


def test_unknown_policy_option_names_it() -> None:
    with pytest.raises(PolicyError, match=r"unknown option.*block_unsorced"):
        AgentPolicy.from_dict({"block_unsorced": ["refund.*"]})


def test_bad_channel_names_rule_and_channel() -> None:
    with pytest.raises(PolicyError, match=r"source_rules\['send.to'\]: unknown channel 'users'"):
        AgentPolicy.build(source_rules={"send.to": ["users"]})


def test_bad_action_and_limits() -> None:
    with pytest.raises(PolicyError, match="budget_action"):
        AgentPolicy.build(budget_action="stop")
    with pytest.raises(PolicyError, match="max_repeats"):
        AgentPolicy.build(max_repeats=0)
    with pytest.raises(PolicyError, match="reference_date"):
        AgentPolicy.build(reference_date="yesterday")
    with pytest.raises(PolicyError, match="expected a JSON object"):
        AgentPolicy.from_dict(["block"])  # type: ignore[arg-type]


def test_policy_errors_are_crossfoot_errors() -> None:
    assert issubclass(PolicyError, CrossfootError) and issubclass(SchemaError, CrossfootError)


def test_bad_tool_schemas_name_the_tool() -> None:
    with pytest.raises(SchemaError, match=r"tools\[1\]: expected a 'name'"):
        RunMonitor(tools=[{"name": "ok"}, {"function": {"description": "no name"}}])
    with pytest.raises(SchemaError, match=r"tools\[0\]: expected a tool object"):
        RunMonitor(tools=["search"])


def test_policy_round_trips_through_json() -> None:
    p = AgentPolicy.build(
        block_unsourced=["refund.*"],
        source_rules={"send.to": ["user", "tool:contacts"]},
        pure_tools=["calc"],
        constants=["USD"],
        max_tool_calls=40,
        reference_date="2024-05-15",
    )
    again = AgentPolicy.from_dict(json.loads(json.dumps(p.to_dict())))
    assert again == p


def test_monitor_accepts_a_policy_dict() -> None:
    m = RunMonitor({"block_unsourced": ["pay.*"]})  # type: ignore[arg-type]
    assert m.before_call("pay", {"amount": 5000}).action == "block"
    with pytest.raises(TypeError, match="policy: expected an AgentPolicy"):
        RunMonitor("strict")  # type: ignore[arg-type]


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(context=_json, args=_json, prose=st.text(max_size=200))
def test_any_json_never_crashes(context: object, args: object, prose: str) -> None:
    m = RunMonitor(AgentPolicy.build(source_rules={"t.*": ["user"]}, pure_tools=["calc"]))
    m.user(prose)
    m.assistant(prose)
    m.tool_result("t", context)
    for tool in ("t", "calc"):
        d = m.before_call(tool, args)
        assert d.action in ("allow", "warn", "confirm", "block")
    json.dumps(m.report().to_dict())
