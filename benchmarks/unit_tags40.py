"""Counts only: what the sources of each ``unit_unstated`` false alarm state about units.

Round 40 (tatqa40, issue 14). ``cause_counts.py`` says how many false alarms of a correct answer
are ``unit_unstated``; this says, for each such claim (both halves, counts only, never an item),
what the sources hold that might state the unit, and how the table reader took it: unit words in
the tables or the prose, a row holding a currency sign alone, a prose figure with a scale word
restating an operand (two significant digits, or three and more), each table cell holding a unit
word (where it sits against the figures and the reader's header, whether the reader reads it),
and, for the operand columns, why their figures were read as percents (the column label, masked:
every word but a percent word is "w", a year "Y"; the header rows so masked). Round 40 found
with it that amounts under "2019 | | 2018 |" over "| % of total | | % of total" took the
percent label (sources/table_labels).

    python benchmarks/unit_tags40.py tatqa pot-tatqa --data-root ../shared/data
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora.common import HALVES, data_root, in_half
from crossfoot.numbers.extract import extract
from crossfoot.sources.cells import unit_in_cell
from crossfoot.sources.table_header import PERCENT_LABEL, cell_number, tidy_grid
from crossfoot.sources.table_read import read_header, read_table
from run_all import ADAPTERS, crossfoot_options

_UNIT_WORD = re.compile(
    r"(?i)\b(?:thousands?|millions?|billions?)\b|'000|’000|\b000s\b|[$£€]\s?(?:m|bn|k)\b"
)
_CURRENCY_ONLY = frozenset({"$", "£", "€", "¥", "US$", "RMB", "HK$", "RM"})
# every run of letters, of any script (a run of ASCII letters between word boundaries left
# "Zürich", "net_sales" and the "Q" of "Q4" whole); only these words are kept as written
_WORD = re.compile(r"[^\W\d_]+")
_PERCENT_WORDS = frozenset({"percent", "percentage", "percentages", "pct"})


def _mask(text: str, keep_units: bool = False) -> str:
    """``text`` with each word but a percent word (and, if asked, a unit word) as "w", each year
    as "Y", each other digit as "9": a shape to count, never the item's words."""

    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        keep = w.lower() in _PERCENT_WORDS or (keep_units and _UNIT_WORD.fullmatch(w))
        return w if keep else "w"

    # words first: a year's "Y" written before them was itself masked as a word
    text = _WORD.sub(word, text)
    text = re.sub(r"(?<!\d)(?:19|20)\d\d(?!\d)", "Y", text)
    return re.sub(r"\d", "9", text)


def _grid(source: str) -> list[list[str]] | None:
    if not source.startswith("[["):
        return None
    try:
        grid = json.loads(source)
    except ValueError:
        return None
    return grid if isinstance(grid, list) else None


def _restates(operands: Sequence[Any], prose: Sequence[str]) -> str:
    """ "2" / "3+" when a prose figure with a scale word meets an operand at a power of ten."""
    best = ""
    for text in prose:
        for m in extract(text):
            if m.scale_word is None or m.value == 0:
                continue
            for v in operands:
                for k in (3, 6, 9):
                    if abs(abs(v.value) * Decimal(10) ** k - abs(m.value)) <= m.precision:
                        digits = len(m.written.normalize().as_tuple().digits)
                        best = max(best, "3+" if digits >= 3 else "2")
    return best or "no"


def _unit_cells(g: list[list[str]], rows: set[Any]) -> list[str]:
    """Where each cell holding a unit word sits, whether the reader reads it, and where the
    reader's header ends."""
    out = []
    figures = [i for i, row in enumerate(g) if any(re.search(r"\d", c) for c in row[1:])]
    tidy = tidy_grid(g)
    parsed = [[cell_number(c) for c in row] for row in tidy.grid]
    h = read_header(tidy.grid, parsed, None)
    for i, row in enumerate(g):
        for j, c in enumerate(row):
            if not _UNIT_WORD.search(c):
                continue
            where = "above the figures" if i < min(figures, default=len(g)) else "among them"
            if i > max(figures, default=-1):
                where = "under the figures"
            read = "read" if unit_in_cell(c) is not None else "unread"
            fill = sum(1 for x in row if x.strip())
            side = "label column" if j == 0 else "a figure column"
            own = "an operand's row" if i in rows else "another row"
            out.append(f"unit cell: {where}, {side}, {own}, {read}, {fill} filled")
            out.append(f"unit cell shape: {_mask(c, keep_units=True)[:60]}")
            k = tidy.rows.index(i) if i in tidy.rows else -1
            out.append(f"unit row at tidy row {k}; header rows {h.rows}, first data {h.first_data}")
    return out


def _percent_columns(g: list[list[str]], rows: set[Any]) -> list[str]:
    """For each operand cell the reader reads as a percent of its column: the column's label
    and header rows, masked."""
    out = []
    tidy = tidy_grid(g)
    parsed = [[cell_number(c) for c in row] for row in tidy.grid]
    h = read_header(tidy.grid, parsed, None)
    views = sorted({v.view for v in read_table(g, source_id="S", table_index=0)})
    out.append(f"read_table views of the table: {views}")
    for k, r in enumerate(tidy.rows):
        if r not in rows:
            continue
        for j, c in enumerate(parsed[k]):
            if c is None or j == 0 or not h.percent[j]:
                continue
            out.append(f"operand cell in a percent column: kind {c.kind}")
            by_label = PERCENT_LABEL.search(h.labels[j]) is not None
            out.append(f"percent column by its label: {by_label}: {_mask(h.labels[j])[:60]}")
            for n in range(h.rows):
                out.append(f"header row {n}: {' | '.join(_mask(x)[:24] for x in tidy.grid[n])}")
    return out


def tags(item: Any, claim: Any) -> list[str]:
    """Counts-only tags of one ``unit_unstated`` claim of ``item`` (see the module docstring)."""
    grids = [g for g in (_grid(s) for s in item.sources) if g is not None]
    prose = [s for s in item.sources if _grid(s) is None]
    ops = claim.evidence.operands if claim.evidence else ()
    rows = {v.row_index for v in ops}
    rule = claim.evidence.rule if claim.evidence else "-"
    cells = [c for g in grids for row in g for c in row]
    lone = any(
        [c.strip() for c in row if c.strip()]
        and all(c.strip() in _CURRENCY_ONLY for c in row if c.strip())
        for g in grids
        for row in g
    )
    out = [
        f"unit words in the tables: {'yes' if any(_UNIT_WORD.search(c) for c in cells) else 'no'}",
        f"unit words in prose: {'yes' if any(_UNIT_WORD.search(p) for p in prose) else 'no'}",
        f"a currency-only row: {'yes' if lone else 'no'}",
        f"prose restates an operand at digits: {_restates(ops, prose)}",
        f"question has a scale word: {'yes' if _UNIT_WORD.search(item.question or '') else 'no'}",
        f"tables: {min(len(grids), 3)}",
        f"rule: {rule}, operands {len(ops)}",
        f"scale word: {claim.mention.scale_word}",
    ]
    for g in grids:
        out += _unit_cells(g, rows) + _percent_columns(g, rows)
        cells = [v for v in read_table(g, source_id="S", table_index=0) if v.view == "both"]
        out += _any_restated(cells, prose)
    return out


def _any_restated(cells: Sequence[Any], prose: Sequence[str]) -> list[str]:
    """Whether a prose figure with a scale word restates any cell of the table (of three
    significant digits or more), by the figure's fineness, and at which powers of ten."""
    found: dict[str, set[int]] = {}
    for text in prose:
        for m in extract(text):
            if m.scale_word is None or m.value == 0 or m.kind == "percent":
                continue
            fine = "fine" if m.precision <= abs(m.value) * Decimal("0.01") else "coarse"
            for v in cells:
                if abs(v.value) < 200 * max(v.precision, Decimal("0.5")):
                    continue
                for k in (3, 6, 9):
                    if abs(abs(v.value) * Decimal(10) ** k - abs(m.value)) <= m.precision:
                        found.setdefault(fine, set()).add(k)
    if not found:
        return ["prose restates a cell: no"]
    return [f"prose restates a cell: {f} at powers {sorted(ks)}" for f, ks in found.items()]


def count(records: list[dict[str, Any]], items: dict[str, Any], tool: Any) -> Counter[str]:
    """Tags of every ``unit_unstated`` claim of a false-alarm sentence among ``records``."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        if not any(c.get("status") == "unit_unstated" for c in rec["claims"]):
            continue
        item = items[rec["id"]]
        report = tool._checker(item).check(item.answer, question=item.question or None)
        start = item.answer.find(rec["sentence"])
        end = start + len(rec["sentence"])
        for c in report.claims:
            if c.status == "unit_unstated" and start <= c.mention.start < end:
                out["claims"] += 1
                out.update(tags(item, c))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("corpora", nargs="*", default=["tatqa"])
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    root = data_root(args.data_root)
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    for key in args.corpora:
        every = ADAPTERS[key].load(root, None)
        items = {i.id: i for i in every}
        got = {}
        for half in HALVES:
            o = ragbench.evaluate(in_half(every, half), tools, 0, key, False)
            got[half] = count(o.records, items, tools[0])
        print(f"\n## {key}: unit_unstated claims of false alarms ({' / '.join(HALVES)})")
        for tag in sorted(set(got[HALVES[0]]) | set(got[HALVES[1]])):
            print(f"  {tag:70} {' / '.join(str(got[h][tag]) for h in HALVES)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
