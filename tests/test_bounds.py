"""Bound words: which side of its number a figure claims, and the half-window that keeps."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crossfoot.language.bounds import claimed_side, clip, side_before
from crossfoot.numbers.extract import extract


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Sales were more than $5 million.", ">"),
        ("Sales were over $5 million.", ">"),
        ("Sales were above 30%.", ">"),
        ("Sales were at least 30%.", ">"),
        ("Sales were in excess of $5 million.", ">"),
        ("Sales were upwards of 30%.", ">"),
        ("Sales were less than $5 million.", "<"),
        ("Sales were fewer than 300 units.", "<"),
        ("Sales were under $5 million.", "<"),
        ("Sales were below 30%.", "<"),
        ("Sales were at most 30%.", "<"),
        ("Sales were up to 30%.", "<"),
        ("Sales were no more than 30%.", "<"),
        ("Sales were not more than 30%.", "<"),
        ("Sales weren't over 30%.", "<"),
        ("Sales were not less than 30%.", ">"),
        ("Sales were about 30%.", None),
        ("Sales were nearly 30%.", None),
        ("Sales were 30%.", None),
        ("Sales rose more than expected to 30%.", None),
        ("Sales exceeded 30%.", ">"),
        ("Sales did not exceed 30%.", "<"),
        ("Sales surpassed $5 million.", ">"),
    ],
)
def test_claimed_side(text: str, side: str | None) -> None:
    figure = extract(text)[-1]
    assert claimed_side(text, figure) == side


def test_verbs_count_without_the_approximate_mark() -> None:
    text = "Sales exceeded $5 million; costs rose to $2 million."
    exceeded, rose = extract(text)
    assert not exceeded.approximate and claimed_side(text, exceeded) == ">"
    assert claimed_side(text, rose) is None
    assert side_before(text, exceeded.start, floor=exceeded.start - 2) is None  # word cut off


windows = st.decimals(-1000, 1000, places=2, allow_nan=False, allow_infinity=False)


@given(windows, st.decimals(0, 100, places=2), st.sampled_from([">", "<", None]))
def test_clip_keeps_the_claimed_half(value: Decimal, w: Decimal, side: str | None) -> None:
    lo, hi = value - w, value + w
    a, b = clip(lo, hi, value, side)  # type: ignore[arg-type]
    assert lo <= a <= value <= b <= hi  # inside the window, and the stated value stays in it
    if side is None:
        assert (a, b) == (lo, hi)
    else:
        bigger = (side == ">") == (value >= 0)  # the side larger in size
        assert (a, b) == ((value, hi) if bigger else (lo, value))
