"""A plain figure in the unit its operands are written in: "revenue from discontinued operations
was $503 million in 2013 and $974 million in 2011 ... The answer is 738.5."

A table under "(in millions)" offers its cells as written (503) and scaled (503,000,000), so a
plain average of two cells is found either way. Running text offers "$503 million" scaled only
(its digits as written match directly, but never feed arithmetic). A plain figure that no other
rule grounds is therefore read once more at each scale a figure of the sources is written at
(thousand, million, billion) and derived again, as a sum, difference or average only (a ratio
or a share has no unit, and is searched in the true view already), under the usual limits. The
reading holds only when at least one operand is itself written at that scale in running text:
"738.5" is in millions because "$503 million" is; and never for a figure its words call
unitless ("the proportion is 1.08", "the ratio", "the percentage"). The evidence note names the
reading.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import PASSING_STATUSES, SourceValue
from crossfoot.rules._near import focus_says
from crossfoot.rules.derive import two_operand
from crossfoot.rules.multi import multi_operand

__all__ = ["operand_scale"]

_SCALES = (
    (Decimal(10) ** 6, "millions"),
    (Decimal(10) ** 3, "thousands"),
    (Decimal(10) ** 9, "billions"),
)
_ADDITIVE = frozenset({"sum", "difference", "average"})
# Words that call the figure a unitless one ("the proportion is 1.08", "the ratio"): no scale.
_UNITLESS = re.compile(
    r"(?i)\b(?:ratios?|proportions?|percent(?:age)?s?|shares?\s+of|rates?|margins?|times|"
    r"multiples?|yields?|returns?|quotient)\b|%"
)


def _alias_of(ctx: ClaimContext, v: SourceValue, scale: Decimal) -> bool:
    """``v`` (a figure of running text) has its digits as written at ``scale`` as an alias of
    the same span: "$503 million" is 503 at a million."""
    digits = v.value / scale
    return any(
        a.view == "written" and a.span == v.span and a.source_id == v.source_id
        for a in ctx.scope.index.between(digits, digits)
    )


def _written_at(ctx: ClaimContext, v: SourceValue, scale: Decimal) -> bool:
    """``v`` is a figure of running text written at ``scale``."""
    return v.span is not None and v.table is None and v.view == "both" and _alias_of(ctx, v, scale)


def _scales(ctx: ClaimContext) -> list[tuple[Decimal, str]]:
    """The scales some figure of running text in the claim's scope is written at (once per
    scope and answer)."""
    return per_answer(ctx, "operand_scale.scales", ctx.scope.index, _written_scales)


def _written_scales(index: ValueIndex) -> list[tuple[Decimal, str]]:
    aliases = [
        a
        for a in index.values
        if a.view == "written" and not a.operand and a.span is not None and a.value
    ]
    found = []
    for scale, word in _SCALES:
        for a in aliases:
            true = a.value * scale
            if any(b.span == a.span and b.view == "both" for b in index.between(true, true)):
                found.append((scale, word))
                break
    return found


def operand_scale(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain figure derived in the scale its operands are written at (see the module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind != "number" or m.scale != 1 or m.high is not None or not m.claim or m.value == 0:
        return None
    if not o.allow_derived:
        return None
    kinds = _ADDITIVE if o.derivations is None else _ADDITIVE & o.derivations
    scales = _scales(ctx) if kinds else []
    if not scales or focus_says(ctx, _UNITLESS):
        return None
    options = replace(o, derivations=kinds)
    for scale, word in scales:
        read = replace(m, value=m.value * scale, precision=m.precision * scale, scale=scale)
        again = replace(ctx, mention=read, options=options)
        for rule in (two_operand, multi_operand):
            verdict = rule(again)
            if verdict is None:
                continue
            ev = verdict.evidence
            if verdict.status not in PASSING_STATUSES or ev is None:
                break  # the reading is judged (a wrong direction): no other rule
            if not any(_written_at(ctx, v, scale) for v in ev.operands):
                break
            note = f"read in {word}, as its operands are written"
            return Verdict(verdict.status, replace(ev, note=f"{ev.note}; {note}".lstrip("; ")))
    return None
