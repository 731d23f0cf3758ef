"""Which rules a figure pays for, and whether any runs on a figure already settled (issue 19,
round 19, speed26: "rules that stop early").

The engine keeps the first verdict a rule returns (``engine._run``); a figure is *settled* by
that rule, or *unsupported* when every rule returns ``None``. Per rule (and per reach gate) this
counts, on the engine's first pass and on its re-runs (``rerun``: the question's alignment and
the answer's own rows, a shorter rule list), the calls, the verdicts it returned (wins) and its
time (``time.perf_counter`` around each call: read the shares, not the sums), split by the
figures that end settled and those that end unsupported. ``--shadow`` then runs every rule after
the winner on a settled figure (untimed) and counts the later rules that would also have
returned a verdict, and how many of those with another status: the price of the order, were the
engine to go on after the first verdict.

::

    python benchmarks/rule_stops.py trace --size 2x3            # 300 fresh 2x3 traces
    python benchmarks/rule_stops.py check --limit 300 --shadow  # pot-tatqa tuning answers
    python benchmarks/rule_stops.py check --steady --cpu        # sources read: check_speed's case
    python benchmarks/rule_stops.py bounds                      # what deciding early can buy

``check`` reads the pot-tatqa tuning half's first ``--limit`` answers, checks them once to warm
the caches, then counts a second pass (``--steady``: each answer checked twice in a row, the
second counted: its sources, and what the rules keep per table, already read, as in
``check_speed.py``'s rounds; the first answer of each document otherwise pays the reading, 16
source lists being kept). ``bounds`` is ``trace_steps.py --part bounds`` for ``check()``: each
answer (sources read first, untimed) checked as it is, with every figure the rules leave
unsupported answered ``None`` at no cost, and with every figure's verdict replayed (the rules
free), alternating, the fastest of three rounds per answer, the reports checked equal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot.engine as _engine
from crossfoot.rules import REACHES, RULES
from crossfoot.rules._reach import within_reach

engine: Any = _engine
plain_run = _engine._run
_CLOCK = time.perf_counter
_Key = tuple[str, str]


class _Ledger:
    def __init__(self, shadow: bool) -> None:
        self.shadow = shadow
        self.paused = False
        self.spent: defaultdict[_Key, float] = defaultdict(float)
        self.unsettled: defaultdict[_Key, float] = defaultdict(float)
        self.calls: Counter[_Key] = Counter()
        self.wins: Counter[_Key] = Counter()
        self.figures: Counter[_Key] = Counter()
        self.figure_time: defaultdict[_Key, float] = defaultdict(float)
        self.also: Counter[tuple[str, str, str]] = Counter()
        self.other: Counter[tuple[str, str, str]] = Counter()

    def clear(self) -> None:
        self.__init__(self.shadow)  # type: ignore[misc]

    def run(self, rule_list: tuple[Any, ...], ctx: Any) -> Any:
        """``engine._run``, every call timed; the first pass is the full rule list."""
        if self.paused:
            return plain_run(rule_list, ctx)
        kind = "first" if len(rule_list) == len(RULES) else f"rerun{len(rule_list)}"
        times: list[tuple[_Key, float]] = []
        won, winner = None, None
        start = _CLOCK()
        for rule in rule_list:
            reach = REACHES.get(rule)
            if reach is not None:
                t0 = _CLOCK()
                ok = within_reach(ctx, reach)
                times.append(((kind, f"reach:{rule.__name__}"), _CLOCK() - t0))
                if not ok:
                    continue
            t0 = _CLOCK()
            verdict = rule(ctx)
            times.append(((kind, rule.__name__), _CLOCK() - t0))
            if verdict is None:
                continue
            if not ctx.options.allow_derived and verdict.status in engine._DERIVING:
                continue
            won, winner = verdict, rule
            self.wins[(kind, rule.__name__)] += 1
            break
        end = "settled" if won is not None else "unsupported"
        self.figures[(kind, end)] += 1
        self.figure_time[(kind, end)] += _CLOCK() - start
        for key, dt in times:
            self.spent[key] += dt
            self.calls[key] += 1
            if won is None:
                self.unsettled[key] += dt
        if self.shadow and won is not None:
            self._after(kind, rule_list, winner, won, ctx)
        return won

    def _after(self, kind: str, rule_list: Any, winner: Any, won: Any, ctx: Any) -> None:
        for rule in rule_list[rule_list.index(winner) + 1 :]:
            later = rule(ctx)
            if later is not None:
                self.also[(kind, winner.__name__, rule.__name__)] += 1
                if later.status != won.status:
                    self.other[(kind, winner.__name__, rule.__name__)] += 1

    def report(self, title: str, units: int) -> None:
        print(f"== {title}")
        for key, n in sorted(self.figures.items()):
            t = self.figure_time[key]
            print(f"  {key[0]:8s} {key[1]:11s} {n:6d} figures, {t / n * 1e6:7.0f} us each")
        total = sum(self.spent.values())
        print(f"  the rules and reach gates: {total / units * 1e6:.0f} us per {title.split()[0]}")
        print(f"  {'pass':8s} {'rule':24s} {'calls':>6s} {'wins':>5s} {'share':>6s} {'unsup.':>6s}")
        for key, t in sorted(self.spent.items(), key=lambda kv: -kv[1])[:24]:
            print(
                f"  {key[0]:8s} {key[1]:24s} {self.calls[key]:6d} {self.wins[key]:5d} "
                f"{t / total:6.1%} {self.unsettled[key] / total:6.1%}"
            )
        if self.shadow:
            print("  later rules that would also return a verdict on a settled figure:")
            for key3, n in self.also.most_common(16):
                kind, won, later = key3
                print(f"    {kind:8s} {won} -> {later}: {n} (another status: {self.other[key3]})")


def _trace(ledger: _Ledger, size: str, count: int) -> None:
    from crossfoot.front import trace_rows
    from crossfoot.front.trace import trace
    from trace_vs_figured import random_table, timing_answer

    n, c = map(int, size.split("x"))
    rng = random.Random(19)
    cases = [(timing_answer(t), t) for t in (random_table(rng, n, c) for _ in range(count + 20))]
    for text, rows in cases[:20]:
        trace_rows.forget()
        trace(text, rows)
    ledger.clear()
    for text, rows in cases[20:]:
        trace_rows.forget()
        trace(text, rows)
    ledger.report(f"trace {size}, fresh rows, {count} traces", count)


def _check(ledger: _Ledger, limit: int, data_root: str | None, steady: bool) -> None:
    from corpora import pot_tatqa
    from corpora.common import data_root as root_of
    from corpora.common import in_half
    from crossfoot.front.check import check

    items = in_half(pot_tatqa.load(root_of(data_root)), "tune")[:limit]
    for it in items:
        check(it.answer, it.sources, question=it.question or None)
    ledger.clear()
    for it in items:
        if steady:  # the sources (and what the rules keep per table) already read: check_speed
            ledger.paused = True
            check(it.answer, it.sources, question=it.question or None)
            ledger.paused = False
        check(it.answer, it.sources, question=it.question or None)
    state = "each answer asked twice, the second counted" if steady else "second pass"
    ledger.report(f"check pot-tatqa tuning, {len(items)} answers ({state})", len(items))


def _bounds(limit: int, data_root: str | None) -> None:
    from corpora import pot_tatqa
    from corpora.common import data_root as root_of
    from corpora.common import in_half
    from crossfoot.front.check import check

    items = in_half(pot_tatqa.load(root_of(data_root)), "tune")[:limit]
    seen: dict[tuple[int, int, int], list[Any]] = {}
    current, mode = [0], ["plain"]

    def record(rule_list: Any, ctx: Any) -> Any:
        verdict = plain_run(rule_list, ctx)
        key = (current[0], ctx.mention.start, len(rule_list))
        seen.setdefault(key, []).append(verdict)
        return verdict

    def oracle(rule_list: Any, ctx: Any) -> Any:
        known = seen.get((current[0], ctx.mention.start, len(rule_list)))
        if mode[0] == "plain" or known is None or len(known) != 1:
            return plain_run(rule_list, ctx)
        if mode[0] == "rules free" or known[0] is None:
            return known[0]
        return plain_run(rule_list, ctx)

    def one(it: Any) -> Any:
        return check(it.answer, it.sources, question=it.question or None)

    engine._run = record
    want = []
    for i, it in enumerate(items):
        current[0] = i
        want.append(one(it).to_dict())
    engine._run = oracle
    modes = ("plain", "unsupported free", "rules free")
    best = {m: [float("inf")] * len(items) for m in modes}
    for _ in range(3):
        for i, it in enumerate(items):
            current[0] = i
            mode[0] = "plain"
            one(it)  # (its sources read, untimed)
            for m in modes if i % 2 else modes[::-1]:
                mode[0] = m
                t0 = time.process_time()
                got = one(it)
                best[m][i] = min(best[m][i], time.process_time() - t0)
                if got.to_dict() != want[i]:
                    sys.exit(f"{m}: answer {i} gives another report")
    base = sum(best["plain"])
    print(f"check() bounds, pot-tatqa tuning, {len(items)} answers (CPU, fastest of 3 rounds)")
    for m in modes:
        t = sum(best[m])
        print(f"  {m:17s} {t / len(items) * 1e6:7.0f} us  ratio {t / base:.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("trace", "check", "bounds"))
    ap.add_argument("--size", default="2x3", help="trace: the table's rows x columns")
    ap.add_argument("--traces", type=int, default=300)
    ap.add_argument("--limit", type=int, default=300, help="check: pot-tatqa tuning answers")
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--shadow", action="store_true", help="run the rules after the winner too")
    ap.add_argument("--steady", action="store_true", help="check: count each answer's 2nd check")
    ap.add_argument("--cpu", action="store_true", help="process CPU time, not perf_counter")
    args = ap.parse_args(argv)
    global _CLOCK
    if args.cpu:
        _CLOCK = time.process_time
    ledger = _Ledger(args.shadow)
    engine._run = ledger.run
    try:
        if args.what == "bounds":
            _bounds(args.limit, args.data_root)
        elif args.what == "trace":
            _trace(ledger, args.size, args.traces)
        else:
            _check(ledger, args.limit, args.data_root, args.steady)
    finally:
        engine._run = plain_run
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
