"""Sentence splitting and citation resolution."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language.sentences import _END, citations, split_sentences
from deep import examples

KNOWN = {"R1": "R1", "R2": "R2", "S1": "S1", "1": "S1", "report-2024": "report-2024"}


def _split(text: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    cites = citations(text, lambda t: t in KNOWN)
    return [(s.text, s.cited, s.unknown) for s in split_sentences(text, cites, KNOWN.get)]


def test_decimal_points_do_not_split() -> None:
    assert [t for t, _, _ in _split("Revenue was $3.2bn. Costs were 1.5m.")] == [
        "Revenue was $3.2bn.",
        "Costs were 1.5m.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Sales in the U.S. rose 5%.",
        "Acme Inc. grew 5%.",
        "Sales rose 5% vs. last year.",
        "J. Smith said sales rose 5%.",
    ],
)
def test_abbreviations_do_not_split(text: str) -> None:
    assert len(_split(text)) == 1


def test_citation_after_full_stop_belongs_to_previous_sentence() -> None:
    got = _split("Revenue grew 12%. [R1] Costs fell [R2].")
    assert got == [("Revenue grew 12%. [R1]", ("R1",), ()), ("Costs fell [R2].", ("R2",), ())]


def test_multiple_and_numeric_citations() -> None:
    got = _split("Up 5% [R1, R2]. Down 3% [1].")
    assert got[0][1] == ("R1", "R2")
    assert got[1][1] == ("S1",)


def test_unknown_id_shaped_citation_is_kept_as_unknown() -> None:
    assert _split("Up 5% [R9].") == [("Up 5% [R9].", (), ("R9",))]


@pytest.mark.parametrize("bracket", ["[sic]", "[citation needed]", "[emphasis added]"])
def test_words_in_brackets_are_not_citations(bracket: str) -> None:
    assert _split(f"Up 5% {bracket}.") == [(f"Up 5% {bracket}.", (), ())]


def test_ids_of_any_shape_when_known() -> None:
    assert _split("Up 5% [report-2024].")[0][1] == ("report-2024",)


def test_line_breaks_and_bullets_split() -> None:
    got = [t for t, _, _ in _split("Summary:\n- revenue rose 5%\n- costs fell 2%")]
    assert got == ["Summary:", "- revenue rose 5%", "- costs fell 2%"]


def test_lowercase_continuation_does_not_split() -> None:
    assert len(_split("Growth was 5 p.c. overall, and costs fell.")) == 1


def test_spans_point_into_the_text() -> None:
    text = "  First 1.  Second 2. "
    cites = citations(text, lambda t: False)
    for s in split_sentences(text, cites, lambda t: None):
        assert text[s.start : s.end] == s.text


_PLAIN_END = re.compile(r"""[.!?]+["')\]]*(?=\s)|\n+""")  # _END as first written


@settings(max_examples=examples(300, 800), deadline=None)
@given(st.text(alphabet=".!?\n\"')] \tab5", max_size=24))
def test_sentence_end_pattern_matches_the_plain_alternation(text: str) -> None:
    got = [(m.span(), m.group()) for m in _END.finditer(text)]
    assert got == [(m.span(), m.group()) for m in _PLAIN_END.finditer(text)], text
