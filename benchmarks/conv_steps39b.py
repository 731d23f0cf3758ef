"""Counts-only: which step refuses a convfinqa false alarm of one operation over two source
numbers (a change over a base, a difference, a ratio or share), round 39 (conv39b).

``conv_tags38b`` says where the two operands sit; this says how far the engine got with them:

- **read**: both of the gold program's literal operands are among the engine's source values
  (any unit view), one, or none (a figure the reader never makes a value of);
- **pair**: where the two read operands sit for the engine (two cells of one row, of one column,
  apart; a text figure and a cell; two text figures of one source);
- **unit**: the program's result over the engine's readings meets the written figure's window
  with the operands in one unit view (as written both, at their true size both), only across
  views (a scale word on one side: "$ 1.6 billion" over a cell in millions), or in none;
- **bound** (a text figure and a cell): whether ``rules.table_chain_mixed`` binds the two (the
  text figure's sentence or the question names the cell's row), binds other pairs only, or
  binds none (the tag does not say whether the count of chance then refused the pair);
- **base / sign**: for a change or a difference, whether the other base or the other order meets
  the written figure (the engine found a pair but the base or the sign is the question's).

Counts only: never a sentence, a question, a table, a label or a number.
Used by ``cause_counts.py`` (its convfinqa section "which step refuses (conv39b)").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import crossfoot.rules.table_chain_mixed as _mixed
from conv_program_tags import _dec, _steps
from corpora.common import Item
from crossfoot.model.types import SourceValue
from crossfoot.sources.load import load_sources

__all__ = ["count_step_tags", "step_tags"]

_WANTED = ("- /", "-", "/", "/ -")
# a line that opens a roll-forward's period, and one that closes it (round 39's roll_change,
# measured and dropped: tuning half only)
_OPENS = re.compile(r"\b(?:beginning|opening|start)\b|\bjan(?:uary|\.)?\s*1\b")
_CLOSES = re.compile(r"\bend\s+of\b|\b(?:ending|closing)\b|\bdec(?:ember|\.)?\s*31\b")
_HALF = Decimal("0.5")


def _window(figure: str) -> tuple[Decimal, Decimal] | None:
    """The interval the written figure stands for (half a unit of its last digit)."""
    text = figure.strip().rstrip(".").replace(",", "")
    try:
        v = Decimal(text)
    except ArithmeticError:
        return None
    exp = v.as_tuple().exponent
    half = _HALF * Decimal(1).scaleb(exp if isinstance(exp, int) else 0)
    return v - half, v + half


def _apply(prog: str, a: Decimal, b: Decimal) -> Decimal | None:
    """The program over its two literals in order (a - b then / b; a / b then - 1; ...)."""
    if b == 0:
        return None
    return {
        "- /": (a - b) / b,
        "-": a - b,
        "/": a / b,
        "/ -": a / b - 1,
    }.get(prog)


def _literals(item: Item) -> tuple[str, Decimal, Decimal] | None:
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps:
        return None
    prog = " ".join(op for _, op, _ in steps)
    if prog not in _WANTED:
        return None
    lits = [
        _dec(arg)
        for left, _, right in steps
        for arg in (left, right)
        if not arg.startswith("x") and arg not in ("1", "100")
    ]
    vals = [v for v in lits if v is not None]
    if len(vals) < 2:
        return None
    return prog, vals[0], vals[1]


def _readings(values: list[SourceValue], v: Decimal) -> list[SourceValue]:
    """The engine's values of magnitude ``v`` (a percent cell also as its fraction)."""
    return [
        s for s in values if abs(s.value) == v or (s.kind == "percent" and abs(s.value) / 100 == v)
    ]


def _pair_place(a: SourceValue, b: SourceValue) -> str:
    if a.table is not None and b.table is not None:
        if a.source_id == b.source_id and a.row_index == b.row_index:
            return "two cells of one row"
        if a.source_id == b.source_id and a.col_index == b.col_index:
            return "two cells of one column"
        return "two cells apart"
    if a.table is None and b.table is None:
        return "two text figures" + (" of one source" if a.source_id == b.source_id else "")
    return "a text figure and a cell"


def _unit(prog: str, ra: list[SourceValue], rb: list[SourceValue], win: Any) -> str:
    lo, hi = win
    same, cross = False, False
    for x in ra:
        for y in rb:
            r = _apply(prog, abs(x.value), abs(y.value))
            if r is None or not (lo <= r <= hi or lo <= -r <= hi):
                continue
            if x.view == y.view or "both" in (x.view, y.view):
                same = True
            else:
                cross = True
    if same:
        return "unit: meets the window in one view"
    return "unit: meets only across views" if cross else "unit: meets in no view"


def _base_sign(prog: str, a: Decimal, b: Decimal, win: Any) -> str:
    lo, hi = win
    exact = _apply(prog, a, b)
    if exact is None:
        return "base/sign: -"
    if not lo <= exact <= hi:
        if lo <= -exact <= hi:
            return "base/sign: the written figure is the program's with its sign flipped"
        return "base/sign: the written figure is not the program's at its precision"
    other = _apply(prog, b, a)
    if other is not None and lo <= other <= hi:
        return "base/sign: either order meets"
    return "base/sign: the program's order only"


@contextmanager
def _watch() -> Iterator[dict[str, Any]]:
    """Record the (text figure, cell) pairs ``table_chain_mixed`` binds during one check."""
    seen: dict[str, Any] = {"pairs": []}
    orig = _mixed._pairs

    def spy(ctx: Any, ops: Any) -> Any:
        out = orig(ctx, ops)
        seen["pairs"] += [pair for pair, _ in out]
        return out

    _mixed._pairs = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        _mixed._pairs = orig  # type: ignore[assignment]


def _bound(seen: dict[str, Any], ra: list[SourceValue], rb: list[SourceValue]) -> str:
    ids_a, ids_b = {id(v) for v in ra}, {id(v) for v in rb}
    magn = {abs(v.value) for v in ra} | {abs(v.value) for v in rb}
    for p, c in seen["pairs"]:
        if (id(p) in ids_a and id(c) in ids_b) or (id(p) in ids_b and id(c) in ids_a):
            return "bound: the mixed rule binds the pair"
        if abs(p.value) in magn and abs(c.value) in magn:
            return "bound: the mixed rule binds the pair"
    if seen["pairs"]:
        return "bound: the mixed rule binds other pairs, not this one"
    return "bound: the mixed rule binds no pair (or never ran)"


def _line(v: SourceValue) -> str | None:
    row = (v.row or "").lower()
    opens, closes = bool(_OPENS.search(row)), bool(_CLOSES.search(row))
    return None if opens == closes else "open" if opens else "close"


def _column_lines(a: SourceValue, b: SourceValue) -> str:
    """What the two lines of one column are: a roll-forward's opening and closing lines
    (:data:`_OPENS` / :data:`_CLOSES`), lines that name years, or other lines; and how far apart."""
    sides = {_line(a), _line(b)}
    kind = (
        "an opening and a closing line"
        if sides == {"open", "close"}
        else "one opening or closing line"
        if sides - {None}
        else "year lines"
        if a.year is not None and b.year is not None and a.year != b.year
        else "other lines"
    )
    gap = abs((a.row_index or 0) - (b.row_index or 0))
    return f"lines: {kind}, {'adjacent' if gap == 1 else 'apart'}"


def step_tags(item: Item, figure: str, tool: Any) -> list[str]:
    """The tags of one false-alarm figure (module docstring); [] for other programs."""
    got = _literals(item)
    win = _window(figure)
    if got is None or win is None:
        return []
    prog, a, b = got
    key = f"[{prog}]"
    values = [v for s in load_sources(item.sources).sources for v in s.values]
    ra, rb = _readings(values, a), _readings(values, b)
    read = "both" if ra and rb else "one" if ra or rb else "none"
    out = [f"{key} read: {read} of the two operands among the source values"]
    out.append(f"{key} {_base_sign(prog, a, b, win)}")
    if not (ra and rb):
        return out
    place = _pair_place(ra[0], rb[0])
    out.append(f"{key} pair: {place}")
    out.append(f"{key} {place} | {_unit(prog, ra, rb, win)}")
    if place.startswith("two cells of one column"):
        out.append(f"{key} {place} | {_column_lines(ra[0], rb[0])}")
    if place == "a text figure and a cell" and tool is not None:
        with _watch() as seen:
            tool._checker(item).check(item.answer, question=item.question or None)
        out.append(f"{key} {place} | {_bound(seen, ra, rb)}")
    return out


def count_step_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of one operation over two numbers."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        figure = item.answer.rsplit("The answer is ", 1)[-1]
        out.update(set(step_tags(item, figure, tool)))
    return out
