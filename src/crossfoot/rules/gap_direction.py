"""A gap between two named rows said to widen or narrow must have done so since the period before.

"The gap between Cloud and Devices narrowed to $800 in 2024" passed over Cloud 1,200 -> 1,560 and
Devices 700 -> 760: $800 is 2024's gap, and the gap widened from 500. With two figures ("widened
from 500 to 800") the answer's own pair says the way (:mod:`crossfoot.rules.stated_moves`); with
one, the earlier gap is the table's. A figure that passed as the difference of two rows of one
period, in a sentence that calls it the gap (spread, difference, lead) between two things and
says it widened or narrowed (grew, shrank, ...), is compared with the same two rows' gap in the
period before (the column of the year before, in the same table). When that gap moved the other
way, or not at all, the claim becomes ``contradicted``; the message gives both gaps.

>>> import crossfoot
>>> t = "| | 2023 | 2024 |\\n|---|---|---|\\n| Cloud | 1,200 | 1,560 |\\n| Devices | 700 | 760 |"
>>> crossfoot.check("The gap between Cloud and Devices widened to $800 in 2024.", [t]).passed
True
>>> crossfoot.check("The gap between Cloud and Devices narrowed to $800 in 2024.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.years import period
from crossfoot.model.types import Claim, SourceValue, format_decimal
from crossfoot.rules._loss_moves import year_before

__all__ = ["gap_directions"]

_GATE = ("gap", "spread", "difference", "lead")
# the gap's own movement word, before its one figure ("narrowed to $800", "widened by ... to")
_MOVED = re.compile(
    r"(?i)\b(?:gap|spread|difference|lead)\s+(?:between|separating|over|of)\s+[^.;:]{1,80}?\s+"
    r"(?:has\s+|had\s+)?(?:(?P<up>widen\w*|grew|grow\w*|increas\w*|rose|expand\w*|doubled|"
    r"jumped)|(?P<down>narrow\w*|shrank|shrunk|shrink\w*|decreas\w*|fell|contract\w*|closed|"
    r"halved|dropped|declined))\s+(?:further\s+|sharply\s+|slightly\s+)?to\s+(?:about\s+)?$"
)


def gap_directions(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a gap said to widen (narrow) that did not ``contradicted``."""
    low = text.lower()
    if not any(g in low for g in _GATE) or " to " not in low:
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        ev = c.evidence
        if not c.passed or ev is None or ev.kind != "difference" or len(ev.operands) != 2:
            continue
        moved = _MOVED.search(text, c.sentence.start, c.mention.start)
        if moved is None:
            continue
        earlier = _earlier_pair(ev.operands, values)
        if earlier is None:
            continue
        a, b = ev.operands
        now, then = abs(a.value - b.value), abs(earlier[0].value - earlier[1].value)
        up = moved.group("up") is not None
        if (now > then) if up else (now < then):
            continue
        word = moved.group("up") or moved.group("down")
        message = (
            f'"{word}" says the gap between {a.row} and {b.row} '
            f"{'widened' if up else 'narrowed'}, but it was {format_decimal(then)} the period "
            f"before and is {format_decimal(now)}"
        )
        out[i] = replace(c, status="contradicted", message=message)
    return out


def _earlier_pair(
    pair: Sequence[SourceValue], values: Sequence[SourceValue]
) -> tuple[SourceValue, SourceValue] | None:
    """The same two rows' cells one year before, in the same table; None unless both are found
    and the two operands are of one year, two rows."""
    a, b = pair
    if period(a) != period(b) or a.row_index == b.row_index:
        return None
    if a.table is None or (a.source_id, a.table) != (b.source_id, b.table):
        return None
    ea, eb = year_before(a, values), year_before(b, values)
    return None if ea is None or eb is None else (ea, eb)
