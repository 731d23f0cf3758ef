"""Transcript vectors (``tests/vectors/transcripts*.json``): literal transcripts of each format
with the verdict ``check_run`` must give, or the error it must raise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossfoot.agents import check_run
from crossfoot.model.errors import UnrecognizedMessage

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def _cases() -> list[Any]:
    out = []
    for path in sorted(VECTORS.glob("transcripts*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            out.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return out


@pytest.mark.parametrize("case", _cases())
def test_transcript_vector(case: dict[str, Any]) -> None:
    kwargs = {"system": case.get("system"), "tools": case.get("tools")}
    if "raises" in case:
        with pytest.raises(UnrecognizedMessage) as info:
            check_run(case["messages"], case.get("policy"), **kwargs)
        assert case["raises"] in str(info.value)
        return
    report = check_run(case["messages"], case.get("policy"), **kwargs)
    want = case["expect"]
    assert report.action == want["action"], report.explain()
    assert report.unsourced == want["unsourced"], report.explain()
    assert report.tool_calls == want["tool_calls"]
    if "refused" in want:  # the steps of the calls whose result was an error
        assert list(report.refused) == want["refused"], report.explain()
