"""Turn a hand-filled review CSV (``ragbench.py --review-out``) into a hand-checked precision.

    python benchmarks/review_summary.py benchmarks/results/review-sample.csv

``verdict`` is one of ``real error``, ``false alarm``, ``unsure`` (case and spacing ignored; empty
rows are counted as not reviewed). Precision = real errors / (real errors + false alarms).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

__all__ = ["VERDICTS", "main", "summarize"]

VERDICTS = ("real error", "false alarm", "unsure")


class VerdictError(ValueError):
    """A verdict cell holds something other than the three allowed verdicts."""


def _norm(v: str) -> str:
    return " ".join(v.strip().lower().replace("_", " ").replace("-", " ").split())


def summarize(rows: Sequence[dict[str, str]]) -> dict[str, dict[str, float | int | None]]:
    """Counts and precision per corpus and in total.

    >>> rows = [{"corpus": "a", "verdict": "Real error"}, {"corpus": "a", "verdict": "false alarm"},
    ...         {"corpus": "a", "verdict": ""}]
    >>> summarize(rows)["total"]["precision"]
    0.5
    """
    counts: dict[str, Counter[str]] = {}
    for n, row in enumerate(rows, start=2):  # line 1 is the header
        if "verdict" not in row:
            raise VerdictError("the CSV has no 'verdict' column")
        v = _norm(row["verdict"] or "")
        if v and v not in VERDICTS:
            raise VerdictError(
                f"line {n}: verdict {row['verdict']!r} is not one of {', '.join(VERDICTS)}"
            )
        for key in (row.get("corpus") or "?", "total"):
            counts.setdefault(key, Counter())[v or "not reviewed"] += 1
    out: dict[str, dict[str, float | int | None]] = {}
    for key, c in counts.items():
        real, false = c["real error"], c["false alarm"]
        out[key] = {
            "real error": real,
            "false alarm": false,
            "unsure": c["unsure"],
            "not reviewed": c["not reviewed"],
            "precision": real / (real + false) if real + false else None,
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv", type=Path)
    args = p.parse_args(argv)
    with open(args.csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    try:
        summary = summarize(rows)
    except VerdictError as err:
        print(f"{args.csv}: {err}", file=sys.stderr)
        return 2
    print("| corpus | real error | false alarm | unsure | not reviewed | hand-checked precision |")
    print("|---|---:|---:|---:|---:|---:|")
    for key, s in sorted(summary.items(), key=lambda kv: kv[0] == "total"):
        prec = s["precision"]
        ptxt = f"{100 * prec:.1f}%" if isinstance(prec, float) else "n/a"
        print(
            f"| {key} | {s['real error']} | {s['false alarm']} | {s['unsure']} | "
            f"{s['not reviewed']} | {ptxt} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
