"""``crossfoot run``: exit codes, output and input errors, through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfoot.cli import main

CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "c1",
            "type": "function",
            "function": {"name": "refund", "arguments": '{"order_id": "ORD-88231"}'},
        }
    ],
}
RUN = [{"role": "user", "content": "Refund order ORD-88213"}, CALL]


def _write(tmp_path: Path, name: str, data: object) -> str:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(p)


def test_warn_exits_0_by_default_and_1_with_fail_on_warn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "run.json", RUN)
    assert main(["run", path]) == 0
    assert "refund.order_id" in capsys.readouterr().out
    assert main(["run", path, "--fail-on", "warn"]) == 1


def test_policy_block_exits_1_and_json_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "run.json", RUN)
    policy = _write(tmp_path, "policy.json", {"block_unsourced": ["refund.*"]})
    assert main(["run", path, "--policy", policy, "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["report"]["blocked"] is True and out["ungrounded"] == ["refund.order_id"]


def test_clean_run_exits_0(tmp_path: Path) -> None:
    ok = [{"role": "user", "content": "Refund order ORD-88231"}, CALL]
    assert main(["run", _write(tmp_path, "ok.json", ok), "--fail-on", "warn"]) == 0


def test_jsonl_request_object_and_tools_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "\n".join(json.dumps(m) for m in RUN)
    assert main(["run", _write(tmp_path, "run.jsonl", lines), "--fail-on", "warn"]) == 1
    tools = _write(
        tmp_path,
        "tools.json",
        {
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "lookup",
                        "parameters": {"type": "object", "properties": {}},
                    },
                }
            ]
        },
    )
    req = {
        "model": "m",
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": "Refund order ORD-88231"},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "t",
                        "name": "refund",
                        "input": {"order_id": "ORD-88231"},
                    }
                ],
            },
        ],
    }
    capsys.readouterr()
    code = main(
        ["run", _write(tmp_path, "req.json", req), "--tools", tools, "--json", "--fail-on", "warn"]
    )
    assert code == 1  # refund is not among the tools given
    assert json.loads(capsys.readouterr().out)["report"]["findings"][0]["type"] == "unknown_tool"


def test_unreadable_input_exits_2_naming_index_and_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "bad.json", [{"role": "user", "content": "hi"}, {"who": "bot"}])
    assert main(["run", path]) == 2
    err = capsys.readouterr().err
    assert "message 1" in err and "['who']" in err
    assert main(["run", path, "--on-unknown", "warn", "--fail-on", "warn"]) == 1
    assert main(["run", _write(tmp_path, "broken.json", "[{")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["run", str(tmp_path / "missing.json")]) == 2
    bad_policy = _write(tmp_path, "p.json", {"no_such_option": 1})
    assert main(["run", path, "--policy", bad_policy]) == 2
    assert "no_such_option" in capsys.readouterr().err
