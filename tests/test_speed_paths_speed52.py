"""Round 37 (issue 19, speed52): fast paths of ``check()``'s row readings, against the plain
readings they replace.

- ``language.rowsynonyms._spelt_apart``: ``any(_one_apart(w, v) for w in words)`` with each word
  first held, inline, to what ``_one_apart`` asks of both (the first two letters, the last, the
  length within one). The property compares the two over words drawn near each other (one
  letter added, dropped or replaced, anywhere), and a prefilter that drops a word it should keep
  is caught by a twin.
- ``rowsynonyms._split_any``: ``any(_split_into(w, part, need) for w in words)`` inline, for a
  word glued of two (``nonrecurring``); the same property over words glued of a part and a
  needed word, and twins.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language import rowsynonyms
from crossfoot.language.rowsynonyms import _one_apart, _spelt_apart, names_in_other_words

_LETTERS = "abcdeilnorst"
_WORD = st.text(_LETTERS, min_size=0, max_size=9)


@st.composite
def _near(draw: st.DrawFn) -> tuple[list[str], str]:
    """A word and words drawn near it: itself edited once or twice, and random words."""
    v = draw(st.text(_LETTERS, min_size=1, max_size=9))
    words = draw(st.lists(_WORD, max_size=6))
    for _ in range(draw(st.integers(0, 4))):
        w = v
        for _ in range(draw(st.integers(1, 2))):
            k = draw(st.integers(0, len(w)))
            c = draw(st.sampled_from(_LETTERS))
            op = draw(st.sampled_from(("add", "drop", "swap")))
            w = (
                w[:k] + c + w[k:]
                if op == "add"
                else w[:k] + ("" if op == "drop" else c) + w[k + 1 :]
            )
        words.append(w)
    return words, v


@settings(max_examples=50, deadline=None)
@given(_near())
def test_spelt_apart_is_the_plain_reading(case: tuple[list[str], str]) -> None:
    words, v = case
    assert _spelt_apart(words, v) == any(_one_apart(w, v) for w in words)


def test_spelt_apart_twins() -> None:
    # one letter replaced, added or dropped in the middle: found; at either end, or short: not
    assert _spelt_apart({"margin", "ebitda"}, "ebita")
    assert _spelt_apart({"amortisation"}, "amortization")
    assert _spelt_apart({"reveneu", "net"}, "revenue") is False  # (the last letter differs)
    assert _spelt_apart({"cos"}, "cost") is False  # (under five letters)
    assert names_in_other_words(frozenset({"adjusted", "ebita"}), {"adjusted", "ebitda"}, [])


def test_a_prefilter_that_drops_a_word_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The twins fail when the prefilter asks too much (the same length only)."""

    def too_strict(words: set[str], v: str) -> bool:
        return any(len(w) == len(v) and _one_apart(w, v) for w in words)

    monkeypatch.setattr(rowsynonyms, "_spelt_apart", too_strict)
    assert not names_in_other_words(frozenset({"ebita"}), {"ebitda"}, [])
    assert _spelt_apart({"ebitda"}, "ebita")
    assert not too_strict({"ebitda"}, "ebita")


@st.composite
def _glued(draw: st.DrawFn) -> tuple[list[str], str, frozenset[str]]:
    """A part, needed words, and words some of which glue the part to a needed word."""
    part = draw(st.text(_LETTERS, min_size=0, max_size=6))
    need = frozenset(draw(st.lists(st.text(_LETTERS, min_size=1, max_size=6), max_size=4)))
    words = draw(st.lists(_WORD, max_size=5))
    for other in draw(st.lists(st.sampled_from(sorted(need) or ["x"]), max_size=3)):
        words.append(part + other if draw(st.booleans()) else other + part)
    return words, part, need


@settings(max_examples=50, deadline=None)
@given(_glued())
def test_split_any_is_the_plain_reading(case: tuple[list[str], str, frozenset[str]]) -> None:
    words, part, need = case
    plain = any(rowsynonyms._split_into(w, part, need) for w in words)
    assert rowsynonyms._split_any(words, part, need) == plain


def test_split_any_twins() -> None:
    need = frozenset({"non", "recurring"})
    assert rowsynonyms._split_any({"nonrecurring"}, "non", need)
    assert rowsynonyms._split_any({"nonrecurring"}, "recurring", need)
    assert not rowsynonyms._split_any({"nonrecurrings"}, "non", need)
    assert names_in_other_words(need, {"nonrecurring", "charge"}, ["nonrecurring", "charge"])
