"""Whole recording files: tau2-bench results (with and without environment info), bare lists of
simulations, records and message lists (issue 16: replay with a note, never a crash)."""

from __future__ import annotations

from typing import Any

import pytest

from crossfoot.agents import UnrecognizedMessage, check_recordings
from crossfoot.agents._recordings import read_recordings

POLICY = "You are an airline agent. The current time is 2024-05-15 15:00:00 EST."


def _sim(sim_id: str, date: str, tool: str = "search_flights") -> dict[str, Any]:
    return {
        "id": sim_id,
        "task_id": "3",
        "trial": 0,
        "termination_reason": "user_stop",
        "messages": [
            {"role": "user", "content": "I want to fly to Boston on May 27."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "name": tool,
                        "arguments": {"date": date},
                        "requestor": "assistant",
                    }
                ],
            },
        ],
    }


TOOL_DEFS = {
    "search_flights": {
        "name": "search_flights",
        "short_desc": "Search flights on a day.",
        "params": {"type": "object", "properties": {"date": {"type": "string"}}},
    }
}


def test_a_results_file_uses_its_policy_and_tools() -> None:
    data = {
        "info": {"environment_info": {"policy": POLICY, "tool_defs": TOOL_DEFS}},
        "simulations": [_sim("a", "2024-05-27"), _sim("b", "2025-05-27"), _sim("c", "x", "fly")],
    }
    got = dict(check_recordings(data, name="results.json"))
    ok, wrong_year, unknown = (got[f"results.json, simulation {s}"] for s in "abc")
    # The policy's reference date completes "May 27" as 2024: the other year is unsourced.
    assert ok.ok and not any(f.type == "assumed" for f in ok.findings), ok.explain()
    assert wrong_year.unsourced == ["search_flights.date"]
    assert [f.type for f in unknown.findings] == ["unknown_tool"]


def test_a_bare_list_of_simulations_replays_with_a_note() -> None:
    [(label, report)] = check_recordings([_sim("a", "2031-05-27")], name="sims.json")
    notes = [f for f in report.findings if f.type == "assumed"]
    assert label == "sims.json, simulation a"
    assert notes and "no environment info" in notes[0].message and notes[0].severity == "info"
    # Without the policy there is no reference date: any year completes "May 27".
    assert report.unsourced == []


def test_a_results_file_without_environment_info_says_so() -> None:
    [(_, report)] = check_recordings({"simulations": [_sim("a", "2024-05-27")]})
    assert any(f.type == "assumed" and "no environment info" in f.message for f in report.findings)


def test_tools_given_by_the_caller_win_and_need_no_note() -> None:
    [(_, report)] = check_recordings(
        [_sim("a", "2024-05-27", "fly")], tools=[{"name": "search_flights"}], system=POLICY
    )
    assert [f.type for f in report.findings] == ["unknown_tool"]


@pytest.mark.parametrize(
    ("data", "runs"),
    [
        ([{"role": "user", "content": "hi"}], 1),
        ({"messages": [{"role": "user", "content": "hi"}], "system": POLICY}, 1),
        ([{"traj": [{"role": "user", "content": "hi"}], "task_id": 1}] * 2, 2),
    ],
)
def test_other_shapes_are_read(data: object, runs: int) -> None:
    recs = read_recordings(data, "f.json")
    assert len(recs) == runs and all(not r.notes for r in recs)


@pytest.mark.parametrize(
    "data", [{"runs": []}, 42, {"simulations": [{"id": "s", "turns": []}]}, "text"]
)
def test_an_unreadable_recording_raises_with_its_name(data: object) -> None:
    with pytest.raises(UnrecognizedMessage, match=r"f\.json"):
        check_recordings(data, name="f.json")
