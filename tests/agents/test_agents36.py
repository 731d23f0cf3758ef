"""Round 36's agent classes that a vector file cannot hold: a real LangGraph graph streamed with
``stream_mode="updates"`` and replayed by ``check_run``, and a property of the product
quantities a user states (the shapes are in ``tests/vectors/agents36.json`` and
``tests/vectors/transcripts_agents36.json``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.agents import RunMonitor, check_run

_ORDER = '{"order_id": "W4410287", "total": 38.75, "payment_id": "card_7781"}'


def _graph_updates(refund_id: str, modes: Any = "updates") -> list[Any]:
    """The chunks a two-node LangGraph agent streams: the agent node proposes calls (scripted,
    no model), the tools node runs them."""
    langgraph = pytest.importorskip("langgraph.graph")
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

    def agent(state: dict[str, Any]) -> dict[str, Any]:
        done = sum(isinstance(m, ToolMessage) for m in state["messages"])
        if done == 0:
            call = {"name": "get_order", "args": {"order_id": "W4410287"}, "id": "c1"}
        elif done == 1:
            args = {"order_id": refund_id, "amount": 38.75}
            call = {"name": "refund", "args": args, "id": "c2"}
        else:
            return {"messages": [AIMessage(content="Refunded 38.75.")]}
        return {"messages": [AIMessage(content="", tool_calls=[call])]}

    def tools(state: dict[str, Any]) -> dict[str, Any]:
        call = state["messages"][-1].tool_calls[0]
        out = _ORDER if call["name"] == "get_order" else "refunded"
        return {"messages": [ToolMessage(content=out, name=call["name"], tool_call_id=call["id"])]}

    def route(state: dict[str, Any]) -> str:
        return "tools" if state["messages"][-1].tool_calls else langgraph.END

    g = langgraph.StateGraph(langgraph.MessagesState)
    g.add_node("agent", agent)
    g.add_node("tools", tools)
    g.add_edge(langgraph.START, "agent")
    g.add_conditional_edges("agent", route)
    g.add_edge("tools", "agent")
    ask = HumanMessage(content="Refund order W4410287, please. I'm ravi_osei_2041.")
    chunks = list(g.compile().stream({"messages": [ask]}, stream_mode=modes))
    return [("user", ask.content), *chunks]


@pytest.mark.parametrize("modes", ["updates", ["updates", "custom"]])
def test_langgraph_updates_stream_is_a_transcript(modes: Any) -> None:
    right = check_run(_graph_updates("W4410287", modes))
    assert (right.action, right.tool_calls, right.unsourced) == ("allow", 2, []), right.explain()
    wrong = check_run(_graph_updates("W4410278", modes))
    assert (wrong.action, wrong.unsourced) == ("warn", ["refund.order_id"]), wrong.explain()


_SAID = ["{n} x MUG-7710", "{n} of the blue mugs", "{n} units of MUG-7710", "qty {n} of MUG-7710"]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(_SAID), st.booleans())
def test_a_stated_quantity_is_the_one_a_call_may_pass(
    n: int, m: int, said: str, nested: bool
) -> None:
    monitor = RunMonitor()
    monitor.user(f"Please order {said.format(n=n)} for ravi_osei_2041.")
    line = {"sku": "MUG-7710", "quantity": m}
    args = {"user_id": "ravi_osei_2041", **({"items": [line]} if nested else line)}
    decision = monitor.before_call("place_order", args)
    kinds = [f.type for f in decision.findings]
    assert ("unstated_count" in kinds) == (m != n), (said, n, m, decision.reason())
