"""Where the readers of "a column's total line" disagree: a generator of small tables with total,
subtotal and average lines, in several formats, and the sentences of each reader over them.

Each table has four regions (their true figures) and zero or more summary lines; each sentence's
figure is computed from the regions alone (the true whole, share, rest, median, mean). A reader
that takes a summary line for a row, or refuses a table whose whole it could read, shows as a
"fail" (or "unsupported") where its twin over the plain table passes. Printed: one line per
(summary lines, sentence) with the status in each format, so a disagreement reads at a glance.

    PYTHONPATH=src python benchmarks/unify34_totals.py [--formats json,markdown,csv]
"""

from __future__ import annotations

import argparse
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import crossfoot
from corpora.render import render

_REGIONS = {
    "North": (4210, 4637),
    "South": (3802, 3540),
    "East": (1650, 1643),
    "West": (2010, 2410),
}


def _fmt(x: Decimal, places: int = 0) -> str:
    q = x.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    return f"{q:,}"


def _summaries() -> dict[str, list[tuple[str, str]]]:
    """Summary lines by name: (label, what its cells are: total, subtotal of North+South,
    average)."""
    return {
        "none": [],
        "Total": [("Total", "total")],
        "Total sales": [("Total sales", "total")],
        "Grand total": [("Grand total", "total")],
        "All regions": [("All regions", "total")],
        "Overall": [("Overall", "total")],
        "Combined": [("Combined", "total")],
        "Average": [("Average", "average")],
        "Average+Total": [("Average", "average"), ("Total", "total")],
        "Subtotal+Total": [("Subtotal North and South", "subtotal"), ("Total", "total")],
        "Total first": [("Total", "total*")],
        "Median": [("Median", "median")],
    }


def _grid(lines: list[tuple[str, str]]) -> list[list[str]]:
    rows = [["Region", "2022", "2023"]]
    body = [[r, f"{a:,}", f"{b:,}"] for r, (a, b) in _REGIONS.items()]
    extra = []
    for label, what in lines:
        cells = []
        for k in (0, 1):
            vals = [v[k] for v in _REGIONS.values()]
            if what.startswith("total"):
                x = Decimal(sum(vals))
            elif what == "subtotal":
                x = Decimal(vals[0] + vals[1])
            elif what == "median":
                s = sorted(vals)
                x = Decimal(s[1] + s[2]) / 2
            else:
                x = Decimal(sum(vals)) / len(vals)
            cells.append(_fmt(x, 0 if x == x.to_integral() else 1))
        line = [label, *cells]
        if what == "total*":
            body.insert(0, line)
        elif what == "subtotal":
            body.insert(2, line)
        else:
            extra.append(line)
    return rows + body + extra


def _sentences() -> list[tuple[str, str]]:
    """(reader, sentence) with true figures over the four regions."""
    r = _REGIONS
    tot23 = Decimal(sum(v[1] for v in r.values()))
    tot22 = Decimal(sum(v[0] for v in r.values()))
    north = Decimal(r["North"][1])
    ns = north + r["South"][1]
    s23 = sorted(v[1] for v in r.values())
    median = Decimal(s23[1] + s23[2]) / 2
    pct = lambda a, b: _fmt(a / b * 100, 1)  # noqa: E731
    share22 = Decimal(r["North"][0]) / tot22 * 100
    points = north / tot23 * 100 - share22
    return [
        ("column_share", f"North accounted for {pct(north, tot23)}% of 2023 sales."),
        ("joined_share", f"North and South made up {pct(ns, tot23)}% of 2023 sales."),
        ("fraction_column", "West made up about a fifth of 2023 sales."),
        ("column_rest", f"Excluding North, sales totalled {_fmt(tot23 - north)} in 2023."),
        ("share_points", f"North's share of sales rose {_fmt(points, 1)} points in 2023."),
        ("total_change", f"Total sales grew {pct(tot23 - tot22, tot22)}% in 2023."),
        ("median", f"The median region sold {_fmt(median)} units in 2023."),
        ("mean", f"The average region sold {_fmt(tot23 / 4)} units in 2023."),
        ("sum", f"Sales across the regions totalled {_fmt(tot23)} in 2023."),
        ("extremes", "East had the lowest 2023 sales at 1,643."),
        ("extremes_hi", "North had the highest 2023 sales at 4,637."),
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--formats", default="json,markdown,csv,records")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    formats = args.formats.split(",")
    print(f"{'lines':15} {'reader':16} " + " ".join(f"{f[:9]:9}" for f in formats))
    for name, lines in _summaries().items():
        grid = _grid(lines)
        for reader, sentence in _sentences():
            if args.only and reader not in args.only.split(","):
                continue
            row = []
            for fmt in formats:
                rep = crossfoot.check(sentence, [render(grid, fmt)])
                row.append(",".join(c.status[:9] for c in rep.claims if c.status != "year") or "-")
            print(f"{name:15} {reader:16} " + " ".join(f"{s:9}" for s in row))


if __name__ == "__main__":
    main()
