"""Counts-only tags of a convfinqa false alarm read against its gold program (round 36, conv36).

``cause_counts.py`` names the operation the benchmark's own search finds for a false alarm
("needs multi-step arithmetic"); the data set's gold program ("x0 = 6635 - 5520; ans = x0 /
5520") says what the figure really is. These tags describe, for each false-alarm sentence of a
convfinqa item, counts only (never a sentence, a question, a table or a number):

- ``program``: the program's operations in order (``- /``: a change over a base);
- ``operands``: where each operand of the program sits, in order: ``cell`` (a table cell),
  ``prose`` (a figure of the text), ``cell%`` / ``prose%`` (a percent written 13.4% used as
  0.134), ``year``, ``turns`` (only in the conversation's questions), ``unit`` (100, 1000, ...
  written nowhere), ``absent``, ``step`` (an earlier step of the program);
- ``cells``: how the program's cell operands stand to each other (one row, one column, other);
- ``rows named``: whether the rows of the cell operands are named by the last turn (the
  question the harness passes), only by an earlier turn, or by none;
- ``asks``: the operation the engine reads in the last turn against the program's last step;
- ``answer``: the figure's form (a fraction below 1, a number, an integer), its significant
  digits and its sign;
- ``reach gap``: how far the nearest value a reach-listed rule (``rules.REACHES``) could produce
  lies from the figure's window (``in window``: a rule could make it and refused; else the
  relative gap; ``every listed reach empty``: none lists a value, and whether one said it
  cannot tell, i.e. ran unlisted);
- ``engine``: the claim's status and rule.

Used by ``cause_counts.py`` (its convfinqa section "false alarms by the gold program").
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from typing import Any

import crossfoot.engine as _engine
import crossfoot.rules.multi as _multi
from corpora.common import Item, number_tokens
from crossfoot.language.asked import read_question
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import PASSING_STATUSES
from crossfoot.rules._derive_shared import _focus, _magnitude, claim_interval
from value_paths import path_of

__all__ = ["count_program_tags", "program_tags", "reach_gaps"]

_STEP = re.compile(r"\s*(x\d+|ans)\s*=\s*(-?[\w.]+)\s*([-+*/])\s*(-?[\w.]+)\s*")
_UNITS = {Decimal(x) for x in ("1", "2", "3", "4", "10", "12", "100", "1000", "1000000", "365")}


def _steps(program: str) -> list[tuple[str, str, str]] | None:
    """(left, op, right) of each step, or None when a step is not a binary one."""
    out = []
    for step in program.split(";"):
        m = _STEP.fullmatch(step)
        if m is None:
            return None
        out.append((m.group(2), m.group(3), m.group(4)))
    return out


def _dec(text: str) -> Decimal | None:
    try:
        return abs(Decimal(text))
    except InvalidOperation:
        return None


def _cells(item: Item) -> dict[Decimal, list[tuple[int, int]]]:
    """Magnitudes of the table's cells (percent cells also as fractions, tagged by a negative
    column) with their (row, column)."""
    out: dict[Decimal, list[tuple[int, int]]] = {}
    for r, row in enumerate(item.tables[0] if item.tables else []):
        for c, cell in enumerate(row):
            for t in number_tokens(cell):
                out.setdefault(abs(t.value), []).append((r, c))
                if t.percent:
                    out.setdefault(abs(t.value) / 100, []).append((r, -1 - c))
    return out


def _place(v: Decimal, item: Item, cells: dict[Decimal, Any], prose: list[Any]) -> str:
    if v == v.to_integral_value() and 1900 <= v <= 2100:
        return "year"
    if v in cells:
        return "cell" if any(c >= 0 for _, c in cells[v]) else "cell%"
    if any(abs(t.value) == v for t in prose):
        return "prose"
    if any(t.percent and abs(t.value) / 100 == v for t in prose):
        return "prose%"
    turns = " ".join(str(t) for t in item.meta.get("turns") or [])
    if any(abs(t.value) == v for t in number_tokens(turns)):
        return "turns"
    return "unit" if v in _UNITS else "absent"


def _cell_relation(where: list[tuple[int, int]]) -> str:
    if len(where) < 2:
        return "one cell operand" if where else "no cell operand"
    rows = {r for r, _ in where}
    cols = {abs(c) for _, c in where}
    if len(set(where)) == 1:
        return "the same cell twice"
    return "one row" if len(rows) == 1 else "one column" if len(cols) == 1 else "other"


_SUM_WORDS = ("total", "sum", "combined", "together", "includ", "plus", "add", "aggregate")


def _cell_layout(item: Item, where: list[tuple[int, int]]) -> str:
    """How a program made of cells only sits in its table: the rows adjacent or not, all the
    numeric rows of the column or some, the row labels years or not."""
    table = item.tables[0]
    rows = sorted({r for r, _ in where})
    cols = {abs(c) for _, c in where}
    adjacent = rows == list(range(rows[0], rows[-1] + 1))
    out = ["adjacent rows" if adjacent else "rows apart"]
    if len(cols) == 1:
        c = cols.pop()
        filled = [
            r for r in range(1, len(table)) if c < len(table[r]) and number_tokens(table[r][c])
        ]
        out.append(
            "every row of the column"
            if set(filled) <= set(rows)
            else f"{len(rows)} of {len(filled)} rows"
        )
    labels = " ".join(table[r][0] for r in rows if table[r])
    if any(1900 <= abs(t.value) <= 2100 and t.decimals == 0 for t in number_tokens(labels)):
        out.append("year rows")
    last = str((item.meta.get("turns") or [""])[-1]).lower()
    out.append(
        "last turn words a sum" if any(w in last for w in _SUM_WORDS) else "last turn words no sum"
    )
    return ", ".join(out)


def _cell_forms(item: Item, where: list[tuple[int, int]]) -> str:
    """The written forms of a cells-only program's operand cells and the table's size."""
    table = item.tables[0]
    texts = [table[r][abs(c) if c >= 0 else -1 - c] for r, c in where]
    forms = [
        name
        for name, hit in (
            ("$", any("$" in t for t in texts)),
            ("decimals", any(d.decimals for t in texts for d in number_tokens(t))),
            ("negative", any(d.value < 0 for t in texts for d in number_tokens(t))),
            ("several figures in a cell", any(len(number_tokens(t)) > 1 for t in texts)),
        )
        if hit
    ]
    rows, cols = len(table), max(len(r) for r in table)
    size = f"{'<=5' if rows <= 5 else '6-10' if rows <= 10 else '>10'} rows, {cols} columns"
    header = " ".join(table[0][1:]) if table else ""
    years = any(1900 <= abs(t.value) <= 2100 for t in number_tokens(header))
    return f"{'/'.join(forms) or 'plain'}; {size}; {'years' if years else 'no year'} in the header"


def _rows_named(item: Item, rows: set[int]) -> str:
    """Whether the cell operands' rows are named by the last turn, an earlier turn, or none."""
    if not rows:
        return "no cell operand"
    table = item.tables[0]
    turns = [str(t) for t in item.meta.get("turns") or []]
    last = set(tokens(turns[-1])) if turns else set()
    before = {w for t in turns[:-1] for w in tokens(t)}
    said = []
    for r in sorted(rows):
        label = set(tokens(table[r][0])) if table[r] else set()
        said.append("last" if label & last else "earlier" if label & before else "none")
    return "/".join(sorted(set(said)))


def _answer_form(text: str) -> str:
    toks = number_tokens(text)
    if not toks:
        return "unread"
    t = toks[0]
    digits = str(abs(t.value)).replace(".", "").lstrip("0")
    form = "integer" if t.decimals == 0 else "fraction" if abs(t.value) < 1 else "number"
    sign = "negative" if t.value < 0 else "positive"
    return f"{form}, {min(len(digits), 5)} significant, {sign}"


def program_tags(item: Item, claim: dict[str, Any], gap: str | None) -> list[str]:
    """The counts-only tags of one failing claim of a convfinqa false alarm (module docstring)."""
    program = str(item.meta.get("program") or "")
    steps = _steps(program) if program else None
    out: list[str] = []
    if steps is None:
        out.append("program: unread")
    else:
        out.append("program: " + " ".join(op for _, op, _ in steps))
        cells = _cells(item)
        prose = number_tokens(item.sources[1]) if len(item.sources) > 1 else []
        places: list[str] = []
        where: list[tuple[int, int]] = []
        for left, _, right in steps:
            for arg in (left, right):
                if re.fullmatch(r"x\d+", arg):
                    places.append("step")
                    continue
                v = _dec(arg)
                p = "absent" if v is None else _place(v, item, cells, prose)
                places.append(p)
                if v is not None and p.startswith("cell"):
                    where.append(cells[v][0])
        out.append("operands: " + " ".join(places))
        out.append("cells: " + _cell_relation(where))
        if len(where) >= 2 and all(p.startswith("cell") or p == "step" for p in places):
            out.append("all-cell program: " + _cell_layout(item, where))
            out.append("all-cell program: " + _cell_forms(item, where))
        out.append("rows named: " + _rows_named(item, {r for r, _ in where}))
        asked = read_question(item.question).op if item.question else None
        out.append(f"asks: {asked or 'no operation'} | last step {steps[-1][1]}")
    out.append("answer: " + _answer_form(str(claim.get("text", ""))))
    out.append(f"reach gap: {gap or 'no reach-listed rule ran'}")
    out.append(f"engine: {claim.get('status')} {claim.get('rule') or '-'}")
    return out


def _gap_bin(rel: float) -> str:
    if rel <= 0:
        return "in window (a rule could make it, and refused)"
    for bound in (0.001, 0.01, 0.05, 0.2):
        if rel <= bound:
            return f"within {bound:.1%}"
    return "over 20%"


@contextmanager
def reach_gaps() -> Iterator[dict[int, str]]:
    """While open, record for each claim the engine judges (by the mention's start offset) the
    nearest value any reach-listed rule could produce, binned as ``program_tags``' ``gap``."""
    seen: dict[int, float] = {}
    tell: dict[int, int] = {}
    out: dict[int, str] = {}
    real = _engine.within_reach

    def spy(ctx: Any, reach: Any) -> bool:
        got = reach(ctx)
        k = ctx.mention.start
        lo, hi = (float(x) for x in _magnitude(*claim_interval(ctx)))
        if got is None:
            tell[k] = tell.get(k, 0) + 1
        elif got.values and math.isfinite(lo) and math.isfinite(hi):
            vals = got.values
            i = bisect_left(vals, lo)
            near = [vals[j] for j in (i - 1, i) if 0 <= j < len(vals)]
            size = max(abs(hi), 1e-12)
            rel = min(0.0 if lo <= v <= hi else min(abs(v - lo), abs(v - hi)) / size for v in near)
            seen[k] = min(seen.get(k, math.inf), rel)
        best = _gap_bin(seen[k]) if k in seen else "every listed reach empty"
        out[k] = best + ("; a listed reach cannot tell" if k in tell else "")
        return real(ctx, reach)

    real_focus = _multi.focus_ok

    def focus_spy(ctx: Any, operands: Any, change: bool) -> bool:
        ok = real_focus(ctx, operands, change)
        if not ok:
            # a sum of the window refused by what the sentence names: years or rows (counted
            # per claim; the multi rule calls this only for subsets inside the window)
            f = _focus(ctx)
            named = sum(len(r) for r in f.rows.values())
            why = f"rows ({min(named, 3)}{'+' if named > 3 else ''} named)" if f.rows else "years"
            refused.setdefault(ctx.mention.start, set()).add(why)
        return ok

    real_sums, real_large, real_cell = _multi._sums, _multi.group_too_large, _multi.states_a_cell

    def sums_spy(ctx: Any, group: Any) -> Any:
        lo, hi = _multi.claim_interval(ctx)
        cls = "percent" if ctx.mention.kind == "percent" else "amount"
        subs = _multi._answer_subsets(ctx, group, cls)
        near = sum(1 for t in subs if lo <= t[0] <= hi or (lo > 0 and lo <= -t[0] <= hi))
        got = list(real_sums(ctx, group))
        what = f"searched {len(group)} values, {min(near, 3)} sums in the window, {len(got)} kept"
        stages.setdefault(ctx.mention.start, set()).add(what)
        return iter(got)

    def large_spy(group: Any, limit: int) -> bool:
        big = bool(real_large(group, limit))
        if big and current:
            stages.setdefault(current[-1], set()).add(f"a group over the limit {limit}")
        return big

    def cell_spy(ctx: Any, *args: Any) -> bool:
        current.append(ctx.mention.start)
        said = bool(real_cell(ctx, *args))
        if said:
            stages.setdefault(ctx.mention.start, set()).add("states a cell")
        return said

    current: list[int] = []
    stages: dict[int, set[str]] = {}
    refused: dict[int, set[str]] = {}
    _engine.within_reach = spy
    _multi.focus_ok = focus_spy
    _multi._sums, _multi.group_too_large, _multi.states_a_cell = sums_spy, large_spy, cell_spy
    try:
        yield out
    finally:
        _engine.within_reach = real
        _multi.focus_ok = real_focus
        _multi._sums, _multi.group_too_large, _multi.states_a_cell = (
            real_sums,
            real_large,
            real_cell,
        )
        for k, what in stages.items():
            out[-(10**9) - k] = "multi: " + "; ".join(sorted(what))
        for k, whys in refused.items():
            out[-1 - k] = "a sum of 3+ in the window refused by the focus: " + "/".join(
                sorted(whys)
            )


def _exact(item: Item) -> str | None:
    """The gold program's value written with 6 significant digits, or None."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps:
        return None
    env: dict[str, Decimal] = {}
    try:
        for k, (a, op, b) in enumerate(steps):
            x, y = (env[t] if t in env else Decimal(t) for t in (a, b))
            v = x + y if op == "+" else x - y if op == "-" else x * y if op == "*" else x / y
            env[f"x{k}"] = env["ans"] = v
    except (InvalidOperation, KeyError, ArithmeticError):
        return None
    return f"{env['ans']:.6g}"


def passes_when(item: Item, tool: Any) -> list[str]:
    """Which one change to the checked text makes the final figure pass: no question passed,
    no lead (the last turn) before "The answer is", all turns as the lead and the question,
    the gold value written with 6 significant digits (counts-only tags)."""
    answer = item.answer
    at = answer.rfind("The answer is ")
    if at < 0:
        return ["passes when: unread"]
    lead, tail = answer[:at], answer[at:]
    turns = [str(t).strip() for t in item.meta.get("turns") or []]
    asked = " ".join(t if t.endswith("?") else t + "?" for t in turns if t)
    exact = _exact(item)
    variants: list[tuple[str, str, str | None]] = [
        ("no question", answer, None),
        ("no lead", tail, item.question or None),
        ("no lead, no question", tail, None),
        ("all turns as lead and question", f"{asked} {tail}", asked),
    ]
    if exact is not None:
        variants.append(("6 significant digits", f"{lead}The answer is {exact}.", item.question))
        written = number_tokens(tail)
        same = bool(written) and written[0].value == Decimal(exact)
    out = [f"written figure is the program's exact value: {'yes' if exact and same else 'no'}"]
    for name, text, question in variants:
        report = tool._checker(item).check(text, question=question)
        last = report.claims[-1] if report.claims else None
        ok = last is not None and last.status in PASSING_STATUSES
        out.append(f"passes when: {name}: {'yes' if ok else 'no'}")
    return out


def _program_cells(item: Item) -> list[tuple[int, int]] | None:
    """(row, column) of each operand of a program made of table cells only, else None."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps or not item.tables:
        return None
    cells = _cells(item)
    where = []
    for left, _, right in steps:
        for arg in (left, right):
            if re.fullmatch(r"x\d+", arg):
                continue
            v = _dec(arg)
            if v is None or v not in cells or not any(c >= 0 for _, c in cells[v]):
                return None
            where.append(next((r, c) for r, c in cells[v] if c >= 0))
    return where


def table_rescues(item: Item, tool: Any) -> list[str]:
    """For a program of table cells only: which one change to the SOURCES makes the final
    figure pass (the text dropped; the table cut to its header and the operand rows; cut to its
    label column and the operand columns; "$" signs removed from the cells): counts-only tags
    that say which part of the table the engine's search stumbles on."""
    where = _program_cells(item)
    if where is None:
        return []
    table = item.tables[0]
    rows = sorted({0, *(r for r, _ in where)})
    cols = sorted({0, *(c for _, c in where)})
    variants = {
        "no text": [item.sources[0]],
        "header and operand rows": [json.dumps([table[r] for r in rows]), *item.sources[1:]],
        "labels and operand columns": [
            json.dumps([[row[c] for c in cols if c < len(row)] for row in table]),
            *item.sources[1:],
        ],
        "no total rows": [
            json.dumps(
                [row for k, row in enumerate(table) if k in rows or "total" not in row[0].lower()]
            ),
            *item.sources[1:],
        ],
        "no rows after the operands": [json.dumps(table[: rows[-1] + 1]), *item.sources[1:]],
        "no rows between the operands": [
            json.dumps(
                [
                    row
                    for k, row in enumerate(table)
                    if k in rows or not (len(rows) > 1 and rows[1] < k < rows[-1])
                ]
            ),
            *item.sources[1:],
        ],
        "no $": [
            json.dumps([[c.replace("$", "") for c in row] for row in table]),
            *item.sources[1:],
        ],
    }
    out = []
    for name, sources in variants.items():
        report = tool.cf.Checker(sources, **tool.options).check(
            item.answer, question=item.question or None
        )
        last = report.claims[-1] if report.claims else None
        ok = last is not None and last.status in PASSING_STATUSES
        out.append(f"table rescue: {name}: {'yes' if ok else 'no'}")
        if ok and last is not None:
            out.append(f"table rescue: {name}: by {path_of(last)}")
    return out + _one_row_rescues(item, tool, rows, sorted({c for _, c in where}))


def _one_row_rescues(item: Item, tool: Any, rows: list[int], cols: list[int]) -> list[str]:
    """For each row after the operands whose removal alone makes the figure pass, what the row
    is (counts-only words): its label says "total", meets the last turn's words, is a year; its
    cells in the operand columns are empty, hold several figures, equal the answer."""
    table = item.tables[0]
    last = set(tokens(str((item.meta.get("turns") or [""])[-1])))
    answer = number_tokens(item.answer.rsplit("The answer is", 1)[-1])
    out = []
    for k in range(rows[-1] + 1, len(table)):
        cut = [row for j, row in enumerate(table) if j != k]
        report = tool.cf.Checker([json.dumps(cut), *item.sources[1:]], **tool.options).check(
            item.answer, question=item.question or None
        )
        if not report.claims or report.claims[-1].status not in PASSING_STATUSES:
            continue
        row = table[k]
        cells = [row[c] for c in cols if c < len(row)]
        words = [
            w
            for w, hit in (
                ("total", "total" in row[0].lower()),
                ("meets the last turn", bool(set(tokens(row[0])) & last)),
                ("a year", any(1900 <= abs(t.value) <= 2100 for t in number_tokens(row[0]))),
                ("empty", not any(number_tokens(c) for c in cells)),
                ("several figures", any(len(number_tokens(c)) > 1 for c in cells)),
                (
                    "equals the answer",
                    bool(answer)
                    and any(
                        abs(t.value) == abs(answer[0].value)
                        for c in cells
                        for t in number_tokens(c)
                    ),
                ),
            )
            if hit
        ]
        out.append(f"one later row's removal rescues: {', '.join(words) or 'a plain row'}")
    return out or ["one later row's removal rescues: none"]


def text_rescues(item: Item, tool: Any) -> list[str]:
    """For a program with a prose operand: whether cutting the text to the sentences that hold
    the program's prose figures makes the final figure pass (the other figures of the text
    priced as chance), and how many figures the text holds (counts-only tags)."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps or len(item.sources) < 2:
        return []
    text = item.sources[1]
    prose = number_tokens(text)
    wanted = {
        v
        for left, _, right in steps
        for arg in (left, right)
        if not re.fullmatch(r"x\d+", arg) and (v := _dec(arg)) is not None
    }
    hits = [
        t for t in prose if abs(t.value) in wanted or (t.percent and abs(t.value) / 100 in wanted)
    ]
    if not hits:
        return []
    spans = [
        (m.start(), m.end()) for m in re.finditer(r"[^.]*(?:\.(?=\d)[^.]*)*\.?", text) if m.group()
    ]
    keep = [s for s in spans if any(s[0] <= t.start < s[1] for t in hits)]
    cut = " ".join(text[a:b].strip() for a, b in keep)
    report = tool.cf.Checker([item.sources[0], cut], **tool.options).check(
        item.answer, question=item.question or None
    )
    ok = bool(report.claims) and report.claims[-1].status in PASSING_STATUSES
    size = len(prose)
    bins = "<20" if size < 20 else "20-49" if size < 50 else "50+"
    return [
        f"text rescue: the operands' sentences only: {'yes' if ok else 'no'}",
        f"text figures: {bins}",
    ]


def count_program_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any, cross: str | None = None
) -> Counter[str]:
    """Tags of each failing claim of each convfinqa false-alarm sentence, re-checked with the
    reach spy; one count per sentence and tag. With ``cross`` (a program's operations, "+ +"),
    every tag of the sentences of that program also counted again, marked ``[cross]``."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        with reach_gaps() as gaps:
            report = tool._checker(item).check(item.answer, question=item.question or None)
        start = item.answer.find(rec["sentence"])
        seen: set[str] = set()
        for c in rec["claims"]:
            if c.get("status") is None:
                continue
            hit = next(
                (
                    x
                    for x in report.claims
                    if x.mention.start >= start and x.mention.text.strip() == str(c["text"]).strip()
                ),
                None,
            )
            gap = gaps.get(hit.mention.start) if hit is not None else None
            seen.update(program_tags(item, c, gap))
            focus = gaps.get(-1 - hit.mention.start) if hit is not None else None
            seen.add(focus or "a sum of 3+ in the window refused by the focus: none")
            stage = gaps.get(-(10**9) - hit.mention.start) if hit is not None else None
            seen.add(stage or "multi: never reached its search")
        when = passes_when(item, tool) + table_rescues(item, tool) + text_rescues(item, tool)
        seen.update(when)
        # the program beside each rescue: which shapes the wording alone refuses
        prog = next((t for t in seen if t.startswith("program: ")), "program: unread")
        seen.update(
            f"{prog} | {w.removeprefix('passes when: ')}" for w in when if w.endswith(": yes")
        )
        if cross is not None and prog == f"program: {cross}":
            seen.update([f"[cross] {t}" for t in seen])
        out.update(seen)
    return out
