"""Time per claim as a record grows, and the coincidence rate on a random 12 x 5 table.

    python benchmarks/speed.py            # 10 -> 10,000 values, prints two tables
    python benchmarks/speed.py --max 1000 # smaller run

Speed: a record of n values (series ``item_<i>_<year>`` over five years, random walks) and an
answer with four claims: a true % change, a true difference, a true share and a wrong figure
(which fails, so every formula is searched: the worst case). Measured twice: with the default
``max_derivation_operands`` (30: larger records are not searched, so the time is the direct match
only) and with the limit raised to n, so the derivation search runs over every value. The search
solves for the partner of each operand and bisects for it: O(n log n) per claim, never O(n^2).
Sources are read and indexed once (``Checker``).

Coincidence: the share of wrong figures (3 significant figures, moved 5-60 %) that pass on a
12-row x 5-column table of random values, with the table fully searched (limit 60) and with the
default limit. No timed assertions anywhere: this script prints, a reader judges.

Extraction, side by side (``--extract REF``): time per number of ``extract`` on the answers and
sources of every corpus under ``../shared/data`` plus the extraction vectors, for this checkout
and for the git revision ``REF`` (exported to a temporary directory), in alternating child
processes of one run; prints the medians and their ratio::

    python benchmarks/speed.py --extract main --rounds 7
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from crossfoot import Checker, check

YEARS = (2020, 2021, 2022, 2023, 2024)
ROWS = (
    "Revenue", "Cost of sales", "Gross profit", "Marketing expense", "Research spending",
    "Operating income", "Interest expense", "Tax charge", "Net income", "Capital expenditure",
    "Free cash flow", "Headcount",
)  # fmt: skip


def record(n: int, rng: random.Random) -> tuple[dict[str, object], dict[str, int]]:
    fields: dict[str, int] = {}
    i = 0
    while len(fields) < n:
        level = 10 ** rng.uniform(3, 7)
        for year in YEARS:
            if len(fields) >= n:
                break
            level *= 1 + rng.uniform(-0.15, 0.2)
            fields[f"item_{i}_{year}"] = int(level)
        i += 1
    return {"id": "R1", "fields": fields}, fields


def answer(fields: dict[str, int]) -> str:
    a, b = fields["item_0_2020"], fields["item_0_2021"]
    c = fields["item_1_2021"] if "item_1_2021" in fields else fields["item_0_2022"]
    change = (b - a) / a * 100
    share = min(b, c) / max(b, c) * 100
    return (
        f"Item 0 changed {change:.2f}% in 2021 [R1]. "
        f"The change was {b - a:,} [R1]. "
        f"One was {share:.2f}% of the other [R1]. "
        f"A wrong figure: 987,654,321.5 [R1]."
    )


def time_per_claim(n: int, limit: int | None, repeat: int) -> tuple[float, float]:
    rng = random.Random(n)
    rec, fields = record(n, rng)
    text = answer(fields)
    options = {} if limit is None else {"max_derivation_operands": limit}
    checker = Checker([rec], **options)  # sources are read and indexed once, as in production
    report = checker.check(text)
    start = time.perf_counter()
    for _ in range(repeat):
        report = checker.check(text)
    elapsed = (time.perf_counter() - start) / repeat
    return elapsed / max(1, report.checked) * 1000, report.score


# --- coincidence ---------------------------------------------------------------------------


def sig3(x: float) -> str:
    e = math.floor(math.log10(abs(x)))
    return f"{round(x, 2 - e):,.{max(0, 2 - e)}f}"


def money3(x: float) -> str:
    for scale, word in ((1e6, "m"), (1e3, "k")):
        if abs(x) >= scale:
            return f"${sig3(x / scale)}{word}"
    return f"${sig3(x)}"


def table(rng: random.Random) -> tuple[dict[str, object], list[list[int]]]:
    rows: list[list[str]] = [["", *map(str, YEARS)]]
    values = []
    for name in ROWS:
        level = 10 ** rng.uniform(3, 6)
        row = []
        for _ in YEARS:
            level *= 1 + rng.uniform(-0.15, 0.2)
            row.append(int(level))
        values.append(row)
        rows.append([name, *[f"{v:,}" for v in row]])
    return {"id": "R1", "table": rows}, values


def table_answer(rng: random.Random, values: list[list[int]]) -> str:
    parts = []
    for _ in range(2):
        r, r2 = rng.sample(range(len(ROWS)), 2)
        c = rng.randrange(4)
        year = YEARS[c + 1]
        a, b, other = values[r][c], values[r][c + 1], values[r2][c + 1]
        name, name2 = ROWS[r], ROWS[r2].lower()
        parts.append(f"{name} changed by {sig3((b - a) / a * 100)}% in {year} [R1].")
        parts.append(f"{name} was {money3(b)} in {year} [R1].")
        if b < other:
            parts.append(f"In {year}, {name.lower()} was {sig3(b / other * 100)}% of {name2} [R1].")
        gap = money3(abs(b - other))
        parts.append(f"In {year}, the gap between {name.lower()} and {name2} was {gap} [R1].")
    return " ".join(parts)


def coincidence(limit: int, tables: int, draws: int) -> tuple[float, float]:
    rng = random.Random(7)
    rates, scores = [], []
    for t in range(tables):
        rec, values = table(rng)
        report = check(table_answer(rng, values), [rec], max_derivation_operands=limit)
        scores.append(report.score)
        rates.append(report.coincidence(draws=draws, seed=t))
    return sum(rates) / len(rates), sum(scores) / len(scores)


# --- extraction, side by side -----------------------------------------------------------------

_ROOT = Path(__file__).resolve().parent.parent
_TIMER = """
import json, sys, time
from crossfoot import extract
texts = json.load(open(sys.argv[1], encoding="utf-8"))
numbers = sum(len(extract(t)) for t in texts)  # warm: imports, regex caches
start = time.perf_counter()
for t in texts:
    extract(t)
print(json.dumps({"seconds": time.perf_counter() - start, "numbers": numbers}))
"""


def extraction_texts(limit: int) -> list[str]:
    """Answers and source passages of every corpus (as run_all.py reads them), and the
    extraction vectors."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from corpora import pot_tatqa, tatqa  # benchmark-only imports
    from corpora.common import data_root

    texts: list[str] = []
    root = data_root(None)
    for adapter in (pot_tatqa, tatqa):
        for item in adapter.load(root, limit):
            texts.append(item.answer)
            texts.extend(item.sources)
    vectors = _ROOT / "tests" / "vectors"
    for name in ("extract_pinned.json", "locale.json"):
        data = json.loads((vectors / name).read_text("utf-8"))
        cases = data.get("cases") or [c for g in data.get("groups", {}).values() for c in g]
        texts.extend(c["text"] for c in cases)
    return texts


def extract_side_by_side(ref: str, rounds: int, limit: int) -> None:
    texts = extraction_texts(limit)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(_ROOT), "archive", ref, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        corpus = Path(tmp) / "texts.json"
        corpus.write_text(json.dumps(texts), "utf-8")
        paths = {"this checkout": _ROOT / "src", ref: base / "src"}
        seen: dict[str, list[float]] = {name: [] for name in paths}
        numbers: dict[str, int] = {}
        for _ in range(rounds):
            for name, src in paths.items():  # alternate, so load on the machine hits both
                env = {**os.environ, "PYTHONPATH": str(src)}
                out = subprocess.run(
                    [sys.executable, "-c", _TIMER, str(corpus)],
                    env=env, check=True, capture_output=True, text=True,
                )  # fmt: skip
                got = json.loads(out.stdout)
                numbers[name] = got["numbers"]
                seen[name].append(got["seconds"] / max(1, got["numbers"]) * 1e6)
    print(f"extract on {len(texts):,} texts, {rounds} alternating rounds (median µs per number)")
    for name, times in seen.items():
        print(f"  {name:>14}: {statistics.median(times):6.2f} µs, {numbers[name]:,} numbers")
    mine, theirs = (statistics.median(t) for t in seen.values())
    print(f"  ratio this checkout / {ref}: {mine / theirs:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max", type=int, default=10_000, help="largest record size")
    parser.add_argument("--tables", type=int, default=10, help="random tables for coincidence")
    parser.add_argument("--draws", type=int, default=100, help="wrong figures per table")
    parser.add_argument("--extract", metavar="REF", help="time extract against git REF instead")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (--extract)")
    parser.add_argument("--limit", type=int, default=None, help="items per corpus (--extract)")
    args = parser.parse_args()
    if args.extract:
        extract_side_by_side(args.extract, args.rounds, args.limit)
        return

    print("time per claim (ms), record of n values")
    print(f"{'n':>7} | {'default limit':>13} | {'searched (limit n)':>18} | grounded (searched)")
    n = 10
    while n <= args.max:
        repeat = 20 if n <= 100 else (5 if n <= 1000 else 1)
        fast, _ = time_per_claim(n, None, repeat)
        full, score = time_per_claim(n, n, repeat)
        print(f"{n:>7,} | {fast:>13.2f} | {full:>18.2f} | {score:.2f}")
        n *= 10

    print()
    print("coincidence on a random 12 x 5 table (wrong figures at 3 significant figures)")
    print(f"{'limit':>7} | {'wrong figures passing':>21} | true claims grounded")
    for limit in (60, 30):
        rate, score = coincidence(limit, args.tables, args.draws)
        print(f"{limit:>7} | {rate:>20.1%} | {score:.0%}")


if __name__ == "__main__":
    main()
