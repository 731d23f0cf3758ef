"""Round 42 (speed59, issue 19): the number scanner's fast path takes a year after a month
("30 March 2019") and a figure after a formula word ("by 1,234"): months and formula words
matter to a day or a constant only (``numbers.fast._plain_before``'s narrowed gate). Compared
with the full reader (``FAST_PATH`` off), shown taken, and shown caught when broken."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot.numbers.fast as fast
from crossfoot.numbers.patterns import APPROX_ENDS, FISCAL_ENDS, MONTH_ENDS, REF_ENDS
from fast_spy import fast_reads, first_difference

_CORES = ["2019", "1850", "31", "5", "05", "100", "0100", "12", "13", "007", "4,567", "12.5", ".5",
          "1.234", "1,2,3", "123"]  # fmt: skip
_WORDS = [*MONTH_ENDS.words, "x", "by", "times", "Times", "BY", "X", "fy", "year", "Note", "item",
          "about", "Sept", "MARCH", "Mayday", "xmarch"]  # fmt: skip
_DOLLARS = ["$5", "$5.3 million", "$1,234", "$2019", "$100", "$12 billion", "-$5", "$4.2M", "$ 5"]
_RIGHTS = [",", ".", " in", "", ")", "\n", "%", " million", " March", ". Next", ", 2019", " to 5",
           " pm", ":", "-6", "/3", " of June"]  # fmt: skip


def _turns(lefts: tuple[str, ...]) -> Iterator[str]:
    """The lefts in turn, one a text: every word, core and ending meets one of them and each
    left meets every word (the whole product, five times as many texts, took 15-20 s)."""
    while True:
        yield from lefts


def _texts() -> Iterator[str]:
    lefts = _turns(("It ended ", "On ", "\n", "up to ", "between 4 and "))
    for word in _WORDS:
        for core in _CORES:
            for right in _RIGHTS:
                for said in dict.fromkeys((word, word.capitalize())):
                    yield f"{next(lefts)}{said} {core}{right}"


def test_months_and_formula_words_read_as_the_full_reader() -> None:
    assert first_difference(_texts()) is None


def _money() -> Iterator[str]:
    befores = [*_WORDS, "million,", "2019,", "5,", "(5,", "US,", "A,", "total ,", "x,", "-,"]
    lefts = _turns(("It ended ", "\n", "up to ", "between 4 and ", "was $4 million, "))
    for word in befores:
        for amount in _DOLLARS:
            for right in _RIGHTS:
                yield f"{next(lefts)}{word} {amount}{right}"


def test_money_after_any_listed_word_or_a_comma_reads_as_the_full_reader() -> None:
    assert first_difference(_money()) is None


def _quoted_cells() -> Iterator[str]:
    for lead in ('"', '"-', '" ', "'", '("', '"(', ""):
        for sign in ("$", "-$", "$ ", "$  ", "-$ ", "$   ", "- $", "US$", "$-"):
            for core in ("0.02", "245", "9,688", "2019", "5", "1.234", "100"):
                for right in ('",', '"]', '"', '" ', '"\n', '%"', ' million"', '",\n(USD 5)'):
                    yield f'["Sales", {lead}{sign}{core}{right} "x"]'


def test_quoted_amounts_read_as_the_full_reader() -> None:
    assert first_difference(_quoted_cells()) is None


def _years() -> Iterator[str]:
    for word in ("fiscal", "Fiscal", "FY", "fy", "year", "years", "calendar year", "Year", "'"):
        for core in ("2019", "1899", "1900", "2100", "2101", "2150", "19", "99", "0019", "201"):
            for right in (" and", ",", ".", " in", " 2018", "", "-20", "/20", " million"):
                yield f"In {word} {core}{right}"


def test_fiscal_years_read_as_the_full_reader() -> None:
    assert first_difference(_years()) is None


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from(["", "The ", "fiscal ", "about ", "up ", "$", "(", "Note "]),
    st.sampled_from(_WORDS),
    st.one_of(st.sampled_from(_CORES), st.integers(0, 3000).map(str)),
    st.sampled_from(_RIGHTS),
)
def test_any_core_after_a_month_reads_as_the_full_reader(
    left: str, word: str, core: str, right: str
) -> None:
    text = f"{left}{word} {core}{right}"
    assert first_difference([text]) is None, text


def test_the_fast_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "It ended 30 March 2019, as Dec 2018 did; costs rose by 1,234 in May 2020."
    assert fast_reads(monkeypatch, fast, "_made", text) == ["2019", "2018", "1,234", "2020"]
    text = "At 31 December 2019 the total was 5; in November 2018, 4."
    assert fast_reads(monkeypatch, fast, "_made", text) == ["2019", "5", "2018", "4"]
    text = "In fiscal 2019 it fell by $31.3 million, as $95.1 million, $97.2 million and $5."
    taken = ["2019", "$31.3 million", "$95.1 million", "$97.2 million", "$5"]
    assert fast_reads(monkeypatch, fast, "_made", text) == taken
    text = '["EPS", "$0.23", "-$0.02", "$  245", "-$ 9,688"]'
    taken = ["$0.23", "-$0.02", "$  245", "-$ 9,688"]
    assert fast_reads(monkeypatch, fast, "_made", text) == taken


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        # "Feb 5, 2019": a day after a month, whatever the core's length test says.
        ("_day_or_constant", lambda core: False, "in Feb 5, 2019"),
        # "x 100": a formula constant.
        ("_closes", lambda text, s0, e0, end: end in fast._NEAR2, "the ratio x 100 in"),
        # "row 123": a reference, still closed for a long core.
        ("_NEAR2", frozenset(), "see row 123, the"),
        # "fiscal 2150": a fiscal year, though no calendar year.
        ("_closes", lambda text, s0, e0, end: end in fast._NEAR2, "In fiscal 2150 the"),
        # "by 5": a small divisor.
        ("_closes", lambda text, s0, e0, end: end in fast._NEAR2, "divided by 5 in"),
        # "over December 5": the month word's own path is for long cores only.
        ("_day_or_constant", lambda core: False, "due December 5, 2019"),
    ],
)
def test_a_broken_gate_is_caught(
    monkeypatch: pytest.MonkeyPatch, name: str, value: object, text: str
) -> None:
    monkeypatch.setattr(fast, name, value)
    fast._TEMPLATES.clear()
    try:
        assert first_difference([text]) is not None
    finally:
        fast._TEMPLATES.clear()  # (no template of the broken gate outlives the test)


def test_the_near_lists_are_the_reference_and_about_words() -> None:
    assert REF_ENDS.last2 | APPROX_ENDS.last2 == fast._NEAR2 < fast._ENDS2
    assert FISCAL_ENDS.last2 <= fast._ENDS2
