"""Reach gates of the late rules that end with no verdict on most figures (speed only;
docs/speed.md, round 25): each says, from what is read once per answer, that a rule cannot meet
a claim, so the engine skips it (:mod:`crossfoot.rules._reach`: a reach of ``EMPTY`` skips the
rule, ``None`` runs it).

A gate here answers ``None`` (run the rule) wherever the rule's own first tests end it at once
(the rule then says so itself), and ``EMPTY`` only where no value the rule could base a verdict
on lies in the claim's window: a superset of the rule's candidates, never a guess.

- :func:`quotient_reach` (``rules.table_chain_text.text_over_cell``): the rule's verdict is a
  quotient of a prose amount and a table amount of the scope, either way round, within the
  claim's window (over 100 for a percent). The amounts of the scope are listed once per answer,
  sorted, as floats; per claim, every amount of the shorter list looks for its partner in the
  other by bisection. The rule narrows both lists (the rows and the subject its words name, one
  period, one unit, two sources) and counts chance: all of that only removes candidates.
"""

from __future__ import annotations

from bisect import bisect_left
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Scope
from crossfoot.model.memo import per_answer
from crossfoot.rules._derive_shared import _magnitude, claim_interval
from crossfoot.rules._reach import EMPTY, Reach, as_floats
from crossfoot.rules.table_chain_text import _FINE as _QUOTIENT_FINE
from crossfoot.rules.table_chain_text import _amount
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["quotient_reach"]

# Relative widening of a quotient's window: the floats of both amounts are within a relative
# 1.2e-16 of their Decimals (as_floats), a product or quotient of them within 4e-16.
_REL = 1e-9
_HUNDRED = Decimal(100)
_Sides = tuple[list[float], list[float]]


def quotient_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no quotient of a prose amount and a table amount of the scope (either way
    round) lies in the claim's window; None (the rule runs) otherwise.

    >>> from crossfoot.model.index import ValueIndex
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence, SourceValue
    >>> cell = SourceValue(Decimal(3282), "T", row="Dividends", table=0, operand=True)
    >>> prose = SourceValue(Decimal(641), "P", span=(0, 3), view="written")
    >>> groups = (ValueIndex([cell]), ValueIndex([prose]))
    >>> scope = Scope((), False, ValueIndex([cell, prose]), groups)
    >>> def ctx(text):
    ...     m = Mention(text, 0, len(text), Decimal(text), "number", Decimal("0.00005"))
    ...     c = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options())
    ...     c.shared["ask.context"] = "what is the contributions over the dividends?"
    ...     return c
    >>> quotient_reach(ctx("0.1953")) is None, quotient_reach(ctx("0.2953"))
    (True, Reach(values=[], slack=0.0))
    """
    m, scope = ctx.mention, ctx.scope
    # (the rule's own first tests, in its order: where one ends it, it runs and says so)
    if not isinstance(ctx.shared.get("ask.context"), str) or not fine_figure(ctx, _QUOTIENT_FINE):
        return None
    if scope is None or scope.cited or len(scope.groups) < 2:
        return None
    factor = _HUNDRED if m.kind == "percent" else Decimal(1)
    lo, hi = (x / factor for x in claim_interval(ctx))
    if lo <= 0 <= hi or not m.claim:
        return None
    sides = per_answer(ctx, "late_reach.quotients", scope, _sides)
    if sides is None:
        return None
    f_lo, f_hi = (float(x) for x in _magnitude(lo, hi))
    if not (0.0 < f_lo <= f_hi < float("inf")):
        return None  # beyond float range: leave it to the rule
    f_lo -= f_lo * _REL
    f_hi += f_hi * _REL
    small, large = sorted(sides, key=len)
    if not small:
        return EMPTY
    for x in small:
        # x / y in the window: y within x / hi .. x / lo; y / x: y within x * lo .. x * hi
        for a, b in ((x / f_hi, x / f_lo), (x * f_lo, x * f_hi)):
            i = bisect_left(large, a * (1 - _REL))
            if i < len(large) and large[i] <= b * (1 + _REL):
                return None
    return EMPTY


def _sides(scope: Scope) -> _Sides | None:
    """The magnitudes of the scope's prose amounts and of its table amounts (as
    ``text_over_cell`` reads them), each sorted; None when one is not a float to trust."""
    prose: list[Decimal] = []
    cells: list[Decimal] = []
    for v in scope.index.values:
        if not _amount(v):
            continue
        if v.table is not None:
            cells.append(abs(v.value))
        elif v.span is not None:
            prose.append(abs(v.value))
    p, c = as_floats(prose), as_floats(cells)
    if p is None or c is None:
        return None
    return sorted(p), sorted(c)
