"""Rule: a calculation the answer writes out must add up.

When the claim is the stated result of a calculation (``a − b = c``, ``(a + b + c) / 3 = d``, or a
figure explained by a parenthetical ``$6 million ($5829m − $5735m)``), the calculation is
recomputed from the numbers as written:

- a wrong result at its stated precision is ``arithmetic_error``, whatever the sources say;
- a right result passes as ``derived`` when every operand is already grounded (or a constant such as
  the ``100`` of ``× 100``);
- a right result over an operand not grounded yet says nothing: later rules try the claim.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.arithmetic.calculations import Calculation, calculations_of
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Claim, Evidence, Mention, SourceValue
from crossfoot.rules.calc_sources import at_source_precision
from crossfoot.rules.calc_units import result_unit_error

__all__ = ["grounded_claim", "results_first", "written_calculation"]


def written_calculation(ctx: ClaimContext) -> Verdict | None:
    """Rule: recompute the calculation whose stated result is the claim.

    >>> # full cases: tests/test_arith.py
    >>> from crossfoot.arithmetic.calculations import find_calculations
    """
    every = calculations_of(ctx)
    calcs = [c for c in every if c.result == ctx.position]
    if not calcs:
        return _repeated_error(ctx, every)
    right = [c for c in calcs if c.correct]
    sourced = None
    if not right:
        # "(4.52 − 4.01) / 4.01 = 12.6%": operands rounded for display, the result from the data.
        sourced = at_source_precision(ctx, calcs, lambda m: grounded_claim(ctx, m))
        right = [sourced] if sourced is not None else []
    if not right:
        calc = calcs[0]
        shown = _shown(calc.value, ctx.mention)
        formula = f"{calc.formula} = {shown}, not {ctx.mention.text.strip()}"
        return Verdict(
            "arithmetic_error",
            Evidence("arithmetic", "written_calculation", formula, (), calc.value),
            message=f"the written calculation gives {shown}: {formula}",
        )
    for calc in right:
        operands = _grounded_operands(ctx, calc)
        if operands is None:
            continue
        # "= 528.4 billion" over millions (a calculation read at its sources' values has its
        # operands' unit already)
        wrong_unit = None if calc is sourced else result_unit_error(ctx, calc, operands)
        if wrong_unit is not None:
            return wrong_unit
        formula = f"{calc.formula} = {_shown(calc.value, ctx.mention)}"
        return Verdict(
            "derived",
            Evidence("arithmetic", "written_calculation", formula, operands, calc.value, calc.note),
        )
    return None


def results_first(
    claims: Sequence[Claim], contexts: Mapping[tuple[int, int], ClaimContext]
) -> list[Claim]:
    """``claims`` with each result written before its calculation ("The change is 31, (222 -
    191)", "is 20 = 210 - 190") judged again once the operands, read after it, are grounded: a
    right calculation over grounded operands is ``derived`` (a wrong one failed already).

    >>> from crossfoot import check
    >>> t = '[["", "2017", "2016"], ["Cost of sales", "210", "190"]]'
    >>> check("The change is 20, (210 - 190).", [t]).claims[0].status
    'derived'
    """
    out = list(claims)
    for i, c in enumerate(claims):
        ctx = contexts.get((c.mention.start, c.mention.end)) if c.status == "unsupported" else None
        if ctx is None or not any(
            k.result == ctx.position and k.correct and max(k.operands, default=-1) > ctx.position
            for k in calculations_of(ctx)
        ):
            continue
        verdict = written_calculation(ctx)  # its grounded list now holds the later claims
        if verdict is not None and verdict.status == "derived":
            out[i] = replace(c, status="derived", evidence=verdict.evidence, message="")
    return out


def _repeated_error(ctx: ClaimContext, calcs: list[Calculation]) -> Verdict | None:
    """The claim repeats the wrong stated result of an earlier calculation ("... = 16.3.
    Answer: 16.3"): the repetition is as wrong as the original."""
    m = ctx.mention
    for calc in calcs:
        stated = ctx.mentions[calc.result]
        if calc.correct or stated.start >= m.start or stated.kind != m.kind:
            continue
        if stated.value != m.value or stated.precision != m.precision:
            continue
        shown = _shown(calc.value, stated)
        formula = f"{calc.formula} = {shown}, not {stated.text.strip()}"
        return Verdict(
            "arithmetic_error",
            Evidence("arithmetic", "written_calculation", formula, (), calc.value, "repeated"),
            message=f"repeats the result of a written calculation that gives {shown}: {formula}",
        )
    return None


def grounded_claim(ctx: ClaimContext, mention: Mention) -> Claim | None:
    """The earlier passing claim of the answer for ``mention`` (same span), if any."""
    for claim in ctx.grounded:
        if claim.mention.start == mention.start and claim.mention.end == mention.end:
            return claim
    return None


def _grounded_operands(ctx: ClaimContext, calc: Calculation) -> tuple[SourceValue, ...] | None:
    """Source values behind the operands, or None when an operand is not grounded yet."""
    out: list[SourceValue] = []
    constants = set(calc.constants)
    for i in calc.operands:
        if i in constants or i == ctx.position:
            continue
        mention = ctx.mentions[i]
        if not mention.claim:
            continue  # the engine decided it is not a claim (constant, citation, ignored)
        claim = grounded_claim(ctx, mention)
        if claim is None:
            return None
        if claim.evidence is not None:
            out.extend(sv for sv in claim.evidence.operands if sv not in out)
    return tuple(out)


_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _shown(value: Decimal, result: Mention) -> str:
    """``value`` written the way the stated result is: same currency, scale word and decimals."""
    stated = _DIGITS.search(result.text)
    decimals = 0
    if stated is not None and "." in stated.group(0):
        decimals = len(stated.group(0).split(".")[1])
    q = Decimal(1).scaleb(-decimals)
    try:
        rounded = value.quantize(q)
        if stated is not None and rounded == abs(result.written) and value != result.written:
            rounded = value.quantize(q / 10)  # show one more digit rather than the stated one
    except ArithmeticError:
        rounded = value
    digits = format(abs(rounded), ",f")
    sign = "-" if rounded < 0 else ""
    text = result.text.strip()
    if stated is None:
        return f"{sign}{digits}"
    body = text[: stated.start()].lstrip("-−–(") + digits + text[stated.end() :]
    return sign + body.replace("\\%", "%")
