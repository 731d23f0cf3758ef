"""Operands of a written calculation read at the scale of the data.

"(2.9 − 2.1) / 2.1 × 100 = 38%" over sales of 2,900,000 and 2,100,000: the answer writes its
operands in millions without saying so. Each operand alone matches nothing; together they are
the data read in millions. An operand of a written calculation that has no scale word of its own
is read at a scale (thousand, million, billion) when *every* such operand of that calculation is
then a source value: one scale for the whole calculation, never one per number. The calculation
itself is checked as written (rules.arithmetic), so a wrong result is still an error.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.arithmetic.calculations import Calculation, calculations_of
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue, Status

__all__ = ["scaled_operand"]

_SCALES = (
    (Decimal(10) ** 6, "millions"),
    (Decimal(10) ** 3, "thousands"),
    (Decimal(10) ** 9, "billions"),
)


def _hit(ctx: ClaimContext, m: Mention, scale: Decimal) -> SourceValue | None:
    """A source value ``m`` states when read at ``scale``, or None."""
    lo, hi = (abs(m.value) - m.precision) * scale, (abs(m.value) + m.precision) * scale
    for sv in ctx.scope.index.between(lo, hi):
        if sv.kind in ("money", "number") and sv.view != "written":
            return sv
    return None


def _operands(ctx: ClaimContext, calc: Calculation) -> list[Mention]:
    return [
        ctx.mentions[i]
        for i in calc.operands
        if i not in calc.constants
        and ctx.mentions[i].scale == 1
        and ctx.mentions[i].kind == "number"
    ]


def scaled_operand(ctx: ClaimContext) -> Verdict | None:
    """Rule: an unscaled operand of a written calculation whose operands are all source values at
    one scale (see the module docstring)."""
    m = ctx.mention
    if m.kind != "number" or m.scale != 1 or m.high is not None:
        return None
    for calc in calculations_of(ctx):
        if ctx.position not in calc.operands or ctx.position in calc.constants:
            continue
        operands = _operands(ctx, calc)
        if len(operands) < 2:
            continue
        for scale, word in _SCALES:
            hits = [_hit(ctx, o, scale) for o in operands]
            if all(h is not None for h in hits):
                sv = hits[[o.start for o in operands].index(m.start)]
                assert sv is not None
                formula = f"{sv.describe()} (read in {word}, as every operand of {calc.formula!r})"
                status: Status = (
                    "supported_exact"
                    if abs(m.value) * scale == abs(sv.value)
                    else "supported_rounded"
                )
                return Verdict(status, Evidence("direct", "cell", formula, (sv,), sv.value))
    return None
