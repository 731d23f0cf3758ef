"""The order of a "respectively" answer: each figure in the place of the year it answers.

"What was the revenue in 2019 and 2018 respectively?" answered "4,310, 4,820" gives the two
cells of the asked row, each checked and found; but in the other order, so each figure answers
the other year's part of the question (a common slip: tables list the latest year first, the
answer reads them from the right). For :func:`crossfoot.rules.alignment.align_answer`, the
final figures of a "respective" question (``Ask.several``) that writes two or more years are
``off_question`` when there are as many passing final figures as years, each one value of one
of the asked years (its own evidence, through restatements), every year once, and their years
do not run in the order the question writes them. A figure whose value the line also holds at
the year of its place (equal values) is in its place.

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
    if not ask.several or len(ask.years) < 2:
        return {}
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
