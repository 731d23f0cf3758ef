"""The speed paths of round 32 (issue 19, speed42: reading sources and answers) against the
readings they replace.

- ``numbers.article_fractions``: the two case-blind scans (``_ARTICLE_RE``, ``_BY_RE``) run only
  when an exact gate finds their words in the text's ``lower()`` (also on a text with characters
  outside ASCII, but for the four that re.I folds onto ASCII letters). Hypothesis texts of the
  words, cases, spaces and folding characters read as with gates that pass every text; a gate
  missing a word is caught.
- ``sources.table_json``: the first table of a text is read with one ``raw_decode`` from its
  "[", the pairing of brackets only for the tables after it (or when that fails). Hypothesis
  texts of tables, prose quotes and brackets read as with the pairing alone; reading every
  table so (not only the first) is caught.
- ``sources.table_read``: a cell's values are built with SourceValue's fields in order.
- ``sources.cells.unit_in_cell``: a label is searched for a unit at its end only when it ends in
  a scale word (``unit_starts.may_end_in_scale``), and for a unit marked by an apostrophe only
  when it holds one. Hypothesis labels read as without the gates.
- ``sources.prose._respective``: no sentence is searched for "respectively" when the text's
  ``lower()`` lacks it (``text_gates.may_say_respectively``). Hypothesis texts read as without.
- ``sources.table_header.cell_number``: a cell without a digit (``\\d``: any script's) is no
  number, unless sources are read in a locale. Hypothesis cells, with and without a locale.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.numbers import article_fractions
from crossfoot.numbers.extract import extract
from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.sources import cells, prose, table_header, table_json
from crossfoot.sources.text_gates import may_end_in_scale, may_say_respectively

_EVERY_TEXT = re.compile("")

_FRACTION_PIECES = st.sampled_from(
    [
        "a", "an", "A", "An", "half", "Half", "HALF", "third", "Third", "quarter", "QUARTER",
        "fifth", "tenth", "of", "OF", "by", "By", "about", "more than", "just over", "fell",
        "rose", "Grew", "the", "sales", "revenue", "year", "point", "%", "12", "3.5", " ", " ",
        " ", "\t", "  ", ",", ".", "-", "ſ", "İ", "ı", "\u212a", "’", "é", "ha", "lf", "thi",
        "rd", "y", "b",
    ]
)  # fmt: skip


def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(article_fractions, "_ARTICLE_GATE", _EVERY_TEXT)
    monkeypatch.setattr(article_fractions, "_BY_GATE", _EVERY_TEXT)


def _read(text: str) -> list[tuple[int, int, str, str]]:
    return [(m.start, m.end, str(m.value), m.kind) for m in extract(text)]


@settings(max_examples=50, deadline=None)
@given(st.lists(_FRACTION_PIECES, max_size=14).map(" ".join))
def test_fraction_gates_read_as_the_full_scans(text: str) -> None:
    gated = _read(text)
    with pytest.MonkeyPatch.context() as mp:
        _plain(mp)
        assert _read(text) == gated


_WITNESSES = [
    "Sales fell by about a third; costs fell by half.",
    "About HALF of sales, a Third of costs.",
    "Revenue rose by\ta quarter in the contract’s first year.",  # (outside ASCII: gated too)
    "Costs ROSE BY MORE THAN A FIFTH and half of  output went abroad.",
]


@pytest.mark.parametrize("text", _WITNESSES)
def test_fraction_witnesses_and_a_broken_gate(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gated = _read(text)
    assert any(kind in ("number", "percent") for _, _, _, kind in gated)
    with pytest.MonkeyPatch.context() as mp:
        _plain(mp)
        assert _read(text) == gated
    # a gate that misses a word drops a reading the scan makes
    monkeypatch.setattr(article_fractions, "_ARTICLE_GATE", re.compile("(?!)"))
    monkeypatch.setattr(article_fractions, "_BY_GATE", re.compile("(?!)"))
    assert _read(text) != gated


def _tables(text: str) -> list[tuple[int, int, tuple[tuple[str, ...], ...]]]:
    return [(t.start, t.end, t.rows) for t in table_json.json_tables(text)]


_TABLE = st.lists(
    st.lists(st.sampled_from(["", "2019", "Sales", "1,234", 'a "q"', "x]", "[y"]), min_size=1,
             max_size=3),
    min_size=1,
    max_size=3,
).map(json.dumps)  # fmt: skip
_PROSE = st.sampled_from([" and ", ' said "so ', "\n", " [[", " ]] ", " [['a', 'b']] ", "'", ""])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.one_of(_TABLE, _PROSE), max_size=6).map("".join))
def test_json_tables_read_as_the_bracket_pairing(text: str) -> None:
    fast = _tables(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table_json, "_whole_json", lambda text, start: None)
        assert _tables(text) == fast


def test_only_the_first_table_is_read_whole() -> None:
    # The pairing scans from the first table: a quote in the prose after it opens a string that
    # hides the second table's brackets, which is then no table (as before the fast path).
    text = '[["", "2019"], ["Sales", "5"]] said "so [["", "2018"], ["Sales", "4"]] then'
    fast = _tables(text)
    assert [rows for _, _, rows in fast] == [(("", "2019"), ("Sales", "5"))]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table_json, "_whole_json", lambda text, start: None)
        assert _tables(text) == fast
    # read whole from its own "[", the second is a table: the first-table guard is needed
    second = text.index("[[", 5)
    obj, _ = table_json._DECODER.raw_decode(text, second)
    assert obj == [["", "2018"], ["Sales", "4"]]


def test_source_value_fields_in_the_order_table_read_builds_them() -> None:
    assert [f.name for f in dataclasses.fields(SourceValue)] == [
        "value", "source_id", "kind", "label", "field", "row", "column", "year", "table",
        "row_index", "col_index", "span", "unit_header", "view", "operand", "precision",
        "currency", "period",
    ]  # fmt: skip


_LABEL_PIECES = st.sampled_from(
    [
        "Amount", "2019", " ", "\t", "\n", "$", "US$", "£", "€", "'", "’", "‘", "000", "000s",
        "000's", "000’s", "m", "M", "mn", "MM", "bn", "k", "K", "\u212a", "thousand", "Thousands",
        "MILLIONS", "ſ", "İ", "lakh", "crores", "(", ")", "Total", "sales", "USD", "é",
    ]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_LABEL_PIECES, max_size=8).map("".join))
def test_scale_end_gate_keeps_every_label_unit(label: str) -> None:
    if cells._LABEL_UNIT.search(label) is not None:
        assert may_end_in_scale(label)
    assert cells.unit_in_cell.__wrapped__(label) == _plain_unit_in_cell(label)


def _plain_unit_in_cell(label: str) -> object:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cells, "may_end_in_scale", lambda bare: True)
        mp.setattr(cells, "may_mark", lambda bare: True)
        return cells.unit_in_cell.__wrapped__(label)


@pytest.mark.parametrize(
    "label",
    ["Amount US$m", "Revenue 2019 $'000", "Sales in \u212a", "Costs €MN\n", "Net thouſands"],
)
def test_scale_end_witnesses(label: str) -> None:
    assert may_end_in_scale(label)
    assert not may_end_in_scale("Total sales") and not may_end_in_scale("Fixed Price")


_CELL_PIECES = st.sampled_from(
    ["Net", "sales", " ", "$", "(", ")", "%", "-", "—", "n/a", "1", "234", ",", ".", "m", "*",
     "(a)", "\u0663", "\u00b2", "\uff11", "five", "elfu", "Mio."]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_CELL_PIECES, max_size=6).map("".join), st.sampled_from([None, "de_DE", "sw"]))
def test_digit_gate_reads_every_cell_as_before(cell: str, locale: str | None) -> None:
    token = READING_LOCALE.set(locale)
    try:
        gated = table_header.cell_number(cell)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(table_header, "_DIGIT", _EVERY_TEXT)
            assert table_header.cell_number(cell) == gated
    finally:
        READING_LOCALE.reset(token)


def test_digit_gate_witnesses() -> None:
    assert table_header.cell_number("Net sales") is None
    assert str(table_header.cell_number("\u0661\u0662").value) == "12"  # Arabic-Indic digits
    with pytest.MonkeyPatch.context() as mp:  # a gate blind to such digits is caught
        mp.setattr(table_header, "_DIGIT", re.compile("[0-9]"))
        assert table_header.cell_number("\u0661\u0662") is None


_RESPECTIVE_PIECES = st.sampled_from(
    ["Sales were", "$5", "and", "$6 million", "in", "2019", "2018", ",", ".", " ", "respectively",
     "RESPECTIVELY", "reſpectively", "respectıvely", "Respectively", "respectivel", "y", "é", "\n"]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_RESPECTIVE_PIECES, max_size=12).map(" ".join))
def test_respectively_gate_reads_as_the_search(text: str) -> None:
    if prose._RESPECTIVELY.search(text) is not None:
        assert may_say_respectively(text)
    ms = extract(text)
    sentence_of = [0] * len(ms)
    gated = prose._respective(text, ms, sentence_of, [0, len(text) + 1])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(prose, "may_say_respectively", lambda text: True)
        assert prose._respective(text, ms, sentence_of, [0, len(text) + 1]) == gated


def test_respectively_witnesses() -> None:
    t = "During 2015 and 2014, interest income was $22.8 and $27.4, RESPECTIVELY."
    ms = extract(t)
    paired, _ = prose._respective(t, ms, [0] * len(ms), [0, len(t) + 1])
    assert sorted(paired.values()) == [2014, 2015]
    assert may_say_respectively("reſpectively") and not may_say_respectively("respective")
    with pytest.MonkeyPatch.context() as mp:  # a gate that never passes loses the pairs
        mp.setattr(prose, "may_say_respectively", lambda text: False)
        assert prose._respective(t, ms, [0] * len(ms), [0, len(t) + 1])[0] != paired
