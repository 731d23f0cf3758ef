"""Counts-only joint tags of convfinqa false alarms whose gold program divides (round 37, conv37b).

``conv_program_tags`` counts each tag of a false alarm alone; a change over a base ("- /") or a
ratio ("/") fails for reasons that only show jointly: where the operands sit (``prose cell step
cell``), which turns name their rows, whether the last turn points back ("this", "that") and
names nothing, and, for a program that mixes a table cell and a prose figure, whether the prose
figure's own sentence names the cell's row (the binding a rule across sources can read). Counts
only: never a sentence, a question, a table or a number.

Used by ``cause_counts.py`` (its convfinqa section "dividing programs, joint tags (conv37b)").
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from conv_program_tags import _cells, _dec, _steps, program_tags
from corpora.common import Item, number_tokens
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import PASSING_STATUSES

__all__ = ["count_divide_tags"]

# A header whose day and year the PDF's text glued together ("december 312017").
_GLUED = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? ?(?:[1-9]|[12]\d|3[01])"
    r"(?:19|20)\d\d\b"
)
_POINTING = frozenset({"this", "that", "these", "those", "it", "then"})


def _prose_binds(item: Item) -> str:
    """For a program of one cell and one prose figure (besides steps): whether a sentence of the
    text holding the prose figure shares a word of 4+ letters with the cell's row label."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps or not item.tables or len(item.sources) < 2:
        return "n/a"
    cells = _cells(item)
    rows: list[set[str]] = []
    heads: list[set[str]] = []
    kinds: list[str] = []
    prose: list[Any] = []
    for left, _, right in steps:
        for arg in (left, right):
            v = _dec(arg)
            if v is None or arg.startswith("x"):
                continue
            if v in cells and any(c >= 0 for _, c in cells[v]):
                r, c = next((r, c) for r, c in cells[v] if c >= 0)
                label = item.tables[0][r][0]
                rows.append({t for t in tokens(label) if len(t) >= 4})
                heads.append({t for t in tokens(item.tables[0][0][c]) if len(t) >= 4})
                years = [t for t in number_tokens(label) if 1900 <= abs(t.value) <= 2100]
                width = len(item.tables[0][0])
                kinds.append(
                    f"{'a year' if years else 'words' if rows[-1] else 'no words'}"
                    f" row label, {width - 1} value columns"
                )
            else:
                prose.append(v)
    if not rows or not prose:
        return "n/a"
    text = item.sources[1]
    sentences = [s for s in text.split(" . ") if s]
    bound = []
    for v in prose:
        holding = [s for s in sentences if any(abs(t.value) == v for t in number_tokens(s))]
        words = {t for s in holding for t in tokens(s)}
        bound.append(
            "unfound"
            if not holding
            else "names the row"
            if words & rows[0]
            else "names the column"
            if words & heads[0]
            else "names no row"
        )
    return "/".join(sorted(set(bound))) + f"; {kinds[0]}"


def _prose_places(item: Item) -> str:
    """How many sentences of the text hold the program's prose operands (one, two, unfound) and
    how many figures the text writes."""
    steps = _steps(str(item.meta.get("program") or "")) or []
    cells = _cells(item)
    text = item.sources[1] if len(item.sources) > 1 else ""
    sentences = [s for s in text.split(" . ") if s]
    where: set[int] = set()
    for left, _, right in steps:
        for arg in (left, right):
            v = _dec(arg)
            if v is None or arg.startswith("x") or v in cells:
                continue
            hold = [
                k
                for k, s in enumerate(sentences)
                if any(abs(t.value) == v for t in number_tokens(s))
            ]
            where.add(hold[0] if hold else -1)
    n = len(number_tokens(text))
    size = "<20" if n < 20 else "20-49" if n < 50 else "50+"
    told = "unfound" if -1 in where else f"{len(where)} sentence(s)"
    return f"prose operands in {told}; {size} text figures"


def _minimal(item: Item) -> tuple[list[str], str] | None:
    """The sources cut to the table's header and operand rows and the text's operand sentences,
    and the gold figure as the answer wrote it (the last figure of the answer)."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps or not item.tables:
        return None
    cells = _cells(item)
    table = item.tables[0]
    rows = {0}
    prose: set[Any] = set()
    for left, _, right in steps:
        for arg in (left, right):
            v = _dec(arg)
            if v is None or arg.startswith("x"):
                continue
            if v in cells:
                rows.update(r for r, _ in cells[v])
            else:
                prose.add(v)
    text = item.sources[1] if len(item.sources) > 1 else ""
    sentences = [s for s in text.split(" . ") if s]
    keep = [s for s in sentences if any(abs(t.value) in prose for t in number_tokens(s))]
    cut = [[c for c in table[r]] for r in sorted(rows) if r < len(table)]
    return [json.dumps(cut), " . ".join(keep) + " ."], item.answer.rsplit("The answer is ", 1)[-1]


_ASKS = (
    ("its own last turn", None),
    ("no question", ""),
    ("a bare percent-change ask", "what is the percentage change?"),
)


def _rescue(item: Item, tool: Any) -> str:
    """Which question passes the gold figure over the minimal sources (``_minimal``); also the
    figure written as a percent (x 100, the same digits) with the last turn."""
    got = _minimal(item)
    if got is None:
        return "minimal sources: n/a"
    sources, figure = got
    figure = figure.rstrip(".")
    for name, q in _ASKS:
        asked = item.question if q is None else q
        text = f"{asked} The answer is {figure}." if asked else f"The answer is {figure}."
        report = tool.cf.Checker(sources, **tool.options).check(text, question=asked or None)
        if report.claims and report.claims[-1].status in PASSING_STATUSES:
            return f"minimal sources pass with {name}"
    toks = number_tokens(figure)
    if toks and toks[0].decimals >= 2:
        pct = f"{toks[0].value * 100:f}%"
        text = f"{item.question} The answer is {pct}."
        report = tool.cf.Checker(sources, **tool.options).check(text, question=item.question)
        if report.claims and report.claims[-1].status in PASSING_STATUSES:
            return "minimal sources pass only as a percent"
    return "minimal sources never pass"


def count_divide_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Joint tags of each false-alarm claim whose gold program's last step divides."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        seen: set[str] = set()
        header = [c for row in (item.tables[0][:2] if item.tables else []) for c in row]
        glued = any(_GLUED.search(c) for c in header)
        seen.add(f"(every program) header: {'a glued day and year' if glued else 'no glued date'}")
        for c in rec["claims"]:
            if c.get("status") is None:
                continue
            tags = {t.split(": ", 1)[0]: t.split(": ", 1)[1] for t in program_tags(item, c, None)}
            prog = tags.get("program", "unread")
            if not prog.endswith("/"):
                continue
            turns = [str(t) for t in item.meta.get("turns") or []]
            last = (
                set(turns[-1].lower().replace("?", " ").replace(",", " ").split())
                if turns
                else set()
            )
            points = "points back" if last & _POINTING else "no pointing word"
            base = f"[{prog}] {tags.get('operands')}"
            seen.add(f"{base} | rows named: {tags.get('rows named')}")
            seen.add(f"{base} | {points} | {tags.get('engine')}")
            seen.add(f"{base} | prose figure's sentence: {_prose_binds(item)}")
            seen.add(f"[{prog}] {tags.get('answer')} | {tags.get('engine')}")
            seen.add(f"{base} | {tags.get('answer')} | {tags.get('rows named')} | {points}")
            if tool is not None:
                seen.add(f"{base} | {_rescue(item, tool)}")
            if "prose" in base:
                seen.add(f"{base} | {_prose_places(item)}")
        out.update(seen)
    return out
