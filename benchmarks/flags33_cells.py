"""Correct one-cell answers over the TUNING half's TAT-QA tables, in the shapes a model writes.

    python benchmarks/flags33_cells.py --data-root ../shared/data            # a summary
    python benchmarks/flags33_cells.py --data-root ../shared/data --show 10  # tuning items only

For every table of the tuning halves of tatqa and pot-tatqa (never the validation half), each
row with a label and each column whose header holds one year gets a question written here ("What
was the {row} in {year}?", the row's label as the table writes it, notes such as "(1)" dropped,
and the same with "fiscal {year}"), and the correct answer in pot-tatqa's chain-of-thought shape
("Explanation: The {row} in {year} is {cell}.\\nAnswer: {cell}"), checked with the table and the
document's prose. A correct answer that fails is a false alarm of a reading: printed by the
failing claim's status and message head, with ``--show`` its question, answer and table.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.common import data_root, in_half
from run_all import ADAPTERS

_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_FIGURE = re.compile(r"^[\s$€£(\-]*\d[\d,]*(?:\.\d+)?\)?%?\s*$")
_NOTE = re.compile(r"\s*\(\d\)|\s*\([a-z]\)$")


def _columns(grid: list[list[str]]) -> tuple[int, dict[int, str]]:
    """(first body row, {column: its one year}) of ``grid``."""
    body = next(
        (i for i, r in enumerate(grid) if any(_FIGURE.match(c) for c in r[1:] if c)), len(grid)
    )
    years: dict[int, set[str]] = {}
    for r in grid[:body]:
        for j, cell in enumerate(r[1:], start=1):
            years.setdefault(j, set()).update(_YEAR.findall(cell))
    return body, {j: next(iter(ys)) for j, ys in years.items() if len(ys) == 1}


def _header_text(grid: list[list[str]], body: int, j: int) -> str:
    return " ".join(r[j] for r in grid[:body] if j < len(r)).lower()


def _change_questions(grid: list[list[str]], rng: random.Random, per: int) -> list[tuple[str, str]]:
    """(question, cell) asking the change of a row that the table's own change column states."""
    body, cols = _columns(grid)
    ys = sorted(set(cols.values()))
    if len(ys) < 2:
        return []
    old, new = ys[-2], ys[-1]
    out = []
    for j in range(1, max(len(r) for r in grid)):
        head = _header_text(grid, body, j)
        if j in cols or not re.search(r"change|variance|increase|decrease", head):
            continue
        pct = "%" in head or "percent" in head
        for r in grid[body:]:
            label = _NOTE.sub("", r[0]).strip().rstrip(":").lower()
            if not label or j >= len(r) or not _FIGURE.match(r[j] or ""):
                continue
            cell = r[j].strip()
            if pct or cell.endswith("%"):
                q = rng.choice(
                    [
                        f"What was the percentage change in {label} from {old} to {new}?",
                        f"What is the % change in {label} between {old} and {new}?",
                    ]
                )
                cell = cell if cell.endswith("%") else cell + "%"
            else:
                q = rng.choice(
                    [
                        f"What was the change in {label} from {old} to {new}?",
                        f"How much did {label} change between {old} and {new}?",
                    ]
                )
            out.append((q, cell))
    rng.shuffle(out)
    return out[:per]


def _column_questions(grid: list[list[str]], rng: random.Random, per: int) -> list[tuple[str, str]]:
    """(question, cell) naming a row and a column whose header is words, not a year."""
    body, cols = _columns(grid)
    out = []
    width = max(len(r) for r in grid)
    for j in range(1, width):
        if j in cols:
            continue
        head = " ".join(
            c.strip() for r in grid[:body] if j < len(r) for c in [r[j]] if c.strip()
        ).lower()
        head = _NOTE.sub("", head).strip()
        if not head or not re.search(r"[a-z]{3}", head) or len(head) > 60:
            continue
        ys = sorted(set(cols.values()))
        for r in grid[body:]:
            label = _NOTE.sub("", r[0]).strip().rstrip(":").lower()
            if not label or j >= len(r) or not _FIGURE.match(r[j] or ""):
                continue
            cell = r[j].strip()
            y = f" in {ys[-1]}" if len(ys) == 1 else ""
            q = rng.choice(
                [f"What was the {head} of {label}{y}?", f"What was the {label} {head}{y}?"]
            )
            out.append((q, cell))
    rng.shuffle(out)
    return out[:per]


def _num(cell: str) -> float | None:
    t = cell.strip().replace("$", "").replace(",", "").replace("%", "").strip()
    neg = (t.startswith("(") and t.endswith(")")) or t.startswith("-")
    t = t.strip("()-").strip()
    try:
        v = float(t)
    except ValueError:
        return None
    return -v if neg else v


def _derived_questions(
    grid: list[list[str]], rng: random.Random, per: int
) -> list[tuple[str, str]]:
    """(question, answer) computing a change, a percentage change or an average of one row's
    two year columns, in pot-tatqa's chain-of-thought shape."""
    body, cols = _columns(grid)
    by_year = {y: j for j, y in cols.items()}
    if len(by_year) < 2:
        return []
    (y1, j1), (y2, j2) = sorted(by_year.items())[-2:]
    out = []
    for r in grid[body:]:
        label = _NOTE.sub("", r[0]).strip().rstrip(":").lower()
        if not label or max(j1, j2) >= len(r):
            continue
        a, b = _num(r[j1] or ""), _num(r[j2] or "")
        if a is None or b is None or a == b:
            continue
        pct = "%" in r[j1] + r[j2]
        op = rng.choice(["change", "average"] + ([] if pct or a == 0 else ["percent_change"]))
        fa, fb = r[j1].strip(), r[j2].strip()
        said = f"Explanation: The {label} in {y1} is {fa} and the {label} in {y2} is {fb}."
        unit = "%" if pct else ""
        if op == "change":
            q = rng.choice(
                [
                    f"What was the change in {label} from {y1} to {y2}?",
                    f"What was the change in {label} between {y1} and {y2}?",
                ]
            )
            x = f"{b - a:,.2f}".rstrip("0").rstrip(".") + unit
            ans = f"{said} The change is {x}.\nAnswer: {x}"
        elif op == "average":
            q = f"What was the average {label} for {y1} and {y2}?"
            x = f"{(a + b) / 2:,.2f}".rstrip("0").rstrip(".") + unit
            ans = f"{said} The average {label} is {x}.\nAnswer: {x}"
        else:
            q = f"What was the percentage change in {label} from {y1} to {y2}?"
            x = f"{(b - a) / abs(a) * 100:.2f}%"
            ans = f"{said} The percentage change is {x}.\nAnswer: {x}"
        out.append((q, ans))
    rng.shuffle(out)
    return out[:per]


def _questions(grid: list[list[str]], rng: random.Random, per: int) -> list[tuple[str, str, str]]:
    body, cols = _columns(grid)
    out = []
    for r in grid[body:]:
        label = _NOTE.sub("", r[0]).strip().rstrip(":")
        if not label or len(label) > 80:
            continue
        for j, y in cols.items():
            if j >= len(r) or not _FIGURE.match(r[j] or ""):
                continue
            out.append((label, y, r[j].strip()))
    rng.shuffle(out)
    return out[:per]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--data-root", default=None)
    p.add_argument("--per", type=int, default=4, help="questions per table")
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--grep", default="")
    p.add_argument("--seed", type=int, default=33)
    p.add_argument("--changes", action="store_true", help="also the tables' own change columns")
    p.add_argument("--columns", action="store_true", help="also columns named by words")
    p.add_argument("--derived", action="store_true", help="also a change / average of a row")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    root = data_root(args.data_root)
    seen: set[str] = set()
    docs = []
    for corpus in ("pot-tatqa", "tatqa"):
        for it in in_half(ADAPTERS[corpus].load(root, None), "tune"):
            if not it.sources or it.sources[0] in seen:
                continue
            seen.add(it.sources[0])
            docs.append(it)
    why: Counter[str] = Counter()
    n = bad = shown = 0
    for it in docs:
        try:
            grid = json.loads(it.sources[0])
        except ValueError:
            continue
        asks = []  # (the failure key's head, question, answer)
        for label, y, cell in _questions(grid, rng, args.per):
            for yq in (y, f"fiscal {y}"):
                q = f"What was the {label.lower()} in {yq}?"
                a = f"Explanation: The {label.lower()} in {yq} is {cell}.\nAnswer: {cell}"
                asks.append(("", q, a))
        more = _change_questions(grid, rng, args.per) if args.changes else []
        more += _column_questions(grid, rng, args.per) if args.columns else []
        made = _derived_questions(grid, rng, args.per) if args.derived else []
        lead = "Explanation: The answer can be directly extracted from the table."
        for q, cell in more + made:
            a = cell if cell.startswith("Explanation") else f"{lead}\nAnswer: {cell}"
            asks.append(("more | ", q, a))
        for head, q, a in asks:
            rep = crossfoot.check(a, it.sources, question=q)
            n += 1
            if rep.passed:
                continue
            bad += 1
            fails = [c for c in rep.claims if not c.passed]
            key = head + "; ".join(sorted({f"{c.status}: {c.message[:60]}" for c in fails}))
            why[key] += 1
            if args.show and shown < args.show and args.grep in key:
                shown += 1
                print(f"--- [{it.id}] {key}\nQ: {q}\nA: {a}\n{it.sources[0][:1500]}")
                for c in fails:
                    print("   ", c.text, c.status, c.message[:300])
    print(f"correct one-cell answers failing: {bad} of {n} ({len(docs)} tuning tables)")
    for k, v in why.most_common(40):
        print(f"  {v:4d}  {k}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
