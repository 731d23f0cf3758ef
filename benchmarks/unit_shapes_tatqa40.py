"""Where filings state a table's unit, written naturally: which placements the reader misses.

Round 40 (tatqa40, issue 14) widens ``unit_shapes_unit25.py`` to the placements a reader meets
in filings, each written the way filings write it: a sentence of prose that states the unit of
all amounts ("All amounts are in thousands of U.S. dollars unless otherwise stated."), a table
title line ("Table 3: Revenue (in thousands)"), a note row between two header rows, a unit row
below the years, a unit in the first header cell ("Revenue (in millions)"), a spanning column
header ("Millions of dollars" over the years), a unit in the row label of each row ("Revenue
($m)") or of the first row only, and a "(£m)" on each year; and round 40's two classes (a
note between a block of counts and the amounts; years over "| % of total" pairs). Fictional
figures; each table in each format of ``corpora.render``; three TAT-QA questions each (a cell,
the change of a row between the years, the average of a row). The true answer carries the
stated scale word, the wrong twin another; a true answer that does not pass or a wrong twin
that passes is a miss. A unit in the first row's label only governs that row: the other rows'
figures with a scale word stay ``unit_unstated`` (their misses are expected, fail closed).

    python benchmarks/unit_shapes_tatqa40.py [--seed 40] [--places ...] [--show N]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import BENCH_FORMATS, render

STATEMENTS: tuple[tuple[str, str], ...] = (
    ("(in thousands)", "thousand"),
    ("(In millions)", "million"),
    ("$'000", "thousand"),
    ("(£m)", "million"),
    ("US$ million", "million"),
    ("Millions of dollars", "million"),
    ("($ in thousands)", "thousand"),
    ("(Dollars in millions)", "million"),
    ("(€ thousands)", "thousand"),
    ("($m)", "million"),
    ("(in thousands of U.S. dollars)", "thousand"),
    ("(Amounts in thousands, except per share data)", "thousand"),
    ("(RMB million)", "million"),
    ("(000's)", "thousand"),
    ("(in millions of euros)", "million"),
    ("(Dollar amounts in thousands)", "thousand"),
)

# Sentences that state the unit of the table's amounts; {w} the plural scale word ("thousands").
PROSE = (
    "All amounts are in {w} of U.S. dollars unless otherwise stated.",
    "Amounts are presented in {w} of dollars, except per share data.",
    "Dollar amounts in the table below are in {w}.",
    "The following table presents our results by year, in {w}:",
    "Unless otherwise noted, all figures are in {w}.",
    "Revenue by year was as follows (dollars in {w}):",
)

PLACES = (
    "prose_before",
    "prose_after",
    "title_line",
    "note_between_headers",
    "unit_row",
    "first_header",
    "spanning",
    "label_each",
    "label_first",
    "year_each",
    "note_between_blocks",
    "percent_pairs",
)

LABELS = ("Revenue", "Cost of sales", "Operating expenses", "Net income", "Total assets")
_OTHER = {"thousand": "million", "million": "thousand"}


@dataclass(frozen=True)
class Shape:
    """One table stating its unit one way, with its questions, true and wrong answers."""

    statement: str
    word: str
    place: str
    grid: list[list[str]]
    prose: list[str]
    asks: list[tuple[str, str, str]]


def _figures(rng: random.Random) -> list[tuple[str, int, int]]:
    rows = []
    for label in rng.sample(LABELS, 3):
        a = rng.randrange(10_000, 99_999)
        b = a - rng.randrange(1_000, 9_000)
        rows.append((label, a, b))
    return rows


def _grid(place: str, unit: str, rows: list[tuple[str, int, int]]) -> list[list[str]]:
    body = [[label, f"{a:,}", f"{b:,}"] for label, a, b in rows]
    years = ["", "2019", "2018"]
    if place == "note_between_headers":
        return [["", "Year ended December 31,", ""], [unit, "2019", "2018"], *body]
    if place == "unit_row":
        return [years, ["", unit, unit], *body]
    if place == "first_header":
        return [[f"Segment {unit}", "2019", "2018"], *body]
    if place == "spanning":
        return [["", unit, ""], years, *body]
    if place == "label_each":
        return [years, *[[f"{r[0]} {unit}", *r[1:]] for r in body]]
    if place == "label_first":
        return [years, [f"{body[0][0]} {unit}", *body[0][1:]], *body[1:]]
    if place == "year_each":
        return [["", f"2019 {unit}", f"2018 {unit}"], *body]
    if place == "note_between_blocks":  # a block of counts, the note, the amounts
        return [years, ["Employees", "1,240", "1,185"], ["", unit, ""], *body]
    if place == "percent_pairs":  # "2019 | | 2018 |" over "| % of total" pairs, the note
        pairs = [[label, f"{a:,}", "40.1", f"{b:,}", "38.2"] for label, a, b in rows]
        return [
            ["", "2019", "", "2018", ""],
            ["", "", "% of total", "", "% of total"],
            ["", "Amount", "Share", "Amount", "Share"],
            ["", unit, "", "", ""],
            *pairs,
        ]
    return [years, *body]  # prose and title places: the caller adds the text


def _plural(word: str) -> str:
    return word + "s"


def shapes(seed: int) -> Iterator[Shape]:
    """Every statement in every place (prose places use the scale word alone)."""
    rng = random.Random(seed)
    for unit, word in STATEMENTS:
        for place in PLACES:
            rows = _figures(rng)
            grid = _grid(place, unit, rows)
            prose: list[str] = []
            if place.startswith("prose"):
                prose = [rng.choice(PROSE).format(w=_plural(word))]
            elif place == "title_line":
                prose = [f"Table {rng.randrange(2, 9)}: Results of operations {unit}"]
            label, a, b = rows[rng.randrange(3)]
            mean = (Decimal(a) + Decimal(b)) / 2
            low = label.lower()
            asks = [
                (f"What was the {low} in 2019?", f"{a:,}"),
                (f"What was the change in {low} from 2018 to 2019?", f"{a - b:,}"),
                (f"What was the average {low} for 2018 and 2019?", f"{mean:,}"),
            ]
            yield Shape(
                unit,
                word,
                place,
                grid,
                prose,
                [(q, f"{x} {word}", f"{x} {_OTHER[word]}") for q, x in asks],
            )


def status(question: str, figure: str, sources: list[str]) -> str:
    """The status of the answer's figure."""
    answer = f"The answer is {figure}."
    report = crossfoot.check(answer, sources, question=question)
    found = [c.status for c in report.claims if c.text.startswith(figure.split()[0])]
    return found[-1] if found else "none"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=40)
    p.add_argument("--formats", nargs="*", default=list(BENCH_FORMATS))
    p.add_argument("--places", nargs="*", default=list(PLACES))
    p.add_argument("--show", type=int, default=0, help="print this many misses in full")
    args = p.parse_args(argv)
    missed: Counter[tuple[str, str, str]] = Counter()
    total = shown = 0
    for shape in shapes(args.seed):
        if shape.place not in args.places:
            continue
        for fmt in args.formats:
            table = render(shape.grid, fmt)
            after = shape.place == "prose_after"
            sources = [table, *shape.prose] if after else [*shape.prose, table]
            for question, true, wrong in shape.asks:
                total += 2
                kind = question.split()[3]
                for twin, figure, want in (("true", true, True), ("wrong", wrong, False)):
                    got = status(question, figure, sources)
                    if (got in crossfoot.PASSING_STATUSES) == want:
                        continue
                    missed[(shape.place, shape.statement, f"{twin}:{kind}:{got}")] += 1
                    if shown < args.show:
                        shown += 1
                        print(f"--- {shape.place} {shape.statement!r} {fmt} {twin} {got}")
                        print("\n".join(sources))
                        print(question, figure)
    for (place, statement, what), n in sorted(missed.items()):
        print(f"{place:22} {statement!r:48} {what:32} {n}")
    print(f"{sum(missed.values())} misses of {total} answers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
