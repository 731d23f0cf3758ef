"""The reach of :func:`crossfoot.rules.derive.two_operand` over a scope with a group too large to
list its pairs (:mod:`crossfoot.rules._derive_reach` lists groups of up to 8 values): per claim,
whether any two values of one operand class of one group give a result near the claim's size by a
formula of its kind. :data:`EMPTY` when none does (the engine skips the rule), None otherwise
(the rule runs). Speed only: it never decides a verdict.

Why it is sound. Every pair the rule searches is two values of one group of the scope (or of a
part of one: the rows or years the answer names, nearby prose pairs, a prior year's prose
figures of the same group), of the formula's operand class (``_pair_ok`` refuses a partner of
another), by a formula of :func:`~crossfoot.rules._derive_formulas._specs` of the claim's kind
(the wording and the options only narrow them), in a window inside
:func:`~crossfoot.rules._derive_shared.claim_interval`'s (a coarse or "about" figure is derived
in a narrower one), and it pairs a base only when its own float prefilter
(``_derive_formulas._float_bounds``, widened far beyond float error) finds a partner. This gate
runs that prefilter over every value of each class of every group, as base and as partner, for
both signs of the window's magnitude: a superset of what the rule looks at, so "no partner here"
means the rule yields no candidate. A group with a value whose float is not within 1e-16 of it
(a NaN, beyond 1e150, below 1e-150) makes the gate say None, as the rule's own prefilter then
keeps every base.

Measured (docs/speed.md, round 34): on pot-tatqa, two of three ``two_operand`` calls over
such scopes meet no partner at all, and cost ~160 us each before the prefilter says so (the
wording, the row and year focus, the per-group profile); this scan costs a few tens of us.
"""

from __future__ import annotations

from bisect import bisect_left

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_cells, by_identity
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_formulas import _Bound, _float_bounds, _Spec, _specs
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._derive_shared import _magnitude, approx_float, claim_interval
from crossfoot.rules._reach import EMPTY, Reach

__all__ = ["large_reach"]

# Per group: operand class -> its values' floats, ascending; None when a float is not safe.
_Classes = dict[str, list[float]]
_CLASSES: dict[tuple[int, ...], tuple[object, _Classes | None]] = {}
# ... and by the group itself first (a look-up by its id, not by its values' ids): the claims of
# an answer ask of the same groups
_GROUPS: dict[int, tuple[object, _Classes | None]] = {}
_KEPT = 64


def _classes(values: tuple[SourceValue, ...]) -> _Classes | None:
    out: _Classes = {}
    for v in values:
        f = float(v.value)
        # as _derive_formulas' prefilter reads a value (derive._profile): else it keeps a base
        if not (1e-150 < abs(f) < 1e150 or (f == 0.0 and v.value == 0)):
            return None
        cls = operand_class(v)
        if cls is not None:
            out.setdefault(cls, []).append(f)  # the group is sorted, so each list is
    return out


def _of_group(group: ValueIndex) -> _Classes | None:
    # by the values' ids: a kept document's values come back in a new group for its next answer
    return by_cells(_CLASSES, group.values, _KEPT, _classes)


# Per tuple of formulas (by the tuple's identity; the rule makes a handful at import and holds
# them): (op, factor, both signs of the window?) by operand class.
_Plan = dict[str, list[tuple[str, float, bool]]]
_PLANS: dict[int, tuple[tuple[_Spec, ...], _Plan]] = {}


def _plan(specs: tuple[_Spec, ...]) -> _Plan:
    hit = _PLANS.get(id(specs))
    if hit is not None and hit[0] is specs:
        return hit[1]
    plan: _Plan = {}
    for s in specs:
        # A difference over one set of bases and partners is met either way round, a quotient
        # is positive (its bases and partners of one sign): the window's upper side alone.
        # A sum, a mean and a relative change may be negative: both sides.
        step = (s.op, float(s.factor), s.op not in ("diff", "quotient"))
        if step not in plan.setdefault(s.cls, []):
            plan[s.cls].append(step)
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[id(specs)] = (specs, plan)
    return plan


def large_reach(ctx: ClaimContext) -> Reach | None:
    """:data:`EMPTY` when no two values of a class of any group of the scope give a result near
    the claim's size by a formula of its kind; None (the rule runs) otherwise.

    >>> from decimal import Decimal
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.index import ValueIndex
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence, SourceValue
    >>> vals = [SourceValue(Decimal(100 + 7 * i), "R", field=f"f{i}") for i in range(12)]
    >>> def reach(text, value):
    ...     m = Mention(text, 0, len(text), Decimal(value), "number", Decimal("0.5"))
    ...     g = ValueIndex(vals)
    ...     return large_reach(ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
    ...         Scope((), False, g, (g,)), Options()))
    >>> reach("14", 14) is None, reach("3", 3) is EMPTY
    (True, True)
    """
    if not ctx.options.allow_derived or not ctx.mention.claim:
        return EMPTY  # (the rule's own first test)
    plan = _plan(_specs(ctx.mention))
    if not plan:
        return EMPTY
    m_lo, m_hi = _magnitude(*claim_interval(ctx))
    lo, hi = approx_float(m_lo), approx_float(m_hi)
    if lo is None or hi is None:
        return None  # (the rule's prefilter keeps every base then)
    upper, both = [(lo, hi)], [(lo, hi), (-hi, -lo)]
    bounds = {
        cls: [b for op, f, signed in steps for b in _float_bounds(op, f, both if signed else upper)]
        for cls, steps in plan.items()
    }
    for group in ctx.scope.groups:
        classes = by_identity(_GROUPS, group, _KEPT, _of_group)
        if classes is None:
            return None
        for cls, keys in classes.items():
            found = bounds.get(cls)
            if found and _any_pair(found, keys):
                return None
    return EMPTY


def _any_pair(bounds: list[_Bound], keys: list[float]) -> bool:
    """Whether some key lies in a widened partner range of some key (as ``_live_bases``: the
    range ``[mul_lo * a + add_lo, mul_hi * a + add_hi]``, its ends in order, widened by ``s1 *
    |a| + s2``), the ends and the widening folded into one line per sign of ``a``."""
    z = bisect_left(keys, 0.0)  # keys[:z] < 0 <= keys[z:]
    neg, pos = keys[:z], keys[z:]
    for bound in bounds:
        mul_lo, add_lo, mul_hi, add_hi, s1, s2 = bound
        if mul_lo > mul_hi or add_lo > add_hi:  # (no formula makes one: read as it stands)
            if _generic(bound, keys, keys):
                return True
            continue
        # a >= 0: mul_lo * a + add_lo <= mul_hi * a + add_hi, widened by s1 * a + s2
        if pos and _met(keys, pos, mul_lo - s1, add_lo - s2, mul_hi + s1, add_hi + s2):
            return True
        if not neg:
            continue
        if mul_lo == mul_hi:  # a < 0: the ends still in order, widened by -s1 * a + s2
            if _met(keys, neg, mul_lo + s1, add_lo - s2, mul_hi - s1, add_hi + s2):
                return True
        elif add_lo == add_hi == 0.0:  # a < 0 turns a quotient's ends round
            if _met(keys, neg, mul_hi + s1, -s2, mul_lo - s1, s2):
                return True
        elif _generic(bound, neg, keys):
            return True
    return False


def _met(keys: list[float], bases: list[float], c1: float, d1: float, c2: float, d2: float) -> bool:
    """Whether some key lies in ``[c1 * a + d1, c2 * a + d2]`` for some ``a`` of ``bases``."""
    n = len(keys)
    for a in bases:
        i = bisect_left(keys, c1 * a + d1)
        if i < n and keys[i] <= c2 * a + d2:
            return True
    return False


def _generic(bound: _Bound, bases: list[float], keys: list[float]) -> bool:
    """One bound of any shape, read base by base as ``_live_bases`` reads it."""
    mul_lo, add_lo, mul_hi, add_hi, s1, s2 = bound
    n = len(keys)
    for a in bases:
        e1, e2 = mul_lo * a + add_lo, mul_hi * a + add_hi
        if e1 > e2:
            e1, e2 = e2, e1
        slack = s1 * (a if a >= 0 else -a) + s2
        i = bisect_left(keys, e1 - slack)
        if i < n and keys[i] <= e2 + slack:
            return True
    return False
