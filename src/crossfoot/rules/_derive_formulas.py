"""The formulas of two-operand derivations for :mod:`crossfoot.rules.derive`: which formulas a
claim's kind admits, the exact result in Decimal, the partner operand solved for backwards, and
float bounds that let a whole group be skipped without a Decimal operation.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._derive_shared import (
    _ONE,
    approx_float,
)

_HUNDRED = Decimal(100)


@dataclass(frozen=True, slots=True)
class _Spec:
    kind: str
    op: str  # pct_change | quotient | diff | sum | mean
    factor: Decimal  # result = factor * base formula
    cls: str  # operand class
    note: str = ""
    max_value: Decimal | None = None  # e.g. shares at most 100 %


def _make_specs(kind: str, share: bool) -> tuple[_Spec, ...]:
    if kind == "percent":
        return (
            _Spec("percent_change", "pct_change", _HUNDRED, "amount"),
            _Spec("percent_change", "pct_change", _HUNDRED, "percent"),
            _Spec("share", "quotient", _HUNDRED, "amount", max_value=_HUNDRED),
            _Spec("pp_change", "diff", _ONE, "percent", "percentage-point change written as %"),
            _Spec("sum", "sum", _ONE, "percent"),
            _Spec("average", "mean", _ONE, "percent"),
        )
    if kind == "pp":
        return (_Spec("pp_change", "diff", _ONE, "percent"),)
    if kind == "bps":
        return (_Spec("bps_change", "diff", _HUNDRED, "percent"),)
    if kind == "ratio":
        return (_Spec("ratio", "quotient", _ONE, "amount"),)
    if kind == "number":
        return (
            _Spec("difference", "diff", _ONE, "amount"),
            # a change of two rates written plainly, as ConvFinQA-style answers write a
            # percentage: 28.5 % -> 27.6 % is "0.9"
            _Spec("difference", "diff", _ONE, "percent", "a percentage-point change, plainly"),
            _Spec("sum", "sum", _ONE, "amount"),
            _Spec("average", "mean", _ONE, "amount"),
            _Spec(
                "share" if share else "ratio",
                "quotient",
                _ONE,
                "amount",
                "as a fraction" if share else "",
            ),
            _Spec("percent_change", "pct_change", _ONE, "amount", "as a fraction"),
            # a relative change of two rates, as a fraction: 3.86 % -> 4.12 % is 0.0674
            _Spec("percent_change", "pct_change", _ONE, "percent", "as a fraction"),
        )
    if kind == "money":
        return (
            _Spec("difference", "diff", _ONE, "amount"),
            _Spec("sum", "sum", _ONE, "amount"),
            _Spec("average", "mean", _ONE, "amount"),
        )
    return ()


# The specs depend only on the claim's kind (and, for a plain number, whether it is at most 1):
# made once at import rather than once per claim.
_SPECS = {
    (kind, share): _make_specs(kind, share)
    for kind in ("percent", "pp", "bps", "ratio", "number", "money")
    for share in (False, True)
}


def _specs(m: Mention) -> tuple[_Spec, ...]:
    return _SPECS.get((m.kind, m.kind == "number" and abs(m.value) <= 1), ())


def _compute(op: str, factor: Decimal, x: SourceValue, y: SourceValue) -> Decimal | None:
    """The formula's value for base ``x`` and partner ``y`` (``None`` where undefined)."""
    a, b = x.value, y.value
    if op == "pct_change":
        if a == 0 or b == 0:
            return None
        if a > 0 > b or a < 0 < b:
            # A gain turned into a loss: 11.4 -> -35.8 is -414 %; a loss turned into a gain over
            # its signed base, as TAT-QA's derivations write it: -2,404 -> 1,318 is -154.83 %.
            return factor * (b - a) / a
        return factor * (abs(b) - abs(a)) / abs(a)  # losses compare by size: -100 -> -80 is -20 %
    if op == "quotient":
        if a == 0 or b == 0 or (a > 0) != (b > 0):
            return None
        return factor * abs(b) / abs(a)
    if op == "diff":
        return factor * (b - a)
    if op == "sum":
        return a + b
    return (a + b) / 2


def _partner_ranges(
    op: str, factor: Decimal, a: Decimal, targets: list[tuple[Decimal, Decimal]]
) -> list[tuple[Decimal, Decimal]]:
    """Values the partner must lie between for the formula to land in each target interval.

    (A list, not a generator: it is asked for every operand of every claim, and most lists are
    one or two ranges long.)
    """
    if op in ("pct_change", "quotient"):
        if a == 0:
            return []
        m = abs(a)
        out = []
        for lo, hi in targets:
            if op == "pct_change":
                lo_b, hi_b = m * (1 + lo / factor), m * (1 + hi / factor)
            else:
                lo_b, hi_b = m * lo / factor, m * hi / factor
            out.append((lo_b, hi_b) if a > 0 else (-hi_b, -lo_b))  # the partner has a's sign
        return out
    if op == "diff":
        return [(a + lo / factor, a + hi / factor) for lo, hi in targets]
    if op == "sum":
        return [(lo - a, hi - a) for lo, hi in targets]
    return [(2 * lo - a, 2 * hi - a) for lo, hi in targets]


# Per target window of one spec: the partner range of a base ``a`` is between ``mul_lo * a +
# add_lo`` and ``mul_hi * a + add_hi`` (every formula's range is affine in ``a``), widened by
# ``s1 * |a| + s2``.
_Bound = tuple[float, float, float, float, float, float]


def _float_bounds(op: str, factor: float, targets: list[tuple[float, float]]) -> list[_Bound]:
    """The float form of :func:`_partner_ranges` for every base at once.

    ``targets`` are the Decimal targets as floats within a relative 1e-16 (see
    :func:`~crossfoot.rules._derive_shared.approx_float`).
    The slack, 1e-9 of the terms (``|a|`` times the multiplier, or ``|a|`` plus the shift), is
    millions of times the float error of the range and of the keys (a few 1e-16 of the same
    terms), so the prefilter never drops a partner the Decimal search would find
    (tests/test_derive_prefilters.py).
    """
    f = factor
    out: list[_Bound] = []
    for lo, hi in targets:
        t = max(abs(lo), abs(hi)) / f
        if op == "pct_change":  # |a| * (1 + t / f), mirrored for a < 0: a * (1 + t / f)
            out.append((1 + lo / f, 0.0, 1 + hi / f, 0.0, 1e-9 * (1 + t), 1e-9))
        elif op == "quotient":
            out.append((lo / f, 0.0, hi / f, 0.0, 1e-9 * (1 + t), 1e-9))
        elif op == "diff":
            out.append((1.0, lo / f, 1.0, hi / f, 1e-9, 1e-9 * (1 + t)))
        elif op == "sum":
            out.append((-1.0, lo, -1.0, hi, 1e-9, 1e-9 * (1 + t)))
        else:  # mean
            out.append((-1.0, 2 * lo, -1.0, 2 * hi, 1e-9, 1e-9 * (1 + 2 * t)))
    return out


def _live_bases(
    bounds: list[_Bound], bases: list[tuple[SourceValue, float | None]], keys: list[float]
) -> list[SourceValue]:
    """The bases some key lies near: a base is dropped only when no key is in any of its widened
    float partner ranges (a bisection per target), so the Decimal search would find no partner
    for it either. A base with no float (None) is kept."""
    n = len(keys)
    out: list[SourceValue] = []
    for x, a in bases:
        if a is None:
            out.append(x)
            continue
        size = a if a >= 0 else -a
        for mul_lo, add_lo, mul_hi, add_hi, s1, s2 in bounds:
            e1, e2 = mul_lo * a + add_lo, mul_hi * a + add_hi
            if e1 > e2:
                e1, e2 = e2, e1
            slack = s1 * size + s2
            i = bisect_left(keys, e1 - slack)
            if i < n and keys[i] <= e2 + slack:
                out.append(x)
                break
    return out


def _float_window(
    lo: Decimal, hi: Decimal, mag: tuple[Decimal, Decimal]
) -> tuple[float, float, float, float] | None:
    """``lo, hi`` and the magnitude window as floats within 1e-16, or None (no prefilter)."""
    lo_f, hi_f, mag_lo, mag_hi = (
        approx_float(lo),
        approx_float(hi),
        approx_float(mag[0]),
        approx_float(mag[1]),
    )
    if lo_f is None or hi_f is None or mag_lo is None or mag_hi is None:
        return None
    return lo_f, hi_f, mag_lo, mag_hi
