"""The short cuts of round 17 (issue 19, speed25: fresh result sets whose row labels are new)
against the readings they skip:

- ``rowtokens.label_reading``: a label's tokens, required tokens and "&" abbreviation read at
  once, a label with no "(", "*", ":" or digit tokenized once as its lowercase; hypothesis
  labels of words in both cases, "&", notes, section prefixes, digits, separators and non-ASCII
  letters against ``label_tokens``, ``required_tokens`` and ``acronym``, and a short cut that
  forgets the digits (a footnote glued to a word) is caught;
- ``rows_label_match._ascii_words`` and ``rows_names._spaced_label``: a label's words cut by
  ``str.split`` in place of ``re.split(r"[\\s_]+")``, the spaced label made from the words
  label_search keeps (one kept entry a label, not two); hypothesis ASCII labels of every
  whitespace character, "_" and "-" against the pattern's split;
- ``rows_names._year_of``: a text without "19" or "20" has no year, unread; hypothesis texts of
  digits (ASCII and not) against the year pattern, and a gate that tests "19" only is caught;
- ``rules._derive_kinds._percent_named``: three substring tests in place of a generator over
  the words (each cell of a new row label is a new key of its kept answers); hypothesis names
  against the word scan it replaces;
- ``years._period``: a name without a digit holds no year, "FY23" or quarter and is skipped;
  hypothesis names of "fy", "q", "h", ASCII and other digits against the three patterns.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.language import rowtokens, years
from crossfoot.language.rowtokens import acronym, label_tokens, required_tokens
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.rules import _derive_kinds
from crossfoot.sources import rows_label_match, rows_names
from deep import examples

# ----------------------------------------------------------------------------- label_reading

_LABEL_PIECES = st.sampled_from(
    ["Research", "and", "development", "Net", "sales", "Total", "other", "Cedar", "Fox", "item",
     "R&D", " & ", "&", "(1)", "(in millions)", "*", ":", "Assets: ", "dividends1", "2020",
     "Q3", "42", "'s", "_", "-", " ", "  ", "\t", "\x1c", "é", "İ", "Σ", "ß", "\u212a",
     "٢٠", "EPS", "stores", "Inc."]
)  # fmt: skip


def _three(label: str) -> tuple[frozenset[str], frozenset[str], str | None]:
    return label_tokens(label), required_tokens(label), acronym(label)


@settings(max_examples=examples(50, 300), deadline=None)
@given(st.lists(_LABEL_PIECES, max_size=7).map("".join))
@example("Cedar Fox")
@example("Research and development")
@example("Selling, general & administrative")
@example(" & Cedar Fox & ")
@example("Revenue12")
@example("Liabilities: Accounts payable, net")
@example("Cost of sales (1)")
@example("Other")
@example("")
def test_label_reading_reads_what_the_three_readings_read(label: str) -> None:
    assert rowtokens.label_reading.__wrapped__(label) == _three(label)


def test_label_reading_forgetting_digits_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a short cut that reads a label with a digit as plain (a
    footnote glued to its word, "Revenue12", is then a token)."""
    monkeypatch.setattr(rowtokens, "_NOTE_CHARS", re.compile(r"[(*:]"))
    with pytest.raises(AssertionError):
        test_label_reading_reads_what_the_three_readings_read()


# ----------------------------------------------------------------------------- label words

_ASCII_LABELS = st.text(alphabet="aBc_-' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f&.1", max_size=14)


def _split_words(label: str) -> list[str]:
    """The words ``label_pattern`` joins (its split before round 17)."""
    return [w for w in re.split(r"[\s_]+", label.strip()) if w]


@settings(max_examples=examples(50, 300), deadline=None)
@given(_ASCII_LABELS)
@example(" North_ America-\t")
@example("a - b")
@example("\x1c")
def test_label_words_cut_as_the_pattern_splits(label: str) -> None:
    words = tuple(w.lower() for w in _split_words(label))
    want_words = words if 0 < len(words) <= 24 else None
    assert rows_label_match._ascii_words.__wrapped__(label) == want_words
    spaced = rows_names._SEPARATORS.sub(" ", " ".join(_split_words(label)).lower())
    assert rows_names._spaced_label(label) == spaced


# ----------------------------------------------------------------------------- _year_of


@settings(max_examples=examples(50, 300), deadline=None)
@given(st.text(alphabet="0129 aFY-٢٠", max_size=9))
@example("FY2019 sales")
@example("12019")
@example("Cedar Fox")
@example("1920")
@example("Q3 2021")
def test_year_of_gate_reads_what_the_pattern_reads(text: str) -> None:
    m = _YEAR.search(text)
    assert rows_names._year_of(text) == (int(m.group(1)) if m else None)


def test_year_of_gate_on_19_only_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a gate that forgets the years of this century."""

    def gate(text: str | None) -> int | None:
        return rows_names._year_in(text) if text and "19" in text else None

    monkeypatch.setattr(rows_names, "_year_of", gate)
    with pytest.raises(AssertionError):
        test_year_of_gate_reads_what_the_pattern_reads()


# ----------------------------------------------------------------------------- _percent_named


@settings(max_examples=examples(50, 300), deadline=None)
@given(st.lists(st.none() | st.text(alphabet="%PpCcTtErN _İ", max_size=8), max_size=4))
@example(["Margin %", None])
@example(["5.25 % notes", "2019 %"])
@example(["p", "ct"])
@example(["PERCENT"])
def test_percent_named_reads_what_the_word_scan_read(names: list[str | None]) -> None:
    text = " ".join(n for n in names if n).lower()
    # (its reading before round 17; since round 36 a percentage written as a figure, "5.25 %",
    # is no unit: conv36)
    text = re.sub(r"(?<![\d.])(?!(?:19|20)\d\d\s?%)\d[\d,]*(?:\.\d+)?\s?%", " ", text)
    want = any(w in text for w in ("%", "percent", "pct"))
    assert _derive_kinds._percent_named.__wrapped__(*names) is want


# ----------------------------------------------------------------------------- years._period


def _period_plain(year: int | None, *names: str | None) -> tuple[int, int | None] | None:
    """``years._period`` before round 17 (every name read by all three patterns)."""
    sub: int | None = None
    for name in names:
        if not name:
            continue
        if year is None:
            m = _YEAR.search(name)
            if m:
                year = int(m.group(1))
            else:
                fy = years._FY2.search(name)
                if fy:
                    year = 2000 + int(fy.group(1))
        if sub is None:
            sub = years._sub_of(name)
    return None if year is None else (year, sub)


_NAMES = st.text(alphabet="fyFYqhQH' _1234902٢٣", max_size=8)


@settings(max_examples=examples(50, 300), deadline=None)
@given(st.none() | st.integers(2000, 2030), st.lists(st.none() | _NAMES, max_size=4))
@example(None, ["sales_q3_2023"])
@example(None, ["FY٢٣ Cedar Fox"])
@example(2024, ["Cedar Fox", "h1"])
def test_period_reads_what_the_three_patterns_read(
    year: int | None, names: list[str | None]
) -> None:
    assert years._period.__wrapped__(year, *names) == _period_plain(year, *names)
