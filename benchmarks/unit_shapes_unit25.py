"""How filings state a table's unit, in every table format: which statements the reader misses.

A seeded generator of tables of our own (fictional figures) that state their unit one way and
in one place each: the corner cell, a unit row under the years, the column headers ("2019
$'000"), the first year's header only, a title row above the years, a row label, a section
row, a footnote row under the table, a caption line or a sentence of prose before or after it.
Each table is written in each format of ``corpora.render`` and asked two TAT-QA-style questions
(a cell, and the change of a row between the years); the true answer is written with the stated
scale word ("... 3,095 thousand") and a wrong twin with another scale ("... 3,095 million"). A
true answer that does not pass, or a wrong twin that passes, is a miss; misses are printed
grouped by statement and placement.

    python benchmarks/unit_shapes_unit25.py [--seed 25] [--tables 3] [--formats json markdown]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import BENCH_FORMATS, render

# How a unit is written, with the scale word its figures take ("thousand", "million", ...).
STATEMENTS: tuple[tuple[str, str], ...] = (
    ("(in millions)", "million"),
    ("(In thousands)", "thousand"),
    ("$ in millions", "million"),
    ("Dollars in thousands", "thousand"),
    ("(In thousands of U.S. dollars)", "thousand"),
    ("US$'000", "thousand"),
    ("RMB'000", "thousand"),
    ("€m", "million"),
    ("$ in millions, except per share", "million"),
    ("(thousands)", "thousand"),
    ("000s", "thousand"),
    ("($000)", "thousand"),
    ("£000", "thousand"),
    ("In millions of euros", "million"),
    ("(Amounts in thousands)", "thousand"),
    ("in € million", "million"),
    ("€ million", "million"),
    ("($ millions)", "million"),
    ("$ millions", "million"),
    ("In $ thousands", "thousand"),
    ("US$ million", "million"),
    ("(in thousands, except per share data)", "thousand"),
    ("(In millions of dollars)", "million"),
    ("(€ in millions)", "million"),
    ("€'000", "thousand"),
    ("HK$'000", "thousand"),
    ("RM'000", "thousand"),
    ("$ (in thousands)", "thousand"),
    ("Thousands of dollars", "thousand"),
    ("(millions of US dollars)", "million"),
    ("USD million", "million"),
    ("USD'000", "thousand"),
    ("EUR m", "million"),
    ("CHF million", "million"),
    ("A$m", "million"),
    ("$ in thousands", "thousand"),
    ("(Dollars in millions)", "million"),
    ("in thousands", "thousand"),
    ("In millions, except per share amounts", "million"),
    ("(In thousands, except percentages)", "thousand"),
    ("($ in billions)", "billion"),
    ("£m", "million"),
    ("$M", "million"),
    ("$000's", "thousand"),
    ("(in $000s)", "thousand"),
    ("(inthousands)", "thousand"),
    ("$inmillions", "million"),
    ("R'000", "thousand"),
)

# Prose sentences stating the unit (a caption or a note); {u} is a statement above.
PROSE = (
    "The following table sets forth revenue by year {u}:",
    "All amounts are {u}.",
    "Amounts {u} unless otherwise stated.",
    "The table below shows our results ({u}).",
    "{u}",
)

PLACES = (
    "corner",
    "unit_row",
    "unit_row_one",
    "column",
    "one_column",
    "title_row",
    "footnote_row",
    "prose_before",
    "prose_after",
    "label",
    "section",
)

LABELS = ("Revenue", "Cost of sales", "Operating expenses", "Net income", "Total assets")
_OTHER = {"thousand": "million", "million": "thousand", "billion": "million"}


@dataclass(frozen=True)
class Shape:
    """One table stating its unit one way, the two true answers and their wrong twins."""

    statement: str
    word: str
    place: str
    grid: list[list[str]]
    prose: list[str]
    asks: list[tuple[str, str, str]]  # (question, true figure, wrong figure)


def _figures(rng: random.Random) -> list[tuple[str, int, int]]:
    rows = []
    for label in rng.sample(LABELS, 3):
        a = rng.randrange(10_000, 99_999)
        b = a - rng.randrange(1_000, 9_000)
        rows.append((label, a, b))
    return rows


def _grid(
    place: str, unit: str, rows: list[tuple[str, int, int]]
) -> tuple[list[list[str]], list[str]]:
    body = [[label, f"{a:,}", f"{b:,}"] for label, a, b in rows]
    years = ["", "2019", "2018"]
    prose: list[str] = []
    if place == "corner":
        return [[unit, "2019", "2018"], *body], prose
    if place == "unit_row":
        return [years, ["", unit, unit], *body], prose
    if place == "unit_row_one":
        return [years, ["", unit, ""], *body], prose
    if place == "column":
        return [["", f"2019 {unit}", f"2018 {unit}"], *body], prose
    if place == "one_column":  # the unit on the first year's header only
        return [["", f"2019 {unit}", "2018"], *body], prose
    if place == "title_row":
        return [[unit, "", ""], years, *body], prose
    if place == "footnote_row":
        return [years, *body, [f"Amounts {unit}" if unit[0].islower() else unit, "", ""]], prose
    if place == "label":
        return [years, *[[f"{r[0]} {unit}", *r[1:]] for r in body]], prose
    if place == "section":
        return [years, [f"Results {unit}", "", ""], *body], prose
    return [years, *body], prose  # prose_before / prose_after: the caller adds the prose


def shapes(seed: int, tables: int) -> Iterator[Shape]:
    """Every statement in every place, ``tables`` seeded tables each."""
    rng = random.Random(seed)
    for unit, word in STATEMENTS:
        for place in PLACES:
            for _ in range(tables):
                rows = _figures(rng)
                grid, prose = _grid(place, unit, rows)
                if place.startswith("prose"):
                    prose = [rng.choice(PROSE).format(u=unit)]
                label, a, b = rows[rng.randrange(3)]
                asks = [
                    (
                        f"What was the {label.lower()} in 2019?",
                        f"{a:,} {word}",
                        f"{a:,} {_OTHER[word]}",
                    ),
                    (
                        f"What was the change in {label.lower()} from 2018 to 2019?",
                        f"{a - b:,} {word}",
                        f"{a - b:,} {_OTHER[word]}",
                    ),
                ]
                yield Shape(unit, word, place, grid, prose, asks)


def status(question: str, figure: str, sources: list[str]) -> str:
    """The status of the answer's figure."""
    answer = f"{question} The answer is {figure}."
    report = crossfoot.check(answer, sources, question=question)
    found = [c.status for c in report.claims if c.text.startswith(figure.split()[0])]
    return found[-1] if found else "none"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=25)
    p.add_argument("--tables", type=int, default=1)
    p.add_argument("--formats", nargs="*", default=list(BENCH_FORMATS))
    p.add_argument("--places", nargs="*", default=list(PLACES))
    p.add_argument("--show", type=int, default=0, help="print this many misses in full")
    args = p.parse_args(argv)
    missed: Counter[tuple[str, str, str]] = Counter()
    total = 0
    shown = 0
    for shape in shapes(args.seed, args.tables):
        if shape.place not in args.places:
            continue
        for fmt in args.formats:
            table = render(shape.grid, fmt)
            sources = (
                [*shape.prose, table] if shape.place != "prose_after" else [table, *shape.prose]
            )
            for question, true, wrong in shape.asks:
                total += 2
                good = status(question, true, sources)
                bad = status(question, wrong, sources)
                kind = "derive" if "change" in question else "cell"
                for twin, got, ok in (
                    ("true", good, _passing(good)),
                    ("wrong", bad, not _passing(bad)),
                ):
                    if ok:
                        continue
                    missed[(shape.place, shape.statement, f"{twin}:{kind}:{got}")] += 1
                    if shown < args.show:
                        shown += 1
                        print(f"--- {shape.place} {shape.statement!r} {fmt} {twin} {got}")
                        print("\n".join(sources))
                        print(question, true if twin == "true" else wrong)
    for (place, statement, what), n in sorted(missed.items()):
        print(f"{place:14} {statement!r:44} {what:36} {n}")
    print(f"{sum(missed.values())} misses of {total} answers")
    return 0


def _passing(s: str) -> bool:
    return s in crossfoot.PASSING_STATUSES


if __name__ == "__main__":
    raise SystemExit(main())
