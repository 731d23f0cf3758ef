"""The speed paths of round 28 (issue 19, speed35) against the readings they replace.

- ``sources.cells._UNIT_START``: where a unit header may start, written without re.I and with its
  look-behind after the "i" (so that every branch opens with a character class). Every code
  point is checked against the letters IGNORECASE folds onto "i" and "n", and hypothesis texts
  of brackets, signs, "in"s and folding letters find the same starts as the pattern first
  written; a class missing the dotless i is caught.
- ``sources.unit_starts.search_at``: ``unit_in_cell`` and ``label_without_unit`` search the unit
  pattern only at those starts; ``cells._YEAR`` opens with a look-ahead on its first characters;
  the "(1,000)" note and the apostrophe-marked unit are asked only of cells holding a bracket or
  an apostrophe; ``language.direction._CLAUSE`` opens with a look-ahead on a space, ";" or ",".
  ``sources.table_header._FOOTNOTE`` and ``PERCENT_LABEL``, ``sources.prose._SENTENCE_END``
  likewise. Each against the pattern as first written, on hypothesis cells and sentences.
- ``rules._reach.as_floats``: the zero test (a non-zero too small for a float) counts zeros in C;
  hypothesis lists of zeros, tiny and plain decimals against the value-by-value test.
- ``sources.load.load_sources``: sources whose characters together are no more than the number
  budget are not counted (the budget counts no more numbers in a text than it has characters).
  Hypothesis texts of digits, number words and multipliers: ``number_at``'s count is within
  the text's length; sources at the bound read as with no bound, and one character more
  still cuts.
- The new word gates (``language.order._FROM``, ``_SUBTRACTING``, ``language.direction._FALSE``,
  ``rules.alignment_scale._IN_UNIT``) are proven with every other gate of the package by
  ``tests/test_speed_paths_speed8.py``; here a few witnesses of each, and a gate missing a word
  is caught.
"""

from __future__ import annotations

import math
import re
import sys
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language import direction, order
from crossfoot.model.wordgate import WordGated
from crossfoot.rules import _reach, alignment_scale
from crossfoot.sources import cells, prose, table_header
from crossfoot.sources.budget import number_at
from crossfoot.sources.load import load_sources
from crossfoot.sources.unit_starts import may_mark, search_at

_PLAIN_START = re.compile(r"[($€£¥₹]|(?<![^\s:;,(])in\s", re.I)


def _starts(pattern: re.Pattern[str], text: str) -> list[int]:
    return [m.start() for m in pattern.finditer(text)]


def test_the_unit_start_class_is_what_ignorecase_folds() -> None:
    folded_i, folded_n = re.compile("(?i)i"), re.compile("(?i)n")
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        text = f" {c}n x"
        assert _starts(cells._UNIT_START, text) == _starts(_PLAIN_START, text), hex(cp)
        text = f" i{c} x"
        assert _starts(cells._UNIT_START, text) == _starts(_PLAIN_START, text), hex(cp)
    # (the class spells out both folds of each letter; a dropped one fails the loop above)
    assert folded_i.fullmatch("\u0131") and folded_i.fullmatch("\u0130")
    assert not folded_n.fullmatch("\u0144")


_UNIT_PIECES = st.sampled_from(
    [
        *("in", "In", "IN", "\u0131n", "\u0130N", " ", "\n", "\t", ":", ";", ",", "(", ")", "$"),
        *("€", "x", "1", "millions", "thousand", "a", "\u017f", "\u212a"),
    ]
)


@settings(max_examples=50, deadline=None)
@given(st.lists(_UNIT_PIECES, max_size=14).map("".join))
def test_unit_starts_read_as_first_written(text: str) -> None:
    assert _starts(cells._UNIT_START, text) == _starts(_PLAIN_START, text)
    assert cells.find_unit_headers(text) == _plain_headers(text)


def _plain_headers(text: str) -> list[tuple[int, int, object]]:
    """``find_unit_headers`` with the starts of the pattern as first written."""
    out: list[tuple[int, int, object]] = []
    end = 0
    for start in _PLAIN_START.finditer(text):
        at = start.start()
        if at < end:
            continue
        m = cells._UNIT_TEXT.match(text, at)
        if m is not None:
            out.append((at, m.end(), cells._unit_from_match(m)))
            end = m.end()
    return out


def test_a_start_class_missing_a_fold_is_caught() -> None:
    broken = re.compile("[($€£¥₹]|[iI\u0130]" + r"(?<![^\s:;,(].)[nN]\s", re.S)
    text = "(\u0131n millions)"
    assert _starts(broken, " \u0131n x") != _starts(_PLAIN_START, " \u0131n x")
    assert _starts(cells._UNIT_START, text) == _starts(_PLAIN_START, text)


_NUMBER_PIECES = st.sampled_from(
    [
        *("1", "12", "1,234", "3.5", "one", "Two", "twenty", "a", "an", "million", "billion"),
        *("hundred", " ", "-", ".", ",", "x", "\u017fix", "\u0130", "\n", "(", ")"),
    ]
)


@settings(max_examples=50, deadline=None)
@given(st.lists(_NUMBER_PIECES, max_size=16).map("".join))
def test_a_text_counts_no_more_numbers_than_it_has_characters(text: str) -> None:
    at, count = number_at(text, 10**9)
    assert at is None
    assert count <= len(text)


def _notes(sources: list[str], limit: int | None) -> tuple[list[str], list[object]]:
    ss = load_sources(sources, max_numbers=limit)
    return list(ss.issues), [v.value for s in ss.sources for v in s.values]


def test_sources_within_the_bound_read_as_unbounded_and_beyond_it_are_cut() -> None:
    sources = ["1 2 3 4 5 6 7 8", "9 10 11"]
    chars = sum(map(len, sources))
    assert _notes(sources, chars) == _notes(sources, None)
    issues, values = _notes(sources, 11)  # (more characters than that, and exactly 11 numbers)
    assert issues == _notes(sources, None)[0] and len(values) == 11
    issues, values = _notes(sources, 10)
    assert issues and len(values) == 10


@pytest.mark.parametrize(
    ("gate", "hit", "miss"),
    [
        (order._FROM, "rose to $5m from", "rose to $5m against"),
        (order._SUBTRACTING, "after subtracting", "after adding"),
        (direction._FALSE, "services made up", "services rose"),
        (alignment_scale._IN_UNIT, "(in millions)", "(in units)"),
    ],
)
def test_the_new_gates_keep_their_matches(gate: WordGated, hit: str, miss: str) -> None:
    assert gate.search(hit) is not None and gate.pattern.search(hit) is not None
    assert gate.search(miss) is None and gate.pattern.search(miss) is None
    # a gate without the words the match holds misses it (the words are needed)
    kept = tuple(w for w in gate.words if w not in hit.lower()) or ("zz",)
    assert kept != gate.words and WordGated(gate.pattern, kept).search(hit) is None


_CELL_PIECES = st.sampled_from(
    [
        *("2019", "FY19", "fy 20", "1,000", "(", ")", "$", "€", "'", "\u2019", "000", "000s"),
        *("in", "In", " ", "millions", "m", "bn", "Revenue", "US", "RMB", "\u0131n", "\u017f"),
        *("except per share", "of dollars", ",", "Thousands", "k", "1"),
    ]
)
_CELL_TEXT = st.lists(_CELL_PIECES, max_size=10).map("".join)
_PLAIN_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d{2}(?![\d])|(?i:\bfy\s*'?(\d{2})(?!\d))")


def _spans(ms: object) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in ms]  # type: ignore[attr-defined]


@settings(max_examples=50, deadline=None)
@given(_CELL_TEXT)
def test_cell_readings_read_as_first_written(cell: str) -> None:
    plain = cells._UNIT_TEXT.search(cell)
    got = search_at(cells._UNIT_TEXT, cells._UNIT_START, cell)
    assert (got and (got.span(), got.groups())) == (plain and (plain.span(), plain.groups()))
    assert _spans(cells._YEAR.finditer(cell)) == _spans(_PLAIN_YEAR.finditer(cell))
    assert cells._YEAR.sub(" ", cell) == _PLAIN_YEAR.sub(" ", cell)
    if "(" not in cell:
        assert cells._THOUSANDS_NOTE.search(cell) is None
    if not may_mark(cell):
        assert cells._MARKED_UNIT.search(cell) is None


def test_cell_witnesses() -> None:
    assert cells.unit_in_cell("Number of shares (1,000)") is not None
    assert cells.unit_in_cell("2018 $\u2019000 RESTATED3") is not None
    assert cells.label_without_unit("2018 $\u2019000 RESTATED3") == "2018 RESTATED3"
    assert cells.unit_in_cell("Revenue (in millions)") is not None
    assert [m.group(0) for m in cells._YEAR.finditer("FY19 and 2020")] == ["FY19", "2020"]


_CLAUSE_PIECES = st.sampled_from(
    [
        *(" ", "  ", "\n", ";", ",", "and", "And", "then", "while", "but", "However", "yet"),
        *("respectively", "although", "sales", "rose", "5%", "\u0131", "\u017f", "x"),
    ]
)
_PLAIN_CLAUSE = re.compile(rf"(?ix){direction._CLAUSE_CORE}|,?\s+and\s+(?!then\b)")
_PLAIN_NO_AND = re.compile(rf"(?ix){direction._CLAUSE_CORE}")


@settings(max_examples=50, deadline=None)
@given(st.lists(_CLAUSE_PIECES, max_size=14).map(" ".join), st.integers(0, 20))
def test_clause_breaks_read_as_first_written(text: str, pos: int) -> None:
    for new, plain in (
        (direction._CLAUSE, _PLAIN_CLAUSE),
        (direction._CLAUSE_NO_AND, _PLAIN_NO_AND),
    ):
        assert _spans(new.finditer(text, pos)) == _spans(plain.finditer(text, pos))


_LABEL_PIECES = st.sampled_from(
    [
        *("Revenue", " ", "  ", "(1)", "(a)", "(iii)", "(iv)", "*", "**", "†", "§", "¹²", "%"),
        *("(%)", "percent", "Percent", "PCT", "pct", "5.25%", ".", "\n", "(", ")", "1", "Dec."),
        *("5.25 %", "2019 %", "( 4.07 % )"),
        *(" . ", "; ", "? ", "! ", ". A", ". (", '. "', "x", "\u017f", "\u0131"),
    ]
)
_PLAIN_FOOTNOTE = re.compile(r"\s*(?:\((?:\d|[a-h]|i{1,3}|iv|v)\)|\*{1,3}|[†‡§]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$")
# (conv36: a percentage written "5.25 %" names the item too; "2019 %" heads percents)
_PLAIN_PERCENT = re.compile(
    r"(?:(?<![\d.])(?<![\d.]\s)|(?<=\b(?:19|20)\d\d\s))%|\bpercent|\bpct\b", re.I
)
_PLAIN_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z\[(\"'])|(?<=\s)\.(?=\s)|;|\n")


@settings(max_examples=50, deadline=None)
@given(st.lists(_LABEL_PIECES, max_size=12).map("".join), st.integers(0, 12))
def test_label_and_prose_readings_read_as_first_written(text: str, pos: int) -> None:
    for new, plain in (
        (table_header._FOOTNOTE, _PLAIN_FOOTNOTE),
        (table_header.PERCENT_LABEL, _PLAIN_PERCENT),
        (prose._SENTENCE_END, _PLAIN_SENTENCE_END),
    ):
        assert _spans(new.finditer(text, pos)) == _spans(plain.finditer(text, pos))
        found, first = new.search(text), plain.search(text)
        assert (found and found.span()) == (first and first.span())


def _plain_as_floats(values: list[Decimal]) -> list[float] | None:
    """``rules._reach.as_floats`` as first written (its zero test value by value)."""
    out = list(map(float, values))
    sizes = list(map(abs, out))
    if not math.isfinite(sum(sizes)) or max(sizes, default=0.0) >= 1e150:
        return None
    if min(filter(None, sizes), default=1.0) <= 1e-150:
        return None
    if 0.0 in sizes and any(f == 0.0 and v != 0 for f, v in zip(out, values, strict=True)):
        return None
    return out


_DECIMALS = st.sampled_from(["0", "-0", "0.00", "1.5", "-2", "1e-400", "-1e-330", "1e-140", "7"])


@settings(max_examples=50, deadline=None)
@given(st.lists(_DECIMALS.map(Decimal), max_size=8))
def test_reach_floats_read_as_first_written(values: list[Decimal]) -> None:
    assert _reach.as_floats(values) == _plain_as_floats(values)
    assert _reach.as_floats([Decimal(0), Decimal("1e-400")]) is None
