"""A change of two percentages written as a fraction of one: "what was the change in gross
margin from 2018 to 2019? The answer is 0.015" over a margin of 36.9% and 38.4%; "-0.035" for
an effective tax rate that fell from 24.8% to 21.3%.

A report (and a conversation's reference answer) may write every figure as a plain decimal, a
percentage too: 38.4% is 0.384, and a change of 1.5 points is 0.015. Read as a plain number the
figure is too coarse for the derivation search ("0.015" stands for 0.0145 to 0.0155, 3 % of
itself), and no pair of plain numbers gives it; read as the points it writes ("1.5 percentage
points", 1.45 to 1.55), it is as fine as the same change written in points, and the search
for a change in points (``rules.derive.two_operand``, with its focus, order and chance tests)
judges it as it judges "1.5 pp".

So a plain fraction (no sign of a percent, no currency or scale word; between -1 and 1) is read
a hundred times over, as points, when the question or the sentence asks for a change (or a
difference) and the scope holds percentages; it passes only as a change in points of two
percentages, never as a level or another operation (a plain "0.015" is no 1.5 % share).

>>> import json
>>> from crossfoot import check
>>> grid = [["", "2019", "2018"], ["gross margin", "38.4%", "36.9%"]]
>>> q = "what was the change in gross margin from 2018 to 2019?"
>>> [check(q + f" The answer is {x}.", [json.dumps(grid)], question=q).passed
...  for x in ("0.015", "0.025")]
[True, False]
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.language.changewords import CHANGED, GAP, words
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.rules.derive import two_operand

__all__ = ["change_points_fraction"]

_HUNDRED = Decimal(100)
_POINTS = frozenset({"pp_change"})
_NOTE = "a change in points written as a fraction of one (x 100)"
# (tried only past the cheap tests: a plain fraction, percentages in scope)
_CHANGE = words(CHANGED, GAP, r"differ\w*")


def _asks_change(ctx: ClaimContext) -> bool:
    """Whether the question or the claim's sentence asks for a change or a difference."""
    op = ctx.shared.get("ask.op")
    if op in ("change", "difference"):
        return True
    said = f"{ctx.shared.get('ask.text') or ''} {ctx.sentence.text}"
    return _CHANGE.search(said) is not None


def change_points_fraction(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain fraction that is a change in points of two percentages (module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind != "number" or not m.claim or m.high is not None or m.approximate:
        return None
    if m.currency or m.scale != 1 or m.unit or not 0 < abs(m.value) < 1:
        return None
    if not o.allow_derived or (o.derivations is not None and not o.derivations & _POINTS):
        return None
    if ctx.scope is None or not any(v.kind == "percent" for v in ctx.scope.index.values):
        return None
    if not _asks_change(ctx):
        return None
    points = replace(m, kind="pp", value=m.value * _HUNDRED, precision=m.precision * _HUNDRED)
    as_points = replace(ctx, mention=points, options=replace(o, derivations=_POINTS))
    verdict = two_operand(as_points)
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    ev = verdict.evidence
    note = f"{ev.note}; {_NOTE}" if ev.note else _NOTE
    return Verdict(verdict.status, replace(ev, note=note), verdict.message)
