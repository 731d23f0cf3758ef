"""``crossfoot eval`` streamed: workers, --out, --resume (after a real kill), Parquet, bad lines."""

from __future__ import annotations

import gzip
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from batch_sample import corpus_items, direct, vector_cases
from crossfoot.cli import main

SRC = Path(__file__).resolve().parents[1] / "src"


def _case_lines(items: list[dict[str, Any]]) -> str:
    keep = ("name", "output", "sources", "rows", "results", "question", "options")
    lines = []
    for item in items:
        case = {k: v for k, v in item.items() if k in keep and v is not None}
        if "answer" in item:
            case["output"] = item["answer"]
        lines.append(json.dumps(case))
    return "\n".join(lines) + "\n"


def _good_items() -> list[dict[str, Any]]:
    good = [c["item"] for c in vector_cases() if "error" not in c["expect"]]
    return corpus_items(per_corpus=6) + good


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cases") / "cases.jsonl"
    path.write_text(_case_lines(_good_items()), encoding="utf-8")
    return path


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_two_workers_write_the_same_file_as_one(
    cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["eval", str(cases), "--min-accuracy", "0", "--chunk-size", "3"]
    assert main([*args, "--workers", "1", "--out", str(one)]) == 0
    assert main([*args, "--workers", "2", "--out", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    # the whole file in one chunk: map_in_order checks it here, and the time line says so
    assert main([*args[:-1], "1000", "--workers", "2", "--out", str(tmp_path / "x.jsonl")]) == 0
    assert "on 1 worker," in capsys.readouterr().err
    records = _lines(one)
    assert [r["index"] for r in records] == list(range(len(_good_items())))
    for item, rec in zip(_good_items(), records, strict=True):
        want = direct(item)
        assert want is not None and rec["report"] == want, rec["name"]
        assert rec["got"] == ("pass" if want["passed"] else "fail")


def test_bad_lines_are_recorded_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = {"name": "good", "output": "We sold 12 units.", "sources": ["12 units sold."]}
    wrong = {"name": "wrong", "output": "We sold 13 units.", "sources": ["12 units sold."]}
    text = "\n".join([json.dumps(good), "{oops", json.dumps({"name": "x"}), json.dumps(wrong)])
    cases = tmp_path / "c.jsonl"
    cases.write_text(text + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["eval", str(cases), "--out", str(out), "--workers", "2", "--chunk-size", "1"]) == 2
    err = capsys.readouterr()
    assert "line 2: not valid JSON" in err.err and "line 3: field 'output'" in err.err
    assert "MISMATCH wrong: FAIL (expected pass)" in err.out
    assert "totals: 4 answers, 1 passed, 1 failed, 2 errors; numbers:" in err.out
    assert "on 2 workers" in err.err  # four chunks of one line: the pool ran
    records = _lines(out)
    assert [(r["name"], r["got"]) for r in records] == [
        ("good", "pass"),
        ("line 2", "error"),
        ("line 3", "error"),
        ("wrong", "fail"),
    ]
    assert records[1]["input_error"] is True and records[1]["passed"] is None


def test_gzip_and_parquet_inputs_give_the_same_lines(cases: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    plain, zipped, table = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    gz = tmp_path / "cases.jsonl.gz"
    gz.write_bytes(gzip.compress(cases.read_bytes()))
    rows = [json.loads(line) for line in cases.read_text(encoding="utf-8").splitlines()]
    columns = {
        k: [
            json.dumps(r[k])
            if k in ("sources", "rows", "results", "options") and k in r
            else r.get(k)
            for r in rows
        ]
        for k in ("name", "output", "question", "sources", "rows", "results", "options")
    }
    pq.write_table(pa.table(columns), tmp_path / "cases.parquet")
    base = ["--min-accuracy", "0", "--workers", "1", "--brief"]
    assert main(["eval", str(cases), "--out", str(plain), *base]) == 0
    assert main(["eval", str(gz), "--out", str(zipped), *base]) == 0
    assert main(["eval", str(tmp_path / "cases.parquet"), "--out", str(table), *base]) == 0
    assert plain.read_bytes() == zipped.read_bytes()
    got = [{k: v for k, v in r.items() if k != "name"} for r in _lines(table)]
    assert got == [{k: v for k, v in r.items() if k != "name"} for r in _lines(plain)]


def test_parquet_with_an_unknown_column_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    pq.write_table(pa.table({"output": ["12"], "sourcez": ["[]"]}), tmp_path / "c.parquet")
    assert main(["eval", str(tmp_path / "c.parquet")]) == 2
    assert "unknown column 'sourcez'" in capsys.readouterr().err


def test_resume_cuts_a_torn_line_and_refuses_another_input(
    cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    args = ["eval", str(cases), "--min-accuracy", "0", "--workers", "1"]
    assert main([*args, "--out", str(full)]) == 0
    data = full.read_bytes()
    cut = data.index(b"\n", len(data) // 3) + 40  # whole lines, then a torn one
    part.write_bytes(data[:cut])
    assert main([*args, "--out", str(part), "--resume"]) == 0
    assert part.read_bytes() == data
    # an output written from another case file is not continued
    other = tmp_path / "other.jsonl"
    other.write_text(_case_lines(list(reversed(_good_items()))), encoding="utf-8")
    part.write_bytes(data[:cut])
    capsys.readouterr()
    assert main(["eval", str(other), "--out", str(part), "--resume"]) == 2
    assert "cannot resume" in capsys.readouterr().err
    assert main(["eval", str(cases), "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err


def _session_alive(sid: int) -> list[int]:
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[3]) == sid and stat[0] != "Z":
                alive.append(int(entry))
    return alive


@dataclass(frozen=True)
class _BigRun:
    """A case file of forty copies of the cases, the command that evaluates it on 2 workers,
    and the file an uninterrupted run writes (made once for the tests that interrupt one)."""

    cmd: list[str]
    env: dict[str, str]
    whole: bytes


@pytest.fixture(scope="module")
def big_run(cases: Path, tmp_path_factory: pytest.TempPathFactory) -> _BigRun:
    tmp = tmp_path_factory.mktemp("big")
    big = tmp / "big.jsonl"
    big.write_text(cases.read_text(encoding="utf-8") * 40, encoding="utf-8")
    # names repeat across the copies: only the lines' order and content matter here; a long
    # run (not four copies) so that a loaded machine does not finish it between two polls
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "crossfoot.cli", "eval", str(big), "--min-accuracy", "0"]
    cmd += ["--workers", "2", "--chunk-size", "4"]
    whole = tmp / "whole.jsonl"
    subprocess.run([*cmd, "--out", str(whole)], env=env, check=True, capture_output=True)
    return _BigRun(cmd, env, whole.read_bytes())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_resume_after_a_kill_at_a_random_point_gives_the_same_file(
    big_run: _BigRun, tmp_path: Path
) -> None:
    cmd, env = big_run.cmd, big_run.env
    killed = tmp_path / "killed.jsonl"
    total = len(big_run.whole.splitlines())
    rng = random.Random(int(time.time()))  # a different point every run; printed on failure
    # until the kill lands mid-run: a point in the first half, so that a poller the loaded
    # machine leaves waiting for a while (xdist's other worker) still finds the run going
    for _ in range(10):
        proc = _start_until(big_run, killed, rng.randrange(1, total // 2))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        done = _count_lines(killed)
        if done < total:
            break
    else:
        pytest.fail("every run finished before the kill")
    deadline = time.monotonic() + 20  # the workers notice their parent is gone and exit
    while _session_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _session_alive(proc.pid), "workers outlived the killed run"
    resumed = subprocess.run(
        [*cmd, "--out", str(killed), "--resume"], env=env, capture_output=True, text=True
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"after {done} resumed" in resumed.stderr
    assert killed.read_bytes() == big_run.whole, f"killed after {done} of {total} lines"


def _start_until(run: _BigRun, out: Path, lines: int) -> subprocess.Popen[str]:
    """The big run started in a session of its own, once ``out`` holds ``lines`` lines (or the
    run has ended)."""
    proc = subprocess.Popen(
        [*run.cmd, "--out", str(out)],
        env=run.env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    while proc.poll() is None and _count_lines(out) < lines:
        time.sleep(0.005)
    return proc


def _count_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_cleanly_and_resume_finishes_the_file(
    big_run: _BigRun, tmp_path: Path
) -> None:
    cmd, env = big_run.cmd, big_run.env
    stopped = tmp_path / "stopped.jsonl"
    for _ in range(5):  # until Ctrl-C lands mid-run
        proc = _start_until(big_run, stopped, 8)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends it: to every process of the group
        _, err = proc.communicate(timeout=60)
        if proc.returncode != 0:
            break
    else:
        pytest.fail("every run finished before Ctrl-C arrived")
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "add --resume to go on" in err
    held = int(err.split(" holds ")[1].split()[0])
    assert held == _count_lines(stopped) and stopped.read_bytes().endswith(b"\n")
    subprocess.run(
        [*cmd, "--out", str(stopped), "--resume"], env=env, check=True, capture_output=True
    )
    assert stopped.read_bytes() == big_run.whole


def test_out_file_holds_the_json_records(
    cases: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    argv = ["eval", str(cases), "--json", "--min-accuracy", "0", "--workers", "2"]
    assert main([*argv, "--chunk-size", "5", "--out", str(out)]) == 0
    printed, err = capfd.readouterr()
    assert out.read_text(encoding="utf-8") == printed  # --out FILE: the --json lines, kept
    assert "cases as expected" in err and "totals:" in err
    assert main([*argv, "--out", str(out), "--brief"]) == 0
    capfd.readouterr()
    assert all("report" not in r and "statuses" in r for r in _lines(out))


@settings(max_examples=15)
@given(st.floats(min_value=0.0, max_value=1.0))
def test_resume_from_any_cut_gives_the_same_file(tmp_path_factory: Any, where: float) -> None:
    tmp = tmp_path_factory.mktemp("cut")
    cases = tmp / "c.jsonl"
    items = [c["item"] for c in vector_cases() if isinstance(c["item"], dict)][:10]
    cases.write_text(_case_lines(items), encoding="utf-8")
    full, part = tmp / "full.jsonl", tmp / "part.jsonl"
    argv = ["eval", str(cases), "--min-accuracy", "0", "--workers", "1", "--chunk-size", "3"]
    main([*argv, "--out", str(full)])
    data = full.read_bytes()
    part.write_bytes(data[: int(len(data) * where)])  # whole lines, then any part of one
    main([*argv, "--out", str(part), "--resume"])
    assert part.read_bytes() == data


@pytest.mark.parametrize("landed", [True, False])
def test_ctrl_c_as_a_chunk_is_written_keeps_each_line_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, landed: bool
) -> None:
    # Python raises KeyboardInterrupt as soon as the write system call returns, before the run
    # notes the chunk as written: the chunk was written a second time when the run stopped (CI
    # saw a file of 12 lines said to hold 8, and --resume refused it). Here the interrupt
    # arrives right after the second chunk's write, which reached the file or (a write that
    # never happened) did not.
    from crossfoot.cli import stream
    from crossfoot.cli.output import Tally

    calls: list[int] = []

    class Os:  # the os module as the stream module sees it, with one write interrupted
        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        def write(self, fd: int, data: Any) -> int:
            calls.append(len(data))
            if len(calls) == 2:
                if landed:
                    os.write(fd, data)
                raise KeyboardInterrupt
            return os.write(fd, data)

    path = tmp_path / "out.jsonl"
    out = stream.JsonLinesOutput(path, resume=False)
    monkeypatch.setattr(stream, "os", Os())
    tally = Tally()
    records = [{"index": k, "passed": True, "statuses": []} for k in range(7)]
    with pytest.raises(KeyboardInterrupt):
        stream.run_stream(
            records, chunk_size=2, record=dict, show=lambda *_: None, output=out, tally=tally
        )
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    # the chunk that landed is kept once; one that did not is written by the stop itself
    assert [r["index"] for r in lines] == [0, 1, 2, 3]
    assert tally.written == 4 and tally.items == 4
