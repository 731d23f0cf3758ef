"""Where ``check()`` spends its CPU time on pot-tatqa answers: phases, rules, first answers.

``check_speed.py`` gives one figure and ``check_ab.py`` a ratio of two trees; this script says
where one tree's time goes, in the stream ``check_speed.py`` times (the corpus's order, each
document's questions one after another), without a profiler: cProfile adds ~2 us to every one
of the ~3,400 Python calls of an answer and charges the freeing of the answer's objects and the
garbage collector to whatever function runs then (a ``re.sub`` of 0.3 us read as 2 ms there).
Each phase is wrapped once (a wrapper costs ~0.3 us a call), so the shares are of the same CPU
clock and add up::

    python benchmarks/check_phases.py                       # 600 rows, 1 warm-up + 2 rounds
    python benchmarks/check_phases.py --limit 300 --fresh   # every question new to each round

It prints, for the timed rounds: the time per answer; the first answer on each document (its
passages read, and the per-document memos of the rules built on the new ``SourceSet``) against
the others; each phase's share (the engine's stages, ``align_answer`` and its re-runs, the
wrong-row reading ``row_verdict`` and its parts); and each rule's calls, verdicts, time per call
and share. Phases nest (``row_verdict`` is inside ``direct_match``, which is inside ``judge``).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import data_root

__all__ = ["main"]

# (module, attribute, label): every stage wrapped where its caller looks it up.
_PHASES = (
    ("crossfoot.front.check", "load_sources", "sources read (a document's first answer)"),
    ("crossfoot.engine", "read_claims", "the answer's claims (numbers, constants)"),
    ("crossfoot.engine", "asked_figures", "the question's figures"),
    ("crossfoot.engine", "read_question", "the question's reading"),
    ("crossfoot.engine", "align_answer", "align_answer (the final figures fit the question)"),
    ("crossfoot.rules.alignment", "Named", "  Named (rows the question names)"),
    ("crossfoot.rules.alignment", "misfit", "  misfit"),
    ("crossfoot.rules.alignment", "_refit", "  _refit (re-runs of a misfit figure)"),
    ("crossfoot.rules.alignment", "_in_question", "  _in_question (re-run of an unsupported)"),
    ("crossfoot.engine", "which_period", "which_period"),
    ("crossfoot.language.rowmatch", "_mute", "  row_verdict: _mute"),
    ("crossfoot.language.rowmatch", "_what_is_said", "  row_verdict: _what_is_said"),
    ("crossfoot.language.rowmatch", "_reasons", "  row_verdict: _reasons"),
)


def _wrap(fn: Callable[..., Any], key: str, spent: dict[str, float], calls: Counter[str]) -> Any:
    clock = time.process_time

    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = clock()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[key] = spent.get(key, 0.0) + clock() - t0
            calls[key] += 1

    return timed


def _instrument(spent: dict[str, float], calls: Counter[str], verdicts: Counter[str]) -> None:
    """Wrap every phase of ``_PHASES``, ``_Answer.judge`` and every rule (by name)."""
    for module, name, label in _PHASES:
        mod = importlib.import_module(module)
        setattr(mod, name, _wrap(getattr(mod, name), label, spent, calls))
    engine: Any = importlib.import_module("crossfoot.engine")
    direct = importlib.import_module("crossfoot.rules.direct")
    rowmatch = importlib.import_module("crossfoot.language.rowmatch")
    cls = engine._Answer
    cls.judge = _wrap(cls.judge, "judge (every rule of a claim)", spent, calls)
    cls.rerun = _wrap(cls.rerun, "  re-runs (align_answer, own rows)", spent, calls)
    verdict_fn = rowmatch.row_verdict
    direct._ROW_VERDICT[:] = [_wrap(verdict_fn, "row_verdict (wrong-row reading)", spent, calls)]
    made: dict[Any, Any] = {}

    def rule(r: Any) -> Any:
        if r not in made:
            inner = _wrap(r, "rule " + r.__name__, spent, calls)

            def counted(ctx: Any) -> Any:
                v = inner(ctx)
                verdicts["rule " + r.__name__] += v is not None
                return v

            counted.__module__, counted.__name__ = r.__module__, r.__name__
            made[r] = counted
        return made[r]

    plain_rules = engine.rules
    engine.rules = lambda: tuple(rule(r) for r in plain_rules())
    for r, reach in list(engine.REACHES.items()):  # (the reach gate looks the rule up)
        engine.REACHES[rule(r)] = reach


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=600, help="pot-tatqa rows (0: all)")
    ap.add_argument("--rounds", type=int, default=2, help="timed rounds after one warm-up")
    ap.add_argument("--fresh", action="store_true", help="every question new to every round")
    args = ap.parse_args(argv)
    check = importlib.import_module("crossfoot.front.check").check
    items = pot_tatqa.load(data_root(args.data_root), args.limit or None)
    calls = [(it.answer, it.sources, it.question or None) for it in items]
    first = [n == 0 or calls[n - 1][1] != c[1] for n, c in enumerate(calls)]
    spent: dict[str, float] = {}
    count: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    _instrument(spent, count, verdicts)
    for answer, sources, question in calls:  # warm-up: imports, patterns, the last documents
        check(answer, sources, question=question)
    for memo in (spent, count, verdicts):
        memo.clear()
    per: list[float] = [0.0] * len(calls)
    clock = time.process_time
    for r in range(args.rounds):
        for n, (answer, sources, question) in enumerate(calls):
            q = question + " " * (r + 1) if args.fresh and question else question
            t0 = clock()
            check(answer, sources, question=q)
            per[n] += clock() - t0
    total = sum(per)
    answers = len(calls) * args.rounds
    firsts = [t for t, f in zip(per, first, strict=True) if f]
    others = [t for t, f in zip(per, first, strict=True) if not f]
    print(
        f"{len(calls)} answers x {args.rounds} rounds{' (fresh questions)' if args.fresh else ''}"
        f": {total / answers * 1e3:.3f} ms an answer (CPU, wrapped)"
    )
    print(
        f"first answer on a document: {len(firsts)} answers, "
        f"{statistics.fmean(firsts) / args.rounds * 1e3:.3f} ms; the others "
        f"{statistics.fmean(others) / args.rounds * 1e3:.3f} ms; the firsts' extra time is "
        f"{(sum(firsts) - len(firsts) * statistics.fmean(others)) / total * 100:.1f} % of all"
    )
    print(f"\n{'phase':58} {'calls/answer':>12} {'us/call':>8} {'share':>7}")
    for key, t in sorted(spent.items(), key=lambda kv: -kv[1]):
        if key.startswith("rule "):
            continue
        n = count[key]
        print(f"{key:58} {n / answers:12.2f} {t / n * 1e6:8.1f} {t / total * 100:6.1f}%")
    print(f"\n{'rule':28} {'calls/answer':>12} {'verdicts':>9} {'us/call':>8} {'share':>7}")
    for key, t in sorted(spent.items(), key=lambda kv: -kv[1]):
        if not key.startswith("rule "):
            continue
        n = count[key]
        print(
            f"{key[5:]:28} {n / answers:12.2f} {verdicts[key]:9d} {t / n * 1e6:8.1f} "
            f"{t / total * 100:6.1f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
