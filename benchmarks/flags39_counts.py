"""The off_question claims of pot-tatqa's false-alarm sentences that say "the question asks for
an average; this figure is one value", by where an average is written, as counts only, on both
halves side by side.

    python benchmarks/flags39_counts.py --data-root ../shared/data

Each such claim is tagged by fixed words only (no sentence, question, table or label word is
printed): how many years the question names; how many years the value's row holds; whether
"average" is written in the question right before a word of the value's row label; in the
table's heading (the rows above its first figures: the label column, or another column); in
the label column below; in the prose sources; in the answer's sentence.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from cause_counts import print_counts
from corpora import pot_tatqa
from corpora.common import HALVES, data_root, in_half
from crossfoot.language.asked import read_question
from crossfoot.sources.tables import find_tables
from run_all import crossfoot_options

__all__ = ["main", "tags"]

_AVERAGE = re.compile(r"(?i)\baverage\b|\bmean\b|\bavg\b")
_FIGURE = re.compile(r"\d")
_YEARISH = re.compile(r"^\D*(?:19|20)\d\d\D*$")
_WHY = "the question asks for an average; this figure is one value"


def _table_tags(text: str, table: int | None, row_index: int | None) -> list[str]:
    tables = find_tables(text)
    if table is None or not 0 <= table < len(tables):
        return ["table: not found"]
    rows = tables[table].rows
    head, body = [], []
    for i, row in enumerate(rows):
        if any(_FIGURE.search(c) and not _YEARISH.match(c.strip()) for c in row[1:]):
            body = list(rows[i:])
            break
        head.append(row)
    out = [
        f"heading label column: {any(r and _AVERAGE.search(r[0]) for r in head)}",
        f"heading other columns: {any(_AVERAGE.search(c) for r in head for c in r[1:])}",
        f"label column below: {any(r and _AVERAGE.search(r[0]) for r in body)}",
        f"heading rows: {min(len(head), 3)}",
    ]
    if row_index is not None and 0 <= row_index < len(rows):
        out.append(f"row above the value says average: {any(_AVERAGE.search(r[0]) for r in rows[:row_index] if r)}")
    return out


def tags(item: object, claim: object, report: object) -> list[str]:
    """Fixed-word tags of one such claim (counts only)."""
    q = getattr(item, "question", "") or ""
    ask = read_question(q)
    ev = claim.evidence  # type: ignore[attr-defined]
    v = ev.operands[0]
    out = [f"question years: {min(len(ask.years), 2)}"]
    row_words = {w for w in re.findall(r"[a-z]+", (v.row or "").lower()) if len(w) > 3}
    m = re.search(r"(?i)\baverage\s+((?:[a-z-]+\s+){0,4})", q)
    near = bool(m and row_words & set(m.group(1).lower().split()))
    out.append(f"question's average before a row word: {near}")
    texts = {s.id: s.text for s in report.sources} if hasattr(report, "sources") else {}
    srcs = list(getattr(item, "sources", []))
    table_text = srcs[0] if srcs else ""
    out += _table_tags(table_text, v.table, v.row_index)
    prose = " ".join(srcs[1:])
    out.append(f"prose says average: {bool(_AVERAGE.search(prose))}")
    out.append(f"answer's sentence says average: {bool(_AVERAGE.search(claim.sentence.text))}")  # type: ignore[attr-defined]
    out.append(f"value kind: {v.kind}; column is a year: {bool(v.column and _YEARISH.match(v.column))}")
    del texts
    # (joint: the question's years, the prose, the question's average before a row word)
    out.append(f"joint: years {min(len(ask.years), 2)}, {out[-3]}, {out[1]}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    every = pot_tatqa.load(data_root(args.data_root), None)
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    table: dict[str, Counter[str]] = {h: Counter() for h in HALVES}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "pot-tatqa", False)
        for rec in o.records:
            # the false alarms' claims, and the same claims of real wrong answers flagged
            kind = {"false_alarm": "false alarm", "real_flagged": "flag"}.get(rec["type"])
            if kind is None:
                continue
            item = items[rec["id"]]
            report = tools[0]._checker(item).check(item.answer, question=item.question or None)
            for c in report.claims:
                if c.status == "off_question" and (c.message or "").startswith(_WHY) and c.evidence:
                    table[half][f"{kind}: claims"] += 1
                    table[half].update(f"{kind}: {t}" for t in tags(item, c, report))
    print_counts("## pot-tatqa: 'asks for an average; one value' false alarms, tags", table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
