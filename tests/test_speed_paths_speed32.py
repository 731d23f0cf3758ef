"""The speed paths of round 26 (issue 19, speed32) against the readings they keep.

- ``numbers.fast._no_prefix``: whether the prefix reader reads nothing before the digits after a
  reference word ("item 2", "Note 4"), kept by the characters the reader looks at. Hypothesis
  pairs of texts alike from some character before the digits on (symbols, scale words, signs,
  spaces, a floor from the number read before) and unlike before it: the second, answered from
  the first's kept reading, reads as afresh; a window narrower than the reader's reach is caught
  by the twins for every symbol and scale word (checked: a width of 12 fails).
- ``numbers.fast._reference_word``: whether the 24 characters before the digits end in a
  reference word, kept by those characters: hypothesis texts of reference words, cut anywhere,
  against ``ends_at`` and ``ref_before`` on the whole text.
- ``language.answermark.marker_end``, ``language.changewords.move_stated`` and
  ``language.order._year_mention`` kept for the last text (and mentions) asked, by identity:
  the rules of one answer ask for the same figure's reading again. Hypothesis answers, asked
  in any order, against the fresh readings.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language import answermark, changewords
from crossfoot.language import order as order_mod
from crossfoot.numbers import fast
from crossfoot.numbers.affixes import _before_tables, _index
from crossfoot.numbers.around import Env
from crossfoot.numbers.context import ends_at, tail_end
from crossfoot.numbers.extract import extract
from crossfoot.numbers.patterns import REF_ENDS, ref_before

_SYMBOLS = sorted(_index(None).symbols)
_SCALES = sorted(_before_tables(None)[0])
_PIECES = st.sampled_from(
    [
        *_SYMBOLS,
        *_SCALES,
        " ",
        "  ",
        "-",
        "%",
        "(",
        "$",
        "item",
        "note",
        "Row",
        "em",
        "12",
        ".",
        ",",
    ]
)


def _before(text: str, s0: int) -> str:
    return text[s0 - 4 if s0 > 4 else 0 : s0].rstrip(fast._SPACES)[-2:]


def _fresh(text: str, s0: int, e0: int, floor: int) -> bool:
    return fast._read_no_prefix(text, s0, e0, Env(None, False, text), floor, _before(text, s0))


def _kept(text: str, s0: int, e0: int, floor: int) -> bool:
    return fast._no_prefix(text, s0, e0, Env(None, False, text), floor, _before(text, s0))


@settings(max_examples=50, deadline=None)
@given(
    near_a=st.lists(_PIECES, max_size=4).map("".join),
    near_b=st.lists(_PIECES, max_size=4).map("".join),
    common=st.lists(_PIECES, max_size=3).map("".join),
    digits=st.sampled_from(["2", "12", "4"]),
    after=st.sampled_from([" had", "% of", " %", ".", ""]),
    floor_at=st.integers(min_value=0, max_value=60),
)
def test_kept_prefix_reading_is_the_fresh_one(
    near_a: str, near_b: str, common: str, digits: str, after: str, floor_at: int
) -> None:
    """Two texts alike from some character before the digits on, and unlike before it: the
    second, answered from the first's kept reading where the keys meet, reads as afresh."""
    fast._NO_PREFIX.clear()
    for near in (near_a, near_b):
        text = f"{'x' * 30}{near}{common} {digits}{after}"
        s0 = 30 + len(near) + len(common) + 1
        e0 = s0 + len(digits)
        floor = min(floor_at, s0)
        assert _kept(text, s0, e0, floor) == _fresh(text, s0, e0, floor), text


def test_every_symbol_and_scale_word_is_in_the_window() -> None:
    """Twins for every CLDR symbol and scale word written before a number: at a word's start it
    may be read ("x elfu 12"), glued to a letter it is not ("xxelfu 12"); the two differ just
    before the word, so a window that does not reach there answers one with the other's
    reading."""
    for word in (*_SYMBOLS, *_SCALES):
        for first, second in ((" ", "x"), ("x", " ")):
            fast._NO_PREFIX.clear()
            for glue in (first, second):
                text = f"x{glue}{word} 12 here"
                s0 = len(f"x{glue}{word} ")
                assert _kept(text, s0, s0 + 2, 0) == _fresh(text, s0, s0 + 2, 0), text


@settings(max_examples=50, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["item", "Note", "no.", "No .", "row", "Step", "x", " ", "  ", "(", "12"]),
        max_size=12,
    ).map(" ".join),
    cut=st.integers(min_value=0, max_value=40),
)
def test_kept_reference_word_is_the_fresh_reading(words: str, cut: int) -> None:
    """``fast._reference_word`` of the 24 characters before the digits, kept or read, is
    ``ends_at`` and ``ref_before`` of the whole text there."""
    text = f"{words} 4 more"
    s0 = max(0, len(words) + 1 - cut % (len(words) + 2))
    fresh = ends_at(text, s0, REF_ENDS, tail_end(text, s0)[0]) and ref_before(text, s0)
    for _ in range(2):  # read, then kept
        assert fast._reference_word(text[s0 - 24 if s0 > 24 else 0 : s0]) == fresh, (text, s0)


_SENTENCES = [
    "Revenue rose by $20 in 2024.",
    "In 2023, costs fell 5% to $4.1m.",
    "The answer is 12.",
    "Sales were 5 in 2019 and 7 in 2018, respectively.",
    "Answer: 3.5",
    "Net income dropped by 1,200 from 2022 to 2023.",
]


@settings(max_examples=50, deadline=None)
@given(
    picks=st.lists(st.sampled_from(_SENTENCES), min_size=1, max_size=4),
    order=st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=12),
)
def test_kept_sentence_readings_are_the_fresh_ones(picks: list[str], order: list[int]) -> None:
    """``answermark.marker_end``, ``changewords.move_stated`` and ``order._year_mention``, kept
    per text (and mentions) by identity, against their fresh readings, asked in any order, of
    two answers in turn (one equal to the other but another object: read again)."""
    text = " ".join(picks)
    other = "".join([text[:1], text[1:]])  # an equal text, another object (when longer than 1)
    for answer in (text, other, text):
        found = tuple(extract(answer))
        assert answermark.marker_end(answer) == answermark._read_marker_end(answer)
        for k in order:
            start = k % (len(answer) + 1)
            assert changewords.move_stated(answer, 0, start) == changewords._read_move(
                answer, 0, start
            )
            if found:
                i = k % len(found)
                kept = order_mod._year_mention(answer, 0, len(answer), found, i)
                assert kept == order_mod._read_year_mention(answer, 0, len(answer), found, i)
