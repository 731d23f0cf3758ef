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
- :func:`cross_reach` (``rules.cross_source.across_sources``): the rule's verdict is
  ``two_operand``'s over the scope's groups pooled, kept only when its two operands stand in two
  sources; ``two_operand``'s results are within :func:`~crossfoot.rules._derive_reach.pairs_reach`
  (its formulas for the claim's kind, ``tests/test_reach_gate.py``). A pair of two sources has
  an operand outside the source holding most values: each value outside it (when at most
  :data:`_FEW`; past that the rule runs) looks for a partner among all the pooled values by
  bisection, per formula, for the ranges the partner must lie in. No value outside it: no pair.
"""

from __future__ import annotations

from bisect import bisect_left
from decimal import Decimal

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.rules._derive_formulas import _specs
from crossfoot.rules._derive_reach import _ops_of
from crossfoot.rules._derive_shared import _magnitude, claim_interval
from crossfoot.rules._reach import EMPTY, Reach, as_floats
from crossfoot.rules.table_chain_text import _FINE as _QUOTIENT_FINE
from crossfoot.rules.table_chain_text import _amount
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["cross_reach", "quotient_reach"]

# Relative widening of a quotient's window: the floats of both amounts are within a relative
# 1.2e-16 of their Decimals (as_floats), a product or quotient of them within 4e-16.
_REL = 1e-9
_HUNDRED = Decimal(100)
_Sides = tuple[list[float], list[float]]


def quotient_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no quotient of a prose amount and a table amount of the scope (either way
    round) lies in the claim's window; None (the rule runs) otherwise.

    >>> from crossfoot.model.context import Scope
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
    sides = by_identity(_SIDES, scope.index, _KEPT, _sides)
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


# Kept across answers (check() reuses the sources of the same passages, so their index and
# groups are the same objects): per index, per tuple of groups.
_SIDES: dict[int, tuple[ValueIndex, _Sides | None]] = {}
_KEPT = 64


def _sides(index: ValueIndex) -> _Sides | None:
    """The magnitudes of the scope's prose amounts and of its table amounts (as
    ``text_over_cell`` reads them), each sorted; None when one is not a float to trust."""
    prose: list[Decimal] = []
    cells: list[Decimal] = []
    for v in index.values:
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


# ----------------------------------------------------------------------------- across_sources

#: Values outside the largest source searched for a partner at most (each asks a few bisections
#: per formula); past it the rule runs.
_FEW = 12
_INF = float("inf")


def cross_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no two values of two sources of the scope derive a value in the claim's
    window by ``two_operand``'s formulas for the claim's kind; None (the rule runs) otherwise.

    The scope's groups are its sources (one each, uncited; a group of two sources makes the rule
    run): each value of a group other than the largest looks for its partner in every other
    group (its keys as floats, signed and by magnitude, kept per group)."""
    m, scope = ctx.mention, ctx.scope
    # (the rule's own first tests: where one ends it, it runs and says so)
    if scope is None or scope.cited or len(scope.groups) < 2 or not m.claim:
        return None
    if m.value == 0 or m.high is not None:
        return None
    groups = sorted(scope.groups, key=len)
    if sum(map(len, groups[:-1])) > _FEW:
        return None
    if not any(groups[:-1]):
        return EMPTY  # one source holds every value: no pair of two sources
    ops = _ops_of(_specs(m))
    if ops is None:
        return None
    keys: list[_Keys] = []
    for g in groups:
        made = by_identity(_KEYS, g, _KEPT, _float_keys)
        if made is None:
            return None
        keys.append(made)
    lo, hi = (float(x) for x in _magnitude(*claim_interval(ctx)))
    if not (0.0 <= lo <= hi < _INF):
        return None  # beyond float range: leave it to the rule
    size = max(k[2] for k in keys)
    slack = 1e-12 * (size + 1)  # (as _derive_reach's, which the reach gate widens by)
    lo, hi = lo - lo * _REL - slack, hi + hi * _REL + slack
    for i, own in enumerate(keys[:-1]):
        others = keys[:i] + keys[i + 1 :]
        for op, factor in ops:
            f = float(factor)
            if _meets(op, max(lo, 0.0) / f, hi / f, own[0], others):
                return None
    return EMPTY


# A group's keys as floats: signed (ascending, as they are), by magnitude (ascending), the largest
# magnitude; kept per group.
_Keys = tuple[list[float], list[float], float]
_KEYS: dict[int, tuple[ValueIndex, _Keys | None]] = {}


def _float_keys(group: ValueIndex) -> _Keys | None:
    """None when a key is not a float to trust (:func:`~crossfoot.rules._reach.as_floats`), or
    when the group holds values of two sources (the engine's uncited groups are one per source;
    a pair of two sources within one group would be out of this gate's sight: the rule runs)."""
    if len({v.source_id for v in group.values}) > 1:
        return None
    signed = as_floats(group.keys)
    if signed is None:
        return None
    sizes = sorted(map(abs, signed))
    return signed, sizes, sizes[-1] if sizes else 0.0


def _meets(op: str, lo: float, hi: float, values: list[float], others: list[_Keys]) -> bool:
    """Whether a value of ``values`` and a partner of another group give ``op`` a magnitude
    within ``lo`` .. ``hi`` (a superset: signs are not asked where they narrow). Each range the
    partner must lie in is widened by a relative 1e-9 (the float error of the range's own
    arithmetic is a relative 1e-15 at most)."""
    if op == "mean":
        op, lo, hi = "sum", 2 * lo, 2 * hi
    by_size = op not in ("diff", "sum")
    for a in values:
        if op == "diff":  # |b - a|: b within a + lo .. a + hi or a - hi .. a - lo
            ranges = [(a + lo, a + hi), (a - hi, a - lo)]
        elif op == "sum":  # |a + b|: b within lo - a .. hi - a or -hi - a .. -lo - a
            ranges = [(lo - a, hi - a), (-hi - a, -lo - a)]
        elif a:
            ranges = _partners(op, abs(a), lo, hi)
        else:
            continue
        for x, y in ranges:
            x -= abs(x) * _REL
            y += abs(y) * _REL
            for k in others:
                found = k[1] if by_size else k[0]
                j = bisect_left(found, x)
                if j < len(found) and found[j] <= y:
                    return True
    return False


def _partners(op: str, a: float, lo: float, hi: float) -> list[tuple[float, float]]:
    """The ranges of the partner's magnitude ``|b|`` for which the quotient (``|b| / a`` or
    ``a / |b|``) or the relative change (either way, either sign) is within ``lo`` .. ``hi``."""
    if op == "quotient":
        ratios = [(lo, hi)]
    else:  # pct_change: |b|/a - 1 (one sign), 1 + |b|/a (a sign change), and as b over a
        ratios = [(1 + lo, 1 + hi), (max(0.0, 1 - hi), 1 - lo), (lo - 1, hi - 1)]
    out = []
    for r_lo, r_hi in ratios:
        if r_hi < 0:
            continue
        r_lo = max(r_lo, 0.0)
        out.append((a * r_lo, a * r_hi))  # |b| / a within r
        out.append((a / r_hi if r_hi else _INF, a / r_lo if r_lo else _INF))  # a / |b| within r
    return out
