"""Time and peak memory of every front door on adversarial input, at 10 KB, 100 KB and 1 MB.

    python benchmarks/adversarial.py                       # every shape, door and size
    python benchmarks/adversarial.py --doors check trace --shapes plus_chain --sizes 10000 100000
    python benchmarks/adversarial.py --check               # exit 1 when a limit is broken

The limits (issue 17): every 1 MB input is checked in under 1 s and under 200 MB of extra memory,
and the time grows at most 12x for each 10x of input (linear is 10x; quadratic is 100x).

Each measurement runs in a fresh process: the door is first run once on a small input (so
imports, regex compilation and caches are paid before), then the peak resident set is reset
(``/proc/self/clear_refs``) and the door runs on the adversarial input. *Time* is the CPU time of
that process (on a shared machine, wall-clock time includes other processes' turns; the wall time
is kept in the JSON too); *memory* is the peak resident set during the run minus the resident set
before it. A run that uses more than ``--timeout`` CPU seconds is stopped and recorded as such;
larger sizes of the same shape and door are then not tried.

Writes ``benchmarks/results/adversarial.{json,md}`` (only when every shape, door and size ran,
unless ``--out`` is given).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
SIZES = (10_000, 100_000, 1_000_000)
LIMIT_SECONDS = 1.0
LIMIT_MB = 200.0
LIMIT_GROWTH = 12.0
_FLOOR = 0.01  # seconds: a shorter run counts as this long in the growth ratios


# -- shapes: text of about `size` characters ---------------------------------------------------


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _plus_chain(size: int) -> str:
    n = max(1, size // 4)
    return " + ".join(["1"] * n) + f" = {n}"


def _deep_brackets(size: int) -> str:
    half = size // 2 - 2
    opening = _repeat("([{", half)
    closing = "".join({"(": ")", "[": "]", "{": "}"}[c] for c in reversed(opening))
    return opening + "1.5" + closing


SHAPES: dict[str, Callable[[int], str]] = {
    # Digit runs followed by punctuation runs (the shape of an exponential-regex blow-up).
    "digit_punct": lambda n: _repeat("Chapter 1" + "." * 26 + " Total 1" + "-" * 26 + " ", n),
    # One run of "1-" with a trailing "=" (a calculation that never closes).
    "dash_eq": lambda n: _repeat("1-", n - 1) + "=",
    # A written sum of n ones: every operand a number, one "=" at the end.
    "plus_chain": _plus_chain,
    # The same percentage restated again and again.
    "percents": lambda n: _repeat("12% ", n),
    # Ordinary numeric prose with no sentence end.
    "huge_sentence": lambda n: _repeat(
        "revenue rose 12% to $3.2bn in 2024, up from $2.87bn, and costs fell 3.5 points while ", n
    ),
    # Ordinary short sentences, cited (the former 1 MB test of tests/test_check.py).
    "many_sentences": lambda n: _repeat("Revenue was $3.2bn [R1]. ", n),
    # Brackets nested n deep around one number.
    "deep_brackets": _deep_brackets,
    # Marks between digits with a space only every 16 characters (the number reader's look-back
    # for a word once copied the whole text before each number here: quadratic until 2026-12-02).
    "mixed_marks": lambda n: _repeat("1.2e3e4-5\u20136/7:8 ", n),
}

# -- doors: where the adversarial text goes -----------------------------------------------------

_RECORD = {"id": "R1", "fields": {"revenue_2023": 2_870_000_000, "revenue_2024": 3_214_000_000}}
_ROWS = [
    {"region": "North America", "revenue": 4_820_000, "orders": 61_300},
    {"region": "Europe", "revenue": 3_150_000, "orders": 47_900},
    {"region": "APAC", "revenue": 1_930_000, "orders": 35_100},
]
_SHORT = "Revenue was $3.2bn [R1], up 12% on $2.87bn."


def _door_check(text: str) -> object:
    from crossfoot import check

    return check(text, [_RECORD])


def _door_checker_source(text: str) -> object:
    # A 1 MB source, indexed once, then one ordinary answer checked against it.
    from crossfoot import Checker

    return Checker([{**_RECORD, "text": text}]).check(_SHORT)


def _door_trace(text: str) -> object:
    from crossfoot import trace

    return trace(text, _ROWS)


def _door_extract(text: str) -> object:
    # Past its bound (max_numbers, 10,000 by default) extract raises InputTooLarge after reading
    # that many numbers: a refusal in bounded time is the door's answer (docs/hostile.md).
    from crossfoot import InputTooLarge, extract

    try:
        return extract(text)
    except InputTooLarge as refused:
        return refused


def _door_monitor_tool(text: str) -> object:
    # A 1 MB tool result, then a call whose values must be looked up in it.
    from crossfoot.agents import RunMonitor

    m = RunMonitor()
    m.user("Refund order ORD-88213, please.")
    m.tool_result("search", text)
    return m.before_call("refund", {"order_id": "ORD-88213", "amount": 12.5})


def _door_monitor_assistant(text: str) -> object:
    from crossfoot.agents import RunMonitor

    m = RunMonitor()
    m.user("Refund order ORD-88213, please.")
    m.assistant(text)
    return m.before_call("refund", {"order_id": "ORD-88213"})


def _door_check_run(text: str) -> object:
    from crossfoot.agents import check_run

    return check_run(
        [
            {"role": "user", "content": text},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "refund", "arguments": '{"amount": 12.5}'},
                    }
                ],
            },
        ]
    )


def _door_cli(text: str) -> object:
    import contextlib
    import io
    import tempfile

    from crossfoot.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        answer, sources = Path(tmp, "answer.txt"), Path(tmp, "sources.json")
        answer.write_text(text, encoding="utf-8")
        sources.write_text(json.dumps([_RECORD]), encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            return main(["check", "--output", str(answer), "--sources", str(sources)])


DOORS: dict[str, Callable[[str], object]] = {
    "check": _door_check,
    "Checker(source)": _door_checker_source,
    "trace": _door_trace,
    "extract": _door_extract,
    "RunMonitor.tool_result": _door_monitor_tool,
    "RunMonitor.assistant": _door_monitor_assistant,
    "check_run": _door_check_run,
    "cli check": _door_cli,
}


# -- one measurement, in a child process --------------------------------------------------------


def _status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def measure_here(door: str, shape: str, size: int) -> dict[str, Any]:
    """Run one door on one shape in this process (the child side)."""
    run = DOORS[door]
    run(SHAPES[shape](300))  # warm: imports, compiled patterns
    text = SHAPES[shape](size)
    try:
        Path("/proc/self/clear_refs").write_text("5")  # reset the peak resident set
        reset = True
    except OSError:
        reset = False
    rss_before = _status_kb("VmRSS")
    cpu, wall = time.process_time(), time.perf_counter()
    run(text)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = _status_kb("VmHWM")
    return {
        "seconds": round(cpu, 4),
        "wall_seconds": round(wall, 4),
        "extra_mb": round(max(0, peak - rss_before) / 1024, 1) if reset else None,
        "chars": len(text),
    }


def measure(door: str, shape: str, size: int, timeout: float) -> dict[str, Any]:
    """One measurement in a fresh process; ``{"timeout": True}`` past ``timeout`` seconds."""
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")])),
    }
    cmd = [sys.executable, __file__, "--one", door, shape, str(size)]

    def cpu_limit() -> None:
        # The limit is CPU time (as the measure is), so a busy machine does not make a timeout.
        resource.setrlimit(resource.RLIMIT_CPU, (int(timeout), int(timeout) + 1))

    try:
        out = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            timeout=timeout * 10,
            env=env,
            preexec_fn=cpu_limit,
        )
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": None, "extra_mb": None}
    if out.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return {"timeout": True, "seconds": None, "extra_mb": None}
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1:] or [f"exit {out.returncode}"]}
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# -- the sweep ---------------------------------------------------------------------------------


def sweep(
    doors: list[str], shapes: list[str], sizes: list[int], timeout: float
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for door in doors:
        for shape in shapes:
            stopped = False
            for size in sizes:
                if stopped:
                    result: dict[str, Any] = {"timeout": True, "skipped": True}
                else:
                    result = measure(door, shape, size, timeout)
                    stopped = bool(result.get("timeout") or result.get("error"))
                rows.append({"door": door, "shape": shape, "size": size, **result})
                print(_line(rows[-1]), flush=True)
    return rows


def _line(r: dict[str, Any]) -> str:
    if r.get("error"):
        what = f"error {r['error']}"
    elif r.get("timeout"):
        what = "skipped (a smaller size timed out)" if r.get("skipped") else "timeout"
    else:
        what = f"{r['seconds']:8.3f} s  {r['extra_mb'] if r['extra_mb'] is not None else '?':>7} MB"
    return f"{r['door']:<24} {r['shape']:<15} {r['size']:>9,}  {what}"


def growth(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per door and shape: time at each size, the growth per 10x, and whether the limits hold."""
    table: list[dict[str, Any]] = []
    keys = list(dict.fromkeys((r["door"], r["shape"]) for r in rows))
    for door, shape in keys:
        mine = sorted(
            (r for r in rows if (r["door"], r["shape"]) == (door, shape)), key=lambda r: r["size"]
        )
        times = [r.get("seconds") for r in mine]
        factors: list[float | None] = []
        for a, b in itertools.pairwise(mine):
            ta, tb = a.get("seconds"), b.get("seconds")
            if ta is None or tb is None:
                factors.append(None)
            else:
                # Below 10 ms a run is mostly timer and start-up noise: count it as 10 ms.
                factors.append(
                    round(max(tb, _FLOOR) / max(ta, _FLOOR) * 10 / (b["size"] / a["size"]), 1)
                )
        top = mine[-1]
        ok_time = top.get("seconds") is not None and top["seconds"] < LIMIT_SECONDS
        ok_mem = top.get("extra_mb") is not None and top["extra_mb"] < LIMIT_MB
        ok_growth = all(f is not None and f <= LIMIT_GROWTH for f in factors)
        table.append(
            {
                "door": door,
                "shape": shape,
                "sizes": [r["size"] for r in mine],
                "seconds": times,
                "extra_mb": [r.get("extra_mb") for r in mine],
                "growth_per_10x": factors,
                "ok": ok_time and ok_mem and ok_growth,
            }
        )
    return table


def markdown(table: list[dict[str, Any]], command: str) -> str:
    lines = [
        "# Adversarial input: time and memory per front door",
        "",
        f"`{command}`",
        "",
        "CPU seconds and peak extra memory (MB), each cell in a fresh process; growth is the time",
        f"ratio per 10x of input (linear 10, limit {LIMIT_GROWTH:g}; a run under 10 ms counts as",
        f"10 ms). Limits at 1 MB: under {LIMIT_SECONDS:g} s and {LIMIT_MB:g} MB. `timeout`:",
        "stopped, larger sizes not tried.",
        "",
        "| door | shape | 10 KB | 100 KB | 1 MB | MB at 1 MB | growth per 10x | ok |",
        "|---|---|---:|---:|---:|---:|---|---|",
    ]

    def t(v: float | None) -> str:
        return "timeout" if v is None else f"{v:.3f} s"

    for row in table:
        secs = row["seconds"] + [None] * (3 - len(row["seconds"]))
        mem = row["extra_mb"][-1]
        grow = ", ".join("-" if f is None else f"{f:g}" for f in row["growth_per_10x"])
        lines.append(
            f"| {row['door']} | {row['shape']} | {t(secs[0])} | {t(secs[1])} | {t(secs[2])} | "
            f"{'-' if mem is None else mem} | {grow} | {'yes' if row['ok'] else '**no**'} |"
        )
    bad = sum(not r["ok"] for r in table)
    lines += ["", f"{len(table) - bad} of {len(table)} door/shape pairs within every limit."]
    return "\n".join(lines) + "\n"


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--one":
        print(json.dumps(measure_here(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doors", nargs="*", default=list(DOORS), choices=list(DOORS))
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES))
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per measurement")
    parser.add_argument("--out", type=Path, help="results stem (default: results/adversarial)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a limit is broken")
    args = parser.parse_args()
    rows = sweep(args.doors, args.shapes, sorted(args.sizes), args.timeout)
    table = growth(rows)
    command = "python benchmarks/adversarial.py " + " ".join(sys.argv[1:])
    full = args.doors == list(DOORS) and args.shapes == list(SHAPES) and tuple(args.sizes) == SIZES
    stem = args.out or (RESULTS / "adversarial" if full else None)
    if stem is not None:
        stem.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "command": command,
            "limits": {
                "seconds": LIMIT_SECONDS,
                "extra_mb": LIMIT_MB,
                "growth_per_10x": LIMIT_GROWTH,
            },
            "runs": rows,
            "summary": table,
        }
        stem.with_suffix(".json").write_text(json.dumps(payload, indent=1) + "\n")
        stem.with_suffix(".md").write_text(markdown(table, command))
    print(markdown(table, command))
    return 1 if args.check and not all(r["ok"] for r in table) else 0


if __name__ == "__main__":
    raise SystemExit(main())
