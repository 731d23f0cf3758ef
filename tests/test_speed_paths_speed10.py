"""trace's fast paths of round 9 (issue 19, speed10) give what the plain path gives.

- ``front.trace_keep.rank_before`` answers ``_RANK_BEFORE.search`` (a word that makes the
  number after it a rank or a label) without the regex for ASCII text: equal to the pattern on
  hypothesis texts of its words, their neighbours ("stop", "topic", "no.", "#"), other letters,
  digits, "_", white space and the characters ``re`` folds to ASCII letters; a test that forgets
  the word boundary, or "no.", is caught.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import example, find, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace_keep as trace_keep
from crossfoot.front.trace_keep import _RANK_WORDS, rank_before
from deep import examples

_PIECES = [
    *sorted(_RANK_WORDS), "no.", "No.", "NO", "#", "stop", "topic", "items", "rank1", "_top",
    "q3", "FY", "Fy", "H", "ſtep", "İtem", "\u212aey", "ı", "a", "1", "_", ".", ",", "(", "-",
    " ", "  ", "\t", "\n", "\u00a0", "\u2003", "é",
]  # fmt: skip
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=8).map("".join)


def _plain(before: str) -> bool:
    return trace_keep._RANK_BEFORE.search(before) is not None


@settings(max_examples=examples(300, 1500), deadline=None)
@given(_TEXTS)
@example("the top ")
@example("a stop ")
@example("see no.")
@example("casino.")
@example("#")
@example("")
@example("Q")
@example("ſtep ")
@example("row\n")
@example("row\u00a0")
def test_rank_before_equals_the_pattern(before: str) -> None:
    assert rank_before(before) is _plain(before)


def test_rank_before_on_every_word_in_every_case() -> None:
    for w in sorted(_RANK_WORDS):
        for text in (
            w,
            w.upper(),
            w.title(),
            f"the {w} ",
            f"x{w}",
            f"({w}\n",
            f"{w}s",
            f"{w}_",
        ):
            assert rank_before(text) is _plain(text), text


def _broken_no_boundary(before: str) -> bool:
    if not before.isascii():
        return _plain(before)
    s = before.rstrip().lower()
    return s.endswith("#") or s.endswith("no.") or any(s.endswith(w) for w in _RANK_WORDS)


def _broken_no_dot(before: str) -> bool:
    s = before.rstrip()
    if s.endswith(".") and before.isascii():
        return False
    return rank_before(before)


def test_broken_fast_paths_are_caught() -> None:
    broken: list[Callable[[str], bool]] = [_broken_no_boundary, _broken_no_dot]
    for fast in broken:
        witness = find(_TEXTS, lambda t, f=fast: f(t) is not _plain(t))  # type: ignore[misc]
        assert fast(witness) is not _plain(witness)


def test_words_are_the_patterns_alternatives() -> None:
    # the fast path's word set is the pattern's letters-only alternatives, no more, no less
    body = trace_keep._RANK_BEFORE.pattern
    listed = re.search(r"\\b\(\?:(.*)\)\|#", body, re.S)
    assert listed is not None
    alternatives = {a for a in re.sub(r"\(\?:ed\)\?", "", listed.group(1)).split("|")}
    alternatives |= {"ranked"}
    assert alternatives - {r"no\."} == set(_RANK_WORDS)
