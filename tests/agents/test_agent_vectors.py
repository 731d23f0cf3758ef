"""Run the agent conformance vectors in ``tests/vectors/agents*.json``.

Each case is a scripted run: a list of events fed to one :class:`RunMonitor`, with the expected
decision after each call and the expected report at the end. The format::

    {"name": "...", "policy": {...}, "tools": [...], "events": [
        {"system" | "user" | "assistant": "text"},
        {"call": "tool", "args": {...}, "id": "c1",
         "expect": "warn", "unsourced": ["tool.arg"], "findings": ["unsourced"],
         "found": ["tool.arg"], "source": {"tool.arg": "user@1"}, "reason": "part of the reason"},
        {"result": "tool", "output": ..., "id": "c1"}],
     "report": {"ok": false, "blocked": false, "unsourced": [...], "findings": [...],
                "refused": [steps of the calls whose result was an error]}}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossfoot.agents import AgentPolicy, RunMonitor

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def _cases() -> list[Any]:
    out = []
    for path in sorted(VECTORS.glob("agents*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            marks = []
            if case.get("xfail"):
                marks.append(pytest.mark.xfail(strict=True, reason=case["xfail"]))
            out.append(pytest.param(case, id=f"{path.stem}:{case['name']}", marks=marks))
    return out


def run_case(case: dict[str, Any]) -> None:
    policy = AgentPolicy.from_dict(case["policy"]) if "policy" in case else None
    monitor = RunMonitor(policy, tools=case.get("tools"))
    for i, event in enumerate(case["events"]):
        where = f"{case['name']} event {i}"
        if "system" in event:
            monitor.system(event["system"])
        elif "user" in event:
            monitor.user(event["user"])
        elif "assistant" in event:
            monitor.assistant(event["assistant"])
        elif "result" in event:
            monitor.tool_result(event["result"], event.get("output"), call_id=event.get("id"))
        elif "call" in event:
            d = monitor.before_call(event["call"], event.get("args", {}), call_id=event.get("id"))
            unsourced = sorted({c.where for c in d.checks if not c.found})
            found = sorted({c.where for c in d.checks if c.found})
            detail = f"{where}: {d.action} {d.reason()!r} checks={d.checks}"
            if "expect" in event:
                assert d.action == event["expect"], detail
            if "unsourced" in event:
                assert unsourced == sorted(event["unsourced"]), detail
            if "found" in event:
                assert set(event["found"]) <= set(found), detail
            if "findings" in event:
                assert sorted({f.type for f in d.findings}) == sorted(event["findings"]), detail
            if "reason" in event:
                assert event["reason"] in d.reason(), detail
            for arg, src in event.get("source", {}).items():
                got = [c.source for c in d.checks if c.where == arg]
                assert got and all(src in s for s in got), f"{detail}: source of {arg} {got}"
        else:
            raise AssertionError(f"{where}: unknown event {event}")
    report = monitor.report()
    expected = case.get("report", {})
    text = report.explain()
    if "ok" in expected:
        assert report.ok is expected["ok"], text
    if "blocked" in expected:
        assert report.blocked is expected["blocked"], text
    if "unsourced" in expected:
        assert report.unsourced == expected["unsourced"], text
    if "findings" in expected:
        assert sorted({f.type for f in report.findings}) == sorted(expected["findings"]), text
    if "refused" in expected:
        assert list(report.refused) == expected["refused"], text
    json.dumps(report.to_dict())  # always serialisable


@pytest.mark.parametrize("case", _cases())
def test_vector(case: dict[str, Any]) -> None:
    run_case(case)


def test_vectors_exist() -> None:
    assert len(_cases()) >= 40
