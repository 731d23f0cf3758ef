"""The section rows of the sources' cells read once per values tuple, and the scale misfit's
cheap test first (round 33, issue 19, speed44).

``rules._named.Named`` read the section row of every value of the sources for every answer
(``_sections_of``, ``_section_total``); ``rules._named_sections.section_maps`` keeps the two
maps by the identity of the values tuple. They are the plain per-answer reading of the values
they were made of, whatever tuple was read before, and answers over a table of sections give
the same report with the kept maps as with the plain reading.

``rules.alignment_scale.scale_misfit`` looked at every claim's sentence for a unit ("in
millions") before asking whether the question asks a unit at all; it now asks the question
first. Both orders give the same misfit.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.language.rowtables import section_of
from crossfoot.model.types import SourceValue
from crossfoot.rules import _named, alignment, alignment_scale
from crossfoot.rules._named_sections import Sections, section_maps
from strategies import two_year_table


def _plain(values: Sequence[SourceValue]) -> Sections:
    """The reading ``Named`` made for every answer before round 33."""
    rows: dict[tuple[str, int, str], set[str]] = {}
    tables: dict[tuple[str, int], set[str]] = {}
    for x in values:
        if x.table is not None and x.row and (sec := section_of(x)) is not None:
            rows.setdefault((x.source_id, x.table, x.row), set()).add(sec)
    for x in values:
        if x.table is not None and (sec := section_of(x)) is not None:
            tables.setdefault((x.source_id, x.table), set()).add(sec)
    return rows, tables


_NAMES = st.sampled_from(["Europe", "Asia", "Total", "Revenue", "Net sales", ""])


@st.composite
def _values(draw: st.DrawFn) -> tuple[SourceValue, ...]:
    out = []
    for _ in range(draw(st.integers(0, 8))):
        sec, row = draw(_NAMES), draw(_NAMES)
        head = f"{sec}: {row}" if sec and draw(st.booleans()) else row
        out.append(
            SourceValue(
                Decimal(draw(st.integers(0, 9))),
                draw(st.sampled_from(["S1", "S2"])),
                label=f"{head} / 2024",
                row=row or None,
                table=draw(st.sampled_from([0, 1, None])),
            )
        )
    return tuple(out)


@settings(max_examples=50, deadline=None)
@given(st.lists(_values(), min_size=1, max_size=4))
def test_kept_section_maps_are_the_plain_reading(tuples: list[tuple[SourceValue, ...]]) -> None:
    for values in [*tuples, *reversed(tuples)]:  # (each tuple read again after the others)
        assert section_maps(values) == _plain(values)
        assert section_maps(list(values)) == _plain(values)  # (a list: read afresh)


_SECTIONED = """| Item | 2019 | 2018 |
|---|---|---|
| Europe: | | |
| Revenue | 500 | 400 |
| Operating income | 120 | 90 |
| Asia: | | |
| Revenue | 300 | 250 |
| Operating income | 60 | 45 |
| Total revenue | 800 | 650 |"""
_QUESTIONS = (
    "What was the Europe revenue in 2019?",
    "What was the average Asia revenue in 2018 and 2019?",
    "What were total revenue in 2019?",
    "What was the change in Europe operating income from 2018 to 2019?",
)
_ANSWERS = (
    "Revenue was 500 in 2019.",
    "Revenue was 300 in 2019.",
    "Answer: 800",
    "The average is (300 + 250) / 2 = 275.",
    "Operating income rose from 90 to 120, a change of 30.",
    "Operating income rose from 45 to 60, a change of 15.",
)


def _section_reports() -> list[dict[str, Any]]:
    return [check(a, [_SECTIONED], question=q).to_dict() for q in _QUESTIONS for a in _ANSWERS]


def test_answers_over_sections_report_as_with_the_plain_reading() -> None:
    kept = _section_reports()
    with patch.object(_named, "section_maps", _plain):
        plain = _section_reports()
    assert kept == plain
    statuses = {c["status"] for report in kept for c in report["claims"]}
    assert "off_question" in statuses  # (the twins reach the section readings)


def _scale_before(ask, c, ev, values, claims=()):  # type: ignore[no-untyped-def]
    """``scale_misfit`` as it was: the claims' sentences first."""
    if any(alignment_scale._IN_UNIT.search(x.sentence.text) for x in claims):
        return None
    return alignment_scale.unit_misfit(ask, c, ev, values)


def test_scale_misfit_asks_the_question_first_with_the_same_misfit() -> None:
    rows = {"Revenue": (Decimal("7630.4"), Decimal("6100.2")), "Costs": (Decimal(900), Decimal(7))}
    questions = ("What was the revenue in 2019 in millions?", "What was the revenue in 2019?")
    answers = (
        "Revenue was 7,630.4 in 2019.",
        "Revenue was 7.6304 in 2019.",
        "Net sales were 7,630.4 in millions in 2019.",
        "Revenue was 7,630,400,000 in 2019.",
    )
    flagged = 0
    for layout in ("markdown", "pipes", "tabs"):
        sources = [two_year_table(rows, layout)]
        for question in questions:
            for answer in answers:
                now = check(answer, sources, question=question).to_dict()
                with patch.object(alignment, "scale_misfit", _scale_before):
                    before = check(answer, sources, question=question).to_dict()
                assert now == before
                flagged += any(c["status"] == "off_question" for c in now["claims"])
    assert flagged  # (a figure at another scale than asked: the misfit fires on some)


_PLAIN_TABLE = """| Item | 2019 | 2018 |
|---|---|---|
| Property and equipment | 410 | 380 |
| Other | 25 | 20 |
| Revenue | 300 | 250 |
| Total | 735 | 650 |"""


def test_a_table_without_sections_reads_only_the_catch_all_line() -> None:
    """``Named.misnamed``'s gate: for a cell of a table with no section row (and no section
    of its own), the section readings it skips give what the catch-all reading gives alone."""
    from crossfoot.language.asked import read_question
    from crossfoot.rules.off_question_rows import _catch_all, meant_row
    from crossfoot.sources.load import load_sources

    questions = (*_QUESTIONS, "What was the change in property and equipment?", "Other in 2019?")
    gated = 0
    for question in questions:
        sources = load_sources([_SECTIONED, _PLAIN_TABLE])
        values = sources.index(None).values
        named = _named.Named(read_question(question), values)
        for v in values:
            if v.table is None:
                continue
            rows = named._tables.get((v.source_id, v.table), (frozenset(), frozenset()))[0]
            full = meant_row(named, v, rows)  # (the section readings: rules.off_question_rows)
            if not v.row:
                assert full is None
            elif section_of(v) is None and (v.source_id, v.table) not in named._secs()[1]:
                gated += 1
                assert full == _catch_all(named, v, rows)
    assert gated


def test_the_question_gates_of_the_misfit_readings_have_their_witnesses() -> None:
    """``alignment_rank._RANK``, ``alignment_opening._OPENS`` and ``alignment_all._ALL`` are
    word-gated (proven with every gate of the package by tests/test_speed_paths_speed8.py):
    a witness of each word finds what the plain pattern finds, and a gate missing a word fails."""
    from crossfoot.model.wordgate import WordGated
    from crossfoot.rules import alignment_all, alignment_opening, alignment_rank

    witnesses = {
        alignment_rank._RANK: [
            f"Which segment had the {w} revenue?" for w in alignment_rank._RANK.words
        ]
        + ["In which year was net income the 2nd LOWEST?", "What was the total revenue?"],
        alignment_opening._OPENS: [
            "What was the cash at the START of 2024?",
            "What was the opening balance in 2024?",
            "What was it at the beginning of 2024?",
            "What was it in Jan. 2024?",
            "What was it on January 1, 2024?",
            "What was the impact of the adoption in 2024?",
            "What was the cash in 2024?",
        ],
        alignment_all._ALL: [
            "What were sales in 2024 for ALL regions?",
            "What were sales across all of the segments?",
            "What were the sales of all the stores?",
            "What were sales in 2024?",
        ],
    }
    for gate, texts in witnesses.items():
        for text in texts:
            plain = gate.pattern.search(text)
            found = gate.search(text)
            assert (found and found.span()) == (plain and plain.span()), text
        assert any(gate.pattern.search(t) for t in texts)
        broken = WordGated(gate.pattern, gate.words[1:] or ("zzz",))  # (its first word left out)
        assert any((broken.search(t) is None) != (gate.pattern.search(t) is None) for t in texts)
    assert alignment_rank.asked_rank("Which had the second HIGHEST revenue?") == (2, True)
