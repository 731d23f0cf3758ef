"""The scanner's fast path for plain numbers (issue 19, speed6: ``crossfoot.numbers.fast``)
reads what the full reader reads.

``extract`` with the fast path is compared with ``extract`` without it (``FAST_PATH``): every
word of its lists in a battery of contexts, hypothesis texts from the number grammar (signs,
separators, scales, currencies, percent, parentheses, years, dates, ranges, reference, "about",
month and fiscal words, quoted cells) in several locales, and the fast path deliberately broken,
so the comparison is known to catch a wrong list or a wrong rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.numbers.extract as extract_module
import crossfoot.numbers.fast as fast
from crossfoot.numbers.patterns import MONTH_ENDS
from deep import examples, pairs
from fast_spy import both_reads, fast_reads, first_difference

# Cores of every shape the fast path reads: years, days, the formula constants (2 to 12, 100),
# grouped, decimal, leading zeros, the "1.234" a European text writes as a thousand, a list.
_CORES = ["2019", "1850", "31", "5", "100", "4,567", "1,234,567.5", "007", "1.234", "1,2,3",
          "12.5", ".5"]  # fmt: skip
# What may come before the word before a number: phrase heads ("up to", "ending in",
# "in excess of", "between ... and"), reference, fiscal, "about", month, formula and sign words.
_LEFT = ["", "up ", "close ", "ending ", "ends ", "upwards ", "in excess ", "between ", "from ",
         "Note ", "fiscal ", "about ", "divided ", "$", "\n", "AED 9500 "]  # fmt: skip
# What may follow a number: units, scales, currencies, ranges, months, times, "cent", signs.
_RIGHT = ["", " million", "m", " dollars", " USD", "%", " to 5", "-6", " and 7", " March",
          " of June", " pm", " cent", " kg", "+", ".", ")", " (USD 5)", "\n(USD 5)", ", 2019",
          " x 10", "/3"]  # fmt: skip
_MARKS = [",", ".", ";", "?", "!", ")", "\n", '"', "", ". Next", ": x"]


def _battery_before(word: str) -> Iterator[str]:
    # every pair of (left, core, right) values; the whole product under make test-deep
    rights = [" in", ",", "%", " and 7", " to 5", " March", " million"]
    for left, core, right in pairs(_LEFT, _CORES, rights):
        yield f"{left}{word} {core}{right}"


def _battery_after(word: str) -> Iterator[str]:
    befores = ["was ", "December ", "about ", "between 4 and ", "up to ", ", "]
    rights = [*_MARKS, " March", " cent", " 5", " of", "-5", " million"]
    for core, before, right in pairs(_CORES, befores, rights):
        yield f"The {before}{core} {word}{right}"


@pytest.mark.parametrize("word", sorted(fast.WORDS_BEFORE))
def test_each_word_before_reads_as_the_full_reader(word: str) -> None:
    assert first_difference(_battery_before(word)) is None


@pytest.mark.parametrize("word", sorted(fast.WORDS_AFTER))
def test_each_word_after_reads_as_the_full_reader(word: str) -> None:
    assert first_difference(_battery_after(word)) is None


def _cells() -> Iterator[str]:
    for core in _CORES:
        for open_ in ['"', '"$', '"$ ', '"-', '"(', '"$(', "|", "> ", "", 'A"', '"-$', '" ']:
            for close in ['"', '",', '"]', '%"', ')"', "\n", "|", "\n(USD 5)", "", "%", "-5"]:
                yield f'["Total", {open_}{core}{close}, "x"]'
                yield f"{open_}{core}{close}"


def test_cells_read_as_the_full_reader() -> None:
    assert first_difference(_cells()) is None


def test_the_fast_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shapes it is for take it (else the comparisons above would prove nothing)."""
    taken = fast_reads(
        monkeypatch,
        extract_module,
        "plain_between",
        'It was 4,567 in 2019, rose 12.5% on ["x", "2018", "$1,366", "$ 5", "-584"], June 30, 2017',
    )
    assert taken == ["4,567", "2019", "12.5%", "2018", "$1,366", "$ 5", "-584", "", "2017"]


def _dates() -> Iterator[str]:
    months = [*MONTH_ENDS.words, "Dec.", "DECEMBER", "June", "Dec..", "mayo", "xmar"]
    for month in months:
        for day in ("0", "1", "05", "12", "31", "32", "100", ".5", "1.5"):
            for left in ("", "On ", "about ", "$", "(", "Note ", "fiscal "):
                for right in (",", ", 2019", ".", "", ")", "\n", " 2019", " million", "%", "m"):
                    yield f"{left}{month.capitalize()} {day}{right}"
                    yield f"{left}{month} {day}{right}"


def test_days_of_written_dates_read_as_the_full_reader() -> None:
    assert first_difference(_dates()) is None


def _scaled_dollars() -> Iterator[str]:
    befores = ["was", "In", "about", "up to", "over", "minus", "Note", "fiscal", "(", "x", "by"]
    scales = [
        "million",
        "Million",
        "MILLIONS",
        "billion",
        "thousand",
        "trillion",
        "lakh",
        "bn",
        "m",
    ]
    rights = [",", ".", " in", " (USD 5)", "\n(USD 5)", " to $6 million", "-6", "+", "$", "}",
              " dollars", " of", "", "s", " 5", "%"]  # fmt: skip
    for before in befores:
        for core in ("5", "5.3", "1,234", "2019", ".5", "1.234", "1,2,3"):
            for scale in scales:
                for right in rights:
                    yield f"it {before} ${core} {scale}{right}"
                    yield f"it {before}  ${core} {scale}{right}"


def test_scaled_dollars_read_as_the_full_reader() -> None:
    assert first_difference(_scaled_dollars()) is None


# -- random texts of the number grammar ------------------------------------------------------

_WORDS = [
    *sorted(fast.WORDS_BEFORE | fast.WORDS_AFTER)[::3],
    "about", "up", "to", "ending", "in", "excess", "of", "between", "and", "from", "Note",
    "fiscal", "FY", "year", "December", "May", "minus", "by", "x", "times", "million", "bn",
    "dollars", "USD", "EUR", "percent", "per", "cent", "bps", "pm", "a.m.", "kg", "Item",
    "lakh", "crore", "than", "more", "approximately", "Flight", "COVID",
]  # fmt: skip
_NUMBERS = st.one_of(
    st.sampled_from(_CORES),
    st.integers(0, 10**7).map(str),
    st.integers(0, 10**7).map("{:,}".format),
    st.decimals(0, 10**4, places=2, allow_nan=False).map(str),
    st.sampled_from(["12/31/2019", "2019-06-30", "2019/20", "10-12", "3.1×10⁻⁴", "2½", "1st"]),
)
_GLUE = st.sampled_from([" ", " ", " ", ", ", ". ", "\n", '"', '", "', "|", "(", ")", "%", "-",
                         "$", "€", "'", "~", ": ", "**", "\u00a0", " (", ") "])  # fmt: skip
_PIECE = st.one_of(st.sampled_from(_WORDS), _NUMBERS, _GLUE)
_TEXTS = st.lists(_PIECE, max_size=16).map("".join)


@settings(
    max_examples=examples(300, 400), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_TEXTS, st.sampled_from([None, None, None, "de_DE", "en_IN", "fr_FR"]))
@example('was 2019 and "between 5 and 6"', None)
@example("Revenue was $5 in 2019, (USD 6)", None)
def test_random_texts_read_as_the_full_reader(text: str, locale: str | None) -> None:
    fast_read, full_read = both_reads(text, locale)
    assert fast_read == full_read


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ANY_WORD = st.one_of(
    st.text(_LETTERS, min_size=1, max_size=9),
    st.text(_LETTERS, min_size=1, max_size=9).map(str.capitalize),
    st.sampled_from(_WORDS),
)


@settings(
    max_examples=examples(300, 600), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.sampled_from(["", "The ", "up ", "ending ", "between ", "from ", "\n", "about ", "$", "> "]),
    st.one_of(
        _ANY_WORD, _ANY_WORD.map(lambda w: w + ":"), st.sampled_from(["(1)", "[2]", "?", ")"])
    ),
    st.sampled_from(_CORES),
    _ANY_WORD,
    st.sampled_from(["", ".", ",", " the", " 5", " cent", " March", " feet", " of June", "%"]),
)
@example("", "Feb", "5", "in", ", 2019")
@example("", "was", "5", "june", ",")
@example("", "saw", "123,457", "events", ".")
@example("> ", "Answer:", "1", "a", ". Next")
def test_any_words_around_a_number_read_as_the_full_reader(
    left: str, before: str, core: str, after: str, right: str
) -> None:
    """The reader's own gates (numbers.fast._plain_before, _plain_after) on any word."""
    text = f"{left}{before} {core} {after}{right}"
    fast_read, full_read = both_reads(text)
    assert fast_read == full_read


# -- a broken fast path is caught ---------------------------------------------------------------


def _broken(monkeypatch: pytest.MonkeyPatch, name: str, value: object) -> None:
    monkeypatch.setattr(fast, name, value)
    fast._TEMPLATES.clear()


@pytest.mark.parametrize(
    ("name", "value", "texts"),
    [
        # "about" is an "about" word: "about 45 in" is approximate.
        ("WORDS_BEFORE", fast.WORDS_BEFORE | {"about"}, lambda: _battery_before("about")),
        # "up to 5": the word before "to" must be looked at.
        ("_PHRASE_HEADS", {}, lambda: _battery_before("to")),
        # "million" after a number is a scale.
        (
            "_AFTER_RE",
            re.compile(" million|" + fast._AFTER_RE.pattern),
            lambda: _battery_after("million"),
        ),
        # "10%-12%" is a range.
        ("RANGE_STARTS", (" to ",), lambda: iter(["It was 10%-12% in", "was 5%–6%."])),
        # "Feb 5, 2019": a day of a month, no number (the month list left out of the gate).
        ("_ENDS2", fast._ENDS2 - MONTH_ENDS.last2, lambda: iter(["in Feb 5, 2019"])),
        # "5 june": a day again (the months left out of what may not follow).
        ("_NOT_AFTER", frozenset(), lambda: iter(["It was 5 june, the"])),
        # "> 1. Intro": a list marker (">" begins a list line).
        ("_MARKS_BEFORE", fast._MARKS_BEFORE | {">"}, lambda: iter(["> 1. Intro"])),
        # "about 5,": no month, so a number (approximate).
        ("_DAY_MONTHS", fast._DAY_MONTHS | {"about"}, lambda: iter(["It was about 5, the"])),
        # "$5 million (USD 6)": an amount and its conversion.
        ("_SPACES_PAREN_RE", re.compile("$^"), lambda: iter(["it was $5 million (USD 6)"])),
        # "$5 million}": LaTeX's brace is read with the scale word.
        ("_NOT_AFTER_SCALE", frozenset("_$+"), lambda: iter(["it was $5 million}"])),
        # "minus 5" is negative.
        ("_MINUS", ("nothing",), lambda: iter(["It fell by minus 5 in"])),
    ],
    # Named by the broken name and its place: a value's own repr (a pattern built from a set)
    # may differ between processes, and pytest -n needs the same ids in each.
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_a_broken_fast_path_is_caught(
    monkeypatch: pytest.MonkeyPatch, name: str, value: object, texts: object
) -> None:
    _broken(monkeypatch, name, value)
    assert first_difference(texts()) is not None  # type: ignore[operator]
    fast._TEMPLATES.clear()


def test_a_template_of_the_wrong_kind_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A year read as a plain number (the template's kind) differs."""
    real = fast._template

    def no_years(core: str, style: str) -> object:
        found = real(core, style)
        if found is not None and found[1] == "year":
            return (found[0], "number", *found[2:])
        return found

    monkeypatch.setattr(fast, "_template", no_years)
    fast._TEMPLATES.clear()
    assert first_difference(iter(["It was 2019 in"])) is not None
    fast._TEMPLATES.clear()
