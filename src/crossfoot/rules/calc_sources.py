"""A written calculation over operands rounded for display, computed from the data.

"Revenue grew from $4.01 million to $4.52 million, or (4.52 − 4.01) / 4.01 = 12.6%" over cells
of 4,012,900 and 4,518,300: the answer shows each operand rounded, and computed the result from
the figures they stand for (12.59%; the digits as written give 12.72%). A careful reader who
checks the data accepts it. So when a calculation does not agree as written, each operand that
the answer's own claims grounded to one source value which rounds to it (at its own precision,
in the thousands, millions, ... its digits are read in) is read at that value, and the stated
result is judged again at its own precision. The tolerance is not widened: the result must be
the data's own result; an operand not grounded, or grounded to a value it does not round to,
keeps its written digits.

Used by :func:`crossfoot.rules.arithmetic.written_calculation` before it reports an
``arithmetic_error``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.arithmetic.calculations import Calculation, reread
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Claim, Mention
from crossfoot.rules.calc_units import stated_unit

__all__ = ["at_source_precision"]

_UNITS = tuple(Decimal(10) ** e for e in (0, 3, 6, 9, 12))


def _source_digits(ctx: ClaimContext, m: Mention, claim: Claim | None) -> Decimal | None:
    """The digits ``m`` is read at, from the one source value ``claim`` grounds it to: the
    value in ``m``'s unit when it rounds to ``m`` as written and differs from it; the value in
    full when ``m`` is bare digits of a source stated in a unit and the result carries a scale
    word ("4,520 − 2,845 = 1.675 billion" under "(in millions)"); else None."""
    ev = claim.evidence if claim is not None else None
    if ev is None or ev.rule != "direct" or len(ev.operands) != 1 or m.written == 0:
        return None
    source = ev.operands[0]
    result = ctx.mention
    if result.scale_word is not None and m.scale == 1 and m.kind in ("money", "number"):
        unit = stated_unit(ctx, source)
        if unit is not None and unit != result.scale:
            return abs(source.value) * unit
    size = abs(source.value)
    half = m.precision / m.scale if m.kind != "percent" and m.scale else m.precision
    for unit in _UNITS:
        digits = size / unit
        if digits != m.written and abs(digits - m.written) <= half:
            return digits
    return None


def at_source_precision(
    ctx: ClaimContext,
    calcs: Sequence[Calculation],
    claim_of: Callable[[Mention], Claim | None],
) -> Calculation | None:
    """The first of ``calcs`` that agrees once its grounded operands are read at their source
    values (``claim_of``: the answer's earlier claim of a mention), else None.

    >>> import json
    >>> from crossfoot import check
    >>> table = json.dumps([["", "2024", "2023"], ["Revenue ($)", "4,518,300", "4,012,900"]])
    >>> text = "Revenue rose from $4.01 million to $4.52 million: (4.52 − 4.01) / 4.01 = 12.6%."
    >>> check(text, [table]).claims[-1].status
    'derived'
    """
    for calc in calcs:
        changed: dict[int, Mention] = {}
        constants = set(calc.constants)
        for i in calc.operands:
            if i in constants or i == ctx.position or i in changed:
                continue
            m = ctx.mentions[i]
            digits = _source_digits(ctx, m, claim_of(m)) if m.claim else None
            if digits is not None:
                changed[i] = replace(m, written=digits)
        if not changed:
            continue
        mentions = tuple(changed.get(i, m) for i, m in enumerate(ctx.mentions))
        again = reread(ctx.text, calc, mentions)
        if again is not None and again.correct:
            note = ", ".join(n for n in ("operands at their sources' precision", again.note) if n)
            return replace(again, note=note)
    return None
