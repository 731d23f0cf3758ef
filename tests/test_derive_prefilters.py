"""The float prefilter of the two-operand search never drops a base the Decimal search would
pair (``derive._live_bases``), and it does drop far misses (else it saves nothing).

The property is checked against the exact search itself: ``_partner_ranges`` in Decimal, then
``ValueIndex.between``; whenever that finds a partner for a base, the prefilter must keep it.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import approx_float
from crossfoot.rules.derive import (
    _compute,
    _float_bounds,
    _float_window,
    _live_bases,
    _partner_ranges,
)
from deep import examples

_OPS = ["pct_change", "quotient", "diff", "sum", "mean"]

# Values from 0.001 to 1e15, of either sign (cancellation in a - b, ratios far from 1).
_magnitudes = st.builds(
    lambda digits, exp, neg: Decimal(-digits if neg else digits).scaleb(exp),
    st.integers(0, 10**9),
    st.integers(-6, 6),
    st.booleans(),
)


def _exact_finds(
    op: str, factor: Decimal, a: Decimal, targets: list[tuple[Decimal, Decimal]], index: ValueIndex
) -> bool:
    """What the Decimal search does for base ``a``: any value in a partner range."""
    return any(index.between(lo, hi) for lo, hi in _partner_ranges(op, factor, a, targets))


def _kept(
    op: str, factor: Decimal, a: Decimal, targets: list[tuple[Decimal, Decimal]], index: ValueIndex
) -> bool:
    """Whether the prefilter keeps base ``a`` (targets as the search makes them)."""
    targets_f = [(approx_float(lo), approx_float(hi)) for lo, hi in targets]
    if any(t is None for pair in targets_f for t in pair):
        return True  # the search runs no prefilter for such a claim
    keys = [float(v.value) for v in index.values]
    base = SourceValue(a, "S")
    bounds = _float_bounds(op, float(factor), targets_f)  # type: ignore[arg-type]
    return _live_bases(bounds, [(base, approx_float(a))], keys) == [base]


def _windows(r: Decimal, change: bool) -> list[list[tuple[Decimal, Decimal]]]:
    """Target lists whose edge is exactly the result ``r`` (the narrowest hits), as the search
    builds them: a change as a magnitude and its mirror, the rest as one signed window."""
    out = []
    for w in (Decimal(0), Decimal("1e-9"), abs(r) / 1000):
        lo, hi = (abs(r) if change else r) - w, (abs(r) if change else r)
        for a, b in ((lo, hi), (hi, hi + w)):
            out.append([(a, b), (-b, -a)] if change else [(a, b)])
    return out


@settings(max_examples=examples(300, 500), deadline=None)
@given(
    _magnitudes,
    _magnitudes,
    st.lists(_magnitudes, max_size=6),
    st.sampled_from(_OPS),
    st.sampled_from([Decimal(1), Decimal(100)]),
    st.integers(0, 3),
)
def test_prefilter_keeps_every_base_the_decimal_search_pairs(
    a: Decimal, b: Decimal, others: list[Decimal], op: str, factor: Decimal, near: int
) -> None:
    if near:  # nearly equal operands: the float difference loses most digits
        b = a + Decimal(near).scaleb(-6)
    r = _compute(op, factor, SourceValue(a, "S"), SourceValue(b, "S"))
    assume(r is not None)
    assert r is not None
    index = ValueIndex(SourceValue(v, "S") for v in [b, *others])
    change = op in ("pct_change", "diff")
    for targets in _windows(r, change):
        if op == "quotient":
            targets = [(max(lo, Decimal(0)), hi) for lo, hi in targets]
        if _exact_finds(op, factor, a, targets, index):
            assert _kept(op, factor, a, targets, index), (op, factor, a, b, targets)


@settings(max_examples=300, deadline=None)
@given(_magnitudes, st.lists(_magnitudes, min_size=1, max_size=6), st.sampled_from(_OPS))
def test_prefilter_drops_far_misses(a: Decimal, values: list[Decimal], op: str) -> None:
    assume(a != 0)
    index = ValueIndex(SourceValue(v, "S") for v in values)
    # A target far beyond every result the formula can give with these values.
    results = [_compute(op, Decimal(1), SourceValue(a, "S"), SourceValue(v, "S")) for v in values]
    biggest = max((abs(x) for x in results if x is not None), default=Decimal(0))
    far = (biggest + 1) * 4 + abs(a) * 4
    targets = [(far, far * 2)]
    assert not _exact_finds(op, Decimal(1), a, targets, index)
    assert not _kept(op, Decimal(1), a, targets, index)


def test_no_prefilter_where_a_float_cannot_stand_for_a_value() -> None:
    tiny, huge = Decimal("1e-400"), Decimal("1e400")
    assert (
        approx_float(tiny) is None
        and approx_float(huge) is None
        and approx_float(Decimal(0)) == 0.0
    )
    one = Decimal(1)
    assert _float_window(tiny, one, (tiny, one)) is None  # the claim's window: exact search
    base = SourceValue(huge, "S")
    bounds = _float_bounds("diff", 1.0, [(1.0, 2.0)])
    assert _live_bases(bounds, [(base, None)], [0.0]) == [base]  # a base with no float stays
