"""``make fuzz``: atheris over every front door for a bounded time, then a count of crashes.

::

    python tests/fuzz/run_atheris.py --seconds 600            # every door, 10 minutes each
    python tests/fuzz/run_atheris.py --seconds 60 --doors check trace

Each door runs in its own process with a per-door corpus under ``.cache/fuzz/<door>`` (kept
between runs, so fuzzing resumes where it stopped). A contract break is saved by the target as a
JSON case in ``tests/fuzz/crashes/`` and fuzzing goes on; an input that takes longer than
``--timeout`` seconds or more than ``--rss-mb`` of memory stops the door, and the runner turns
libFuzzer's artifact into a JSON case too. New cases fail ``test_crashes.py`` until they are
fixed or marked ``xfail`` with the owner's name. Exit 1 when any door found a new case.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.fuzz.cases import CASES  # noqa: E402
from tests.fuzz.doors import CRASHES  # noqa: E402

TARGETS = Path(__file__).resolve().parent / "atheris_targets.py"


def _run_door(door: str, args: argparse.Namespace, env: dict[str, str]) -> dict[str, object]:
    corpus = ROOT / ".cache" / "fuzz" / door
    artifacts = ROOT / ".cache" / "fuzz" / "artifacts" / door
    corpus.mkdir(parents=True, exist_ok=True)
    artifacts.mkdir(parents=True, exist_ok=True)
    before = {p.name for p in artifacts.iterdir()}
    cmd = [
        sys.executable,
        str(TARGETS),
        door,
        str(corpus),
        f"-max_total_time={args.seconds}",
        f"-max_len={args.max_len}",
        # Hypothesis reads the bytes as draws: a tiny input makes no case, so no slow ramp-up.
        "-len_control=0",
        f"-timeout={args.timeout}",
        f"-rss_limit_mb={args.rss_mb}",
        f"-artifact_prefix={artifacts}/",
        "-print_final_stats=1",
    ]
    started = time.monotonic()
    log = ROOT / ".cache" / "fuzz" / f"{door}.log"
    with log.open("w") as out:
        code = subprocess.call(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    runs = _stat(log, "stat::number_of_executed_units")
    stopped = []
    for name in sorted({p.name for p in artifacts.iterdir()} - before):
        stopped.append(name)
        _artifact_case(door, artifacts / name)
    return {
        "door": door,
        "seconds": round(time.monotonic() - started),
        "runs": runs,
        "exit": code,
        "stopped_by": stopped,
        "log": str(log.relative_to(ROOT)),
    }


def _stat(log: Path, name: str) -> int | None:
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith(name):
            return int(line.split(":")[-1])
    return None


def _artifact_case(door: str, artifact: Path) -> None:
    """A timeout or out-of-memory artifact, decoded into the case it stands for and saved."""
    from tests.fuzz.atheris_targets import case_of

    case = case_of(door, artifact.read_bytes())
    if case is None:
        return
    kind = artifact.name.split("-")[0]  # timeout, oom, crash, slow-unit
    path = CRASHES / f"{door}-{kind}-{artifact.name.split('-')[-1][:12]}.json"
    record = {"key": f"{kind}-libfuzzer", "error": f"libFuzzer {kind}", **case}
    path.write_text(json.dumps(record, ensure_ascii=True, indent=1, default=str) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=600, help="fuzzing time per door")
    parser.add_argument("--doors", nargs="*", default=sorted(CASES), choices=sorted(CASES))
    parser.add_argument("--max-len", type=int, default=16384, help="largest input, bytes")
    parser.add_argument("--timeout", type=int, default=30, help="seconds one input may take")
    parser.add_argument("--rss-mb", type=int, default=3072, help="memory one run may use")
    args = parser.parse_args()
    env = {**os.environ, "CROSSFOOT_FUZZ_CRASHES": str(CRASHES)}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    before = {p.name for p in CRASHES.glob("*.json")}
    results = [_run_door(door, args, env) for door in args.doors]
    new = sorted({p.name for p in CRASHES.glob("*.json")} - before)
    for r in results:
        print(
            f"{r['door']:<10} {r['seconds']:>5} s  {r['runs'] or '?':>8} runs  exit {r['exit']}"
            + (f"  stopped by {', '.join(r['stopped_by'])}" if r["stopped_by"] else "")  # type: ignore[arg-type]
        )
    print(f"new crash cases: {len(new)}" + "".join(f"\n  tests/fuzz/crashes/{n}" for n in new))
    return 1 if new else 0


if __name__ == "__main__":
    raise SystemExit(main())
