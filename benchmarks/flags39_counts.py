"""The off_question claims of pot-tatqa's false-alarm sentences that say "the question asks for
an average; this figure is one value", by where an average is written, and the real wrong
answers passed with a final difference, as counts only, on both halves side by side.

    python benchmarks/flags39_counts.py --data-root ../shared/data

Each such claim is tagged by fixed words only (no sentence, question, table or label word is
printed): how many years the question names; how many years the value's row holds; whether
"average" is written in the question right before a word of the value's row label; in the
table's heading (the rows above its first figures: the label column, or another column); in
the label column below; in the prose sources; in the answer's sentence. The same claims of real
wrong answers flagged are counted beside them ("flag: ..."), so a narrowing prices its flags. A
real wrong answer passed whose final figure is a difference is tagged by the question's words,
whether the gold's derivation divides, its operands against the answer's, the years, the sign.
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
from value_paths import path_of

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
        above = any(_AVERAGE.search(r[0]) for r in rows[:row_index] if r)
        out.append(f"row above the value says average: {above}")
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
    srcs = list(getattr(item, "sources", []))
    table_text = srcs[0] if srcs else ""
    out += _table_tags(table_text, v.table, v.row_index)
    prose = " ".join(srcs[1:])
    out.append(f"prose says average: {bool(_AVERAGE.search(prose))}")
    said = bool(_AVERAGE.search(claim.sentence.text))  # type: ignore[attr-defined]
    out.append(f"answer's sentence says average: {said}")
    yearly = bool(v.column and _YEARISH.match(v.column))
    out.append(f"value kind: {v.kind}; column is a year: {yearly}")
    # (joint: the question's years, the prose, the question's average before a row word)
    out.append(f"joint: years {min(len(ask.years), 2)}, {out[-3]}, {out[1]}")
    return out


# TAT-QA's scales: a gold's own scale is printed only as one of these words (counts only)
_SCALES = frozenset({"thousand", "million", "billion", "percent"})
_QWORDS = ("change", "difference", "increase", "decrease", "growth", "percent", "%", "ratio")


def _num(text: str) -> list[float]:
    return [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]


def _years_tag(asked: object, got: set[int]) -> str:
    a = set(asked)  # type: ignore[call-overload]
    if not a:
        return "question names none"
    if not got:
        return "operands carry none"
    return "same" if a == got else "overlap" if a & got else "disjoint"


def miss_tags(item: object, report: object) -> list[str]:
    """Fixed-word tags of a real wrong answer that passed with a final difference or change."""
    meta = getattr(item, "meta", {})
    kept = [c for c in report.claims if path_of(c) != "steps/restatement"]  # type: ignore[attr-defined]
    last = kept[-1] if kept else None
    if last is None or not path_of(last).startswith(("steps/difference", "steps/pp_change")):
        return []
    q = (getattr(item, "question", "") or "").lower()
    deriv = str(meta.get("derivation") or "")
    gold_ops = set(_num(deriv))
    ops = [v.value for v in last.evidence.operands] if last.evidence else []
    words = ",".join(w for w in _QWORDS if w in q) or "none"
    scale = str(meta.get("scale") or "").strip().lower()
    scale = scale if scale in _SCALES else "other" if scale else "none"
    evs = last.evidence.operands if last.evidence else ()
    ops_years = {v.year for v in evs if v.year is not None}
    lines = {(v.source_id, v.table, v.row) for v in evs}
    kinds = "+".join(sorted({"prose" if v.table is None else "cell" for v in evs}))
    return [
        f"path {path_of(last)}; question words {words}",
        f"gold divides: {'/' in deriv}; gold scale {scale}",
        f"operands in the gold's: {sum(float(abs(x)) in gold_ops for x in ops)}/{len(ops)}",
        f"final kind {last.mention.kind}; negative {last.mention.value < 0}",
        f"years: {_years_tag(read_question(q).years, ops_years)}; lines {len(lines)}; {kinds}",
        f"operands scaled view: {any(v.view == 'true' for v in last.evidence.operands)}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    every = pot_tatqa.load(data_root(args.data_root), None)
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    table: dict[str, Counter[str]] = {h: Counter() for h in HALVES}
    misses: dict[str, Counter[str]] = {h: Counter() for h in HALVES}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "pot-tatqa", False)
        for rec in o.records:
            if rec["type"] == "real_missed":
                item = items[rec["id"]]
                report = tools[0]._checker(item).check(item.answer, question=item.question or None)
                misses[half].update(miss_tags(item, report))
                continue
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
    print_counts("## pot-tatqa: real wrong answers passed with a final difference, tags", misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
