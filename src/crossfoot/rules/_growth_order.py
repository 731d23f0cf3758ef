"""One named row's growth against another's in a sentence with no figure: "Cloud revenue grew
faster than Devices revenue in 2023", "Devices outpaced Cloud" (rules.worded_rows reads it).

No figure says it, so no number rule saw it, and the wrong order passed. The word ("grew faster
than", "outpaced", "outgrew"; "grew more slowly than", "lagged") becomes a claim over the two rows
named before and after it, of one table: each row's relative change over the same two years (the
one year named and the year before, the two named, or the rows' last two), ``derived`` when the
first row's is the larger (the smaller for "slower"), else ``contradicted`` with both changes. A
negated sentence, rows that start at or below zero, and years the rows do not both hold leave
the sentence alone.

>>> from crossfoot import check
>>> t = ('[["Segment", "2022", "2023"], ["Cloud", "1,200", "1,560"],'
...      ' ["Devices", "2,400", "2,520"]]')
>>> check("Cloud grew faster than Devices in 2023.", [t]).passed
True
>>> check("Devices outpaced Cloud in 2023.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import row_pair, word_mention, year_span
from crossfoot.rules.comparisons import NEGATED

__all__ = ["growth_order", "may_grow_faster"]

_GROW = r"(?:grew|grows|rose|rises|increased|increases|expanded|expands|climbed|gained)"
_FASTER = re.compile(
    rf"(?i)\b(?:(?P<more>outpaced|outpaces|outgrew|outgrows|{_GROW}\s+(?:\w+\s+)?"
    r"(?:faster|more\s+(?:quickly|rapidly|strongly|sharply))\s+than)"
    rf"|(?P<less>lagged|lags|{_GROW}\s+(?:\w+\s+)?"
    r"(?:slower|more\s+slowly|less\s+(?:quickly|rapidly|strongly|sharply))\s+than))\b"
)
_GATES = ("outpac", "outgr", "faster", "quickly", "rapidly", "strongly", "sharply", "slow", "lag")


def may_grow_faster(text: str) -> bool:
    """A cheap gate: whether ``text`` (in lower case) may hold a word of this module."""
    return any(g in text for g in _GATES)


def growth_order(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of the sentence's figure-free growth comparison (module docstring), or []."""
    sentence = text[s.start : s.end]
    m = _FASTER.search(sentence)
    if m is None or NEGATED.search(sentence, 0, m.start()):
        return []
    pair = row_pair(sentence[: m.start()], sentence[m.end() :], values)
    if pair is None:
        return []
    (_, a), (_, b) = pair
    span = year_span(sentence, sorted(set(a) & set(b)), held_before=False)
    if span is None:
        return []
    y0, y1 = span
    if a[y0].value <= 0 or b[y0].value <= 0:
        return []
    ra = (a[y1].value - a[y0].value) / a[y0].value
    rb = (b[y1].value - b[y0].value) / b[y0].value
    more = m.group("more") is not None
    word = m.group(0)
    mention = word_mention(word, s.start + m.start(), 2)
    shown = [format_decimal((r * 100).quantize(Decimal("0.1"))) for r in (ra, rb)]
    formula = (
        f"{a[y1].row}: {format_decimal(a[y0].value)} -> {format_decimal(a[y1].value)} "
        f"({shown[0]}%) vs {b[y1].row}: {format_decimal(b[y0].value)} -> "
        f"{format_decimal(b[y1].value)} ({shown[1]}%), {y0} to {y1}"
    )
    ev = Evidence("compare", "growth order", formula, (a[y0], a[y1], b[y0], b[y1]))
    if ra != rb and (ra > rb) == more:
        return [Claim(mention, s, "derived", ev)]
    message = (
        f'"{word}" says {a[y1].row} grew {"faster" if more else "more slowly"} than '
        f"{b[y1].row}, but from {y0} to {y1} it changed {shown[0]}% against {shown[1]}%"
    )
    return [Claim(mention, s, "contradicted", ev, message)]
