"""An exact short quotient or mean counted against chance (round 42, conv42a).

"What is that times 100? The answer is 50." for a text figure of 45 over a table cell of 90:
the figure is the quotient exactly, but the answer names neither operand (the conversation's
earlier turns did), and a round figure ("50", "5") is the exact quotient of some pair of many a
pool. So is "what is the average? The answer is 5." for tax rates of 4.3 and 5.7. Whether
such a hit says anything is counted: the short figures near this one (within a factor of two,
of at most two significant digits, read as they are, as a fraction or in percent) that some
pair of the pool's values gives **exactly** by the same formula (a quotient, a change over a
base, a mean), against all the short figures there. A wrong figure of that size meets an
exact result of the pool by chance about that often; the hit stands only when that is rare
(:data:`_BUDGET`).

>>> from decimal import Decimal
>>> _shorts(Decimal(50))[:3], len(_shorts(Decimal(50)))
([Decimal('25'), Decimal('26'), Decimal('27')], 76)
"""

from __future__ import annotations

from decimal import Decimal, localcontext

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence

__all__ = ["rare_exact"]

_BUDGET = 0.04  # of a window's short figures that exact quotients of the pool may meet
_POOL = 160  # distinct values a pool may hold and still be counted (pairs: its square)
# The pair formulas counted, by the evidence's kind: a quotient, a change over a base, a mean.
_FORMULAS = {"share": "q", "ratio": "q", "percent_change": "c", "average": "m"}


def _shorts(figure: Decimal) -> list[Decimal]:
    """The figures of at most two significant digits within a factor of two of ``figure``."""
    lo, hi = abs(figure) / 2, abs(figure) * 2
    step = Decimal(1).scaleb(lo.adjusted() - 1)
    out: list[Decimal] = []
    v = (lo / step).to_integral_value(rounding="ROUND_CEILING") * step
    while v <= hi:
        out.append(v.normalize() if v == v.to_integral_value() else v)
        if v.adjusted() > step.adjusted() + 1:
            step = step * 10  # a new decade: two digits again
        v += step
    return [Decimal(int(x)) if x == x.to_integral_value() else x for x in out]


def _two_digits(x: float) -> float | None:
    """``x`` rounded to two significant digits when it is one exactly (to float error)."""
    if x <= 0:
        return None
    r = float(f"{x:.2g}")
    return r if abs(r - x) <= 1e-9 * x else None


def _exact_hits(pool: tuple[float, ...], formula: str) -> frozenset[float]:
    """The short figures (two significant digits or fewer; as they are, x 100, / 100) that a
    pair of ``pool`` gives exactly by ``formula`` (a quotient, a change over a base, a mean)."""
    hits: set[float] = set()
    for a in pool:
        for b in pool:
            if a == b or b == 0:
                continue
            if formula == "m":
                q = (a + b) / 2
            else:
                q = abs((a - b) / b if formula == "c" else a / b)
            for x in (q, q * 100, q / 100):
                r = _two_digits(x)
                if r is not None:
                    hits.add(r)
    return frozenset(hits)


def _pool(index: ValueIndex) -> tuple[float, ...] | None:
    seen = {abs(v.value) for v in index.values if v.value}
    return tuple(float(v) for v in seen) if len(seen) <= _POOL else None


def rare_exact(ctx: ClaimContext, ev: Evidence, figure: Decimal) -> bool:
    """Whether an exact quotient (or mean) ``ev`` of two values giving ``figure`` (module
    docstring) is rare by chance among the pairs of the claim's whole scope."""
    formula = _FORMULAS.get(ev.kind)
    if ctx.scope is None or figure == 0 or formula is None or len(ev.operands) != 2:
        return False
    pool = per_answer(ctx, "exact_chance.pool", ctx.scope.index, _pool)
    if pool is None:
        return False
    hits = per_answer(ctx, f"exact_chance.{formula}", pool, lambda p: _exact_hits(p, formula))
    with localcontext() as dc:
        dc.prec = 28
        shorts = _shorts(abs(figure))
    met = sum(float(s) in hits for s in shorts)
    return met <= max(1, int(_BUDGET * len(shorts)))
