"""Time per ``check()`` on pot-tatqa answers, beside a fixed pure-Python reference loop.

The goal of issue 19 is ``check()`` ≤ 0.5 ms per pot-tatqa answer "on this machine". The
machine is shared and loaded, so a time alone means little: this script times the answers and a
fixed reference loop (:func:`reference`, which must never change) in the same run, interleaved,
and reports the ratio. A ratio is comparable across runs and load levels; a time is not.

    python benchmarks/check_speed.py               # every pot-tatqa answer, 3 rounds
    python benchmarks/check_speed.py --limit 300 --rounds 2

Each round checks every answer once (``crossfoot.check(answer, sources, question=...)``, in the
corpus's order, where the questions on one document follow each other: ``check`` reuses the
sources it read for the previous answers when they are the same list of strings) and runs the
reference loop once every 25 answers; then every answer once more with that reuse defeated (each
source list read afresh: the "cold" figure). Per answer the fastest of the rounds is kept (the
round least disturbed by the other processes); the figure is the mean of those over the answers,
and the same "fastest of the rounds" statistic is taken for the reference. Mean of all samples is
printed too. Times are the process's CPU time (``--clock wall`` for wall time).

The reference loop took REF_QUIET_MS of CPU time per run on the development machine when the goal
was set (docs/speed.md); the 0.5 ms goal is therefore ``check / reference ≤ 0.5 / REF_QUIET_MS``.
Writes ``benchmarks/results/check_speed.{json,md}``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

__all__ = ["GOAL_MS", "REF_QUIET_MS", "main", "reference"]

GOAL_MS = 0.5
# The reference loop's time on the development machine: the mean of its in-run figure in the three
# runs of 2026-12-01 (CPU clock, which the load barely moves; docs/speed.md). The goal in
# reference units is GOAL_MS / REF_QUIET_MS.
REF_QUIET_MS = 0.955

_REF_TEXT = (
    "Revenue rose 12.5% to $1,496.5 million in 2019, up from $1,330.2 million in 2018; "
    "operating income was 210.4 and net income 150.9 (both in millions). The margin moved "
    "from 14.1% to 14.6%, and 3,120 employees worked in 14 countries at year end."
)
_REF_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?")


def reference(loops: int = 40) -> int:
    """A fixed mix of what crossfoot spends its time on (regex scans, string slicing, dict
    lookups, small objects, Decimal arithmetic, function calls). Never change it: its time is
    the yardstick of every run.

    >>> reference(1) > 0
    True
    """
    total = 0
    for i in range(loops):
        seen: dict[str, int] = {}
        for m in _REF_NUMBER.finditer(_REF_TEXT):
            written = m.group()
            core = written.strip("$%").replace(",", "")
            value = Decimal(core)
            seen[core] = seen.get(core, 0) + 1
            total += int(value * Decimal("1.01") + i) % 97
            before = _REF_TEXT[max(0, m.start() - 20) : m.start()].lower()
            total += len(before.split()) + ("up" in before)
        for word in _REF_TEXT.split():
            total += len(word.strip(".,;()")) & 3
        total += sum(seen.values()) + len(sorted(seen, key=len))
    return total


# CPU time of this process by default: on the loaded shared machine the wall clock mostly
# measures how long the scheduler kept the process waiting (--clock wall to see it anyway).
CLOCK: list[Callable[[], float]] = [time.process_time]


def _time(fn: Callable[[], Any]) -> float:
    clock = CLOCK[0]
    t0 = clock()
    fn()
    return clock() - t0


def measure(items: list[Any], rounds: int, every: int = 25) -> dict[str, Any]:
    """Per-answer and reference times (seconds) over ``rounds`` interleaved rounds."""
    from crossfoot import check

    try:
        from crossfoot.front.check import _LOADED
    except ImportError:  # an older crossfoot (timed beside this one) reads every list afresh
        _LOADED: dict[Any, Any] = {}

    calls = [
        (lambda it=it: check(it.answer, it.sources, question=it.question or None)) for it in items
    ]

    def cold(call: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            _LOADED.clear()  # every source list read afresh, as if no answer shared one
            return call()

        return run

    for call in calls[:20]:  # warm imports and caches
        call()
    reference()
    per_answer: list[list[float]] = [[] for _ in calls]
    per_cold: list[list[float]] = [[] for _ in calls]
    ref: list[float] = []
    for _ in range(rounds):
        for i, call in enumerate(calls):
            if i % every == 0:
                ref.append(_time(reference))
            per_answer[i].append(_time(call))
        for i, call in enumerate(calls):
            per_cold[i].append(_time(cold(call)))
    best = [min(s) for s in per_answer]
    cold_ms = statistics.fmean(min(s) for s in per_cold) * 1000
    # the reference's "fastest of the rounds": its samples cut into rounds, the best of each
    # position across rounds, averaged, matching the answers' statistic
    per_round = len(ref) // rounds
    ref_best = [min(ref[j::per_round]) for j in range(per_round)]
    check_ms = statistics.fmean(best) * 1000
    ref_ms = statistics.fmean(ref_best) * 1000
    return {
        "answers": len(calls),
        "rounds": rounds,
        "check_ms": round(check_ms, 4),
        "check_mean_all_ms": round(statistics.fmean(x for s in per_answer for x in s) * 1000, 4),
        "check_median_ms": round(statistics.median(best) * 1000, 4),
        "check_p90_ms": round(sorted(best)[int(0.9 * (len(best) - 1))] * 1000, 4),
        "check_cold_ms": round(cold_ms, 4),
        "cold_ratio": round(cold_ms / ref_ms, 4),
        "reference_ms": round(ref_ms, 4),
        "reference_mean_all_ms": round(statistics.fmean(ref) * 1000, 4),
        "ratio": round(check_ms / ref_ms, 4),
        "goal_ratio": round(GOAL_MS / REF_QUIET_MS, 4),
        "check_ms_at_quiet_reference": round(check_ms / ref_ms * REF_QUIET_MS, 4),
    }


def render(r: dict[str, Any]) -> str:
    m = r["measured"]
    verdict = "met" if m["ratio"] <= m["goal_ratio"] else "not met"
    return "\n".join(
        [
            "# check() speed on pot-tatqa answers",
            "",
            f"{r['date']} · `{r['command']}` · {m['answers']} answers × {m['rounds']} rounds",
            "",
            "| measure | value |",
            "|---|---:|",
            f"| check, mean of per-answer best (ms) | {m['check_ms']:.3f} |",
            f"| check, median / p90 of per-answer best (ms) | {m['check_median_ms']:.3f} / "
            f"{m['check_p90_ms']:.3f} |",
            f"| check, mean of all samples (ms) | {m['check_mean_all_ms']:.3f} |",
            f"| check with every source list read afresh (ms) | {m['check_cold_ms']:.3f} |",
            f"| reference loop, best (ms) | {m['reference_ms']:.3f} |",
            f"| **ratio check / reference** | **{m['ratio']:.3f}** |",
            f"| goal ratio ({GOAL_MS} ms / quiet reference {REF_QUIET_MS} ms) | "
            f"{m['goal_ratio']:.3f} ({verdict}) |",
            f"| check at the quiet reference speed (ms) | {m['check_ms_at_quiet_reference']:.3f} |",
            f"| ratio with every source list read afresh | {m['cold_ratio']:.3f} |",
            "",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=None, help="pot-tatqa rows")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--reference-only", action="store_true", help="time the reference loop only")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = ap.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.reference_only:
        samples = [_time(reference) for _ in range(200)]
        print(f"reference loop: best {min(samples) * 1000:.4f} ms, median "
              f"{statistics.median(samples) * 1000:.4f} ms")  # fmt: skip
        return 0
    from corpora import pot_tatqa
    from corpora.common import data_root
    from trace_vs_figured import write_results

    items = pot_tatqa.load(data_root(args.data_root), args.limit)
    given = (("limit", args.limit), ("rounds", args.rounds), ("clock", args.clock))
    flags = "".join(f" --{k} {v}" for k, v in given if v)
    result = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python benchmarks/check_speed.py"
        + flags.replace(" --rounds 3", "").replace(" --clock cpu", ""),
        "clock": args.clock,
        "measured": measure(items, args.rounds),
    }
    write_results(args.out, "check_speed", result, render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
