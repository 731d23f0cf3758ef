"""The shortcuts of stated_direction and sign_words give what the full reading gives.

* stated_direction returns None at once for a clause that holds no direction word (no run of
  the cached direction runs lies inside it, and no window end cuts a word, which the pattern
  would read as ended there);
* sign_words returns False at once for a text without "loss", "deficit", "shortfall",
  "negative" or "outflow" in any case, unless it holds a character the pattern folds to one
  of their letters (dotted and dotless i, long s).

Both are compared with the full functions (the shortcut switched off) over texts built from
pieces that make the hard cases likely: direction words, words that start with one ("upgrade",
"growthy"), "negative growth", loss words, glue characters and non-ASCII letters that fold.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language import direction as _direction
from crossfoot.language.direction import new_answer, sign_words, stated_direction
from deep import examples

PIECES = [
    "rose", "up", "upgrade", "down", "more", "less", "cut", "growth", "growthy", "negative",
    "negative growth", "loss", "losses", "deficit", "ſhortfall", "net outflow", "NEGATİVE",
    "short", "fell short", "not", "5", "5%", "$5m", " ", ",", ";", " and ", " while ", "(", "/",
    "of", "the", "revenue", "_", "é", "support", "increase / (decrease)", "a net loss of ",
]  # fmt: skip


def _full(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(_direction, "_wordless", lambda *args: False)
    mp.setattr(_direction, "_may_lose", lambda text: True)


@settings(max_examples=examples(300, 2000), deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=24),
    st.integers(min_value=0, max_value=23),
    st.integers(min_value=0, max_value=150),
    st.integers(min_value=0, max_value=150),
)
def test_the_shortcuts_give_the_full_reading(pieces: list[str], k: int, s0: int, s1: int) -> None:
    # The claim is one piece ("5", "$5m", or a word glued to its neighbours: "up" + "5"); the
    # sentence ends anywhere after it, in a word or not.
    k = min(k, len(pieces) - 1)
    text = "".join(pieces)
    start = len("".join(pieces[:k]))
    end = start + len(pieces[k])
    sent_start, sent_end = min(s0, start), max(min(s1, len(text)), end)
    args = (text, sent_start, sent_end, start, end)
    new_answer()
    fast = (stated_direction(*args), sign_words(*args))
    new_answer()
    with pytest.MonkeyPatch.context() as mp:
        _full(mp)
        slow = (stated_direction(*args), sign_words(*args))
    assert fast == slow


# A window end that cuts a word: the pattern reads the word as ended there, so these clauses
# state a direction although no whole direction word is in them. And direction words at the
# very edges of a clause.
CUT = [
    # the after-window's end (40 characters past the number) cuts "upgrade" after "up"
    ("5 percentage points year-over-year net upgrade", "5", None, "up"),
    # (not a cut: the direction word opens the clause, then closes it)
    ("Up 5%", "5%", None, "up"),
    ("costs fell; revenue 5% up", "5%", None, "up"),
    # the number's start cuts "up5%", in the clause and at its very start
    ("revenue up5% in total", "5%", None, "up"),
    ("Up5% in total", "5%", None, "up"),
    # cuts that leave no direction word: "be" of "below", a run of digits
    ("5 was reported by the company at 97.3% below item 2", "5", None, None),
    ("11,449 was reported by the company at 97.3% below", "11,449", None, None),
    # the sentence's end cuts "growthy" after "growth", near the number and far from it
    ("5 negative growthy", "5", len("5 negative growth"), "down"),
    (
        "5 was reported by the company for the" + " " * 5 + "period with negative growthy",
        "5",
        -1,
        "down",
    ),
]


@pytest.mark.parametrize(("text", "claim", "sent_end", "expected"), CUT)
def test_a_window_end_inside_a_word_takes_the_full_reading(
    text: str, claim: str, sent_end: int | None, expected: str | None
) -> None:
    start = text.index(claim)
    stop = len(text) if sent_end is None else sent_end % len(text)
    args = (text, 0, stop, start, start + len(claim))
    new_answer()
    fast = stated_direction(*args)
    new_answer()
    with pytest.MonkeyPatch.context() as mp:
        _full(mp)
        slow = stated_direction(*args)
    assert fast == slow == expected


@pytest.mark.parametrize(
    "lead", ["a negative ", "a NEGATIVE ", "a net loſs of ", "a deficit of ", "a net outflow of "]
)
def test_every_loss_word_keeps_the_full_reading(lead: str) -> None:
    text = f"The company posted {lead}5."
    start = text.index("5")
    new_answer()
    assert sign_words(text, 0, len(text), start, start + 1) is True


def test_the_loss_needles_fold_like_the_pattern() -> None:
    # The characters re.I matches to a letter of the needles are exactly the three sent to
    # the full reading (checked over every code point).
    letters = set("".join(_direction._LOSS_NEEDLES))
    folding = {
        chr(cp)
        for cp in range(0x80, 0x30000)
        if any(re.fullmatch(f"(?i){x}", chr(cp)) for x in letters)
    }
    assert folding == {"\u0130", "\u0131", "\u017f"}
    assert all(_direction._BREAK_FOLDS.search(c) for c in folding)


def test_a_clause_without_direction_words_takes_the_shortcut() -> None:
    text = "item 1 had 299 in revenue; costs rose 5%."
    new_answer()
    assert _direction._wordless(text, 0, 25, 11, 14)
    assert not _direction._wordless(text, 27, len(text), 38, 40)
    assert stated_direction(text, 0, len(text), 38, 40) == "up"
    assert not _direction._may_lose(text)
