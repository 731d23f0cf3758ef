"""A movement to a level: "Total revenue fell to $800 million in 2020" when 2019's cell was 700.

The figure is the row's cell of its year, so it passes, and the verb says how it got there from
the year before: a wrong "fell" passed. When a movement word ("rose", "fell", "increased",
"declined", ...) is followed, within two words, by "to" and a figure that is one cell of a table
row (a passed, direct claim), and the sentence gives no other base ("from", "since", "compared
with", "versus", "than"), the row's cell of the year before (the latest earlier year the row
holds) is the start. The figure becomes ``contradicted`` when the step runs the other way, and
names both cells. Rows with a value at or below zero are left alone ("net loss decreased to $20
million" over -35 and -20 speaks of the loss's size), as are equal cells, a row with no earlier
year, and any figure that is not one cell. A quotient of two cells of one period said to move to
its level ("operating margin fell to 15%", a derived share or ratio) is held so against the same
quotient of the period before (lead40).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.changewords import FALL_VERBS, RISE_VERBS
from crossfoot.language.direction import judged_way
from crossfoot.language.trends import MOVED_DOWN, MOVED_UP
from crossfoot.language.years import period
from crossfoot.model.types import Claim, SourceValue, format_decimal
from crossfoot.rules._loss_moves import loss_moves

__all__ = ["level_moves"]

# (a level reached: "jumped to", "sank to" as well: language.changewords' one list of move
# verbs, as rules.stated_fall and rules._growth_rank read them)
_UP = rf"{MOVED_UP}|{RISE_VERBS}"
_DOWN = rf"{MOVED_DOWN}|{FALL_VERBS}"
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
        word = m.group(0).split()[0]  # ("churn improved to 4%": down, language.direction)
        up = judged_way(text, s.start, m.start(), word, "up" if m.group("up") else "down") == "up"
        why = _wrong_way(c, values, up, word)
        if why is not None:
            out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
    return loss_moves(text, out, values)  # "the loss widened to $25 million" (by its size)


def _wrong_way(c: Claim, values: Sequence[SourceValue], up: bool, word: str) -> str | None:
    ev = c.evidence
    if not c.passed or ev is None or len(ev.operands) not in (1, 2):
        return None
    if ev.rule == "derive" and ev.kind in ("share", "ratio") and len(ev.operands) == 2:
        return _ratio_wrong_way(ev.operands, ev.result, values, up, word)  # "fell to 15%"
    if ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    found = _prior(v, values)
    if found is None or found[2].value == v.value:
        return None
    own, last, prior = found
    if (v.value > prior.value) == up:
        return None
    went = "rose" if v.value > prior.value else "fell"
    return (
        f'the sentence says "{word}", but {v.row} {went} to {format_decimal(v.value)} in '
        f"{_when(v, own)} from {format_decimal(prior.value)} in {_when(prior, last)}"
    )


def _ratio_wrong_way(
    ops: tuple[SourceValue, ...],
    result: Decimal | None,
    values: Sequence[SourceValue],
    up: bool,
    word: str,
) -> str | None:
    """A quotient of two cells of one period ("operating margin fell to 15%": operating income
    over revenue) against the same quotient of the period before (lead40). Its top is the
    operand that makes the result (a share lists its whole first)."""
    a, b = ops
    if result is None or a.value <= 0 or b.value <= 0:
        return None
    if min(abs(a.value / b.value * k - result) for k in (1, 100)) > min(
        abs(b.value / a.value * k - result) for k in (1, 100)
    ):
        a, b = b, a
    now, then = _prior(a, values), _prior(b, values)
    if now is None or then is None or now[0] != then[0] or now[1] != then[1]:
        return None
    pa, pb = now[2], then[2]
    ratio, before = a.value / b.value, pa.value / pb.value
    if ratio == before or (ratio > before) == up:
        return None
    went = "rose" if ratio > before else "fell"
    pct = abs(ratio * 100 - result) < abs(ratio - result)  # (a share is said in percent)
    now_s, then_s = (f"{r * 100:.2f}%" if pct else f"{r:.4g}" for r in (ratio, before))
    return (
        f'the sentence says "{word}", but {a.row} over {b.row} {went} to {now_s} in '
        f"{_when(a, now[0])} from {then_s} in {_when(pa, now[1])}"
    )


def _prior(
    v: SourceValue, values: Sequence[SourceValue]
) -> tuple[tuple[int, int | None], tuple[int, int], SourceValue] | None:
    """(``v``'s period, the period before it, the row's one cell of it): the latest earlier
    period of the same kind (years, or quarters or months of a row by quarter: "rose in Q2 to
    29,800" from Q1's cell); None when there is none or a value is at or below zero."""
    own = period(v) if v.table is not None and v.row_index is not None else None
    if own is None or v.value <= 0:
        return None
    earlier: list[tuple[tuple[int, int], SourceValue]] = []
    for w in values:
        if (
            w.source_id != v.source_id
            or w.table != v.table
            or w.row_index != v.row_index
            or w.view != v.view
            or w.kind != v.kind
        ):
            continue
        p = period(w)
        if p is not None and (p[1] is None) == (own[1] is None) and _key(p) < _key(own):
            earlier.append((_key(p), w))
    if not earlier:
        return None
    last = max(k for k, _ in earlier)
    prior = [w for k, w in earlier if k == last]
    if len(prior) != 1 or prior[0].value <= 0:
        return None
    return own, last, prior[0]


def _key(p: tuple[int, int | None]) -> tuple[int, int]:
    return (p[0], p[1] or 0)


def _when(v: SourceValue, p: tuple[int, int | None] | tuple[int, int]) -> str:
    """A period as the message names it: the year, or a sub-period's column label."""
    return str(p[0]) if not p[1] else (v.column or v.label or str(p[0]))
