"""A loss that "widened" or "narrowed" to a figure, against the year before: its size moved so.

"The operating loss widened to $25 million in 2024" passed over a loss of 45 in 2023 and 25 in
2024: $25 million is 2024's cell, and the loss narrowed. :mod:`crossfoot.rules._level_moves`
leaves such rows alone (a "net loss decreased to $20 million" over -35 and -20 speaks of the
size, and its verbs are those of a level). Here a figure that passed as one cell of a table row,
reached ("to") by a word of a loss's size ("widened", "deepened", "worsened", "grew",
"increased"; "narrowed", "shrank", "decreased", "improved", "eased") in a sentence that calls
it a loss or deficit, is compared by size with the row's cell of the year before, where both
cells are of one sign (a swing from profit to loss is another story, left alone). When the size
moved the other way, the claim becomes ``contradicted``, naming both.

>>> import crossfoot
>>> t = "| | 2023 | 2024 |\\n|---|---|---|\\n| Operating loss | (45) | (25) |"
>>> crossfoot.check("The operating loss narrowed to $25 in 2024.", [t]).passed
True
>>> crossfoot.check("The operating loss widened to $25 in 2024.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.years import period
from crossfoot.model.types import Claim, SourceValue, format_decimal

__all__ = ["loss_moves", "year_before"]

_GATE = ("loss", "deficit")
_TO = re.compile(
    r"(?i)\b(?:loss|losses|deficit|deficits)\b[^.;:\d]{0,60}?\b(?:(?P<up>widen\w*|deepen\w*|"
    r"worsen\w*|grew|increas\w*|ballooned|swelled)|(?P<down>narrow\w*|shr[iau]nk\w*|decreas\w*|"
    r"improv\w*|eased|reduc\w*|trimmed|contracted))\s+(?:\w+\s+)?to\s+(?:about\s+|roughly\s+|"
    r"approximately\s+|nearly\s+|around\s+)?(?:a\s+(?:loss|deficit)\s+of\s+)?$"
)
_BASE = re.compile(r"(?i)\b(?:from|since|compared|versus|vs\.?|than|relative|against)\b")


def loss_moves(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a loss's size reached by a word of the wrong way ``contradicted``."""
    low = text.lower()
    if not any(g in low for g in _GATE):
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        ev = c.evidence
        if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
            continue
        s = c.sentence
        m = _TO.search(text, s.start, c.mention.start)
        if (
            m is None
            or _BASE.search(text, m.end(), s.end)
            or _BASE.search(text, s.start, m.start())
        ):
            continue
        v = ev.operands[0]
        prior = year_before(v, values)
        # (both years losses as written: a swing from profit to loss is another story)
        if prior is None or prior.value == 0 or v.value == 0 or (prior.value < 0) != (v.value < 0):
            continue
        now, then = abs(v.value), abs(prior.value)
        up = m.group("up") is not None
        if now == then or (now > then) == up:
            continue
        word = m.group("up") or m.group("down")
        went = "grew" if now > then else "shrank"
        why = (
            f'the sentence says the loss "{word}", but its size {went} from '
            f"{format_decimal(then)} in {prior.column} to {format_decimal(now)} in {v.column}"
        )
        out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
    return out


def year_before(v: SourceValue, values: Sequence[SourceValue]) -> SourceValue | None:
    """The same table row's cell of the year before ``v``'s (same view and kind), or None when
    ``v`` is no cell of a year (rules.gap_direction reads it too)."""
    own = period(v) if v.table is not None and v.row_index is not None else None
    if own is None or own[1] is not None:
        return None
    for w in values:
        if w.source_id != v.source_id or w.table != v.table or w.row_index != v.row_index:
            continue
        if w.view == v.view and w.kind == v.kind and period(w) == (own[0] - 1, None):
            return w
    return None
