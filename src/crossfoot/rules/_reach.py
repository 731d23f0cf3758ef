"""The reach gate: a derivation rule that can say which values it can produce is skipped for a
claim that no such value approaches (speed only; docs/speed.md).

**The interface.** A rule's *reach* is a function ``reach(ctx) -> Reach | None``. A
:class:`Reach` holds ``values``, ascending non-negative floats, and ``slack``, an absolute bound
on their float error: together a superset of the magnitude of every result the rule may base a
verdict on in ``ctx``'s scope. ``None`` says "cannot tell here" (a table too large to list): the
rule runs. The rules that declare one are listed in :data:`crossfoot.rules.REACHES`; a rule that
declares none is never skipped.

**The contract** a rule with a reach keeps: it returns a verdict only for a result ``r`` whose
magnitude lies in the magnitude of :func:`~crossfoot.rules._derive_shared.claim_interval` (the
window every derivation rule compares with), and what it leaves in the claim's notes for later
rules are memos of readings they would make themselves (the wording, the direction; the
two-operand pair budget, 20,000 pairs, is out of reach of the small groups listed). A new kind
of result in such a rule must be added to its reach in the same change:
``tests/test_reach_gate.py`` compares the gated and the ungated path on random tables and
figures, and fails on a reach that leaves a value out.

The gate widens that window by a relative ``1e-9`` and by the reach's ``slack``, far beyond the
float error of the window's bounds (a relative 1e-16), so it never skips a rule that would have
matched.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import NamedTuple

from crossfoot.model.context import ClaimContext
from crossfoot.rules._derive_shared import _magnitude, claim_interval

__all__ = ["EMPTY", "Reach", "ReachFn", "as_floats", "within_reach"]

# Floats are within a relative 1e-16 of their Decimal between these sizes (as approx_float).
_TINY, _HUGE = 1e-150, 1e150
# Relative widening of the claim's window (the floats of its bounds are within 1e-16 of them).
_REL = 1e-9


class Reach(NamedTuple):
    """What a rule can produce: ``values`` ascending magnitudes (floats), ``slack`` their error."""

    values: list[float]
    slack: float


ReachFn = Callable[[ClaimContext], "Reach | None"]

#: A rule that can produce nothing here (no table in scope).
EMPTY = Reach([], 0.0)


def as_floats(values: Sequence[Decimal] | Sequence[int]) -> list[float] | None:
    """``values`` as floats, or None when one is not a number or its float is not within a
    relative 1e-16 of it (beyond 1e150 in size, or a non-zero below 1e-150 that a float would
    round towards zero): a reach made of such floats could miss a quotient, so it says nothing.

    >>> as_floats([Decimal("1.5"), 0, 7]), as_floats([Decimal("1e-400")]), as_floats([10**400])
    ([1.5, 0.0, 7.0], None, None)
    """
    try:
        out = list(map(float, values))
    except (OverflowError, ValueError):  # an int beyond float range, a signalling NaN
        return None
    sizes = list(map(abs, out))
    if not math.isfinite(sum(sizes)) or max(sizes, default=0.0) >= _HUGE:
        return None  # (a nan or an infinity makes the sum one)
    if min(filter(None, sizes), default=1.0) <= _TINY:
        return None
    # a non-zero too small for a float: more zero floats than zeros (every zero's float is one;
    # counted in C, not value by value: a table of many cells often holds a zero)
    if 0.0 in sizes and out.count(0.0) != values.count(0):
        return None
    return out


def within_reach(ctx: ClaimContext, reach: ReachFn) -> bool:
    """Whether a value of ``reach(ctx)`` lies within the claim's window (True when the reach
    cannot tell).

    >>> from decimal import Decimal
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence
    >>> m = Mention("12", 0, 2, Decimal(12), "number", Decimal("0.5"))
    >>> ctx = ClaimContext(m, Sentence(0, 0, 3, "12."), "12.", (m,), 0, None, Options())
    >>> within_reach(ctx, lambda c: Reach([3.0, 12.2, 40.0], 0.0))
    True
    >>> within_reach(ctx, lambda c: Reach([3.0, 13.0], 0.0))
    False
    """
    got = reach(ctx)
    if got is None:
        return True
    values, slack = got
    if not values:
        return False
    lo, hi = _magnitude(*claim_interval(ctx))
    f_lo, f_hi = float(lo), float(hi)
    if not (math.isfinite(f_lo) and math.isfinite(f_hi)):
        return True  # beyond float range: leave it to the rule
    f_lo -= f_lo * _REL + slack
    f_hi += f_hi * _REL + slack
    i = bisect_left(values, f_lo)
    return i < len(values) and values[i] <= f_hi
