"""The reach of :func:`crossfoot.rules.derive.two_operand` (see :mod:`crossfoot.rules._reach`):
every value its formulas can produce from two values of one group of the claim's scope.

Per group (at most :data:`MAX_VALUES` values), as magnitudes, for every two values ``a``, ``b``:
the difference ``b - a``, also times 100 (bps); the sum and the mean; the quotients ``b / a`` and
``a / b`` of two values of one sign, also times 100 (shares); the relative changes ``a -> b`` and
``b -> a`` (every formula of ``_derive_formulas._compute``), also times 100 (percent). The
rule searches subsets of these groups only (the rows or years a sentence names, nearby pairs).
"""

from __future__ import annotations

import math
from decimal import Decimal

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity, evict_oldest
from crossfoot.rules._derive_formulas import _Spec, _specs
from crossfoot.rules._reach import EMPTY, Reach, as_floats

__all__ = ["MAX_VALUES", "pairs_reach"]

#: Groups of more values are not listed (their pairs grow as the square): the rule runs on them.
#: 8 (6 until round 10): a group of 8 values is 28 pairs, a few hundred floats listed once per
#: group, and the gate then skips two_operand's own search for every claim out of reach (12x5
#: timing trace 0.96, check() unchanged; docs/speed.md, round 10). Round 6 measured a group of
#: 18 values slower with the gate than without.
MAX_VALUES = 8
_Ops = frozenset[tuple[str, Decimal]]
_GROUPS: dict[tuple[tuple[int, ...], _Ops], tuple[ValueIndex, Reach | None]] = {}
_KEPT = 64
_OPS = frozenset({"pct_change", "quotient", "diff", "sum", "mean"})


def pairs_reach(ctx: ClaimContext) -> Reach | None:
    """The values ``two_operand`` can produce for ``ctx``'s claim (its kind's formulas, read
    from the rule's own table of them) in its scope (None: a group too large)."""
    groups = ctx.scope.groups
    if not groups:
        return EMPTY  # no pool to draw two values from
    for g in groups:
        if len(g) > MAX_VALUES:
            return None
    ops = _ops_of(_specs(ctx.mention))
    if ops is None:
        return None
    if not ops:
        return EMPTY  # no formula for this kind of figure
    if len(groups) == 1:
        return _group_reach(groups[0], ops)
    parts = []
    for g in groups:
        r = _group_reach(g, ops)
        if r is None:
            return None
        parts.append(r)
    return Reach(sorted(v for p in parts for v in p.values), max(p.slack for p in parts))


# By the identity of the rule's tuple of formulas (a handful, made at its import; held here).
_OPS_OF: dict[int, tuple[tuple[_Spec, ...], _Ops | None]] = {}


def _ops_of(specs: tuple[_Spec, ...]) -> _Ops | None:
    """The (formula, factor) pairs of ``specs``; None for a formula this reach does not list."""
    hit = _OPS_OF.get(id(specs))
    if hit is None or hit[0] is not specs:
        ops = frozenset((s.op, s.factor) for s in specs)
        if len(_OPS_OF) > 64:
            _OPS_OF.clear()
        hit = _OPS_OF[id(specs)] = (specs, ops if all(op in _OPS for op, _ in ops) else None)
    return hit[1]


def _group_reach(group: ValueIndex, ops: _Ops) -> Reach | None:
    if len(group) > MAX_VALUES:
        return None  # (no reach: the key below would be built over the whole group per claim)
    # By the ids of the group's values (a group holds them, so equal ids are the same values
    # while it is kept): a kept result set (front/trace_rows.py) hands the next answer the same
    # frozen values in a new group, whose reach is the same.
    key = (tuple(map(id, group.values)), ops)
    hit = _GROUPS.get(key)
    if hit is not None:
        return hit[1]
    bases = _bases(group)
    made = None if bases is None else _combine(bases, ops)
    evict_oldest(_GROUPS, _KEPT)
    _GROUPS[key] = (group, made)
    return made


_Bases = tuple[dict[str, list[float]], float]
_BASES: dict[int, tuple[ValueIndex, _Bases | None]] = {}


def _bases(group: ValueIndex) -> _Bases | None:
    """Every formula over two values of ``group`` before its factor, as magnitudes (floats),
    made once per group, and the bound on their float error."""
    return by_identity(_BASES, group, _KEPT, _pairs)


def _pairs(group: ValueIndex) -> _Bases | None:
    floats = as_floats([v.value for v in group.values])
    if floats is None:
        return None
    diffs: list[float] = []  # |b - a|
    sums: list[float] = []  # |a + b|
    quotients: list[float] = []  # |b / a| of two values of one sign
    changes: list[float] = []  # |relative change| a -> b, b -> a
    for i, a in enumerate(floats):
        rest = floats[i + 1 :]
        diffs.extend([abs(b - a) for b in rest])
        sums.extend([abs(a + b) for b in rest])
        if not a:
            continue
        for b in rest:
            if not b:
                continue
            if (a > 0) == (b > 0):
                q = b / a
                quotients.append(q)
                quotients.append(1 / q)
                changes.append(abs(q - 1))
                changes.append(abs(a / b - 1))
            else:
                # Either way round: from the positive one to the negative one, (neg - pos) / pos;
                # from the negative one to the positive one over its signed base, (pos - neg) /
                # neg (rules._derive_formulas reads a loss turned into a gain so).
                changes.append(1 - b / a)
                changes.append(1 - a / b)
    # Each float is within a relative 1.2e-16 of its Decimal; a sum or difference is then within
    # 4.5e-16 of the larger operand, a relative change within 1e-15 (plus its own size's
    # relative error, which the gate's widening covers). Times 100 at most (bps, percent).
    size = max(map(abs, floats), default=0.0)
    slack = 1e-12 * (size + 1)
    return {"diff": diffs, "sum": sums, "quotient": quotients, "pct_change": changes}, slack


def _combine(bases: _Bases, ops: _Ops) -> Reach | None:
    made, slack = bases
    out: list[float] = []
    for op, factor in ops:
        f = float(factor)
        if op == "mean":
            out.extend([x / 2 for x in made["sum"]])
        elif f == 1.0:
            out.extend(made[op])
        else:
            out.extend([x * f for x in made[op]])
    out.sort()
    if out and not math.isfinite(out[-1]):
        return None  # a quotient beyond float range: the rule runs
    return Reach(out, slack)
