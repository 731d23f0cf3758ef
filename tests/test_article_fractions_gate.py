"""The gate of a fraction after "by" ("fell by a third") is exact: every text the pattern
matches holds the gate's words, in any case and spacing."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.numbers import article_fractions as af

_PIECES = st.sampled_from(
    ["fell", "ROSE", "cut", "by", "BY", "about", "nearly", "a", "an", "third", "Quarter", "half",
     "HALF", "fifth", "tenth", "point", "of", "sales", "5%", "\t", "  ", "."]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_PIECES, max_size=8).map(" ".join))
@example("Sales FELL BY HALF.")
@example("Sales fell by\tabout a third.")
def test_by_gate_is_exact(text: str) -> None:
    if af._BY_RE.search(text) is not None:
        assert af._by(text) and af.maybe_article_fraction(text)


def test_by_gate_refuses_texts_without_a_fraction_noun() -> None:
    assert not af._by("Revenue rose by 5% in 2023.")
    assert af._by("Revenue rose by half in 2023.")
