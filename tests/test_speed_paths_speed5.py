"""The question read once (issue 19, speed5): ``Named`` takes the question's numbers from the
engine's :func:`asked_figures` instead of reading the question a second time.

Each fast path is compared with the reading it replaces (hypothesis and fixed cases), and with a
deliberately broken fast path, so the comparison is known to catch one that is wrong.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from decimal import Decimal

import pytest
from hypothesis import given, settings

import crossfoot.language.question as question_module
from crossfoot import check
from crossfoot.language.asked import read_question
from crossfoot.language.question import asked_figures, figures_read
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract
from crossfoot.sources.load import load_sources
from strategies import texts_over

nm = importlib.import_module("crossfoot.rules._named")

_TABLE = """| Item | 2019 | 2018 |
|---|---|---|
| Due in 3 to 5 years | 1,200 | 1,100 |
| Revenue | 60 | 50 |
| Cost of sales | 700 | 650 |
"""

# Question pieces: numbers of every kind the reader knows (ranges, years, scales, percentages),
# words that name rows, and sentence ends (a question of two sentences asks in its last one).
_PIECES = [
    "What was ",
    "revenue ",
    "due in ",
    "3 to 5 years",
    " in 2019",
    " and 2018",
    "$1,200",
    " million",
    " 12.5%",
    " FY19",
    "? ",
    ". ",
    " then",
    " 30,000",
    " thousand",
    " (4)",
    "2017-18",
]
_QUESTIONS = texts_over(_PIECES, max_size=12)


def _plain(text: str) -> frozenset[tuple[Decimal, Decimal | None]]:
    """The reading replaced: the question's numbers read afresh (no years)."""
    return frozenset((m.value, m.high) for m in extract(text) if m.kind != "year")


def _named_asked(question: str) -> frozenset[tuple[Decimal, Decimal | None]]:
    """What ``Named`` holds as the question's numbers, after the engine read the question."""
    asked_figures(question)
    named = nm.Named(read_question(question), load_sources([_TABLE]).index(None).values)
    return named._asked  # type: ignore[no-any-return]


@settings(max_examples=200, deadline=None)
@given(_QUESTIONS, _QUESTIONS)
def test_asked_figures_kept_are_the_figures_read_afresh(question: str, other: str) -> None:
    question_module._LAST = ("", ())
    first = asked_figures(question)
    plain = tuple(m for m in extract(question) if m.kind != "year") if question else ()
    assert first == plain
    if question:
        assert figures_read(question) == first
    # another question read since: the kept figures are that one's, never the first's
    asked_figures(other)
    if other and other != question:  # ("" is no question: nothing read)
        assert figures_read(question) is None
    if other:
        assert figures_read(other) == tuple(m for m in extract(other) if m.kind != "year")


@settings(max_examples=200, deadline=None)
@given(_QUESTIONS.filter(bool))
def test_named_reads_the_numbers_a_fresh_reading_gives(question: str) -> None:
    nm._figures_of.cache_clear()
    # Named reads the ask (the last question sentence), then the whole question when the ask is
    # part of it: it keeps the whole question's numbers
    assert _named_asked(question) == _plain(question)
    question_module._LAST = ("", ())  # nothing read: the plain reading
    assert nm.Named(read_question(question), ())._asked == _plain(question)


def test_slot_is_shared_across_threads_without_a_wrong_answer() -> None:
    import threading

    questions = [f"Was revenue above ${n},000 in 2019?" for n in range(1, 40)]
    wrong: list[str] = []

    def run(qs: list[str]) -> None:
        for q in qs * 5:
            got = asked_figures(q)
            if got != tuple(m for m in extract(q) if m.kind != "year"):
                wrong.append(q)

    threads = [threading.Thread(target=run, args=(questions[i::3],)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


def _broken_with_years(text: str) -> tuple[Mention, ...] | None:
    return tuple(extract(text))  # years kept: a wrong fast path


def _broken_other(text: str) -> tuple[Mention, ...] | None:
    return tuple(extract("Was revenue above $5 million?"))  # another question's figures


@pytest.mark.parametrize("broken", [_broken_with_years, _broken_other])
def test_a_broken_fast_path_is_caught(
    monkeypatch: pytest.MonkeyPatch, broken: Callable[[str], tuple[Mention, ...] | None]
) -> None:
    monkeypatch.setattr(nm, "figures_read", broken)
    cases = ["What was revenue due in 3 to 5 years in 2019?", "Sales in 2019? And costs of $40?"]
    assert any(_named_asked(q) != _plain(q) for q in cases)


_CASES = [
    ("Revenue was $60 in 2019.", "What was revenue in 2019?"),
    ("The amount due in 3 to 5 years was 1,200 in 2019.", "What was due in 3 to 5 years in 2019?"),
    ("Cost of sales rose to 700 from 650.", "Costs were 650 in 2018. What were they in 2019?"),
    ("Revenue exceeded $55 in 2019.", "Did revenue exceed $55 in 2019?"),
]


@pytest.mark.parametrize(("answer", "question"), _CASES)
def test_check_gives_the_same_report_with_the_question_kept_or_read_afresh(
    answer: str, question: str
) -> None:
    def afresh() -> dict[str, object]:
        question_module._LAST = ("", ())
        nm._figures_of.cache_clear()
        return check(answer, [_TABLE], question=question).to_dict()

    def _fresh_reader(text: str) -> tuple[Mention, ...] | None:
        return None

    kept = check(answer, [_TABLE], question=question).to_dict()
    plain = pytest.MonkeyPatch()
    plain.setattr(nm, "figures_read", _fresh_reader)
    try:
        unkept = afresh()
    finally:
        plain.undo()
    assert kept == unkept
