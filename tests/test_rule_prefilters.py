"""The shortcuts the rules take for speed never change an answer.

* ``steps._may_match``: the float prefilter must pass every pair the Decimal check could accept
  (and must reject far misses, or it saves nothing);
* ``rowsums._Table.rows_named``: the C-level substring filter finds the same rows as a plain scan;
* ``rowsums._named_sums``: the int fast path for runs gives the same hits as Decimal sums.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import approx_float
from crossfoot.rules._rowsums_tables import _EXACT, _Column, _Table
from crossfoot.rules.rowsums import _named_sums
from crossfoot.rules.steps import _compute, _may_match
from crossfoot.sources.rows import IntNumbers, row_named
from deep import examples

_OPS = ["diff", "mean", "pct", "prod", "quot", "sum"]

# Operands from 0.001 to 1e15, of either sign, some nearly equal (cancellation in a - b).
_magnitudes = st.builds(
    lambda digits, exp, neg: Decimal(-digits if neg else digits).scaleb(exp),
    st.integers(0, 10**9),
    st.integers(-6, 6),
    st.booleans(),
)


def _window_edges(r: Decimal, is_change: bool) -> list[tuple[Decimal, Decimal]]:
    """Windows whose nearest edge is exactly 1% of the result away: the widest miss _try still
    accepts (the operands' own rounding, ``_spread`` <= 1% of the result)."""
    slack = abs(r) / 100
    value = abs(r) if is_change else r
    return [
        (value + slack, value + slack),
        (value - slack, value - slack),
        (value - slack * 3, value - slack),
        (value + slack, value + slack * 5),
        (value, value),
    ]


@settings(max_examples=examples(300, 400), deadline=None)
@given(
    _magnitudes,
    _magnitudes,
    st.sampled_from(_OPS),
    st.sampled_from([Decimal(1), Decimal(100)]),
    st.booleans(),
    st.integers(0, 3),
)
def test_prefilter_passes_everything_the_decimal_check_could_accept(
    a: Decimal, b: Decimal, op: str, factor: Decimal, is_change: bool, near: int
) -> None:
    if near:  # nearly equal operands: the float difference loses most digits
        b = a + Decimal(near).scaleb(-6)
    r = _compute(op, factor, a, b)
    assume(r is not None)
    assert r is not None
    for lo, hi in _window_edges(r, is_change):
        assert _may_match(
            op,
            float(factor),
            approx_float(a),
            approx_float(b),
            approx_float(lo),
            approx_float(hi),
            is_change,
        ), (op, a, b, lo, hi)


@given(_magnitudes, _magnitudes, st.sampled_from(_OPS), st.booleans())
def test_prefilter_rejects_far_misses(a: Decimal, b: Decimal, op: str, is_change: bool) -> None:
    r = _compute(op, Decimal(1), a, b)
    assume(r is not None and r != 0)
    assert r is not None
    far = abs(r) * 2 + 1 + abs(a) + abs(b)  # twice the result and beyond any float error
    assert not _may_match(
        op, 1.0, approx_float(a), approx_float(b), approx_float(far), approx_float(far), is_change
    )


def test_prefilter_defers_when_a_float_cannot_stand_for_a_value() -> None:
    tiny = Decimal("1e-400")  # underflows to 0.0: the Decimal check must decide
    assert approx_float(tiny) is None
    assert approx_float(Decimal("1e400")) is None
    assert _may_match("quot", 1.0, 5.0, approx_float(tiny), 1.0, 1.0, False)
    assert _may_match("pct", 100.0, 0.0, 3.0, 10.0, 10.0, True)  # no base: undecided


_label = st.text(alphabet="abcd 12_-'", min_size=1, max_size=8).filter(str.strip)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(_label, st.sampled_from(["North America", "EU", "item 1"])),
        min_size=3,
        max_size=12,
    ),
    st.text(alphabet="abcdABCD 12_-'.EUNorth America item", max_size=40),
)
def test_rows_named_matches_a_plain_scan(labels: list[str], sentence: str) -> None:
    by_row = {i: label for i, label in enumerate(labels)}
    table = _Table("Q", len(labels), [], [], by_row)
    low = sentence.lower()
    expected = [
        i
        for i, label in sorted(by_row.items())
        if label.lower() in low and row_named(label, sentence)
    ]
    assert table.rows_named(sentence) == expected
    assert table.rows_named(sentence, 1) == expected[:1]  # from the per-sentence cache


def _column(ints: list[int] | tuple[int, ...], fast: bool) -> _Column:
    """Column ``x`` of ``ints``: as an int column (fast path) or as a dict of Decimals."""

    def cell(i: int) -> SourceValue:
        return SourceValue(Decimal(ints[i]), "Q", label=f"x[row {i}]", row=f"row {i}", column="x")

    values = IntNumbers(tuple(ints)) if fast else {i: Decimal(v) for i, v in enumerate(ints)}
    return _Column("x", "x", False, False, None, values, cell)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(-(10**6), 10**6), st.integers(-(10**30), 10**30)),
        min_size=3,
        max_size=9,
    ),
    st.data(),
)
def test_int_run_sums_equal_decimal_sums(ints: list[int], data: st.DataObject) -> None:
    named = sorted(set(data.draw(st.lists(st.integers(0, len(ints) - 1), min_size=2))))
    assume(len(named) >= 2)
    # Aim the window at the run between the first and last named rows.
    run = sum((Decimal(v) for v in ints[named[0] : named[-1] + 1]), Decimal(0))
    windows = [(run, run)]
    fast = list(_named_sums(_column(ints, True), named, windows))
    plain = list(_named_sums(_column(ints, False), named, windows))
    assert [(h.result, h.formula) for h in fast] == [(h.result, h.formula) for h in plain]
    if named[-1] - named[0] >= 2:
        assert any("adjacent rows" in h.formula for h in fast)


def test_huge_int_runs_take_the_decimal_path() -> None:
    ints = (10**29, 1, -(10**29), 5)
    assert sum(map(abs, ints)) >= _EXACT
    col = _column(ints, True)
    total = sum((Decimal(v) for v in ints), Decimal(0))  # rounds at 28 digits: not 6
    hits = list(_named_sums(col, [0, 3], [(total, total)]))
    assert [h.result for h in hits] == [total]
