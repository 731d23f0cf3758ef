"""crossfoot.trace against figured.trace (figured==0.4.3) on the same tables and answers.

Installs nothing: run it where the ``bench`` extra is installed (``pip install -e ".[bench]"``)::

    python benchmarks/trace_vs_figured.py            # full run (a few minutes)
    python benchmarks/trace_vs_figured.py --quick    # fewer tables and draws

It prints, and writes to ``benchmarks/results/trace_vs_figured.{json,md}``:

1. **Labelled figures.** Generated from seeded random sales tables (fictional): true figures
   (cells, rounded cells, column sums and means, shares, % more than, differences, revenue per
   order, a bound such as "more than 61,000 orders") and wrong ones (near misses within and beyond
   1.5 %, a value from another row, swapped rows, the wrong direction, a wrong total, sums across
   units, wrong written arithmetic, a wrong per-order figure, a bound on the wrong side of the
   value). Each answer is one case; a library is right when ``report.ok`` equals the
   label.
2. **Coincidence.** Random figures (3-significant-digit amounts between the smallest and largest
   cell, and percentages) checked against random 3x3, 12x5, 200x10, 2,000x10 and 20,000x10
   tables (the two large sizes from their own seeded stream, two tables each): the share that
   passes, with each library's default derivations and with all of them; once in a sentence that
   names no row, once in one that names two random rows (the harder case for crossfoot, which
   derives only between rows an answer names).
3. **Time per trace.** One answer with nine figures against 2x3, 12x5, 200x10, 2,000x10 and
   20,000x10 tables; median time per ``trace`` call, and the ratio crossfoot / figured. Each
   size's table is traced again and again (crossfoot keeps the reads of small result sets of
   equal content, so its 2x3 and 12x5 lines count those); the "fresh rows" lines trace new
   rows, and so a new answer, every call (a new query result per answer); the "new labels"
   lines (2x3, 12x5) also name those rows by new words every call (two-word names drawn from a
   seeded word list; the same answer shape names them), as results naming customers, products
   or campaigns do: what a library keeps per label string never applies. The two libraries
   alternate in rounds so that a busy spell of the shared machine hits both alike; fewer
   repetitions at the large sizes.
   Times are the process's CPU time (``--clock wall`` for wall time, as before 2026-12-01).
   The "cells only" lines (2x3, 12x5, fresh rows) trace an answer that states three cells of the
   rows it names, the sentences trace's result-row path decides without the engine.
   Beside it, the fixed cost of a trace on the 2x3 table: an answer with no figure and one with
   a single exact cell.

``--timing-only`` skips running parts 1 and 2 (their tables are still drawn, so the timing tables
are the same as in a full run): three quick runs for the speed ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from claims_cases import claims_cases

RESULTS = Path(__file__).parent / "results"
REGIONS = [
    "North America", "Europe", "APAC", "LATAM", "Africa", "Middle East", "Nordics", "Iberia",
    "Benelux", "Oceania", "Central Asia", "Caribbean", "Balkans", "Andes", "Baltics", "Alps",
]  # fmt: skip


def _libraries() -> tuple[Callable[..., Any], Callable[..., Any]]:
    try:
        import figured
    except ImportError:
        sys.exit('figured is not installed: pip install -e ".[bench]" (it pins figured==0.4.3)')
    if getattr(figured, "__version__", "") != "0.4.3":
        print(f"warning: figured {figured.__version__} installed; the results are for 0.4.3")
    from crossfoot.front.trace import trace

    return trace, figured.trace


# ----------------------------------------------------------------------------- tables


def sales_table(rng: random.Random, n: int) -> list[dict[str, Any]]:
    """Regions with revenue, orders and stores: amounts of three different units."""
    rows = []
    for i in range(n):
        orders = rng.randint(5_000, 90_000)
        aov = rng.uniform(30, 120)
        rows.append(
            {
                "region": REGIONS[i] if i < len(REGIONS) else f"Region {i + 1}",
                "revenue": int(round(orders * aov, -4)),
                "orders": orders,
                "stores": rng.randint(8, 95),
            }
        )
    return rows


MEASURES = ["revenue", "orders", "visits", "returns", "stock", "refunds", "sessions", "signups",
            "tickets"]  # fmt: skip


def random_table(
    rng: random.Random, n: int, cols: int, labels: list[str] | None = None
) -> list[dict[str, Any]]:
    """``n`` rows: a text key and ``cols - 1`` measures (distinct quantities, as a query's
    SELECT list usually is), integers log-uniform in 100..1,000,000. The keys are "item 1",
    "item 2", ... unless ``labels`` names the rows."""
    names = MEASURES[: cols - 1]
    keys = labels or [f"item {i + 1}" for i in range(n)]
    return [{"name": keys[i], **{c: int(10 ** rng.uniform(2, 6)) for c in names}} for i in range(n)]


#: Words of fictional entity names (customers, products, campaigns) for the "new labels" rows.
LABEL_WORDS = """
    alder amber anchor apex arbor aspen atlas aurora axis basalt beacon birch bison blaze bloom
    bolt brook cairn canyon cedar cinder citrus clover cobalt comet copper coral crane crest
    cypress dawn delta dune ember falcon fern fjord flint forge fox garnet glacier granite grove
    harbor hawk hazel heron hollow horizon indigo iris ivory jade juniper kestrel lagoon lark
    laurel lumen lynx maple marble meadow mesa mint moss nectar nimbus nova oak onyx opal orchid
    osprey otter pebble pine plume prairie quartz quill raven reed ridge river robin saffron
    sage sierra slate sorrel spruce summit swift tamarack terra thistle timber topaz tundra
    valley vega willow wren yarrow zephyr
""".split()


def new_labels(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct row labels of two capitalised words of :data:`LABEL_WORDS` (about 12,000
    pairs: a long run of fresh tables seldom meets a label twice, though its words recur)."""
    out: list[str] = []
    while len(out) < n:
        label = " ".join(w.capitalize() for w in rng.sample(LABEL_WORDS, 2))
        if label not in out:
            out.append(label)
    return out


# ----------------------------------------------------------------------------- labelled set


@dataclass(frozen=True)
class Case:
    category: str
    truth: bool  # True: every figure is right
    text: str
    rows: list[dict[str, Any]]
    question: str | None = None  # the user's question (crossfoot reads it; figured cannot)
    options: dict[str, Any] | None = None  # trace options a case needs (figured has none)


def _money(v: float) -> str:
    return f"${v / 1e6:.2f}M" if v >= 1e6 else f"${v:,.0f}"


def _off(rng: random.Random, lo: float, hi: float) -> float:
    return (1 + rng.uniform(lo, hi)) if rng.random() < 0.5 else (1 - rng.uniform(lo, hi))


def labelled_cases(rng: random.Random, tables: int) -> list[Case]:
    out: list[Case] = []
    for _ in range(tables):
        rows = sales_table(rng, rng.randint(3, 8))
        a, b = rng.sample(rows, 2)
        hi, lo = (a, b) if a["revenue"] > b["revenue"] else (b, a)
        col = rng.choice(["revenue", "orders"])
        total = {c: sum(r[c] for r in rows) for c in ("revenue", "orders", "stores")}
        n = len(rows)

        def fig(c: str, v: float) -> str:
            return _money(v) if c == "revenue" else f"{v:,.0f}"

        def noun(c: str) -> str:
            return "in revenue" if c == "revenue" else c

        r = a
        true = [
            ("cell", f"{r['region']} had {fig(col, r[col])} {noun(col)}."),
            ("cell_rounded", f"{r['region']} brought in about ${r['revenue'] / 1e6:.1f}M."),
            ("small_count", f"{r['region']} runs {r['stores']} stores."),
            ("column_sum", f"All {n} regions together had {fig(col, total[col])} {noun(col)}."),
            ("column_mean", f"On average a region placed {total['orders'] / n:,.0f} orders."),
            (
                "share",
                f"{r['region']} accounted for {r[col] / total[col] * 100:.1f}% of all {col}.",
            ),
            (
                "percent_more",
                f"{hi['region']} made {(hi['revenue'] / lo['revenue'] - 1) * 100:.1f}% more "
                f"revenue than {lo['region']}.",
            ),
            (
                "difference",
                f"{hi['region']} made {_money(hi['revenue'] - lo['revenue'])} more than "
                f"{lo['region']}.",
            ),
            (
                "per_order",
                f"{r['region']}'s revenue per order was ${r['revenue'] / r['orders']:.2f}.",
            ),
        ]
        # A bound on the right and on the wrong side of the order count, both within half a
        # unit of its second significant digit (where a symmetric "about" window takes either).
        step = 10 ** (len(str(r["orders"])) - 2)
        up, down = -(-r["orders"] // step) * step, r["orders"] // step * step
        if up - r["orders"] < step / 2:
            bound_true, bound_wrong = f"fewer than {up:,}", f"more than {up:,}"
        else:
            bound_true, bound_wrong = f"more than {down:,}", f"fewer than {down:,}"
        true.append(("bound", f"{r['region']} placed {bound_true} orders."))
        near_small = r["orders"] * _off(rng, 0.003, 0.013)
        near_large = r[col] * _off(rng, 0.03, 0.08)
        bad_total = total["orders"] * _off(rng, 0.02, 0.06)
        bad_sum = (a["orders"] + b["orders"]) * _off(rng, 0.02, 0.05)
        bad_aov = r["revenue"] / r["orders"] * _off(rng, 0.1, 0.3)
        growth = (hi["revenue"] / lo["revenue"] - 1) * 100
        wrong = [
            ("near_miss_within_1.5%", f"{r['region']} placed {near_small:,.0f} orders."),
            ("near_miss_3-8%", f"{r['region']} had {fig(col, near_large)} {noun(col)}."),
            ("wrong_row", f"{a['region']} placed {b['orders']:,} orders."),
            ("wrong_row_small_count", f"{a['region']} runs {b['stores']} stores."),
            (
                "swapped_rows",
                f"{a['region']} had {_money(b['revenue'])} in revenue and {b['region']} "
                f"{_money(a['revenue'])}.",
            ),
            (
                "wrong_direction",
                f"{lo['region']} made {growth:.1f}% more revenue than {hi['region']}.",
            ),
            ("wrong_total", f"All {n} regions together placed {bad_total:,.0f} orders."),
            ("unit_mix", f"{r['region']} reached {r['revenue'] + r['orders']:,} in total."),
            (
                "written_arithmetic",
                f"Together: {a['orders']:,} + {b['orders']:,} = {bad_sum:,.0f} orders.",
            ),
            ("per_order_wrong", f"{r['region']}'s revenue per order was ${bad_aov:.2f}."),
            ("bound_wrong_side", f"{r['region']} placed {bound_wrong} orders."),
        ]
        if a["orders"] == b["orders"] or a["stores"] == b["stores"]:
            wrong = [w for w in wrong if not w[0].startswith("wrong_row")]
        out += [Case(cat, True, text, rows) for cat, text in true]
        out += [Case(cat, False, text, rows) for cat, text in wrong]
    return out


def score_labelled(cases: list[Case], runners: dict[str, Callable[[Case], bool]]) -> dict[str, Any]:
    by_cat: dict[str, dict[str, Any]] = {}
    totals = {name: {"true_accepted": 0, "wrong_caught": 0} for name in runners}
    n_true = sum(c.truth for c in cases)
    n_wrong = len(cases) - n_true
    for case in cases:
        row = by_cat.setdefault(case.category, {"truth": case.truth, "n": 0})
        row["n"] += 1
        for name, run in runners.items():
            right = run(case) == case.truth
            row[name] = row.get(name, 0) + right
            totals[name]["true_accepted" if case.truth else "wrong_caught"] += right
    return {"n_true": n_true, "n_wrong": n_wrong, "totals": totals, "categories": by_cat}


# ----------------------------------------------------------------------------- coincidence


def random_figure(rng: random.Random, lo: float, hi: float) -> str:
    if rng.random() < 0.4:
        pct = rng.uniform(0.5, 99.5)
        return f"{pct:.0f}%" if rng.random() < 0.5 else f"{pct:.1f}%"
    value = 10 ** rng.uniform(__import__("math").log10(lo), __import__("math").log10(hi))
    digits = len(str(int(value)))
    rounded = round(value, 3 - digits)
    return f"{rounded:,.0f}"


def coincidence(
    rng: random.Random, size: tuple[int, int], draws: int, tables: int,
    runners: dict[str, Callable[[str, list[dict[str, Any]]], bool]], named: bool,
) -> dict[str, float]:  # fmt: skip
    """Share of random figures that pass. ``named``: the sentence names two random rows, as an
    answer comparing them would (crossfoot only derives between rows an answer names)."""
    passed = dict.fromkeys(runners, 0)
    total = 0
    for _ in range(tables):
        rows = random_table(rng, *size)
        cells = [v for r in rows for k, v in r.items() if k != "name"]
        for _ in range(draws // tables):
            figure = random_figure(rng, min(cells), max(cells))
            if named:
                a, b = rng.sample(rows, 2) if len(rows) > 1 else (rows[0], rows[0])
                text = f"Comparing {a['name']} with {b['name']}, the figure was {figure}."
            else:
                text = f"The figure for the group was {figure}."
            total += 1
            for name, run in runners.items():
                passed[name] += run(text, rows)
    return {name: passed[name] / total for name in runners}


def large_coincidence(
    rng: random.Random,
    quick: bool,
    runners: dict[str, Callable[[str, list[dict[str, Any]]], bool]],
) -> dict[str, dict[str, float]]:
    """:func:`coincidence` at 2,000x10 and 20,000x10 (round 40): where nearly every whole number
    of the cells' range is some cell, a figure naming no row must not pass as that cell. Two
    tables a size; fewer draws at 20,000 rows (figured takes ~0.1 s a trace there)."""
    out: dict[str, dict[str, float]] = {}
    for named in (False, True):
        for size, draws in (((2000, 10), 60), ((20000, 10), 30)):
            label = f"{size[0]:,}x{size[1]}" + (", two rows named" if named else "")
            out[label] = coincidence(rng, size, draws // 3 if quick else draws, 2, runners, named)
    return out


# ----------------------------------------------------------------------------- timing


def timing_answer(rows: list[dict[str, Any]]) -> str:
    a, b = rows[0], rows[1 % len(rows)]
    n = len(rows)
    s = sum(r["revenue"] for r in rows)
    change = (a["revenue"] / b["revenue"] - 1) * 100 if b["revenue"] else 0.0
    side = "above" if change >= 0 else "below"
    one, two = a["name"], rows[1]["name"] if n > 1 else "item 2"
    return (
        f"{one} had {a['revenue']:,} in revenue and {two} had {b['revenue']:,}. Together "
        f"revenue reached {s:,}, a mean of {s / n:,.0f}. {one} was {abs(change):.1f}% {side} "
        f"{two}. We also saw 123,457 events, a 78.5% rate and $4.21M of spend, and "
        f"{a['orders'] + 17:,} orders."
    )


def cells_answer(rows: list[dict[str, Any]]) -> str:
    """An answer that only states cells of the rows it names (the "cells only" lines): what
    ``trace``'s result-row path (``front/trace_fast.py``) decides without the engine."""
    a, b = rows[0], rows[1]
    return (
        f"{a['name']} had {a['revenue']:,} in revenue and {b['name']} had {b['revenue']:,} in "
        f"revenue. "
        f"{b['name']} placed {b['orders']:,} orders."
    )


# The clock of part 3: the process's CPU time by default. On the shared, loaded machine the wall
# clock mostly measures how long the scheduler kept the process waiting (--clock wall).
CLOCK: list[Callable[[], float]] = [time.process_time]


def time_per_trace(
    trace: Callable[..., Any], text: str, rows: list[dict[str, Any]], reps: int
) -> float:
    trace(text, rows)  # warm caches and imports
    clock = CLOCK[0]
    samples = []
    for _ in range(reps):
        t0 = clock()
        trace(text, rows)
        samples.append(clock() - t0)
    return statistics.median(samples)


def time_fresh(trace: Callable[..., Any], cases: list[tuple[str, list[dict[str, Any]]]]) -> float:
    """Median CPU time of one ``trace`` per case, each case once: new rows (and so a new answer)
    every call, as an assistant tracing a new query result per answer does."""
    text, rows = cases[-1]
    trace(text, [dict(r) for r in rows])  # warm imports (a table the timed calls never see)
    clock = CLOCK[0]
    samples = []
    for text, rows in cases[:-1]:
        t0 = clock()
        trace(text, rows)
        samples.append(clock() - t0)
    return statistics.median(samples)


def paired_fresh(
    runners: dict[str, Callable[..., Any]],
    n: int,
    c: int,
    reps: int,
    seed: int,
    rounds: int = 3,
    labels: bool = False,
    answer: Callable[[list[dict[str, Any]]], str] = timing_answer,
) -> dict[str, float]:
    """As :func:`paired_times`, but every call traces rows of new content (drawn from their own
    seeded stream, so the other tables do not move): a result set kept from the call before
    (crossfoot keeps the last 16 reads of equal rows, ``front/trace_rows.py``) never hits. A
    copy of the same rows would: the kept reads are keyed by content. ``labels``: the rows are
    also named by new words every call (:func:`new_labels`; the answer names them), as query
    results naming customers, products or campaigns are: what is kept per label string never
    hits either."""
    rng = random.Random(seed)
    got: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(rounds):
        tables = [
            random_table(rng, n, c, new_labels(rng, n) if labels else None) for _ in range(reps + 1)
        ]
        cases = [(answer(rows), rows) for rows in tables]
        for name, fn in runners.items():
            # each library its own copies of the same rows (neither sees the other's objects)
            got[name].append(time_fresh(fn, [(t, [dict(r) for r in rows]) for t, rows in cases]))
    return {name: statistics.median(v) for name, v in got.items()}


def paired_times(
    runners: dict[str, Callable[..., Any]],
    text: str,
    rows: list[dict[str, Any]],
    reps: int,
    rounds: int = 3,
) -> dict[str, float]:
    """Median seconds per call of each runner: ``rounds`` alternating rounds of ``reps`` calls
    (a busy spell of the shared machine then hits every runner alike), median of the rounds."""
    got: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(rounds):
        for name, fn in runners.items():
            got[name].append(time_per_trace(fn, text, rows, reps))
    return {name: statistics.median(v) for name, v in got.items()}


TIMING_SIZES = ((2, 3), (12, 5), (200, 10), (2000, 10), (20000, 10))
#: Sizes of at most this many cells are timed a second time on new rows every call ("fresh
#: rows"): crossfoot keeps the reads of result sets of up to 1,000 cells (front/trace_rows.py).
FRESH_CELLS = 1_000
#: The fresh rows' own seeded stream (plus the size's row count).
FRESH_SEED = 1_900_000
#: Sizes also timed on fresh rows whose labels are new words every call ("new labels"), and
#: their own seeded stream (plus the size's row count).
NEW_LABEL_SIZES = ((2, 3), (12, 5))
NEW_LABEL_SEED = 2_500_000
#: The "cells only" lines' own seeded stream (plus the size's row count): fresh rows and an
#: answer stating three of their cells (:func:`cells_answer`), at the NEW_LABEL_SIZES.
CELLS_SEED = 3_100_000


def _reps(n: int, quick: bool) -> int:
    if n >= 20000:
        return 1 if quick else 3
    if n >= 2000:
        return 3 if quick else 10
    return 10 if quick else 40


def _line(got: dict[str, float]) -> dict[str, float]:
    """One timing line: both tools' times per trace (ms) and their ratio."""
    cf, fg = got["crossfoot"], got["figured"]
    return {"crossfoot_ms": cf * 1000, "figured_ms": fg * 1000, "ratio": cf / fg}


def timing(
    rng: random.Random, quick: bool, runners: dict[str, Callable[..., Any]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Time per trace at every size, and the fixed costs on the 2x3 table (see the docstring)."""
    speed: dict[str, Any] = {}
    fixed: dict[str, Any] = {}
    for n, c in TIMING_SIZES:
        rows = random_table(rng, n, c)
        got = paired_times(runners, timing_answer(rows), rows, _reps(n, quick))
        speed[f"{n}x{c}"] = _line(got)
        if n * c <= FRESH_CELLS:
            # The same size with new rows every call (the tables above are traced again and
            # again, so a read kept from the call before counts there).
            got = paired_fresh(runners, n, c, _reps(n, quick), FRESH_SEED + n)
            speed[f"{n}x{c}, fresh rows"] = _line(got)
        if (n, c) in NEW_LABEL_SIZES:
            got = paired_fresh(runners, n, c, _reps(n, quick), NEW_LABEL_SEED + n, labels=True)
            speed[f"{n}x{c}, fresh rows, new labels"] = _line(got)
        if (n, c) in NEW_LABEL_SIZES:
            got = paired_fresh(runners, n, c, _reps(n, quick), CELLS_SEED + n, answer=cells_answer)
            speed[f"{n}x{c}, fresh rows, cells only"] = _line(got)
        if n == 2:
            answers = {
                "no figure": "The regions are listed below.",
                "one exact cell": f"item 1 had {rows[0]['revenue']:,} in revenue.",
            }
            for what, text in answers.items():
                got = paired_times(runners, text, rows, 10 * _reps(n, quick))
                fixed[what] = _line(got)
    return speed, fixed


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer tables, draws and repetitions")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--draws", type=int, default=200, help="random figures per table size")
    ap.add_argument("--out", type=Path, default=RESULTS)
    ap.add_argument(
        "--timing-only", action="store_true", help="only part 3 (the tables drawn are the same)"
    )
    ap.add_argument(
        "--claims-only",
        action="store_true",
        help="only the issue-15 labelled set, printed and not written (for iterating)",
    )
    ap.add_argument(
        "--coincidence-only",
        action="store_true",
        help="only part 2 with its large sizes, printed and not written (for iterating)",
    )
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="clock of part 3")
    args = ap.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    cf_trace, fg_trace = _libraries()
    import figured

    quick = args.quick
    draws = 60 if quick else args.draws
    rng = random.Random(args.seed)

    # 1. labelled figures
    cases = labelled_cases(rng, 6 if quick else 25)
    runners: dict[str, Callable[[Case], bool]] = {
        "crossfoot": lambda c: bool(
            cf_trace(c.text, c.rows, question=c.question, **(c.options or {})).ok
        ),
        "figured": lambda c: bool(fg_trace(c.text, c.rows).ok),
        "figured_all": lambda c: bool(fg_trace(c.text, c.rows, derivations="all").ok),
    }
    run = {} if args.timing_only or args.coincidence_only else runners  # (drawn either way)
    labelled = score_labelled(cases, run)
    # What a figure claims (issue 15): its own seeded stream, so the figures above do not move.
    claims = [Case(*raw) for raw in claims_cases(random.Random(args.seed + 15), 6 if quick else 25)]
    labelled_claims = score_labelled(claims, run)
    if args.claims_only:
        print("\n".join(render_labelled(labelled_claims, "What a figure claims")))
        return 0

    # 2. coincidence
    co_runners: dict[str, Callable[[str, list[dict[str, Any]]], bool]] = {
        "crossfoot_default": lambda t, r: bool(cf_trace(t, r).ok),
        "crossfoot_all": lambda t, r: bool(cf_trace(t, r, derivations="all").ok),
        "figured_default": lambda t, r: bool(fg_trace(t, r).ok),
        "figured_all": lambda t, r: bool(fg_trace(t, r, derivations="all").ok),
    }
    coinc: dict[str, dict[str, float]] = {}
    for named in (False, True):
        for size in ((3, 3), (12, 5), (200, 10)):
            d = draws // 2 if size[0] >= 200 else draws
            label = f"{size[0]}x{size[1]}" + (", two rows named" if named else "")
            # (drawn even with --timing-only: the timing tables below stay the same)
            co_run = {} if args.timing_only else co_runners
            coinc[label] = coincidence(rng, size, d, 4 if quick else 10, co_run, named)
    if not args.timing_only:  # (their own seeded stream: the timing tables below stay the same)
        coinc.update(large_coincidence(random.Random(args.seed + 40), quick, co_runners))
    if args.coincidence_only:
        print("\n".join(_render_coincidence(coinc)))
        return 0

    # 3. time per trace
    speed, fixed = timing(rng, quick, {"crossfoot": cf_trace, "figured": fg_trace})

    flags = (" --quick" if quick else "") + (" --timing-only" if args.timing_only else "")
    flags += " --clock wall" if args.clock == "wall" else ""
    result = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python benchmarks/trace_vs_figured.py" + flags,
        "seed": args.seed,
        "figured_version": figured.__version__,
        "labelled": labelled,
        "labelled_claims": labelled_claims,
        "coincidence": coinc,
        "speed": speed,
        "fixed_cost_2x3": fixed,
        "notes": [
            "crossfoot's default policy already allows every derivation kind, so its 'default' "
            "and 'all' coincidence columns differ only by sampling",
            "coincidence figures: 60% amounts with 3 significant digits between the smallest and "
            "largest cell, 40% percentages (half whole, half one decimal)",
        ],
    }
    name = "trace_vs_figured" + ("_timing" if args.timing_only else "")
    write_results(args.out, name, result, render(result))
    return 0


def write_results(out: Path, name: str, result: dict[str, Any], md: str) -> None:
    """``OUT/NAME.json`` and ``OUT/NAME.md``, and the markdown printed."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(result, indent=2) + "\n")
    (out / f"{name}.md").write_text(md)
    print(md)


def render(r: dict[str, Any]) -> str:
    lines = [
        "# trace vs figured",
        "",
        f"{r['date']} · `{r['command']}` · seed {r['seed']} · figured {r['figured_version']}",
        "",
    ]
    if r["labelled"]["totals"]:
        lines += _render_quality(r)
    lines += _render_speed(r)
    lines += ["", *[f"- {n}" for n in r["notes"]], ""]
    return "\n".join(lines)


def render_labelled(lab: dict[str, Any], title: str) -> list[str]:
    """A labelled set as markdown: totals, then each category with each library's score."""
    names = list(lab["totals"])
    lines = [
        f"## {title} ({lab['n_true']} true, {lab['n_wrong']} wrong answers)",
        "",
        "| | " + " | ".join(names) + " |",
        "|---|" + "---:|" * len(names),
        "| true answers accepted | "
        + " | ".join(f"{lab['totals'][n]['true_accepted']}/{lab['n_true']}" for n in names)
        + " |",
        "| wrong answers caught | "
        + " | ".join(f"{lab['totals'][n]['wrong_caught']}/{lab['n_wrong']}" for n in names)
        + " |",
        "",
        "| category | label | n | " + " | ".join(names) + " |",
        "|---|---|---:|" + "---:|" * len(names),
    ]
    for cat, row in lab["categories"].items():
        label = "true" if row["truth"] else "wrong"
        cells = " | ".join(f"{row.get(n, 0)}/{row['n']}" for n in names)
        lines.append(f"| {cat} | {label} | {row['n']} | {cells} |")
    return lines


def _render_quality(r: dict[str, Any]) -> list[str]:
    lines = render_labelled(r["labelled"], "Labelled figures")
    if "labelled_claims" in r:
        lines += [
            "",
            *render_labelled(
                r["labelled_claims"],
                "What a figure claims (issue 15; crossfoot is given the question, figured is not)",
            ),
        ]
    return [*lines, "", *_render_coincidence(r["coincidence"]), ""]


def _render_coincidence(coinc: dict[str, dict[str, float]]) -> list[str]:
    lines = ["## Coincidence (share of random figures that pass; lower is better)", ""]
    cols = list(next(iter(coinc.values())))
    lines += ["| table | " + " | ".join(cols) + " |", "|---|" + "---:|" * len(cols)]
    for size, row in coinc.items():
        lines.append(f"| {size} | " + " | ".join(f"{row[c]:.1%}" for c in cols) + " |")
    return lines


def _render_speed(r: dict[str, Any]) -> list[str]:
    lines = [
        "## Time per trace (one answer, nine figures; median of alternating rounds)",
        "",
        "| table | crossfoot | figured | ratio |",
        "|---|---:|---:|---:|",
    ]
    for size, row in r["speed"].items():
        lines.append(
            f"| {size} | {row['crossfoot_ms']:.2f} ms | {row['figured_ms']:.2f} ms "
            f"| {row['ratio']:.2f} |"
        )
    lines += [
        "",
        "Fixed cost on the 2x3 table:",
        "",
        "| answer | crossfoot | figured | ratio |",
        "|---|---:|---:|---:|",
    ]
    for what, row in r.get("fixed_cost_2x3", {}).items():
        lines.append(
            f"| {what} | {row['crossfoot_ms']:.3f} ms | {row['figured_ms']:.3f} ms "
            f"| {row['ratio']:.2f} |"
        )
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
