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
"""

from __future__ import annotations

import argparse
import math
import random
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max", type=int, default=10_000, help="largest record size")
    parser.add_argument("--tables", type=int, default=10, help="random tables for coincidence")
    parser.add_argument("--draws", type=int, default=100, help="wrong figures per table")
    args = parser.parse_args()

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
