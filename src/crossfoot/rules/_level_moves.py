"""A movement to a level: "Total revenue fell to $800 million in 2020" when 2019's cell was 700.

The figure is the row's cell of its year, so it passes, and the verb says how it got there from
the year before: a wrong "fell" passed. When a movement word ("rose", "fell", "increased",
"declined", ...) is followed, within two words, by "to" and a figure that is one cell of a table
row (a passed, direct claim), and the sentence gives no other base ("from", "since", "compared
with", "versus", "than"), the row's cell of the year before (the latest earlier year the row
holds) is the start. The figure becomes ``contradicted`` when the step runs the other way, and
names both cells. Rows with a value at or below zero are left alone ("net loss decreased to $20
million" over -35 and -20 speaks of the loss's size), as are equal cells, a row with no earlier
year, and any figure that is not one cell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.trends import MOVED_DOWN, MOVED_UP
from crossfoot.model.types import Claim, SourceValue, format_decimal

__all__ = ["level_moves"]

# (a level reached: "jumped to", "dipped to" as well)
_UP = rf"{MOVED_UP}|jumped|surged"
_DOWN = rf"{MOVED_DOWN}|slipped|dipped"
_TO = re.compile(
    rf"(?i)\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?:\w+\s+){{0,2}}?to\s+(?:about\s+|roughly\s+|"
    r"approximately\s+|nearly\s+|almost\s+|around\s+)?$"
)
# another base the sentence names: the stated pair's rule (rules.stated_moves) or a comparison
_BASE = re.compile(r"(?i)\b(?:from|since|compared|versus|vs\.?|than|relative|against|over)\b")


def level_moves(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a cell reached by a movement of the wrong direction ``contradicted``
    (module docstring)."""
    if " to " not in text:
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        s = c.sentence
        m = _TO.search(text, max(s.start, c.mention.start - 60), c.mention.start)
        if m is None or _BASE.search(text, s.start, s.end):
            continue
        why = _wrong_way(c, values, m.group("up") is not None, m.group(0).split()[0])
        if why is not None:
            out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
    return out


def _wrong_way(c: Claim, values: Sequence[SourceValue], up: bool, word: str) -> str | None:
    ev = c.evidence
    if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None or v.row_index is None or v.year is None or v.value <= 0:
        return None
    earlier = [
        w
        for w in values
        if w.source_id == v.source_id
        and w.table == v.table
        and w.row_index == v.row_index
        and w.view == v.view
        and w.year is not None
        and w.year < v.year
        and w.kind == v.kind
    ]
    if not earlier:
        return None
    last = max(w.year for w in earlier if w.year is not None)
    prior = [w for w in earlier if w.year == last]
    if len(prior) != 1 or prior[0].value <= 0 or prior[0].value == v.value:
        return None
    if (v.value > prior[0].value) == up:
        return None
    went = "rose" if v.value > prior[0].value else "fell"
    return (
        f'the sentence says "{word}", but {v.row} {went} to {format_decimal(v.value)} in '
        f"{v.year} from {format_decimal(prior[0].value)} in {last}"
    )
