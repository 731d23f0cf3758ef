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


def promptfoo_eval(
    tmp_path: Path, python: str, config: str = "promptfooconfig.yaml"
) -> subprocess.CompletedProcess[str]:
    """The example through the pinned promptfoo CLI, grading with ``python``; results in
    ``tmp_path/out.json``. The results database goes to ``tmp_path/config`` (with an extension
    listed and ``--no-write``, promptfoo 0.121 leaves the output file's results empty)."""
    assert CLI.exists(), "run: npm ci --prefix integrations/promptfoo"
    env = {
        **os.environ,
        "PROMPTFOO_CONFIG_DIR": str(tmp_path / "config"),
        "PROMPTFOO_PYTHON": python,
        "NO_COLOR": "1",
    }
    if python != sys.executable:  # a development PYTHONPATH would make crossfoot importable
        env.pop("PYTHONPATH", None)
    return subprocess.run(
        [str(CLI), "eval", "-c", config, "-o", str(tmp_path / "out.json"), "--no-cache"],
        cwd=EXAMPLE,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_promptfoo_eval_cli(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    run = promptfoo_eval(tmp_path, sys.executable)
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


def test_python_without_crossfoot_is_an_error_not_a_wrong_answer(tmp_path: Path) -> None:
    # Issue 21, problem 3: with a Python that lacks crossfoot, promptfoo reported an import
    # traceback as two failed tests (exit 100, the code of a wrong answer), the correct one too.
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    python = str(bare / "bin" / "python")
    message = f"crossfoot is not importable by {python}: set PROMPTFOO_PYTHON"
    # The example config lists the beforeAll hook: the run stops with an error, exit 1.
    stopped = promptfoo_eval(tmp_path, python)
    assert stopped.returncode == 1, stopped.stdout[-3000:] + stopped.stderr[-3000:]
    assert message in stopped.stdout + stopped.stderr
    # Without the hook every assertion says why, and none is graded as a wrong answer.
    config = (EXAMPLE / "promptfooconfig.yaml").read_text(encoding="utf-8")
    no_hook = tmp_path / "no_hook.yaml"
    no_hook.write_text(
        config.replace("extensions:\n  - file://../../src", "# no hook: ../../src").replace(
            "file://../../src", f"file://{ROOT}/src"
        ),
        encoding="utf-8",
    )
    graded = promptfoo_eval(tmp_path, python, str(no_hook))
    results = json.loads((tmp_path / "out.json").read_text())["results"]["results"]
    assert len(results) == 2, graded.stdout[-3000:]
    for result in results:
        (assertion,) = result["gradingResult"]["componentResults"]
        assert assertion["reason"].startswith(message)
        assert "numeric_grounding" not in result["namedScores"]
