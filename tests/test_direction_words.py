"""direction_words() is a cached stand-in for scanning a window with the direction-word pattern:
it must return exactly the matches the pattern finds, for any text and window, including words
cut by either end of the window and words glued to digits, underscores or other letters.

The clause breaks (_clause_marks) skip the pattern for a sentence without ";" or a break word;
they must equal the pattern's matches all the same. number_year returns None at once for a
sentence without a year; it must agree with the full reading (_year_of)."""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language.direction import (
    _BREAK_FOLDS,
    _BREAK_NEEDLES,
    _CLAUSE,
    _CLAUSE_NO_AND,
    _WORD,
    _clause_marks,
    _is_w,
    direction_words,
    new_answer,
)
from crossfoot.language.order import (
    _opening_year,
    _year_of,
    number_year,
)
from crossfoot.language.sentences import split_sentences
from crossfoot.numbers.extract import extract
from deep import examples

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


@settings(max_examples=examples(300, 500))
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


# -- the clause-break gate --------------------------------------------------------------------

_BREAK_WORDS = [
    "and", "AND", "And", "band", "while", "While", "whereas", "but", "BUT", "butter", "although",
    "though", "however", "yet", "respectively", "then", "wh\u0131le", "re\u017fpectively",
]  # fmt: skip
# Each word bare, spaced and after a comma, so most texts hold a break or a near miss.
_CLAUSE_PIECES = [
    " ", "\n", ",", ";", " ; ", "Sales", "rose", "5%", "\u0130", "\u017f", "é",
    *_BREAK_WORDS, *(f" {w} " for w in _BREAK_WORDS), *(f", {w} " for w in _BREAK_WORDS),
]  # fmt: skip


@settings(max_examples=examples(300, 800), deadline=None)
@given(
    st.lists(st.sampled_from(_CLAUSE_PIECES), max_size=20).map("".join),
    st.integers(min_value=0, max_value=10),
    st.integers(min_value=0, max_value=200),
    st.booleans(),
)
def test_clause_marks_equal_the_pattern(text: str, a: int, b: int, split_and: bool) -> None:
    new_answer()
    lo, hi = min(a, len(text)), min(max(a, b), len(text))
    pattern = _CLAUSE if split_and else _CLAUSE_NO_AND
    expected = tuple((m.start(), m.end()) for m in pattern.finditer(text, lo, hi))
    assert _clause_marks(text, lo, hi, split_and) == expected, (text, lo, hi)


def test_break_folds_are_every_non_ascii_letter_of_the_break_words() -> None:
    letters = set("".join(_BREAK_NEEDLES) + "and") - {";"}
    any_letter = re.compile(f"(?i)[{''.join(sorted(letters))}]")
    folds = {chr(c) for c in range(128, sys.maxunicode + 1) if any_letter.fullmatch(chr(c))}
    assert folds == {chr(c) for c in (0x130, 0x131, 0x17F)}
    assert all(_BREAK_FOLDS.search(ch) for ch in folds)


def test_clause_marks_for_each_break_word_alone() -> None:
    for word in [*_BREAK_WORDS, ";"]:
        for text in (f"Sales rose {word} fell", f"Sales rose, {word} fell", f"Sales{word}fell"):
            for split_and in (True, False):
                new_answer()
                pattern = _CLAUSE if split_and else _CLAUSE_NO_AND
                expected = tuple(m.span() for m in pattern.finditer(text))
                assert _clause_marks(text, 0, len(text), split_and) == expected, (text, split_and)


# -- the year gate of number_year ---------------------------------------------------------------

_YEAR_PIECES = [
    " ", ", ", ". ", "Revenue was", "$5m", "$4m", "12%", "in", "for", "In", "from", "to", "and",
    "2019", "2020", "FY2021", "fiscal 2018", "up from", "respectively", "December 31, 2019",
]  # fmt: skip


@settings(max_examples=examples(300, 500), deadline=None)
@given(st.lists(st.sampled_from(_YEAR_PIECES), max_size=16).map(" ".join))
def test_number_year_gate_changes_no_answer(text: str) -> None:
    mentions = extract(text)
    for s in split_sentences(text, [], lambda _: None):
        for i, m in enumerate(mentions):
            if s.start <= m.start < s.end:
                new_answer()
                found = _year_of(text, s.start, s.end, mentions, i)  # the year mention read
                if found is None and m.kind != "year":  # a sentence's opening date (failopen11)
                    found = _opening_year(text, s.start, s.end, mentions, i)
                want = None if found is None else int(found.value)
                new_answer()
                assert number_year(text, s.start, s.end, mentions, i) == want, (text, i)
