"""The promptfoo assertion through the real promptfoo CLI (pinned in integrations/promptfoo)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from _support import CONTEXT, GROUNDED, HALLUCINATED, ROOT, docs_example

from crossfoot.integrations import promptfoo

EXAMPLE = ROOT / "integrations" / "promptfoo"
CLI = EXAMPLE / "node_modules" / ".bin" / "promptfoo"


def test_get_assert_reads_every_source_location() -> None:
    ok = promptfoo.get_assert(GROUNDED, {"vars": {"sources": CONTEXT}})
    assert ok["pass"] is True and ok["score"] == 1.0
    assert all(part["pass"] for part in ok["component_results"])
    as_json = promptfoo.get_assert(HALLUCINATED, {"vars": {"sources": json.dumps(CONTEXT)}})
    assert as_json["pass"] is False
    assert any(
        "13,900" in part["reason"] and not part["pass"] for part in as_json["component_results"]
    )
    from_metadata = promptfoo.get_assert(
        GROUNDED, {"vars": {}, "test": {"metadata": {"sources": CONTEXT}}}
    )
    assert from_metadata["pass"] is True
    from_config = promptfoo.get_assert(GROUNDED, {"config": {"sources": CONTEXT}})
    assert from_config["pass"] is True


def test_options_from_config_and_vars() -> None:
    strict = promptfoo.get_assert(
        GROUNDED, {"vars": {"sources": CONTEXT, "crossfoot_options": '{"require_citations": true}'}}
    )
    assert strict["pass"] is False and "uncited" in strict["reason"]
    assert (
        promptfoo.get_assert(
            GROUNDED, {"vars": {"sources": CONTEXT}, "config": {"require_citations": True}}
        )["pass"]
        is False
    )


def test_rows_are_checked_with_trace() -> None:
    rows = json.dumps([{"month": "March", "revenue": 120}, {"month": "April", "revenue": 150}])
    ok = promptfoo.get_assert("Revenue was 150 in April.", {"vars": {"rows": rows}})
    assert ok["pass"] is True
    bad = promptfoo.get_assert("Revenue was 160 in April.", {"config": {"rows": json.loads(rows)}})
    assert bad["pass"] is False and "[unsupported] 160" in bad["reason"]


def test_vars_question_lets_the_answer_quote_its_bar() -> None:
    answer = "Acme shipped fewer than 13,000 units in FY2024."
    asked = {"vars": {"sources": CONTEXT, "question": "Did Acme ship fewer than 13,000 units?"}}
    assert promptfoo.get_assert(answer, asked)["pass"] is True
    plain = promptfoo.get_assert(answer, {"vars": {"sources": CONTEXT}})
    assert plain["pass"] is False and "13,000" in plain["reason"]


def test_no_sources_fails_closed() -> None:
    result = promptfoo.get_assert(GROUNDED, {"vars": {}})
    assert result["pass"] is False
    assert "vars.sources" in result["reason"]


def test_path_flag_prints_the_assertion_file() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "crossfoot.integrations.promptfoo", "--path"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(out.stdout.strip()) == Path(promptfoo.__file__).resolve()


def test_example_config_is_the_documented_one() -> None:
    assert (EXAMPLE / "promptfooconfig.yaml").read_text(encoding="utf-8") == docs_example(
        "promptfooconfig.yaml"
    )


def test_promptfoo_eval_cli(tmp_path: Path) -> None:
    assert CLI.exists(), "run: npm ci --prefix integrations/promptfoo"
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "PROMPTFOO_CONFIG_DIR": str(tmp_path / "config"),
        "PROMPTFOO_PYTHON": sys.executable,
        "NO_COLOR": "1",
    }
    run = subprocess.run(
        [
            str(CLI),
            "eval",
            "-c",
            "promptfooconfig.yaml",
            "-o",
            str(out),
            "--no-write",
            "--no-cache",
        ],
        cwd=EXAMPLE,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 100, run.stdout[-3000:] + run.stderr[-3000:]
    results = {
        r["testCase"]["description"]: r for r in json.loads(out.read_text())["results"]["results"]
    }
    good, bad = results["grounded answer"], results["hallucinated answer"]
    assert good["success"] is True and bad["success"] is False
    assert good["namedScores"] == {"numeric_grounding": 1}
    assert bad["namedScores"] == {"numeric_grounding": 0}
    # One component result per number, with its status and evidence.
    (assertion,) = bad["gradingResult"]["componentResults"][:1]
    claims = [part["reason"] for part in assertion["componentResults"]]
    assert len(claims) == 1 and claims[0].startswith("[unsupported] 13,900 - ")
    good_claims = good["gradingResult"]["componentResults"][0]["componentResults"]
    assert [c["reason"].split(" - ")[0] for c in good_claims] == [
        "[supported_exact] 12,400",
        "[derived] 24%",
    ]
