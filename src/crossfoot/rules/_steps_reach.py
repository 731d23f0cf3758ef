"""An exact float prefilter of :mod:`crossfoot.rules.steps`'s pair search (speed only).

The step search tries every formula of the claim's kind over every ordered pair of the grounded
figures in its pool, and calls the Decimal arithmetic (``_try``) only for a pair whose float
estimate ``_may_match`` lets through. A figure that matches nothing (most of an answer's
unsupported figures) still pays the whole search: its set-up, the pairs, a generator and a call
per formula, a call per pair.

:func:`out_of_reach` asks the same question in one loop of float arithmetic, without calls: the
magnitude of each formula's result over each pair against the magnitudes of the claim's widest
window (before its "more than" half is taken; it holds the exact one), for the figures as stated
and, where a pair may be read across a dropped unit, as written and by their true values. It
says True only when no result can land near the window; the search then yields nothing and is
not run. It stops at the first result that may.

Why it is exact: ``_may_match`` accepts ``r`` in ``[lo - slack, hi + slack]`` (``|r|`` for a
change), ``slack = 0.011 |r| + 1e-9 (size + |lo| + |hi|)``, ``size`` the operands' size. The
magnitude of such an ``r`` lies in ``[bottom - slack, top + slack]`` (the window's least and
greatest magnitude); so ``|r| (1 - c1) <= top + e + most`` and ``|r| (1 + c1) >= bottom - e -
most``, with ``c1`` above 0.011, ``most`` above ``1e-9`` times every pair's size (bounded from
the pool's largest and smallest figure) and ``e`` above the window term of any window inside
ours. The bounds are widened by a relative 1e-12 of every magnitude, far above the float error
of either computation (about 1e-15), and every ordered pair of a class is tried (no currency,
symmetry or exactness filter: a superset). A float that cannot stand for a value (``None``) or a
zero divisor makes the prefilter say False: the search runs.
``tests/test_speed_paths_speed12.py`` proves it against the search on hypothesis answers.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention
from crossfoot.rules._derive_shared import approx_float
from crossfoot.rules._steps_math import _cls, _Fig, _ops, _written_window
from crossfoot.rules._steps_restate import _true_value

__all__ = ["out_of_reach"]

_RESCALED = frozenset({"diff", "sum", "mean"})  # as steps._RESCALED: read across a dropped unit
# Beyond _may_match's slack: a relative margin of every magnitude (its and our float error are
# about 1e-15 of them); its window term 1e-9 * (|lo| + |hi|) of any window inside ours is at
# most 2e-9 of our window's greatest magnitude.
_MARGIN = 1e-12
_WINDOW = 2.002e-9
_C1 = 0.011 + _MARGIN  # a result v's slack is at most _C1 * v + _C2 * (its operands' size)
_C2 = 1e-9 + _MARGIN

_Window = tuple[float, float]  # the least and greatest magnitude a result may have


def out_of_reach(ctx: ClaimContext, figs: list[_Fig]) -> bool:
    """True when no formula the step search tries for the claim can land near it from ``figs``.

    >>> from crossfoot import trace
    >>> rows = [{"name": "a", "sales": 120}, {"name": "b", "sales": 150}]
    >>> text = "a sold 120 and b sold 150, 30 more. We also saw 9,999 visits."
    >>> [c.status for c in trace(text, rows).claims]  # 9,999: out of reach, not searched
    ['supported_exact', 'supported_exact', 'derived', 'unsupported']
    """
    m = ctx.mention
    window = _magnitudes(approx_float(m.value - m.precision), approx_float(m.value + m.precision))
    if window is None or approx_float(m.value) is None:
        return False  # (a window a float cannot stand for: _may_match lets every pair through)
    pools: dict[str | None, list[_Fig]] = {}
    for f in figs:
        pools.setdefault(_cls(f.claim.mention), []).append(f)
    dropped: list[tuple[str, float, list[_Fig]]] = []
    for op in _ops(m):
        pool = pools.get(op.operands)
        if pool is None or len(pool) < 2:
            continue  # no pair: the formula yields nothing
        factor = float(op.factor)
        if _may_reach(op.op, factor, [f.approx for f in pool], window):
            return False
        if op.op in _RESCALED and any(f.claim.mention.scale != m.scale for f in pool):
            dropped.append((op.op, factor, pool))  # (a pair may be read across a dropped unit)
    return not dropped or not _dropped_may_reach(ctx, m, dropped, window)


def _dropped_may_reach(
    ctx: ClaimContext, m: Mention, dropped: list[tuple[str, float, list[_Fig]]], window: _Window
) -> bool:
    """The readings of a pair across a dropped unit (``steps._readings``): the written digits
    against the claim's written window; for a claim with a scale word, the true values (of the
    figures that have one) against its window."""
    w = _written_window(m)
    written = _magnitudes(w[2], w[3])
    if written is None:
        return True
    for kind, factor, pool in dropped:
        if _may_reach(kind, factor, [f.approx_written for f in pool], written):
            return True
        if m.scale == 1:
            continue  # (the search reads true values only for a claim with a scale word)
        trues = [_true_of(ctx, f) for f in pool]
        values = [None if t is None else approx_float(t) for t in trues]
        if any(v is None and t is not None for v, t in zip(values, trues, strict=True)):
            return True  # (a true value a float cannot stand for: the search tries the pair)
        known = [v for v in values if v is not None]
        if len(known) > 1 and _may_reach(kind, factor, known, window):
            return True
    return False


def _magnitudes(flo: float | None, fhi: float | None) -> _Window | None:
    """The magnitudes of the window ``[flo, fhi]``, widened by _may_match's window term."""
    if flo is None or fhi is None:
        return None
    top = max(abs(flo), abs(fhi))
    bottom = 0.0 if flo <= 0 <= fhi else min(abs(flo), abs(fhi))
    e = _WINDOW * top
    return bottom - e, top + e


def _true_of(ctx: ClaimContext, f: _Fig) -> Decimal | None:
    """The true value the search reads for ``f`` in this claim's call: the answer's memo
    (``steps.true``) when it holds one, else what the search would put there from this claim's
    scope. Read without filling that memo, which keeps the first scope's value for the answer."""
    gm = f.claim.mention
    cached = ctx.shared.get("steps.true")
    if isinstance(cached, dict) and (gm.start, gm.end) in cached:
        value = cached[(gm.start, gm.end)]
        return value if isinstance(value, Decimal) else None
    return _true_value(ctx, f.claim)


def _may_reach(kind: str, f: float, values: list[float | None], window: _Window) -> bool:
    """Whether the formula ``kind`` (factor ``f``) over an ordered pair of ``values`` may land
    in ``window`` as _may_match judges it (True when a float cannot tell)."""
    if None in values:
        return True
    vals: list[float] = values  # type: ignore[assignment]
    big = max(map(abs, vals))
    small = min(map(abs, vals))
    if kind == "pct" or kind == "quot":
        if small == 0:
            return True  # (_may_match lets a zero divisor through)
        size = f * (1 + big / small) if kind == "pct" else f * big / small
    else:
        size = big * big if kind == "prod" else 2 * f * big
    most = _C2 * size * (1 + _MARGIN)
    low, high = window
    # |r| (1 + _C1) >= low - most and |r| (1 - _C1) <= high + most, widened for their float error
    lower = (low - most) / (1 + _C1) - _MARGIN * (abs(low) + most)
    upper = (high + most) / (1 - _C1) + _MARGIN * (abs(high) + most)
    n = len(vals)
    for i in range(n):
        a = vals[i]
        for j in range(n):
            if i == j or (j < i and kind not in ("pct", "quot")):
                continue  # (the other formulas give one size for (a, b) and (b, a))
            b = vals[j]
            if kind == "pct":
                v = abs(f * (b - a) / abs(a))
            elif kind == "quot":
                v = abs(f * a / b)
            elif kind == "diff":
                v = abs(f * (b - a))
            elif kind == "sum":
                v = abs(a + b)
            elif kind == "mean":
                v = abs((a + b) / 2)
            else:
                v = abs(a * b)
            if lower <= v <= upper:
                return True
    return False
