"""The command line: check, eval, exit codes and error messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfoot.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SOURCES = [{"id": "R1", "fields": {"revenue_2023": 2870000000, "revenue_2024": 3214000000}}]


def _write(tmp_path: Path, name: str, content: str) -> str:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return str(path)


def test_check_passes_and_prints_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _write(tmp_path, "a.txt", "Revenue grew 12% to $3.2bn [R1].")
    src = _write(tmp_path, "s.json", json.dumps(SOURCES))
    assert main(["check", "--output", out, "--sources", src]) == 0
    text = capsys.readouterr().out
    assert "[supported_rounded] $3.2bn" in text
    assert "PASS" in text


def test_check_fails_with_exit_1_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _write(tmp_path, "a.txt", "Revenue reached $3.5bn [R1].")
    src = _write(tmp_path, "s.json", json.dumps(SOURCES))
    assert main(["check", "--output", out, "--sources", src, "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["passed"] is False
    assert payload["ungrounded"] == ["$3.5bn"]
    assert payload["report"]["claims"][0]["status"] == "unsupported"


def test_check_strict_rejects_rounding(tmp_path: Path) -> None:
    out = _write(tmp_path, "a.txt", "Revenue reached $3.2bn [R1].")
    src = _write(tmp_path, "s.json", json.dumps(SOURCES))
    assert main(["check", "--output", out, "--sources", src]) == 0
    assert main(["check", "--output", out, "--sources", src, "--strict"]) == 1


def test_malformed_sources_file_names_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _write(tmp_path, "a.txt", "Revenue reached $3.2bn [R1].")
    src = _write(tmp_path, "s.json", '[{"id": "R1", "fields": {')
    assert main(["check", "--output", out, "--sources", src]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "line 1" in err


def test_record_without_id_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _write(tmp_path, "a.txt", "Revenue reached $3.2bn.")
    src = _write(tmp_path, "s.json", json.dumps([{"fields": {"x": 1}}]))
    assert main(["check", "--output", out, "--sources", src]) == 2
    assert "id" in capsys.readouterr().err


def test_eval_examples_all_as_expected(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["eval", str(EXAMPLES / "cases.jsonl"), "-v"])
    text = capsys.readouterr().out
    assert "MISMATCH" not in text, text
    assert code == 0
    assert "(accuracy 100.00%, threshold 100.00%)" in text


def test_eval_wrong_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = {"name": "bad", "output": "Revenue reached $3.5bn [R1].", "sources": SOURCES}
    cases = _write(tmp_path, "c.jsonl", json.dumps(case) + "\n")
    assert main(["eval", cases]) == 1
    assert "MISMATCH bad: FAIL (expected pass)" in capsys.readouterr().out


def test_eval_threshold_allows_some_mismatches(tmp_path: Path) -> None:
    good = {"name": "good", "output": "Revenue reached $3.2bn [R1].", "sources": SOURCES}
    bad = {"name": "bad", "output": "Revenue reached $3.5bn [R1].", "sources": SOURCES}
    cases = _write(tmp_path, "c.jsonl", json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    assert main(["eval", cases, "--min-accuracy", "0.5"]) == 0
    assert main(["eval", cases, "--min-accuracy", "0.6"]) == 1


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "line 1: not valid JSON"),
        ('["a"]', "line 1: a case must be a JSON object"),
        ('{"name": "x", "sources": []}', "line 1: field 'output' must be a string, got missing"),
        ('{"output": 5, "sources": []}', "field 'output' must be a string, got int"),
        (
            '{"output": "a", "sources": [], "expect": "maybe"}',
            "field 'expect' must be 'pass' or 'fail'",
        ),
        ('{"output": "a"}', "give exactly one of 'sources'"),
        ('{"output": "a", "sources": [], "colour": 1}', "unknown field 'colour'"),
        ('{"output": "a", "sources_file": "missing.json"}', "field 'sources_file': cannot read"),
        ('{"output": "a", "sources": [], "question": 5}', "field 'question' must be a string"),
    ],
)
def test_case_file_errors_name_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, message: str
) -> None:
    cases = _write(tmp_path, "c.jsonl", line + "\n")
    assert main(["eval", cases]) == 2
    assert message in capsys.readouterr().err


def test_case_with_bad_option_is_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = {"name": "opt", "output": "a 5", "sources": SOURCES, "options": {"colour": 1}}
    cases = _write(tmp_path, "c.jsonl", json.dumps(case) + "\n")
    assert main(["eval", cases]) == 1
    out = capsys.readouterr().out
    assert "unknown option 'colour'" in out


def test_question_flag_and_case_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _write(tmp_path, "a.txt", "Revenue was above $3bn in 2024 [R1].")
    src = _write(tmp_path, "s.json", json.dumps(SOURCES))
    asked = ["--question", "Was revenue above $3bn in 2024?"]
    assert main(["check", "--output", out, "--sources", src, "--json", *asked]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["report"]["claims"][0]["evidence"]["kind"] == "question"
    rows = _write(tmp_path, "r.json", json.dumps([{"region": "EU", "revenue": 3_214_000_000}]))
    assert main(["trace", "EU revenue was above $3bn.", "--rows", rows, *asked]) == 0
    assert (
        main(["trace", "EU revenue was above $4bn.", "--rows", rows, "--question", "Above $4bn?"])
        == 1
    )
    capsys.readouterr()
    case = {
        "output": "Revenue was above $3bn in 2024 [R1].",
        "sources": SOURCES,
        "question": asked[1],
    }
    cases = _write(tmp_path, "c.jsonl", json.dumps(case) + "\n")
    assert main(["eval", cases]) == 0


@pytest.mark.parametrize("where", ["_parser", "_cmd_check"])
def test_ctrl_c_is_a_quiet_stop_with_the_shells_code(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # While the parser loads the commands' modules, or inside a command that keeps no tally.
    from crossfoot.cli import app

    def stop(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(app, where, stop)  # the parser reads _cmd_check when it is built
    sources = tmp_path / "s.json"
    sources.write_text('["Sales were 12 units."]', encoding="utf-8")
    assert app.main(["check", "Sales: 12 units.", "--sources", str(sources)]) == 130
    err = capsys.readouterr().err
    assert err.startswith("crossfoot: interrupted") and "Traceback" not in err
