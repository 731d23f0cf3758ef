"""The arithmetic of one step for :mod:`crossfoot.rules.steps`: the grounded figures used as
operands, the formulas, their results in Decimal, a float prefilter that proves a pair cannot
land in the claim's window, and the readings of a pair across a unit dropped on one side.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, DecimalException

from crossfoot.model.types import Claim, Mention, format_decimal
from crossfoot.rules._derive_shared import approx_float

_HUNDRED = Decimal(100)
_ONE = Decimal(1)
_PERCENT = Decimal("0.01")
_ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class _Fig:
    """A grounded figure of the answer, usable as an operand."""

    claim: Claim
    value: Decimal
    written: Decimal
    precision: Decimal
    year: int | None
    # ``value`` as a float for the pair prefilter (see _may_match); None when a float cannot
    # stand for it closely (overflow, underflow, subnormal): then the pair is always tried.
    approx: float | None = None
    approx_written: float | None = None  # ``written`` likewise (a reading across a dropped unit)


@dataclass(frozen=True, slots=True)
class _Op:
    kind: str
    op: str  # pct | quot | diff | sum | mean | prod
    factor: Decimal
    operands: str  # "amount" | "percent"


_BASE_OPS = (
    _Op("difference", "diff", _ONE, "amount"),
    _Op("sum", "sum", _ONE, "amount"),
    _Op("average", "mean", _ONE, "amount"),
    _Op("product", "prod", _ONE, "amount"),
)


def _ops(m: Mention) -> tuple[_Op, ...]:
    return _OPS.get(m.kind, _BASE_OPS)


def _cls(m: Mention) -> str | None:
    if m.kind in ("money", "number"):
        return "amount"
    if m.kind in ("percent", "pp"):
        return "percent"
    return None


def _compute(op: str, factor: Decimal, a: Decimal, b: Decimal) -> Decimal | None:
    """Formula value for first operand ``a`` and second ``b`` (change: ``a`` earlier)."""
    try:
        if op == "pct":
            if a == 0:
                return None
            return factor * (b - a) / abs(a)
        if op == "quot":
            if b == 0:
                return None
            return factor * a / b
        if op == "diff":
            return factor * (b - a)
        if op == "sum":
            return a + b
        if op == "mean":
            return (a + b) / 2
        return a * b
    except DecimalException:
        return None


def _spread(op: str, factor: Decimal, a: _Fig, b: _Fig, result: Decimal) -> Decimal:
    """First-order uncertainty of the result from the operands' stated precision."""
    pa, pb = a.precision, b.precision
    if op in ("diff", "sum"):
        return factor * (pa + pb)
    if op == "mean":
        return (pa + pb) / 2
    if op == "prod":
        return abs(a.value) * pb + abs(b.value) * pa
    if a.value == 0 or b.value == 0:
        return Decimal(0)
    rel = pa / abs(a.value) + pb / abs(b.value)
    if op == "pct":
        return factor * abs(b.value / a.value) * rel
    return abs(result) * rel


def _fine_enough(m: Mention, relaxed: bool) -> bool:
    if m.value == 0:
        return False
    p = m.precision
    if m.kind in ("percent", "pp"):
        return p <= Decimal("0.5")
    if m.kind == "bps":
        return p <= Decimal(5)
    limit = Decimal("0.05") if relaxed or m.kind == "ratio" else Decimal("0.01")
    return p <= abs(m.value) * limit


def _label(f: _Fig) -> str:
    return f"{f.claim.mention.text.strip()} (sentence {f.claim.sentence.index + 1})"


def _describe(op: _Op, a: _Fig, b: _Fig, r: Decimal, unit: str) -> str:
    shown = format_decimal(r.quantize(Decimal("0.0001")).normalize())
    la, lb = _label(a), _label(b)
    if op.op == "pct":
        return f"% change {la} -> {lb} = {shown}{unit}"
    if op.op == "quot":
        return f"{la} / {lb}{' x 100' if op.factor == _HUNDRED else ''} = {shown}{unit}"
    if op.op == "diff":
        mult = " x 100" if op.factor == _HUNDRED else ""
        return f"({lb} - {la}){mult} = {shown}{unit}"
    if op.op == "sum":
        return f"{la} + {lb} = {shown}{unit}"
    if op.op == "mean":
        return f"({la} + {lb}) / 2 = {shown}{unit}"
    return f"{la} x {lb} = {shown}{unit}"


def _pairs(m: Mention, pool: list[_Fig]) -> list[tuple[_Fig, _Fig, bool, bool]]:
    """Ordered pairs of distinct figures of one class whose currencies fit a money claim, as
    ``(a, b, a stated after b, a unit dropped on one side)``."""
    out = []
    money = m.kind == "money"
    for a in pool:
        am = a.claim.mention
        for b in pool:
            if a is b or (money and not _currency_ok(m, a, b)):
                continue
            bm = b.claim.mention
            dropped = False
            if not m.scale == am.scale == bm.scale:  # one scale throughout: nothing dropped
                stated_scales = {x.scale for x in (m, am, bm) if x.scale != 1}
                dropped = len(stated_scales) == 1 and {am.scale, bm.scale} != {m.scale}
            out.append((a, b, am.start > bm.start, dropped))
    return out


def _may_match(
    op: str,
    factor: float,
    a: float | None,
    b: float | None,
    lo: float | None,
    hi: float | None,
    is_change: bool,
) -> bool:
    """False only when the formula over ``a`` and ``b`` cannot land in the claim's window.

    A float estimate of what _try computes in Decimal. _try accepts a result at most 1% of its
    size outside the window (the operands' own rounding, ``_spread``); this allows 1.1% plus
    1e-9 of every magnitude involved, far above float error (about 1e-15 relative), so a pair
    _try would accept always passes. True whenever a float cannot decide.
    """
    if a is None or b is None or lo is None or hi is None:
        return True
    if op == "pct":
        if a == 0:
            return True
        r = factor * (b - a) / abs(a)
        size = factor * (abs(a) + abs(b)) / abs(a)
    elif op == "quot":
        if b == 0:
            return True
        r = factor * a / b
        size = abs(r)
    elif op == "diff":
        r = factor * (b - a)
        size = factor * (abs(a) + abs(b))
    elif op == "sum":
        r = a + b
        size = abs(a) + abs(b)
    elif op == "mean":
        r = (a + b) / 2
        size = abs(a) + abs(b)
    else:
        r = a * b
        size = abs(r)
    slack = 0.011 * abs(r) + 1e-9 * (size + abs(lo) + abs(hi))
    if is_change:
        top = max(abs(lo), abs(hi))
        bottom = 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))
        return bottom - slack <= abs(r) <= top + slack
    return lo - slack <= r <= hi + slack


def _currency_ok(m: Mention, a: _Fig, b: _Fig) -> bool:
    cur = {x for x in (m.currency, a.claim.mention.currency, b.claim.mention.currency) if x}
    return len(cur) <= 1


_Reading = tuple[Decimal, Decimal, Decimal, Decimal]  # operand a, operand b, window lo, hi
_Approx = tuple[float | None, float | None, float | None, float | None]  # a _Reading as floats
_Window = tuple[Decimal, Decimal, float | None, float | None]  # a claim's window, also as floats


def _written_window(m: Mention) -> _Window:
    """The claim's window in its written unit, and as floats: what a pair read across a dropped
    unit is compared with (made once per claim)."""
    wp = m.precision / m.scale if m.scale else m.precision
    mw = m.written if m.written else abs(m.value)
    mw = -mw if m.value < 0 else mw
    return (mw - wp, mw + wp, approx_float(mw - wp), approx_float(mw + wp))


# The formulas tried for each claim kind, made once (the tuples are the same for every claim).
_OPS: dict[str, tuple[_Op, ...]] = {
    "percent": (
        _Op("percent_change", "pct", _HUNDRED, "amount"),
        _Op("percent_change", "pct", _HUNDRED, "percent"),
        _Op("share", "quot", _HUNDRED, "amount"),
        _Op("pp_change", "diff", _ONE, "percent"),
        _Op("sum", "sum", _ONE, "percent"),
        _Op("average", "mean", _ONE, "percent"),
    ),
    "pp": (_Op("pp_change", "diff", _ONE, "percent"),),
    "bps": (_Op("bps_change", "diff", _HUNDRED, "percent"),),
    "ratio": (_Op("ratio", "quot", _ONE, "amount"),),
    "number": (
        *_BASE_OPS,
        _Op("ratio", "quot", _ONE, "amount"),
        _Op("percent_change", "pct", _ONE, "amount"),
    ),
}
