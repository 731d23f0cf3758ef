"""One grammar for every command (issue 21, problem 7; docs/cli.md): the answer as TEXT, - or
--output FILE; one text format; --version; --json as one JSON object a line per item; safe on a
closed pipe; totals for many items; errors that name the flag; and (issue 17) a file that is not
UTF-8 is an input error naming it, exit 2, not a traceback."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from crossfoot import __version__
from crossfoot.cli import main

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [{"id": "R1", "fields": {"revenue_2023": 2870000000, "revenue_2024": 3214000000}}]
ROWS = [{"year": "2023", "revenue": 2870000000}, {"year": "2024", "revenue": 3214000000}]
GOOD = "Revenue grew 12% to $3.2bn in 2024."
BAD = "Revenue grew 12% to $3.5bn in 2024."
CLAIM_LINE = re.compile(r"^\[(\w+)\] \S.* - \S.*$")
VERDICT_LINE = re.compile(r"^(PASS|FAIL): \d+/\d+ numbers grounded \(score \d\.\d\d\)$")
CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "c1",
            "type": "function",
            "function": {"name": "refund", "arguments": '{"order_id": "ORD-88213"}'},
        }
    ],
}
RUN = [{"role": "user", "content": "Refund order ORD-88213"}, CALL]


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def many_runs(count: int) -> str:
    return "\n".join([json.dumps({"messages": RUN})] * count)


def cases_file(tmp_path: Path, outputs: list[str]) -> str:
    lines = [
        json.dumps({"name": f"c{i}", "output": o, "sources": SOURCES})
        for i, o in enumerate(outputs)
    ]
    return write(tmp_path, "cases.jsonl", "\n".join(lines) + "\n")


# ------------------------------------------------------------------ the answer: TEXT | - | --output


def test_check_takes_the_answer_as_text_stdin_or_output_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write(tmp_path, "s.json", SOURCES)
    assert main(["check", GOOD, "--sources", src]) == 0
    capsys.readouterr()
    assert main(["check", BAD, "--sources", src]) == 1
    by_text = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(BAD))
    assert main(["check", "-", "--sources", src]) == 1
    assert capsys.readouterr().out == by_text
    answer = write(tmp_path, "a.txt", BAD)
    assert main(["check", "--output", answer, "--sources", src]) == 1
    assert "[unsupported] $3.5bn" in capsys.readouterr().out
    assert main(["trace", "--output", answer, "--rows", write(tmp_path, "r.json", ROWS)]) == 1
    assert "[unsupported] $3.5bn" in capsys.readouterr().out


def test_the_answer_must_be_given_exactly_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write(tmp_path, "s.json", SOURCES)
    answer = write(tmp_path, "a.txt", GOOD)
    assert main(["check", GOOD, "--output", answer, "--sources", src]) == 2
    assert "give the answer once" in capsys.readouterr().err
    assert main(["check", "--sources", src]) == 2
    assert "--output FILE" in capsys.readouterr().err


# ------------------------------------------------------------------ one text format


def test_check_and_trace_print_the_same_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write(tmp_path, "s.json", SOURCES)
    rows = write(tmp_path, "r.json", ROWS)
    printed = []
    for argv in (["check", BAD, "--sources", src], ["trace", BAD, "--rows", rows]):
        assert main(argv) == 1
        printed.append(capsys.readouterr().out.splitlines())
    for lines in printed:
        assert [CLAIM_LINE.match(line) is not None for line in lines[:-1]] == [True, True]
        assert VERDICT_LINE.match(lines[-1]), lines
        assert lines[1].startswith("[unsupported] $3.5bn - ")
    assert printed[0][-1] == printed[1][-1] == "FAIL: 1/2 numbers grounded (score 0.50)"


def test_eval_prints_failing_cases_in_the_same_lines_and_closes_with_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", cases_file(tmp_path, [GOOD, BAD])]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "MISMATCH c1: FAIL (expected pass)"
    assert lines[1].startswith("  [unsupported] $3.5bn - ")
    assert VERDICT_LINE.match(lines[2].strip())
    assert lines[-2] == "1/2 cases as expected (accuracy 50.00%, threshold 100.00%)"
    assert lines[-1] == (
        "totals: 2 answers, 1 passed, 1 failed, 0 errors; "
        "numbers: 2 derived, 1 supported_rounded, 1 unsupported"
    )


def test_version() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "crossfoot.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert run.returncode == 0 and run.stdout.strip() == f"crossfoot {__version__}"


# ------------------------------------------------------------------ run over many transcripts


def test_run_over_many_transcripts_prints_a_line_each_and_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: every value of every run (4,696 lines for 200 transcripts) and no totals.
    lines = "\n".join(json.dumps({"messages": RUN}) for _ in range(30))
    assert main(["run", write(tmp_path, "runs.jsonl", lines)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 31
    assert out[0].startswith("ok ") and out[0].endswith(": ALLOW")
    assert out[-1] == (
        "totals: 30 runs, 30 allow, 0 warn, 0 confirm, 0 block, 0 errors; values: 30 found"
    )
    assert main(["run", write(tmp_path, "runs.jsonl", lines), "-v"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 31 + 30 * 2  # a value and a verdict


# ------------------------------------------------------------------ --json: one object a line


@pytest.mark.parametrize("count", [1, 3])
def test_json_is_one_object_a_line_for_one_item_or_many(
    count: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: an indented object for one item and a list (or an object holding one) for many.
    keys = {"name", "passed", "score", "ungrounded", "statuses", "error", "report"}
    src = write(tmp_path, "s.json", SOURCES)
    commands = [
        (["eval", cases_file(tmp_path, [GOOD] * count), "--json"], count),
        (["run", write(tmp_path, "r.jsonl", many_runs(count)), "--json"], count),
        (["check", GOOD, "--sources", src, "--json"], 1),
        (["trace", GOOD, "--rows", write(tmp_path, "rows.json", ROWS), "--json"], 1),
    ]
    for argv, items in commands:
        assert main(argv) == 0
        captured = capsys.readouterr()
        lines = captured.out.splitlines()
        assert len(lines) == items, (argv, captured.out[:500])
        records = [json.loads(line) for line in lines]
        assert all(isinstance(r, dict) and keys <= set(r) for r in records), argv[0]
        assert "totals:" not in captured.out


def test_eval_json_records_say_how_each_case_came_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", cases_file(tmp_path, [GOOD, BAD]), "--json"]) == 1
    captured = capsys.readouterr()
    first, second = (json.loads(line) for line in captured.out.splitlines())
    assert (first["line"], first["expect"], first["got"], first["as_expected"]) == (
        1,
        "pass",
        "pass",
        True,
    )
    assert (second["index"], second["got"], second["as_expected"]) == (1, "fail", False)
    assert "totals: 2 answers" in captured.err  # totals go to stderr: stdout is records only


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    # Before: `crossfoot eval ... --json | head` ended in a BrokenPipeError traceback.
    cases = cases_file(tmp_path, [GOOD, BAD] * 150)  # well over a pipe's 64 KiB
    proc = subprocess.Popen(
        [sys.executable, "-m", "crossfoot.cli", "eval", cases, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert json.loads(first)["name"] == "c0"
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert proc.returncode == 141


# ------------------------------------------------------------------ errors name the flag


def test_unknown_message_error_names_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "bad.json", [{"role": "user", "content": "hi"}, {"who": "bot"}])
    assert main(["run", path]) == 2
    err = capsys.readouterr().err
    assert "--on-unknown warn" in err and "on_unknown=" not in err


def test_trace_option_errors_name_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = write(tmp_path, "r.json", ROWS)
    assert main(["trace", GOOD, "--rows", rows, "--derivations", "magic"]) == 2
    err = capsys.readouterr().err
    assert "--derivations" in err and "derivations=" not in err


# ------------------------------------------------------------------ files that are not UTF-8


LATIN1 = "Umsatz für 2024: 3,2 Mrd. £ [R1].".encode("latin-1")


@pytest.mark.parametrize("which", ["answer", "sources", "rows", "cases", "transcript"])
def test_a_file_that_is_not_utf8_is_an_input_error_naming_it(
    which: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 17: a UnicodeDecodeError traceback and exit 1 ("check failed") before.
    bad = write(tmp_path, f"{which}.bin", LATIN1)
    src = write(tmp_path, "s.json", SOURCES)
    argv = {
        "answer": ["check", "--output", bad, "--sources", src],
        "sources": ["check", GOOD, "--sources", bad],
        "rows": ["trace", GOOD, "--rows", bad],
        "cases": ["eval", bad],
        "transcript": ["run", bad],
    }[which]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert bad in err and "not UTF-8" in err and "Traceback" not in err
