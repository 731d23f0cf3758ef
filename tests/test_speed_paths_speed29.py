"""The short cuts of round 23 (issue 19, speed29: the trace's fixed cost on small tables)
against the readings they skip:

- ``bounds._may_end_in_bound``: the tail of the window before a figure read for the last word
  of a bound word (after its fillers, whitespace and currency sign) before ``_SIDE`` tries
  every start of the window; hypothesis texts of bound words in both cases, fillers, currency
  signs, every kind of whitespace, digits, negations, glued letters and the characters that
  fold to ASCII letters, every figure position and floor, against the pattern alone. A tail
  reading that forgets a bound word's last word ("in excess of", "tops", ...) is caught.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.language import bounds
from crossfoot.language.bounds import bound_before
from deep import examples

# ----------------------------------------------------------------------------- bound_before

_PIECES = st.sampled_from(
    ["more than", "MORE THAN", "Less Than", "at least", "at most", "up to", "upwards of",
     "in excess of", "in  Excess\tof", "no more than", "not more than", "isn't above",
     "never under", "greater than or equal to", "fewer than", "exceeded", "Surpassing",
     "topped", "top", "crossed", "passed", "passes the", "above", "over", "below", "under",
     "the", "a", "an", "of", "of the", "to", "rose to", "a mean of", "revenue", "was",
     "mover", "gabove", "x_over", "5over", "$", "~", "\u20ac", "\u00a3", "\u00a5", "\u20b9",
     " ", "  ", "\t", "\n", "\x1c", "\xa0", "\u2009", "5", "30%", "1,250", ".", ",", "(",
     "\u017furpassed", "\u212aeep", "\u0130", "abov\u0131", "\u00e9t\u00e9"]
)  # fmt: skip


# Every bound word's last word, each before a figure: a word the gate forgets is caught here.
_WORDS = (
    "exceed exceeds exceeded exceeding surpass surpasses surpassed surpassing tops topped "
    "topping cross crosses crossed crossing above over below under"
).split()
_PHRASES = [
    "pass the",
    "passes the",
    "passed the",
    "passing the",
    "in excess of",
    "upwards of",
    "at least",
    "more than",
    "up to",
    "at most",
]
_EVERY = " ".join(f"Sales {w} 42 and" for w in [*_WORDS, *_PHRASES])  # fmt: skip


def _texts() -> st.SearchStrategy[str]:
    return st.lists(_PIECES, max_size=9).map(lambda parts: " ".join(parts) + " 42")


def _both(text: str, start: int, floor: int) -> Iterator[object]:
    for gated in (True, False):
        bounds.GATED = gated
        try:
            yield bound_before(text, start, floor)
        finally:
            bounds.GATED = True


@settings(max_examples=examples(50, 400), deadline=None)
@given(_texts(), st.integers(0, 40))
@example("Sales were in excess of $ 42", 0)
@example("Sales were in excess of the 42", 0)
@example("It was not more than 42", 0)
@example("Sales passed the 42", 0)
@example("Sales were greater than or equal to \u20ac 42", 0)
@example("Sales were More Than\n42", 0)
@example("Sales \u017furpassed 42", 0)
@example("Sales were upwards of  42", 30)
@example(_EVERY, 0)
def test_gate_reads_as_the_pattern(text: str, floor: int) -> None:
    for start in range(len(text) + 1):
        gated, plain = _both(text, start, floor)
        assert gated == plain, (text, start, floor)


def test_gate_skips_plain_windows() -> None:
    # The gate is no guess: it says "no match" for the plain windows a trace asks about...
    for window in ("item 1 had ", "a mean of ", "We also saw 123,457 events, a ", "rose by "):
        assert not bounds._may_end_in_bound(window)
    # ...and "maybe" for every bound word's ending, fillers and signs after it.
    for window in ("in excess of ", "upwards of the $ ", "at least a ", "topped ", "up to ~"):
        assert bounds._may_end_in_bound(window)


def test_a_broken_gate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Forget that "of" may end a bound word ("in excess of"): the property must see it.
    monkeypatch.setattr(bounds, "_LAST_WORDS", bounds._LAST_WORDS - {"excess"})
    text = "Sales were in excess of $ 42"
    gated, plain = _both(text, len(text) - 2, 0)
    assert plain == (">", True) and gated is None
