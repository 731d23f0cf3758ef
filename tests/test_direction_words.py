"""direction_words() is a cached stand-in for scanning a window with the direction-word pattern:
it must return exactly the matches the pattern finds, for any text and window, including words
cut by either end of the window and words glued to digits, underscores or other letters."""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot._direction import _WORD, _is_w, direction_words, new_answer

# Pieces that make the hard cases likely: direction words, words that start with one ("upgrade",
# "morel", "cutting"), case variants, glue characters and non-ASCII letters.
PIECES = [
    "rose", "Rose", "RISEN", "up", "upgrade", "down", "downs", "more", "morel", "less", "lessen",
    "cut", "cutting", "short", "fell", "fallen", "declined", "growth", "grows", "loss", "é", "ſ",
    "_", "5", "5%", " ", "  ", ",", ";", "-", "(", ")", "/", "of", "the", "revenue", "İ", "\n",
    "support", "setup", "rosé", "²", "٣",
]  # fmt: skip


def _key(matches: list) -> list[tuple[int, int, str, bool]]:  # type: ignore[type-arg]
    return [(m.start(), m.end(), m.group(0), m.group("up") is not None) for m in matches]


@settings(max_examples=500)
@given(
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.integers(min_value=0, max_value=200),
    st.integers(min_value=0, max_value=200),
)
def test_same_matches_as_the_pattern(text: str, a: int, b: int) -> None:
    new_answer()
    pos, endpos = min(a, len(text)), min(b, len(text))
    expected = _key(list(_WORD.finditer(text, pos, endpos)))
    assert _key(direction_words(text, pos, endpos)) == expected
    # The second call is served from the per-answer cache and must agree too.
    assert _key(direction_words(text, pos, endpos)) == expected


def test_cut_word_matches_as_the_pattern_sees_it() -> None:
    text = "The figure rose to upgrade levels"
    # Window ending inside "upgrade": the pattern sees "up" as a whole word there.
    end = text.index("upgrade") + 2
    assert [m.group(0) for m in direction_words(text, 0, end)] == ["rose", "up"]
    assert [m.group(0) for m in direction_words(text, 0, len(text))] == ["rose"]
    # A window starting inside a word skips that word, as the pattern does.
    assert [m.group(0) for m in direction_words(text, text.index("rose") + 1, len(text))] == []


def test_word_character_test_is_the_patterns() -> None:
    word = re.compile(r"\w")
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        assert _is_w(ch) == (word.match(ch) is not None), hex(code)
