"""Round 9 (speed9, issue 19): scans that replace a pattern tried at every character answer as
the pattern does.

- ``language.answermark.marker_end``: the last answer marker, found from the last "answer"
  backwards (the pattern run only where a match can start), against the pattern over the text;
- ``arithmetic.calculations.lone_x``: an "x" with no ASCII letter beside it, against ``_LONE_X``;
- ``numbers.forms.eu_search``: "1.234,5" behind a gate that starts with a literal point, against
  ``_EU_RE``;
- ``language.order.number_year_date``: the year and the date of a figure read once, against
  ``number_year`` and ``number_date``.

Each fast path is compared with the slow one on hypothesis texts made of the pieces that matter
(and on strings drawn from the pattern itself); a deliberately broken fast path is caught on a
fixed witness, and the same property finds it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from crossfoot.arithmetic import calculations
from crossfoot.language import answermark
from crossfoot.language.order import number_date, number_year, number_year_date
from crossfoot.model.wordgate import FOLDS_TO_ASCII
from crossfoot.numbers import forms
from crossfoot.numbers.extract import extract

_SETTINGS = settings(
    max_examples=150, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)
_FIND = settings(max_examples=1500, database=None, phases=[Phase.generate])


def _texts(pieces: list[str], max_size: int = 16) -> st.SearchStrategy[str]:
    return st.lists(st.one_of(st.sampled_from(pieces), st.text(max_size=2)), max_size=max_size).map(
        "".join
    )


# --- language.answermark.marker_end ---------------------------------------------------------

_MARKER_PIECES = [
    "answer",
    "Answer",
    "ANSWER",
    "AnSwEr",
    "the",
    "The",
    "THE",
    "final",
    "Final",
    " ",
    "  ",
    "\t",
    "\n",
    ":",
    "\uff1a",
    "*",
    "**",
    "#",
    ">",
    "_",
    "-",
    "is",
    " is",
    "IS",
    "5",
    "x",
    ".",
    "then",
    "answers",
    "\u00e9",
    "the answer",
    "THE final answer",
    "answer is",
    " is ",
    "answer:",
    "an",
    "wer",
    "fi",
    "nal",
    *FOLDS_TO_ASCII,
]


def _dense_marker_texts() -> st.SearchStrategy[str]:
    """Texts of the marker's own words and separators only (most hold a match)."""
    return st.lists(st.sampled_from(_MARKER_PIECES), max_size=14).map("".join)


def _marker_texts() -> st.SearchStrategy[str]:
    drawn = st.from_regex(answermark.MARKER)
    return st.one_of(
        _dense_marker_texts(),
        _texts(_MARKER_PIECES, 20),
        st.lists(st.one_of(drawn, st.sampled_from(_MARKER_PIECES)), max_size=6).map("".join),
    )


@_SETTINGS
@given(_marker_texts())
def test_marker_end_is_the_patterns_last_match(text: str) -> None:
    assert answermark.marker_end(text) == answermark._scanned(text)


@pytest.mark.parametrize(
    "text",
    [
        "So the answer is 5.",
        "The final answer is 5.",
        "the  final \tanswer is 5",
        "Answer: 5\nThe answer is 6",
        "The answer is 6.\n**Final Answer:** 7",
        "Answer: 5, which is my answer",
        "## answer *: 5",
        "an\u017fwer: 5",
        "TH\u0130S answer: 1",
        "answer answer: 3",
        "the answer: is 4",
        "",
    ],
)
def test_marker_end_fixed_cases(text: str) -> None:
    assert answermark.marker_end(text) == answermark._scanned(text)


def _line_starts_only(low: str, p: int) -> list[int]:
    return [low.rfind("\n", 0, p) + 1]


def _last_answer_only(text: str) -> int | None:
    low = text.lower()
    p = low.rfind("answer")
    for start in answermark._starts(low, p) if p >= 0 else []:
        m = answermark.MARKER.match(text, start)
        if m is not None and m.end() > p:
            return m.end()
    return None


def _ignores_folds(text: str) -> int | None:
    saved = answermark._FOLDS
    answermark._FOLDS = re.compile("$^")  # (matches nothing)
    try:
        return answermark.marker_end(text)
    finally:
        answermark._FOLDS = saved


@pytest.mark.parametrize(
    ("broken", "witness"),
    [
        ("line_starts_only", "So the answer is 5."),
        ("last_answer_only", "Answer: 5, which is my answer"),
        ("ignores_folds", "an\u017fwer: 5"),
    ],
)
def test_a_broken_marker_scan_is_caught(
    broken: str, witness: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast: Callable[[str], int | None]
    if broken == "line_starts_only":
        monkeypatch.setattr(answermark, "_starts", _line_starts_only)
        fast = answermark.marker_end
    else:
        fast = _last_answer_only if broken == "last_answer_only" else _ignores_folds
    assert answermark._scanned(witness) is not None
    assert fast(witness) != answermark._scanned(witness)
    if broken != "ignores_folds":  # (a folding character inside "answer" is too rare to draw)
        # the property above finds a case of its own
        found = find(
            _dense_marker_texts(), lambda t: fast(t) != answermark._scanned(t), settings=_FIND
        )
        assert fast(found) != answermark._scanned(found)


# --- arithmetic.calculations.lone_x ---------------------------------------------------------

_X_PIECES = ["x", "X", "a", "Z", "tax", "1", " ", "\u00e9", "\u00d7", "-", "\u017f", "_", "\n"]


@_SETTINGS
@given(_texts(_X_PIECES))
def test_lone_x_is_the_pattern(text: str) -> None:
    assert calculations.lone_x(text) == (calculations._LONE_X.search(text) is not None)


def test_a_broken_lone_x_is_caught() -> None:
    def isalpha(text: str) -> bool:  # "[A-Za-z]" is ASCII letters only: "é" is none
        return any(
            (i == 0 or not text[i - 1].isalpha())
            and (i + 1 == len(text) or not text[i + 1].isalpha())
            for i, ch in enumerate(text)
            if ch in "xX"
        )

    witness = "\u00e9x\u00e9"
    assert calculations._LONE_X.search(witness) is not None
    assert calculations.lone_x(witness) and not isalpha(witness)
    found = find(
        _texts(_X_PIECES),
        lambda t: isalpha(t) != (calculations._LONE_X.search(t) is not None),
        settings=_FIND,
    )
    assert calculations.lone_x(found) == (calculations._LONE_X.search(found) is not None)


# --- numbers.forms.eu_search ----------------------------------------------------------------

_EU_PIECES = ["1", "12", "123", "234", ".", ",", ".234", ",5", " ", "a", "1.234,5", "1.234.567"]


def _eu_texts() -> st.SearchStrategy[str]:
    drawn = st.from_regex(forms._EU_RE)
    return st.one_of(
        _texts(_EU_PIECES),
        st.lists(st.one_of(drawn, st.sampled_from(_EU_PIECES)), max_size=5).map("".join),
    )


def _span(m: re.Match[str] | None) -> tuple[int, int] | None:
    return None if m is None else m.span()


@_SETTINGS
@given(_eu_texts())
def test_eu_search_is_the_pattern(text: str) -> None:
    assert _span(forms.eu_search(text)) == _span(forms._EU_RE.search(text))
    assert forms.european_text(text) == (
        forms._EU_RE.search(text) is not None and forms._US_RE.search(text) is None
    )


def test_a_broken_eu_gate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forms, "_EU_GATE", re.compile(r"\.[0-9]{3},[0-9]"))  # "1.234.567" missed
    witness = "it was 1.234.567 units"
    assert forms._EU_RE.search(witness) is not None
    assert forms.eu_search(witness) is None
    found = find(
        _eu_texts(),
        lambda t: _span(forms.eu_search(t)) != _span(forms._EU_RE.search(t)),
        settings=_FIND,
    )
    assert forms._EU_RE.search(found) is not None


# --- language.order.number_year_date --------------------------------------------------------

_YEAR_PIECES = [
    "Revenue was ",
    "$5m",
    " in 2019",
    " in fiscal 2018",
    ", up from ",
    "$4.2 million",
    " on June 30, 2025",
    " as of 2024-12-31",
    " on 31.12.2019",
    "In 2020, ",
    " and ",
    " respectively",
    " from 2018 to 2019",
    "12%",
    ". ",
    "December 31, 2019",
]


@_SETTINGS
@given(st.lists(st.sampled_from(_YEAR_PIECES), min_size=1, max_size=10).map("".join))
def test_year_and_date_read_once_are_the_two_readings(text: str) -> None:
    mentions = extract(text)
    for i in range(len(mentions)):
        year = number_year(text, 0, len(text), mentions, i)
        date = number_date(text, 0, len(text), mentions, i) if year is not None else None
        assert number_year_date(text, 0, len(text), mentions, i) == (year, date)
