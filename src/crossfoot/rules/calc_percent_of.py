"""Rule: "p% of y = z", a product written with "of", must add up.

"12.41% of 4,930 = 611.8", "21% of $612 million is about $128.5 million": a percentage of an
amount is their product, and answers write it with the word "of", which the calculation reader
(:mod:`crossfoot.arithmetic`) does not take for an operator (it joins most phrases). Read here
only in that one shape: a percentage, "of", an amount, then an equals sign or "is", "equals",
"gives", "comes to" (maybe "about"), then the claim, each right after the other. The product is
recomputed as a written calculation is (at the claim's precision, the percentage as a fraction,
and each operand the answer grounded and shows rounded also at the value that grounded it, as a
written step is carried on; "about" may stand before each figure): a wrong one is
``arithmetic_error``; a right one over two grounded operands is ``derived``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.arithmetic.evaluate import check_result
from crossfoot.arithmetic.parse import BinOp, Num
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue
from crossfoot.rules.arithmetic import grounded_claim

__all__ = ["percent_of"]

_HEDGE = r"(?:(?:about|approximately|roughly|around)[ \t]+|≈[ \t]*)"
_OF = re.compile(r"[ \t]+of[ \t]+(?:the[ \t]+)?" + _HEDGE + "?")
_EQ = re.compile(
    r"[ \t]*(?:=|≈|is|equals|gives|yields|comes[ \t]+to|amounts[ \t]+to)"
    r"[ \t]*(?P<approx>" + _HEDGE + ")?"
)


def percent_of(ctx: ClaimContext) -> Verdict | None:
    """Rule: the claim is the stated result of "p% of y" (see the module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2019"], ["Revenue", "4,930"], ["Operating income", "612"]]'
    >>> check("The margin is 12.41%, and 12.41% of 4,930 = 611.8.", [t]).claims[-1].status
    'derived'
    >>> check("The margin is 12.41%, and 12.41% of 4,930 = 661.8.", [t]).claims[-1].status
    'arithmetic_error'
    """
    m, pos, text = ctx.mention, ctx.position, ctx.text
    if pos < 2 or not m.claim or m.kind not in ("money", "number") or m.high is not None:
        return None
    p, y = ctx.mentions[pos - 2], ctx.mentions[pos - 1]
    if p.kind != "percent" or y.kind not in ("money", "number") or p.high or y.high:
        return None
    if _OF.fullmatch(text, p.end, y.start) is None:
        return None
    eq = _EQ.fullmatch(text, y.end, m.start)
    if eq is None:
        return None
    tree = BinOp("*", Num(pos - 2), Num(pos - 1))
    approx = eq.group("approx") is not None
    checked = check_result(tree, ctx.mentions, m, approx)
    if checked is None:
        return None
    carried = _carried(ctx, (pos - 2, pos - 1)) if not checked[0] else None
    if carried is not None:
        # "about 12.4% of about 49,300 is about 6,120": figures the answer grounded and shows
        # rounded, carried on at the values that grounded them (12.4138%, 49,315), as a written
        # step's result is carried on unrounded (arithmetic.carried)
        again = check_result(tree, carried, m, approx)
        checked = again if again is not None and again[0] else checked
    correct, value, _note = checked
    formula = f"{p.text.strip()} of {y.text.strip()}"
    if not correct:
        shown = f"{value:,f}".rstrip("0").rstrip(".")
        why = f"{formula} = {shown}, not {m.text.strip()}"
        return Verdict(
            "arithmetic_error",
            Evidence("arithmetic", "written_calculation", why, (), value),
            message=f"the written calculation gives {shown}: {why}",
        )
    operands: list[SourceValue] = []
    for x in (p, y):
        claim = grounded_claim(ctx, x)
        if claim is None:
            return None
        if claim.evidence is not None:
            operands.extend(sv for sv in claim.evidence.operands if sv not in operands)
    return Verdict(
        "derived",
        Evidence(
            "arithmetic",
            "written_calculation",
            f"{formula} = {m.text.strip()}",
            tuple(operands),
            value,
        ),
    )


def _carried(ctx: ClaimContext, at: tuple[int, ...]) -> tuple[Mention, ...] | None:
    """The mentions with each operand of ``at`` read at the exact value that grounded it (its
    evidence's result), when that rounds to the figure as written; None when none is."""
    changed: dict[int, Mention] = {}
    for i in at:
        x = ctx.mentions[i]
        claim = grounded_claim(ctx, x)
        ev = claim.evidence if claim is not None else None
        if ev is None or ev.result is None or ev.result == x.value or x.value <= 0:
            continue
        if ev.result <= 0 or abs(ev.result - x.value) > x.precision:
            continue
        unit = x.scale if x.kind != "percent" and x.scale else Decimal(1)
        changed[i] = replace(x, value=ev.result, written=ev.result / unit)
    if not changed:
        return None
    return tuple(changed.get(k, x) for k, x in enumerate(ctx.mentions))
