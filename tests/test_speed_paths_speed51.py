"""Round 36 (issue 19, speed51): two answer-level gates of the tail readings and a per-document
memo, against the plain readings they replace.

- ``rules.which_period``: the per-sentence search for a superlative or comparative word
  (``_EXTREME``) runs only when the whole answer holds one of its words. A word absent from the
  whole text is absent from every sentence of it, so no sentence is skipped that the loop would
  have read; the property compares ``check()`` with the gate and with a gate that never says
  "absent", and a broken gate (always "absent") is caught by a twin.
- ``rules._month_rank.ranked_months``: the per-answer scan for month or half columns tests the
  value's period before ``by_column`` (which tests it first itself): the same answer; the twins
  run the ranking through the gate, and a gate that never opens is caught.
- ``rules._prose_subject._source_words``: the words of the scope's sources, kept by the (frozen)
  sources themselves across answers (``model.memo.by_cells``), equal to the plain reading.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.language.rowtokens import tokens
from crossfoot.model.memo import by_cells
from crossfoot.model.types import Source
from crossfoot.model.wordgate import WordGated
from crossfoot.rules import _month_rank, _prose_subject, which_period

_TABLE = (
    '[["", "2019", "2018", "2017"], ["Total Other", "89", "95", "82"], ["Sales", "10", "7", "9"]]'
)


class _Never(WordGated):
    """``_EXTREME`` with a gate that never says "absent": every sentence is searched."""

    def absent(self, text: str, pos: int = 0, endpos: int = 2**62) -> bool:
        return False


class _Always(WordGated):
    """A broken gate: every text "absent"."""

    def absent(self, text: str, pos: int = 0, endpos: int = 2**62) -> bool:
        return True


@contextmanager
def _gate(cls: type[WordGated]) -> Iterator[None]:
    plain = which_period._EXTREME
    which_period._EXTREME = cls(plain.pattern, plain.words)
    try:
        yield
    finally:
        which_period._EXTREME = plain


def _report(answer: str, question: str | None) -> object:
    return check(answer, [_TABLE], question=question).to_dict()


_SENTENCES = [
    "Total Other was 89 in 2019, 95 in 2018 and 82 in 2017.",
    "It was largest in 2019.",
    "It was highest in 2018.",
    "Sales were lowest in 2018.",
    "Sales was more in 2019 than in 2018.",
    "Sales were 10 in 2019.",
    "The answer is 2018.",
    "Answer: 2017",
    "Sales peaked in 2017 at 9.",
]
_QUESTIONS = [None, "In which year was Total Other largest?", "What was Sales in 2019?"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_SENTENCES), min_size=1, max_size=4), st.sampled_from(_QUESTIONS))
def test_which_period_gate_is_the_plain_loop(parts: list[str], question: str | None) -> None:
    answer = " ".join(parts)
    gated = _report(answer, question)
    with _gate(_Never):
        assert _report(answer, question) == gated


def test_which_period_broken_gate_is_caught() -> None:
    answer = _SENTENCES[0] + " " + _SENTENCES[1]
    why = "the largest is 95 (2018), not 89 (2019)"
    assert any(c.message == why for c in check(answer, [_TABLE]).claims)
    with _gate(_Always):  # (a gate that skips a sentence holding "largest" loses the verdict)
        assert not any(c.message == why for c in check(answer, [_TABLE]).claims)


_MONTHS = json.dumps([["", "Jan 2024", "Feb 2024", "Mar 2024"], ["Revenue", "50", "52", "57"]])


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("Revenue was highest in February at 52.", "the highest is 57 (March), not 52 (February)"),
        ("Revenue was lowest in February at 52.", "the lowest is 50 (January), not 52 (February)"),
        ("Revenue was highest in March at 57.", None),
    ],
)
def test_month_columns_gate_lets_the_ranking_through(answer: str, why: str | None) -> None:
    # (read36c: the gate's test compared ``a and b`` with ``b and a``, which cannot fail; this
    # runs ``ranked_months`` through the gate end to end, both twins)
    (claim,) = check(answer, [_MONTHS]).claims
    assert (claim.message or None) == why, claim
    assert (claim.status == "contradicted") is (why is not None), claim


def test_month_columns_broken_gate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    answer = "Revenue was highest in February at 52."
    assert check(answer, [_MONTHS]).claims[0].status == "contradicted"
    monkeypatch.setattr(_month_rank, "by_column", lambda v: False)  # (a gate that never opens)
    assert check(answer, [_MONTHS]).claims[0].status != "contradicted"


# --- rules._prose_subject._source_words: the sources' words kept across answers -------------

_WORDS = ["Revenue", "rose", "the", "costs", "2019", "Segment's", "net", "income", "&", "fell"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_WORDS), max_size=12).map(" ".join), max_size=3))
def test_source_words_are_the_plain_reading(texts: list[str]) -> None:
    sources = tuple(Source(f"S{n}", t) for n, t in enumerate(texts, start=1))
    plain = frozenset(t for s in sources for t in tokens(s.text))
    assert _prose_subject._words_of(sources) == plain
    kept = by_cells(_prose_subject._SOURCE_WORDS, sources, 16, _prose_subject._words_of)
    assert kept == plain  # (and again from the memo, for a new tuple of the same sources)
    assert by_cells(_prose_subject._SOURCE_WORDS, tuple(list(sources)), 16, lambda _: None) == plain


def test_source_words_twins() -> None:
    # a prose figure of another subject: the sources' words decide it, read once per document
    text = "Product revenue was $4.1 million. Marketing expense was $2.4 million."
    assert check("Product revenue was $4.1 million.", [text]).passed
    assert not check("Product revenue was $2.4 million.", [text]).passed
    assert check("Product revenue was $4.1 million.", [text]).passed  # (the kept words)
