"""The covering subsets the exhaustive sweeps use in the CI budget (``tests/deep.py``)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

import deep

_FACTOR = st.lists(st.integers(0, 50), min_size=1, max_size=9, unique=True)


@given(_FACTOR, _FACTOR, _FACTOR)
def test_every_pair_of_any_two_factors_occurs(a: list[int], b: list[int], c: list[int]) -> None:
    got = list(deep.pairs(a, b, c))
    assert len(got) == len(set(got))
    assert set(got) <= set(itertools.product(a, b, c))
    for i, j in ((0, 1), (1, 2), (0, 2)):
        fa, fb = (a, b, c)[i], (a, b, c)[j]
        assert {(t[i], t[j]) for t in got} == set(itertools.product(fa, fb))


def test_the_subset_is_smaller_than_the_product_unless_deep() -> None:
    got = list(deep.pairs(range(12), range(11), range(22)))
    assert len(got) == 12 * 11 * 22 if deep.DEEP else len(got) < 12 * 11 * 22 // 4
