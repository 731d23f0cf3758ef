"""The wrong-row reading (``language.rowmatch.row_verdict``) of pot-tatqa answers, replayed call
by call: what a call costs, what a piece of it costs, and how many Python calls it makes (issue
19, round 22, speed28).

``check()`` is run over the first ``--limit`` rows (those of ``check_ab.py --limit``) twice, the
second pass recording every ``row_verdict`` call the direct rule makes (its claim context,
matches and verdict). The calls are then replayed alone, each the fastest of ``--reps``
(``time.perf_counter``; the answer's per-answer memos of ``rowmatch`` emptied when the answer
changes), and, for each ``--free`` piece (a name of ``language.rowmatch``, or
``module:name``), replayed with that piece answered from its recorded results: the time it
saves is what the piece costs inside the reading, memos and all. Read differences above ~3 us a
call (the machine's noise between replays). ``--calls`` counts the Python and C calls under
``row_verdict`` (``sys.setprofile``) on a third pass, by function.

The replay runs the reading warm (its code and memos, the best of ``--reps``); inside
``check()`` the other rules run between two claims, and the same pieces cost about twice as
much there. ``--in-check`` times ``check()`` itself instead, each answer with the piece real and
with it answered from its recorded results, alternating, the fastest of 3 rounds per answer (CPU
time; each round's questions new, as ``check_ab.py --fresh``); ``row_verdict`` as a piece is
the whole reading. Below ~3 % of ``check()`` that ratio is the machine's noise::

    python benchmarks/row_replay.py --data-root /work/shared/data
    python benchmarks/row_replay.py --free _words,_year_date,judge,_reasons
    python benchmarks/row_replay.py --free crossfoot.language.order:_year_of --calls
    python benchmarks/row_replay.py --in-check --free row_verdict,_what_is_said
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import pot_tatqa
from corpora.common import data_root

_Call = tuple[Any, list[Any], Any]
_MEMOS = ("rowmatch.",)  # the keys of ctx.shared the reading keeps per answer


def _record(calls: list[tuple[str, Any, str | None]]) -> list[_Call]:
    from crossfoot.front.check import check
    from crossfoot.language import rowmatch
    from crossfoot.rules import direct

    for answer, sources, question in calls:
        check(answer, sources, question=question)
    if not direct._ROW_VERDICT:
        direct._ROW_VERDICT.append(rowmatch.row_verdict)
    real = direct._ROW_VERDICT[0]
    got: list[_Call] = []

    def spy(ctx: Any, matches: Any) -> Any:
        verdict = real(ctx, matches)
        got.append((ctx, list(matches), verdict))
        return verdict

    direct._ROW_VERDICT[0] = spy
    try:
        for answer, sources, question in calls:  # (a new question: no answer kept whole)
            check(answer, sources, question=question + " " if question else question)
    finally:
        direct._ROW_VERDICT[0] = real
    return got


def _forget(ctx: Any) -> None:
    for key in [k for k in ctx.shared if k.startswith(_MEMOS)]:
        del ctx.shared[key]


def _replay(got: list[_Call], fn: Callable[[Any, Any], Any], reps: int) -> float:
    """Mean microseconds a call, each call the fastest of ``reps``."""
    best = [float("inf")] * len(got)
    clock = time.perf_counter
    for _ in range(reps):
        last = None
        for n, (ctx, matches, _verdict) in enumerate(got):
            if ctx.shared is not last:
                _forget(ctx)
                last = ctx.shared
            t0 = clock()
            fn(ctx, matches)
            t = clock() - t0
            if t < best[n]:
                best[n] = t
    return sum(best) * 1e6 / max(len(got), 1)


def _free(got: list[_Call], target: str, reps: int) -> float:
    """The replay with ``target``'s results taken from a recording, in each call's order."""
    from crossfoot.language import rowmatch

    module_name, _, name = target.rpartition(":")
    module = importlib.import_module(module_name) if module_name else rowmatch
    real = getattr(module, name)
    kept: dict[int, list[Any]] = defaultdict(list)
    at: Counter[int] = Counter()
    now = [0]
    playing = [False]

    def piece(*args: Any, **kwargs: Any) -> Any:
        if not playing[0]:
            out = real(*args, **kwargs)
            kept[now[0]].append(out)
            return out
        k = at[now[0]]
        at[now[0]] += 1
        return kept[now[0]][k]

    def call(ctx: Any, matches: Any) -> Any:
        now[0] = id(ctx)
        at[id(ctx)] = 0
        return rowmatch.row_verdict(ctx, matches)

    setattr(module, name, piece)
    try:
        for ctx, matches, _verdict in got:
            _forget(ctx)
            call(ctx, matches)
        playing[0] = True
        return _replay(got, call, reps)
    finally:
        setattr(module, name, real)


def _count(got: list[_Call]) -> Counter[str]:
    from crossfoot.language import rowmatch

    counts: Counter[str] = Counter()
    depth = [0]

    def prof(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            depth[0] += 1
            code = frame.f_code
            counts[f"{Path(code.co_filename).stem}.{code.co_name}:{code.co_firstlineno}"] += 1
        elif event == "return":
            depth[0] -= 1
        elif event == "c_call":
            counts["C:" + getattr(arg, "__qualname__", str(arg))] += 1

    for ctx, matches, _verdict in got:
        _forget(ctx)
        sys.setprofile(prof)
        try:
            rowmatch.row_verdict(ctx, matches)
        finally:
            sys.setprofile(None)
    return counts


def _in_check(calls: list[tuple[str, Any, str | None]], target: str) -> tuple[float, float]:
    """``check()``'s mean CPU seconds an answer with ``target`` real and free (see above)."""
    from crossfoot.front.check import check
    from crossfoot.language import rowmatch
    from crossfoot.rules import direct

    if not direct._ROW_VERDICT:
        direct._ROW_VERDICT.append(rowmatch.row_verdict)
    if target == "row_verdict":
        module: Any = None
        real = direct._ROW_VERDICT[0]
    else:
        module_name, _, name = target.rpartition(":")
        module = importlib.import_module(module_name) if module_name else rowmatch
        real = getattr(module, name)
    kept: dict[int, list[Any]] = defaultdict(list)
    now = [0, 0]
    mode = ["record"]

    def piece(*args: Any, **kwargs: Any) -> Any:
        if mode[0] == "real":
            return real(*args, **kwargs)
        if mode[0] == "record":
            out = real(*args, **kwargs)
            kept[now[0]].append(out)
            return out
        now[1] += 1
        return kept[now[0]][now[1] - 1]

    if module is None:
        direct._ROW_VERDICT[0] = piece
    else:
        setattr(module, name, piece)
    try:
        reports = []
        for n, (answer, sources, question) in enumerate(calls):
            now[0] = n
            reports.append(check(answer, sources, question=question).to_dict())
        best = ([float("inf")] * len(calls), [float("inf")] * len(calls))
        clock = time.process_time
        for r in range(3):
            for n, (answer, sources, question) in enumerate(calls):
                asked = question + " " * (r + 1) if question else question
                for free in (0, 1) if (n + r) % 2 else (1, 0):
                    mode[0] = "play" if free else "real"
                    now[0], now[1] = n, 0
                    t0 = clock()
                    report = check(answer, sources, question=asked)
                    t = clock() - t0
                    best[free][n] = min(best[free][n], t)
                    if r == 0 and report.to_dict() != reports[n]:
                        sys.exit(f"answer {n}: {target} free changes the report")
    finally:
        if module is None:
            direct._ROW_VERDICT[0] = real
        else:
            setattr(module, name, real)
    return sum(best[0]) / len(calls), sum(best[1]) / len(calls)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    ap.add_argument("--limit", type=int, default=400, help="pot-tatqa rows")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--free", default="", help="pieces to replay free, comma-separated")
    ap.add_argument("--calls", action="store_true", help="count the calls under row_verdict")
    ap.add_argument("--in-check", action="store_true", help="time check() with each piece free")
    args = ap.parse_args(argv)
    from crossfoot.language import rowmatch

    items = pot_tatqa.load(data_root(args.data_root), args.limit)
    if args.in_check:
        calls = [(it.answer, it.sources, it.question or None) for it in items]
        for target in filter(None, args.free.split(",")):
            real, free = _in_check(calls, target)
            print(
                f"check() {real * 1e3:.3f} ms an answer; {target} free: {free * 1e3:.3f} ms, "
                f"ratio {free / real:.3f}"
            )
        return 0
    got = _record([(it.answer, it.sources, it.question or None) for it in items])
    for ctx, matches, verdict in got:
        _forget(ctx)
        if rowmatch.row_verdict(ctx, matches) != verdict:
            sys.exit("a replayed call gives another verdict: the replay cannot run")
    wrong = sum(v is not None for *_, v in got)
    whole = _replay(got, rowmatch.row_verdict, args.reps)
    print(f"{len(got)} calls ({wrong} wrong_row) of {len(items)} rows: {whole:.1f} us a call")
    for target in filter(None, args.free.split(",")):
        t = _free(got, target, args.reps)
        print(f"  {target:40s} free: {t:6.1f} us a call, saves {whole - t:5.1f}")
    if args.calls:
        counts = _count(got)
        py = sum(v for k, v in counts.items() if not k.startswith("C:"))
        print(f"calls under row_verdict: Python {py}, C {sum(counts.values()) - py}")
        for key, n in counts.most_common(25):
            print(f"  {n:7d} {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
