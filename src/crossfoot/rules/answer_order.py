"""The order of a "respectively" answer: each figure in the place of the year (or line) it answers.

"What was the revenue in 2019 and 2018 respectively?" answered "4,310, 4,820" gives the two
cells of the asked row, each checked and found; but in the other order, so each figure answers
the other year's part of the question (a common slip: tables list the latest year first, the
answer reads them from the right). For :func:`crossfoot.rules.alignment.align_answer`, the
final figures of a "respective" question (``Ask.several``) that writes two or more years are
``off_question`` when there are as many passing final figures as years, each one value of one
of the asked years (its own evidence, through restatements), every year once, and their years
do not run in the order the question writes them. A figure whose value the line also holds at
the year of its place (equal values) is in its place. The same holds of the lines a
"respectively" question of one period names ("What were revenue and cost of sales in 2019,
respectively?"): each figure one cell of one period, in the order the question names their
lines (by the last of each line's words), when no line's words are inside another's.

>>> import json, crossfoot
>>> grid = [["", "2019", "2018"], ["Revenue", "4,820", "4,310"]]
>>> q = "What was the revenue in 2019 and 2018 respectively?"
>>> crossfoot.check("Answer: 4,820, 4,310", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("Answer: 4,310, 4,820", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._named import value_years

__all__ = ["order_misfits"]

_YEAR = re.compile(r"(?<![\d.,$])((?:19|20)\d\d)(?!\d|,\d)")


def _asked_order(text: str) -> list[int]:
    """The years the question writes, in its order, each once."""
    out: list[int] = []
    for m in _YEAR.finditer(text):
        y = int(m.group(1))
        if y not in out:
            out.append(y)
    return out


def _line(v: SourceValue, axis: str) -> tuple[object, ...]:
    """The table line of ``v`` along ``axis``: its row, or its column when the periods are
    the table's rows."""
    return (v.source_id, v.table, v.view, v.row_index if axis == "row" else v.col_index)


def _held_at(v: SourceValue, year: int, axis: str, values: Sequence[SourceValue]) -> bool:
    """Whether ``v``'s line holds ``v``'s value at ``year`` too."""
    mine = _line(v, axis)
    return any(
        x.value == v.value and _line(x, axis) == mine and year in value_years(x) for x in values
    )


def order_misfits(
    ask: Ask,
    finals: Sequence[Claim],
    underlying: Callable[[Claim], Evidence | None],
    values: Sequence[SourceValue],
) -> dict[int, str]:
    """The final figures of a "respectively" answer out of the question's order of years, by
    ``id``, with the reason (see the module docstring)."""
    if not ask.several:
        return {}
    if len(ask.years) < 2:
        return _line_order(ask, finals, underlying, values)
    order = _asked_order(ask.text)
    if len(order) < 2 or set(order) != set(ask.years) or len(finals) != len(order):
        return {}
    cells: list[tuple[Claim, SourceValue, int]] = []
    for c in finals:
        ev = underlying(c) if c.passed else None
        if ev is None or len(ev.operands) != 1 or ev.operands[0].table is None:
            return {}
        ys = value_years(ev.operands[0])
        if len(ys) != 1:
            return {}
        cells.append((c, ev.operands[0], min(ys)))
    years = [y for _, _, y in cells]
    if sorted(years) != sorted(order) or years == order:
        return {}
    axis = next((a for a in ("row", "column") if len({_line(v, a) for _, v, _ in cells}) == 1), "")
    if not axis:
        return {}  # (figures of several lines: a row per year may be what the table gives)
    asked = " and ".join(str(y) for y in order)
    out: dict[int, str] = {}
    for (c, v, y), want in zip(cells, order, strict=True):
        if y != want and not _held_at(v, want, axis, values):
            out[id(c)] = (
                f"the question asks for {asked} respectively; this figure, in the place of "
                f"{want}, is of {y}"
            )
    return out


def _named_at(label: str, words: Sequence[str]) -> int | None:
    """Where the question has named ``label`` (the index of the last of its words' first
    occurrences), or None when it leaves a word of it out."""
    req = required_tokens(label)
    if not req or not req <= set(words):
        return None
    return max(words.index(w) for w in req)


def _line_order(
    ask: Ask,
    finals: Sequence[Claim],
    underlying: Callable[[Claim], Evidence | None],
    values: Sequence[SourceValue],
) -> dict[int, str]:
    """The final figures of a "respectively" answer of named lines ("What were revenue and cost
    of sales in 2019, respectively?") out of the order the question names the lines in: each
    figure one cell, all of one period of one table, of as many lines the question names, no
    line's words inside another's ("revenue" and "cost of revenue" are not told apart)."""
    if len(finals) < 2:
        return {}
    cells: list[tuple[Claim, SourceValue]] = []
    for c in finals:
        ev = underlying(c) if c.passed else None
        if ev is None or len(ev.operands) != 1 or ev.operands[0].table is None:
            return {}
        cells.append((c, ev.operands[0]))
    if len({_line(v, "column") for _, v in cells}) == 1:
        axis, period = "row", "column"  # (one column: the lines are rows)
    elif len({_line(v, "row") for _, v in cells}) == 1:
        axis, period = "column", "row"
    else:
        return {}  # (not one period: a line per year may be what the table gives)
    labels = [(v.row if axis == "row" else v.column) or "" for _, v in cells]
    if len(set(labels)) != len(labels):
        return {}
    words = tokens(ask.text)
    at = [_named_at(x, words) for x in labels]
    reqs = [required_tokens(x) for x in labels]
    if any(a is None for a in at) or len(set(at)) != len(at):
        return {}
    if any(a <= b for i, a in enumerate(reqs) for j, b in enumerate(reqs) if i != j):
        return {}
    want = [labels[i] for i in sorted(range(len(labels)), key=lambda i: at[i] or 0)]
    if want == labels:
        return {}
    out: dict[int, str] = {}
    for (c, v), mine, place in zip(cells, labels, want, strict=True):
        held = any(
            x.value == v.value
            and _line(x, period) == _line(v, period)
            and ((x.row if axis == "row" else x.column) or "") == place
            for x in values
        )
        if mine != place and not held:
            asked = " and ".join(want)
            out[id(c)] = (
                f"the question asks for {asked} respectively; this figure, in the place of "
                f"{place}, is of {mine}"
            )
    return out
